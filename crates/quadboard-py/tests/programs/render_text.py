# Text output of boards and square sets: str, repr, unicode() with every option, piece
# symbols and figurines, SquareSet grids.
import chess

board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
print(board)
print(repr(board))
print(board.unicode())
print(board.unicode(invert_color=True, borders=True))
print(board.unicode(empty_square=".", orientation=chess.BLACK))
print(board.unicode(borders=True, orientation=False))
for sq, piece in sorted(board.piece_map().items())[:6]:
    print(chess.square_name(sq), piece, repr(piece), piece.unicode_symbol(), piece.unicode_symbol(invert_color=True),
          chess.piece_name(piece.piece_type), chess.UNICODE_PIECE_SYMBOLS[piece.symbol()])
attacked = board.attacks(chess.H5)
print(attacked)
print(repr(attacked), str(chess.SquareSet()), repr(chess.SquareSet(chess.BB_ALL)))
print(chess.Board.empty())
print(repr(chess.Board.empty()), repr(chess.Board(chess.STARTING_FEN, chess960=True)))
print(repr(chess.Move.from_uci("e7e8q")), chess.Move.null(), bool(chess.Move.null()))
