# Self-play: Stockfish against itself at a node limit, written to PGN with the engine's
# evals as comments, the result from the board's outcome.
import os
import sys

import chess
import chess.engine
import chess.pgn

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

board = chess.Board("8/8/4k3/8/2R5/4K3/8/8 w - - 0 1")
game = chess.pgn.Game()
game.headers["Event"] = "Self-play"
game.setup(board)
node = game
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1})
    while not board.is_game_over() and board.fullmove_number < 60:
        result = engine.play(board, chess.engine.Limit(nodes=1500), info=chess.engine.INFO_SCORE, game=game)
        node = node.add_variation(result.move)
        if "score" in result.info:
            node.comment = str(result.info["score"].white())
        board.push(result.move)
game.headers["Result"] = board.result(claim_draw=True)
print(game)
print(board.outcome())
