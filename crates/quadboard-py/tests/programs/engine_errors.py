# Engine errors caught as programs catch them: a missing binary, an engine that exits at
# once, a bad option value, an unknown option; the program goes on after each.
import os
import sys
import tempfile

import chess
import chess.engine

try:
    chess.engine.SimpleEngine.popen_uci("/nonexistent/engine")
except FileNotFoundError:
    print("missing binary: FileNotFoundError")

with tempfile.TemporaryDirectory() as tmp:
    script = os.path.join(tmp, "dies.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\nexit 1\n")
    os.chmod(script, 0o755)
    try:
        chess.engine.SimpleEngine.popen_uci(script, timeout=5)
    except chess.engine.EngineTerminatedError:
        print("dies at start: EngineTerminatedError")

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    for options in ({"Hash": 0}, {"NoSuchOption": 1}, {"Threads": "many"}, {"MultiPV": 2}):
        try:
            engine.configure(options)
        except chess.engine.EngineError as error:
            print(type(error).__name__, error)
    print(engine.play(chess.Board(), chess.engine.Limit(nodes=500)).move is not None)
