# Square arithmetic: names, files, ranks, distances, mirrors.
import chess

for name in ["a1", "e4", "h8", "d5", "b7"]:
    sq = chess.parse_square(name)
    print(name, sq, chess.square_file(sq), chess.square_rank(sq), chess.square_mirror(sq),
          chess.square_name(chess.square_mirror(sq)), chess.FILE_NAMES[chess.square_file(sq)])
    print([chess.square_distance(sq, o) for o in (chess.A1, chess.H8, chess.E4)],
          [chess.square_manhattan_distance(sq, o) for o in (chess.A1, chess.H8)],
          [chess.square_knight_distance(sq, o) for o in (chess.A1, chess.H8, chess.E4)])
print(chess.SQUARES_180[:8], chess.SQUARE_NAMES[-3:], chess.PIECE_NAMES, chess.UNICODE_PIECE_SYMBOLS["q"])
print(chess.piece_name(chess.KNIGHT), chess.piece_symbol(chess.ROOK), chess.COLOR_NAMES[chess.WHITE])
print(chess.square(4, 3) == chess.E4, chess.BB_SQUARES[chess.E4] == chess.BB_E4)
