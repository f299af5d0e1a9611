#!/usr/bin/env python3
"""Random games of every lichess variant, exported by python-chess, for the differential
tests of `quadboard pgn fmt` and `pgn json` on variant games
(crates/quadboard-cli/tests/variant_pgn.rs).

Writes PREFIX.pgn (python-chess's export of each game: tags, movetext with a comment, a NAG
and a variation now and then) and PREFIX.jsonl (per game: variant, start FEN, mainline
UCI and SAN, final FEN, and python-chess's outcome of the final position: "white",
"black", "draw", or null when the game goes on).

    python3 -m venv target/pc && target/pc/bin/pip install chess==1.11.2
    target/pc/bin/python scripts/variant-pgn-vs-python-chess.py [GAMES [PLIES [PREFIX]]]
    QUADBOARD_VARIANT_PGN=target/variant-pgn cargo test -p quadboard-cli \
        --test variant_pgn -- --ignored

GAMES per variant (default 500), at most PLIES plies each (default 120); PREFIX defaults
to target/variant-pgn. The CI slice in crates/quadboard-cli/tests/data/ is
`... 3 60 crates/quadboard-cli/tests/data/variant-games`.
"""
import json
import random
import sys

import chess
import chess.pgn
import chess.variant

BOARDS = [
    chess.variant.AtomicBoard,
    chess.variant.AntichessBoard,
    chess.variant.CrazyhouseBoard,
    chess.variant.HordeBoard,
    chess.variant.KingOfTheHillBoard,
    chess.variant.RacingKingsBoard,
    chess.variant.ThreeCheckBoard,
]


def outcome(board):
    result = board.outcome()
    if result is None:
        return None
    if result.winner is None:
        return "draw"
    return "white" if result.winner else "black"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    prefix = sys.argv[3] if len(sys.argv) > 3 else "target/variant-pgn"
    rng = random.Random(2026_12_02)
    with open(prefix + ".pgn", "w") as pgn, open(prefix + ".jsonl", "w") as expected:
        for cls in BOARDS:
            for number in range(games):
                board = cls()
                # Every fourth game starts a few random plies in, from a FEN tag.
                if number % 4 == 3:
                    for _ in range(rng.randrange(1, 9)):
                        moves = list(board.legal_moves)
                        if not moves or board.is_variant_end():
                            break
                        board.push(rng.choice(moves))
                    board = cls(board.fen())
                game = chess.pgn.Game.from_board(board)
                game.headers["Event"] = f"{cls.uci_variant} {number + 1}"
                start = board.fen()
                node = game
                uci, san = [], []
                for ply in range(plies):
                    if board.is_game_over():
                        break
                    moves = list(board.legal_moves)
                    move = rng.choice(moves)
                    # A variation now and then: another legal move instead.
                    if len(moves) > 1 and rng.random() < 0.05:
                        other = rng.choice([m for m in moves if m != move])
                        node.add_variation(other, comment="instead")
                    uci.append(board.uci(move))
                    san.append(board.san(move))
                    node = node.add_main_variation(move)
                    if rng.random() < 0.05:
                        node.comment = f"ply {ply + 1}"
                    if rng.random() < 0.03:
                        node.nags.add(rng.choice([1, 2, 3, 4, 5, 6]))
                    board.push(move)
                end = outcome(board)
                if end is not None:
                    game.headers["Result"] = board.result()
                exporter = chess.pgn.FileExporter(pgn, columns=80)
                game.accept(exporter)
                record = {
                    "variant": cls.uci_variant,
                    "fen": start,
                    "uci": uci,
                    "san": san,
                    "final": board.fen(),
                    "outcome": end,
                }
                print(json.dumps(record), file=expected)


if __name__ == "__main__":
    main()
