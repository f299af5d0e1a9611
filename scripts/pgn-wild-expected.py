#!/usr/bin/env python3
"""Records what python-chess reads from the quirky PGN corpus, for the Rust test that
compares quadboard's reading with it (crates/quadboard-chess/tests/it/pgn_wild.rs).

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install chess==1.11.2
    /tmp/venv/bin/python scripts/pgn-wild-expected.py

writes crates/quadboard-chess/tests/data/pgn-wild/python-chess.jsonl: one JSON object per
game python-chess reads, in file order: the file, the game's tags (python-chess's headers,
its seven-tag defaults included), the start FEN, the tree as UCI moves in preorder with
")" after each node's subtree, and python-chess's error messages. Files are read as UTF-8,
except windows-1252.pgn (as Windows-1252): python-chess reads text its caller decodes.
"""

import io
import json
import pathlib
import sys

import chess
import chess.pgn

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "crates/quadboard-chess/tests/data/pgn-wild"


def tree(node, out):
    """Preorder UCI with ')' closing each subtree, main continuation first."""
    board = node.board()
    for child in node.variations:
        out.append(board.uci(child.move) if child.move else "0000")
        tree(child, out)
        out.append(")")
    return out


def main():
    if chess.__version__ != "1.11.2":
        sys.exit(f"python-chess 1.11.2 expected, found {chess.__version__}")
    lines = []
    for path in sorted(CORPUS.glob("*.pgn")):
        encoding = "cp1252" if path.name == "windows-1252.pgn" else "utf-8"
        with open(path, encoding=encoding) as handle:
            text = handle.read()
        handle = io.StringIO(text)
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            record = {
                "file": path.name,
                "tags": [[k, v] for k, v in game.headers.items()],
                "fen": game.board().fen(),
                "tree": tree(game, []),
                "errors": [str(e) for e in game.errors],
            }
            lines.append(json.dumps(record, ensure_ascii=False))
    out = CORPUS / "python-chess.jsonl"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} games -> {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
