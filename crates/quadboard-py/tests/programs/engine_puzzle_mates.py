# A puzzle solver: each puzzle's mate found with a mate limit, the score printed as
# "mate in N" from the solver's side, the solution in SAN, checked by playing it out.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

PUZZLES = [
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),
    ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1),
    ("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2),
    ("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2),
    ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3),
]

with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    for fen, n in PUZZLES:
        board = chess.Board(fen)
        info = engine.analyse(board, chess.engine.Limit(mate=n, nodes=200000))
        score = info["score"].relative
        solution = info["pv"][: 2 * n - 1]
        print(fen)
        if score.is_mate() and score.mate() > 0:
            print(f"  mate in {score.mate()}: {board.variation_san(solution)}")
        else:
            print(f"  no mate found: {score}")
        for move in solution:
            board.push(move)
        print("  checkmate after the line:", board.is_checkmate(), info["score"].white(), info["score"].is_mate())
