# Board transforms and display options: transform(flip_vertical), mirror(), unicode()
# with its options, Piece.unicode_symbol(), repr/str of moves, pieces, squaresets.
import chess

board = chess.Board("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5")
for f in [chess.flip_vertical, chess.flip_horizontal, chess.flip_diagonal, chess.flip_anti_diagonal]:
    t = board.transform(f)
    print(f.__name__, t.board_fen(), t.turn, t.castling_rights == 0, t.fen())
print(board.mirror().fen(), board.mirror() == board.transform(chess.flip_vertical))
print(board.unicode())
print(board.unicode(invert_color=True, borders=True, empty_square="·"))
print(board.unicode(orientation=chess.BLACK, empty_square="_"))
print(str(board.transform(chess.flip_vertical)))
for sym in "KQRBNPkqrbnp":
    piece = chess.Piece.from_symbol(sym)
    print(sym, piece.unicode_symbol(), piece.unicode_symbol(invert_color=True), repr(piece), str(piece), piece.symbol())
print(repr(chess.Move.from_uci("e7e8q")), repr(chess.Move.null()), str(chess.Move.from_uci("a1h8")))
print(repr(chess.Move(chess.E2, chess.E4)), chess.Move(chess.E2, chess.E4))
print(str(chess.SquareSet(chess.BB_DIAG_A1H8 if hasattr(chess, "BB_DIAG_A1H8") else 0x8040201008040201)))
print(repr(chess.SquareSet(chess.BB_CENTER)), repr(chess.SquareSet()), chess.SquareSet(chess.BB_BACKRANKS))
print(repr(board)[:40], repr(chess.BaseBoard()), chess.Board().unicode(borders=True))
