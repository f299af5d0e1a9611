# Worker processes: a ProcessPoolExecutor whose tasks each start an engine of their own
# (an engine left open in a worker keeps python-chess's worker alive at shutdown), as
# batch analysis scripts do; results back in input order.
import concurrent.futures
import multiprocessing
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
PARENT = os.getppid() if __name__ != "__main__" else os.getpid()



def best(moves):
    board = chess.Board()
    for san in moves.split():
        board.push_san(san)
    with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        result = engine.play(board, chess.engine.Limit(nodes=1500))
        engine.quit()
    return moves, board.san(result.move), os.getpid() != PARENT


if __name__ == "__main__":
    if not os.access(STOCKFISH, os.X_OK):
        print("no stockfish")
        sys.exit(0)
    openings = ["e4 e5", "d4 d5 c4", "e4 c5 Nf3 d6", "c4 e5 Nc3", "Nf3 d5 g3", "e4 e6 d4 d5"]
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        for moves, san, in_worker in pool.map(best, openings):
            print(f"{moves:16} -> {san}  (in a worker: {in_worker})")
