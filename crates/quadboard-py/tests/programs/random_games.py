# Random games with a seed: SAN, the game as one line, the outcome.
import random

import chess

rng = random.Random(6)
for game in range(8):
    board = chess.Board()
    while not board.is_game_over() and board.ply() < 200:
        board.push(rng.choice(list(board.legal_moves)))
    outcome = board.outcome()
    line = chess.Board().variation_san(board.move_stack)
    print(game, board.result(), outcome.termination.name if outcome else None, len(board.move_stack))
    print(line[:200])
    print(board.fen(), board.epd())
