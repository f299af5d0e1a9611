# A game played on a clock: each side's time decreases by what it used (a fixed amount
# here, so that the run repeats) plus its increment; the engine is given the clocks and a
# node cap, as a bot would; the moves and the clock after each are printed.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

clocks = {chess.WHITE: 60.0, chess.BLACK: 60.0}
INC = 1.0
board = chess.Board()
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    while not board.is_game_over() and len(board.move_stack) < 16:
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=INC, black_inc=INC, nodes=1200)
        result = engine.play(board, limit, info=chess.engine.INFO_SCORE)
        mover = board.turn
        clocks[mover] = clocks[mover] - 2.5 + INC
        san = board.san(result.move)
        board.push(result.move)
        print(f"{san:7} {result.info['score'].white()!s:>6}  white {clocks[chess.WHITE]:5.1f}  black {clocks[chess.BLACK]:5.1f}")
print(board.fen())
