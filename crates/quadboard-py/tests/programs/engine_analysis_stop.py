# analysis() iterated without a limit and stopped by the program: at depth 9, or when
# the score swings; each depth's score and best move printed once.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

board = chess.Board("r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7")
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    shown = set()
    with engine.analysis(board) as analysis:
        for info in analysis:
            depth = info.get("depth")
            if depth is None or "score" not in info or "pv" not in info or depth in shown:
                continue
            shown.add(depth)
            print(depth, info["score"].white(), board.san(info["pv"][0]), info.get("seldepth") is not None)
            if depth >= 9:
                break
    best = analysis.wait()
    print("stopped; best move is legal:", best.move in board.legal_moves)
    print("merged info has a pv:", "pv" in analysis.info, len(analysis.multipv))
