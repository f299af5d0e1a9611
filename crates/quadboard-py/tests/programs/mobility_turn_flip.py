# Evaluation code that flips board.turn to count the opponent's mobility and attacks, edits
# ep_square, castling_rights and the counters by assignment, and checks what follows.
import chess

board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")


def mobility(b):
    mine = b.legal_moves.count()
    b.turn = not b.turn
    theirs = b.legal_moves.count()
    in_check = b.is_check()
    b.turn = not b.turn
    return mine, theirs, in_check


print(mobility(board), board.fen())
board.push_san("Qxf7")
print(board.is_checkmate(), mobility(board), board.fen())
board.pop()
board.turn = chess.BLACK
print(board.fen(), board.is_valid(), board.status(), [board.san(m) for m in board.legal_moves][:6])
board.turn = chess.WHITE
board.castling_rights = chess.BB_H1 | chess.BB_H8
print(board.fen(), board.has_queenside_castling_rights(chess.WHITE), board.castling_xfen())
board.castling_rights = 0
board.halfmove_clock = 42
board.fullmove_number = 30
print(board.fen(), board.ply(), [m.uci() for m in board.generate_castling_moves()])
e = chess.Board("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3")
e.ep_square = chess.E3
print(e.fen(), e.has_legal_en_passant(), [e.san(m) for m in e.legal_moves if e.is_en_passant(m)])
e.ep_square = None
print(e.fen(), e.has_legal_en_passant(), any(e.is_en_passant(m) for m in e.legal_moves))
e.ep_square = chess.D6
print(e.fen(), e.has_legal_en_passant(), e.fen(en_passant="xfen"))
e.chess960 = True
print(e.chess960, e.fen(), e.castling_shredder_fen(), e.uci(e.parse_san("O-O") if False else e.parse_san("Nf6")))
s = chess.Board()
s.turn = False
s.push_san("e5")
print(s.fen(), s.move_stack, s.ply(), s.fullmove_number)
s.pop()
print(s.fen(), s.turn)
