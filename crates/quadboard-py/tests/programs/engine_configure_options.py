# Engine options as programs set them: the declared options listed (type, default,
# range), configure() with a few, a bad value refused, per-call options; the engine's
# play at a reduced skill level still legal.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    for name in ["Threads", "Hash", "Skill Level", "Move Overhead", "UCI_LimitStrength", "UCI_Elo", "Clear Hash"]:
        option = engine.options[name]
        print(f"{option.name}: {option.type} default={option.default!r} min={option.min} max={option.max} managed={option.is_managed()}")
    print("MultiPV managed:", engine.options["MultiPV"].is_managed())
    engine.configure({"Threads": 1, "Hash": 32, "Skill Level": 5})
    try:
        engine.configure({"Skill Level": 99})
    except chess.engine.EngineError as error:
        print("refused:", error)
    board = chess.Board()
    for _ in range(6):
        result = engine.play(board, chess.engine.Limit(nodes=600), options={"Skill Level": 20})
        board.push(result.move)
    print(board.fen())
    engine.configure({"Clear Hash": None})
    print(engine.analyse(board, chess.engine.Limit(depth=6))["depth"])
