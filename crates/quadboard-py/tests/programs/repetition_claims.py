# A game loop that watches for draws the way engines' match scripts do: repetition counts,
# claimable draws, outcomes with and without claims, and a Zobrist-keyed repetition table.
import collections

import chess
import chess.polyglot

SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"] * 3 + ["e2e4"]


def report(board, label):
    print(label, board.is_repetition(2), board.is_repetition(), board.is_repetition(4),
          board.can_claim_threefold_repetition(), board.can_claim_fifty_moves(),
          board.can_claim_draw(), board.is_fivefold_repetition(), board.is_seventyfive_moves(),
          board.is_game_over(), board.is_game_over(claim_draw=True),
          board.result(), board.result(claim_draw=True), board.outcome(claim_draw=True))


board = chess.Board()
table = collections.Counter()
table[chess.polyglot.zobrist_hash(board)] += 1
for i, uci in enumerate(SHUFFLE):
    board.push_uci(uci)
    key = chess.polyglot.zobrist_hash(board)
    table[key] += 1
    report(board, f"{i:2} {uci} {key:016x} {table[key]}")
print(max(table.values()), len(table))
while board.move_stack and not board.is_repetition(3):
    board.pop()
print(len(board.move_stack), board.fen())
outcome = board.outcome(claim_draw=True)
print(outcome, outcome and outcome.termination, outcome and outcome.result(), outcome and outcome.winner)

# One move short of a threefold: the claim counts the move that would repeat.
board = chess.Board()
for uci in SHUFFLE[:7]:
    board.push_uci(uci)
report(board, "short")
print([m.uci() for m in board.legal_moves if board.is_repetition(2)][:3])

# The fifty-move rule from a FEN, then one more quiet move each.
board = chess.Board("8/8/4k3/8/8/3K4/8/7R w - - 98 80")
report(board, "fifty-98")
board.push_san("Rh2")
report(board, "fifty-99")
board.push_san("Ke5")
report(board, "fifty-100")
board.set_fen("8/8/4k3/8/8/3K4/8/7R w - - 149 120")
board.push_san("Rh3")
report(board, "seventyfive")
print(board.outcome(), board.outcome().termination.name, board.outcome().result())

# Fivefold: the game ends without a claim.
board = chess.Board()
for _ in range(4):
    for uci in SHUFFLE[:4]:
        board.push_uci(uci)
report(board, "fivefold")
print(board.outcome().termination, chess.Termination.FIVEFOLD_REPETITION.value,
      [t.name for t in chess.Termination][:4])
board.clear_stack()
report(board, "cleared")
print(repr(chess.Outcome(chess.Termination.CHECKMATE, chess.WHITE)))
