# Self-play loops that stop on outcome(claim_draw=True) and print how each game ended,
# with result() and is_game_over() before and after claims, from set positions.
import random

import chess

rng = random.Random(7)
tally = {}
for game_no in range(10):
    board = chess.Board() if game_no % 3 == 1 else chess.Board("8/8/3k4/8/8/3K4/3R4/8 w - - 90 100")
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            break
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        board.push(rng.choice(moves))
    key = (outcome.termination.name, outcome.result())
    tally[key] = tally.get(key, 0) + 1
    if game_no < 6:
        print(game_no, board.ply(), outcome, outcome.winner, board.result(), board.result(claim_draw=True),
              board.is_game_over(), board.is_game_over(claim_draw=True), board.outcome())
        print("  ", outcome.termination, str(outcome.termination), outcome.termination.value,
              chess.Termination(outcome.termination.value) is outcome.termination)
for key in sorted(tally):
    print(key, tally[key])
print(list(chess.Termination)[:3], chess.Outcome(chess.Termination.CHECKMATE, chess.WHITE) ==
      chess.Outcome(chess.Termination.CHECKMATE, True), repr(chess.Outcome(chess.Termination.STALEMATE, None)))
o = chess.Outcome(chess.Termination.VARIANT_WIN, chess.BLACK)
print(o.result(), o)
try:
    print(hash(o))
except TypeError as err:
    print("TypeError", err)
