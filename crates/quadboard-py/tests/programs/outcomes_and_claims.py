# Game endings as arbiters and bots see them: checkmate, stalemate, insufficient material,
# the fifty- and seventy-five-move rules, threefold and fivefold repetition, and the claims.
import chess


def report(name, board):
    outcome = board.outcome()
    claim = board.outcome(claim_draw=True)
    print(name)
    print("  outcome", outcome, outcome and outcome.termination, outcome and outcome.winner, outcome and outcome.result())
    print("  claim", claim and (claim.termination.name, claim.result()))
    print("  result", board.result(), board.result(claim_draw=True))
    print("  flags", board.is_checkmate(), board.is_stalemate(), board.is_insufficient_material(),
          board.is_seventyfive_moves(), board.is_fivefold_repetition(), board.is_game_over(),
          board.is_game_over(claim_draw=True))
    print("  claims", board.can_claim_draw(), board.can_claim_fifty_moves(),
          board.can_claim_threefold_repetition(), board.is_fifty_moves(), board.is_repetition(),
          board.is_repetition(2))
    print("  material", board.has_insufficient_material(chess.WHITE), board.has_insufficient_material(chess.BLACK))


board = chess.Board()
for san in ["f3", "e5", "g4", "Qh4#"]:
    board.push_san(san)
report("fool's mate", board)

report("stalemate", chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
report("kings", chess.Board("8/8/4k3/8/8/3K4/8/8 w - - 0 1"))
report("bishops same colour", chess.Board("8/8/4k3/2b5/8/3K4/4B3/8 w - - 0 1"))
report("knight vs pawn", chess.Board("8/8/4k3/2p5/8/3K4/4N3/8 w - - 0 1"))
report("fifty", chess.Board("8/8/4k3/8/8/3K4/4R3/8 w - - 100 80"))
report("seventyfive", chess.Board("8/8/4k3/8/8/3K4/4R3/8 w - - 150 120"))

board = chess.Board()
for _ in range(2):
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
        board.push_san(san)
report("threefold", board)
for san in ["Nf3", "Nf6", "Ng1", "Ng8"] * 2:
    board.push_san(san)
report("fivefold", board)

board = chess.Board("8/8/4k3/8/8/3K4/4R3/8 w - - 99 80")
report("forty-nine and a half", board)
print(board.can_claim_fifty_moves())
board.push_san("Re3")
report("after Re3", board)

board = chess.Board()
for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]:
    board.push_san(san)
print("claim before the move that repeats:", board.can_claim_threefold_repetition(), board.can_claim_draw())
board.push_san("Ng8")
print("after it:", board.can_claim_threefold_repetition())
outcome = chess.Outcome(chess.Termination.CHECKMATE, chess.WHITE)
print(outcome, outcome.result(), outcome == chess.Outcome(chess.Termination.CHECKMATE, True))
print([t.name for t in chess.Termination], chess.Termination.STALEMATE.value)
