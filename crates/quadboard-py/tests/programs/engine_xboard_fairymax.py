# An XBoard engine: Fairy-Max plays a short game against itself through popen_xboard, at
# a fixed depth, then gives a move for the final position and is told the result.
# python-chess insists on the setboard feature, which Fairy-Max 5.0b does not declare
# (it plays from the standard start only): the program starts it through a one-line sh
# pipe that declares it, as users of python-chess do.
import os
import sys
import tempfile

import chess
import chess.engine

FAIRYMAX = "/usr/games/fairymax"
if not os.access(FAIRYMAX, os.X_OK):
    print("no fairymax")
    sys.exit(0)

with tempfile.TemporaryDirectory() as tmp:
    wrapper = os.path.join(tmp, "fairymax.sh")
    with open(wrapper, "w") as f:
        f.write(f"#!/bin/sh\n{FAIRYMAX} | sed -u 's/setboard=0/setboard=1/'\n")
    os.chmod(wrapper, 0o755)
    with chess.engine.SimpleEngine.popen_xboard(wrapper) as engine:
        print(engine.id["name"])
        board = chess.Board()
        sans = []
        while not board.is_game_over() and len(board.move_stack) < 16:
            result = engine.play(board, chess.engine.Limit(depth=3), info=chess.engine.INFO_ALL)
            sans.append(f"{board.san(result.move)} {{{result.info['score'].white()}}}")
            board.push(result.move)
        print(" ".join(sans))
        # (No analyse(): python-chess's XBoard analysis never ends on Fairy-Max, which
        # refuses the stop's "." command.)
        result = engine.play(board, chess.engine.Limit(depth=2), info=chess.engine.INFO_SCORE)
        print("final position:", board.fen(), board.san(result.move), result.info["score"])
        engine.send_game_result(board, game_complete=False)
        engine.quit()
