# Boards built square by square: an empty board, pieces placed one at a time, validity
# and status as pieces come and go, then the moves.
import chess

board = chess.Board(None)
print(board.fen(), board.is_valid(), repr(board.status()))
placements = [(chess.E1, "K"), (chess.E8, "k"), (chess.D1, "Q"), (chess.A7, "P"),
              (chess.H1, "P"), (chess.D8, "r"), (chess.C3, "N")]
for square, symbol in placements:
    board.set_piece_at(square, chess.Piece.from_symbol(symbol))
    print(chess.square_name(square), symbol, board.fen(), board.is_valid(), int(board.status()))
print(board.legal_moves.count(), sorted(m.uci() for m in board.legal_moves))
board.remove_piece_at(chess.H1)
board.turn = chess.BLACK
print(board.fen(), board.is_check(), [m.uci() for m in board.legal_moves])
board.set_board_fen("8/8/8/3k4/8/8/8/3K3R")
print(board.fen(), board.status() == chess.STATUS_VALID)
board.set_piece_map({chess.A1: chess.Piece(chess.KING, chess.WHITE), chess.H8: chess.Piece(chess.QUEEN, chess.BLACK)})
print(board.fen(), bool(board.status() & chess.STATUS_NO_BLACK_KING), list(board.legal_moves))
board.clear()
print(board.fen(), board.piece_map())
kingless = chess.Board("8/8/8/8/8/8/8/R6N w - - 0 1")
print(kingless.legal_moves.count(), kingless.is_checkmate(), kingless.outcome())
