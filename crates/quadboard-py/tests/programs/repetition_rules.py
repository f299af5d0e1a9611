# Draw bookkeeping across a shuffling game: threefold claims, fivefold, seventy-five and fifty
# move rules, is_repetition(count), can_claim_draw, halfmove clock, outcome per step.
import chess

board = chess.Board()
shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"] * 5
for i, san in enumerate(shuffle):
    board.push_san(san)
    print(i, san, board.is_repetition(2), board.is_repetition(3), board.can_claim_threefold_repetition(),
          board.is_fivefold_repetition(), board.can_claim_draw(), board.outcome(), board.is_game_over())
board = chess.Board("8/5k2/8/8/8/3K4/8/R7 w - - 96 120")
for i in range(10):
    moves = sorted(board.legal_moves, key=lambda m: m.uci())
    move = next(m for m in moves if not board.is_capture(m) and board.piece_type_at(m.from_square) != chess.PAWN)
    board.push(move)
    print(board.halfmove_clock, board.is_fifty_moves(), board.can_claim_fifty_moves(), board.is_seventyfive_moves(),
          board.outcome(claim_draw=True), board.result(claim_draw=True))
board = chess.Board("8/5k2/8/8/8/3K4/8/R7 w - - 149 120")
print(board.is_seventyfive_moves(), board.outcome(), board.can_claim_fifty_moves())
board.push_san("Ra2")
print(board.is_seventyfive_moves(), board.outcome(), board.is_game_over(), board.result())
board = chess.Board("7k/8/6QK/8/8/8/8/8 w - - 149 120")
board.push_san("Qg7#")
print(board.is_checkmate(), board.is_seventyfive_moves(), board.outcome())
