"""quadboard.syzygy against python-chess's chess.syzygy: WDL and DTZ probes per second.

    python crates/quadboard-py/bench/syzygy.py [--rounds N] [--tables DIR] [--wdl N] [--dtz N]

Run from the repository root in a virtual environment with both packages installed. The
positions are seeded random legal positions of every table in the folder (both sides to
move, either side stronger), as the tests make them; every table is touched once by both
packages before the timing (warm: files in the OS cache, tables opened). Each round times
python-chess, then quadboard, on the same positions; a row gives each package's best
probes per second and the median of the rounds' ratios (each ratio from one round, so
that load on the machine during a round weighs on both sides of it).

- single: ``tablebase.probe_wdl(board)`` (``probe_dtz``) in a Python loop over boards.
- batch: ``tablebase.probe_wdl_many(boards)`` (one call, the GIL released), then over
  FENs, then on 2 threads; against the same python-chess loop.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Callable, List

import chess
import chess.syzygy

import quadboard
import quadboard.syzygy

LETTERS = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def random_board(name: str, rng: random.Random) -> chess.Board:
    """A random legal position of the material `name` (white's side first)."""
    white, black = name.split("v")
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), len(white) + len(black))
        ok = True
        for letters, color in ((white, chess.WHITE), (black, chess.BLACK)):
            for letter in letters:
                square = squares.pop()
                ok &= not (letter == "P" and chess.square_rank(square) in (0, 7))
                board.set_piece_at(square, chess.Piece(LETTERS[letter], color))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if ok and board.is_valid():
            return board


def positions(tables: str, count: int, seed: int) -> List[chess.Board]:
    names = sorted(f[:-5] for f in os.listdir(tables) if f.endswith(".rtbw"))
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        name = names[len(boards) % len(names)]
        white, black = name.split("v")
        boards.append(random_board(name if rng.random() < 0.5 else f"{black}v{white}", rng))
    return boards


def rounds_of(rounds: int, theirs: Callable[[], None], ours: Callable[[], None]) -> tuple:
    """(python-chess's best time, quadboard's best time, the median of the rounds' ratios)."""
    best_theirs, best_ours, ratios = float("inf"), float("inf"), []
    for _ in range(rounds):
        start = time.perf_counter()
        theirs()
        t = time.perf_counter() - start
        start = time.perf_counter()
        ours()
        o = time.perf_counter() - start
        best_theirs, best_ours = min(best_theirs, t), min(best_ours, o)
        ratios.append(t / o)
    return best_theirs, best_ours, statistics.median(ratios)


def report(name: str, count: int, result: tuple) -> None:
    theirs, ours, ratio = result
    print(f"{name:<28} python-chess {count / theirs:10,.0f}/s   quadboard {count / ours:12,.0f}/s   {ratio:7.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tables", default=os.path.join("..", "shared", "data", "syzygy", "tables"))
    parser.add_argument("--wdl", type=int, default=2000, help="positions of the WDL rows")
    parser.add_argument("--dtz", type=int, default=400, help="positions of the DTZ rows")
    args = parser.parse_args()

    theirs_tb = chess.syzygy.open_tablebase(args.tables)
    ours_tb = quadboard.syzygy.open_tablebase(args.tables)
    for kind, count in (("wdl", args.wdl), ("dtz", args.dtz)):
        boards = positions(args.tables, count, seed=1 if kind == "wdl" else 2)
        qboards = [quadboard.Board(b.fen()) for b in boards]
        fens = [b.fen() for b in boards]
        theirs_probe = getattr(theirs_tb, f"probe_{kind}")
        ours_probe = getattr(ours_tb, f"probe_{kind}")
        ours_many = getattr(ours_tb, f"probe_{kind}_many")
        # Warm: every table both packages need, opened and read once.
        expected = [theirs_probe(b) for b in boards]
        assert [ours_probe(q) for q in qboards] == expected
        assert ours_many(fens, threads=2) == expected

        def theirs() -> None:
            for b in boards:
                theirs_probe(b)

        def single() -> None:
            for q in qboards:
                ours_probe(q)

        print(f"{kind.upper()}: {count} positions of {len(set(b.fen().split()[0] for b in boards))} placements")
        report(f"{kind} single probe_{kind}", count, rounds_of(args.rounds, theirs, single))
        report(f"{kind} batch (boards)", count, rounds_of(args.rounds, theirs, lambda: ours_many(qboards)))
        report(f"{kind} batch (FENs)", count, rounds_of(args.rounds, theirs, lambda: ours_many(fens)))
        report(f"{kind} batch (boards, 2 threads)", count,
               rounds_of(args.rounds, theirs, lambda: ours_many(qboards, threads=2)))


if __name__ == "__main__":
    main()
