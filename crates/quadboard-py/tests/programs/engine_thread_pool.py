# A thread pool of engines: one Stockfish per worker thread (each thread opens its own),
# positions analysed in parallel, results printed in input order.
import concurrent.futures
import os
import sys
import threading

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

FENS = [
    chess.STARTING_FEN,
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "8/8/4k3/8/2R5/4K3/8/8 w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
]
local = threading.local()
engines = []
lock = threading.Lock()


def analyse(fen):
    engine = getattr(local, "engine", None)
    if engine is None:
        engine = local.engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
        engine.configure({"Threads": 1, "Hash": 16})
        with lock:
            engines.append(engine)
    board = chess.Board(fen)
    # A new game per position, so that the result does not depend on which worker ran it.
    info = engine.analyse(board, chess.engine.Limit(nodes=2500), game=fen)
    return fen, board.san(info["pv"][0]), str(info["score"].white())


try:
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        for fen, san, score in pool.map(analyse, FENS):
            print(f"{score:>6} {san:6} {fen}")
finally:
    for engine in engines:
        engine.quit()
print("engines used:", 1 <= len(engines) <= 3)
