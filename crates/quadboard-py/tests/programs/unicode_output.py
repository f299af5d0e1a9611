# Boards in the terminal: unicode diagrams with borders, inverted colours and either
# orientation, figurines of pieces, and the plain text forms, as console games print them.
import chess

board = chess.Board("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5")
print(board)
print(board.unicode())
print(board.unicode(borders=True))
print(board.unicode(invert_color=True, empty_square="·"))
print(board.unicode(orientation=chess.BLACK, borders=True))
print(repr(board))
print(str(chess.Board(None)))
print(chess.Board(None).unicode(empty_square="□"))
pieces = [chess.Piece.from_symbol(s) for s in "KQRBNPkqrbnp"]
print(" ".join(p.unicode_symbol() for p in pieces))
print(" ".join(p.unicode_symbol(invert_color=True) for p in pieces))
print(" ".join(str(p) for p in pieces), [repr(p) for p in pieces[:2]])
print(chess.UNICODE_PIECE_SYMBOLS["Q"], sorted(chess.UNICODE_PIECE_SYMBOLS.items())[:3])
print([chess.Piece(t, c).symbol() for c in chess.COLORS for t in chess.PIECE_TYPES])
print(chess.Piece(chess.KING, chess.WHITE) == chess.Piece.from_symbol("K"), hash(chess.Piece.from_symbol("q")))
for square in [chess.A1, chess.E4, chess.H8]:
    piece = board.piece_at(square)
    print(chess.square_name(square), piece, piece.unicode_symbol() if piece else None, board.piece_type_at(square), board.color_at(square))
print(repr(chess.BaseBoard("8/8/8/8/4K3/8/8/k7")), chess.BaseBoard("8/8/8/8/4K3/8/8/k7").unicode(borders=True))
print(chess.Board().unicode(borders=True, empty_square="-", orientation=chess.BLACK, invert_color=True))
