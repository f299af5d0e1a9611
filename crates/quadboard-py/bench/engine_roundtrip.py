"""`analyse(board, Limit(nodes=1))` round trips per second, python-chess's chess.engine
against quadboard.engine, alternating rounds on the same Stockfish (Threads 1):
python bench/engine_roundtrip.py [ROUNDS] [CALLS]."""

import sys
import time

import chess
import chess.engine

import quadboard
import quadboard.engine

STOCKFISH = "/usr/games/stockfish"


def rate(pkg, eng, calls: int) -> tuple:
    with eng.SimpleEngine.popen_uci(STOCKFISH) as engine:
        board = pkg.Board()
        board.push_san("e4")
        limit = eng.Limit(nodes=1)
        engine.analyse(board, limit)
        cpu, start = time.process_time(), time.perf_counter()
        for _ in range(calls):
            engine.analyse(board, limit)
        wall = time.perf_counter() - start
        cpu = time.process_time() - cpu
    return calls / wall, cpu / calls * 1e6


rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
calls = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
for r in range(rounds):
    theirs, their_cpu = rate(chess, chess.engine, calls)
    ours, our_cpu = rate(quadboard, quadboard.engine, calls)
    print(f"round {r + 1}: python-chess {theirs:7.0f}/s ({their_cpu:4.0f} us client CPU), "
          f"quadboard {ours:7.0f}/s ({our_cpu:4.0f} us), {ours / theirs:.2f}x")
