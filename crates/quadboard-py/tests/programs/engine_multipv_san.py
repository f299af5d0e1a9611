# The three best lines of a few positions in SAN, with scores, as analysis GUIs print them;
# a Chess960 position among them.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

boards = [chess.Board(), chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"),
          chess.Board.from_chess960_pos(421)]
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    for board in boards:
        print(board.fen())
        for info in engine.analyse(board, chess.engine.Limit(nodes=4000), multipv=3):
            line = board.variation_san(info["pv"][:6])
            print(f"  {info['multipv']}. {info['score'].relative!s:>6} d{info['depth']} {line}")
