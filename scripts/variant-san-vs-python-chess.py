#!/usr/bin/env python3
"""Writes python-chess's SAN of every legal move along random variant games, for the
ignored test `variant_san_against_python_chess` (crates/quadboard-chess/tests/it/variant_san.rs).

Each line: `variant<TAB>fen<TAB>uci<TAB>san`, the variant by its UCI name.

    python3 -m venv target/pc && target/pc/bin/pip install chess==1.11.2
    target/pc/bin/python scripts/variant-san-vs-python-chess.py [GAMES] > target/variant-san.tsv
    QUADBOARD_VARIANT_SAN=target/variant-san.tsv cargo test -p quadboard-chess \
        --features variant --test it -- --ignored variant_san_against_python_chess
"""
import random
import sys

import chess
import chess.variant

BOARDS = [
    chess.variant.KingOfTheHillBoard,
    chess.variant.ThreeCheckBoard,
    chess.variant.CrazyhouseBoard,
    chess.variant.RacingKingsBoard,
    chess.variant.AntichessBoard,
    chess.variant.AtomicBoard,
    chess.variant.HordeBoard,
]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rng = random.Random(2026)
    out = sys.stdout
    for cls in BOARDS:
        for _ in range(games):
            board = cls()
            for _ in range(200):
                moves = list(board.legal_moves)
                if not moves:
                    break
                fen = board.fen()
                for move in moves:
                    out.write(f"{cls.uci_variant}\t{fen}\t{move.uci()}\t{board.san(move)}\n")
                board.push(rng.choice(moves))


if __name__ == "__main__":
    main()
