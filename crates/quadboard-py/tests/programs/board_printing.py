# How GUIs and bots print boards: plain text, Unicode with borders from either side,
# a board flipped for black, piece lists and a rank-by-rank dump.
import chess

board = chess.Board()
for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]:
    board.push_san(san)

print(board)
print()
print(board.unicode())
print()
print(board.unicode(borders=True))
print()
print(board.unicode(invert_color=True, borders=True, orientation=chess.BLACK))
print()
print(board.unicode(empty_square=".", orientation=chess.BLACK))
print(repr(board))
print(board.mirror())
print(board.transform(chess.flip_horizontal))

for rank in range(7, -1, -1):
    row = []
    for file in range(8):
        piece = board.piece_at(chess.square(file, rank))
        row.append(piece.unicode_symbol() if piece else "·")
    print(chess.RANK_NAMES[rank], " ".join(row))
print("  " + " ".join(chess.FILE_NAMES))

for color in chess.COLORS:
    names = []
    for piece_type in chess.PIECE_TYPES:
        for square in board.pieces(piece_type, color):
            names.append(f"{chess.piece_name(piece_type)}@{chess.square_name(square)}")
    print(chess.COLOR_NAMES[color], ", ".join(names))

print(chess.SquareSet(board.occupied_co[chess.WHITE]))
print(str(board.pieces(chess.PAWN, chess.BLACK)))
print(chess.Piece.from_symbol("Q"), repr(chess.Piece.from_symbol("n")), chess.Piece(chess.KING, chess.BLACK).unicode_symbol(invert_color=True))
