# A bot match: the engine against a random mover (seeded), several games, a new game each
# time (the game argument), results tallied and the last game's PGN printed.
import os
import random
import sys

import chess
import chess.engine
import chess.pgn

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

rng = random.Random(7)
tally = {}
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    for number in range(3):
        board = chess.Board()
        engine_color = number % 2 == 0
        game = chess.pgn.Game()
        game.headers["White"] = "Stockfish" if engine_color else "random"
        game.headers["Black"] = "random" if engine_color else "Stockfish"
        while not board.is_game_over(claim_draw=True) and board.ply() < 120:
            if board.turn == engine_color:
                move = engine.play(board, chess.engine.Limit(nodes=400), game=number).move
            else:
                move = rng.choice(sorted(board.legal_moves, key=lambda m: m.uci()))
            board.push(move)
        result = board.result(claim_draw=True)
        engine.send_game_result(board)
        tally[result] = tally.get(result, 0) + 1
        outcome = board.outcome(claim_draw=True)
        print(number, result, outcome.termination.name if outcome else "unfinished", board.ply())
        game.headers["Result"] = result
        game.add_line(board.move_stack)
print(sorted(tally.items()))
print(game)
