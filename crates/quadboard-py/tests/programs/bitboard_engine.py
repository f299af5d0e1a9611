# Bitboard helpers of a small engine written on python-chess's tables: slider attacks from
# the BB_*_ATTACKS lookup tables, rays and between-masks, scans, square distances.
import chess

board = chess.Board("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9")
occ = board.occupied


def slider(square):
    attacks = chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occ]
    attacks |= chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occ]
    attacks |= chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occ]
    return attacks


for square in [chess.D1, chess.A1, chess.H1, chess.D8, chess.E7, chess.C8]:
    piece = board.piece_at(square)
    mask = slider(square)
    print(chess.square_name(square), piece, hex(mask), mask == (board.attacks_mask(square) if piece and piece.piece_type == chess.QUEEN else mask),
          chess.popcount(mask), list(chess.scan_forward(mask))[:4], list(chess.scan_reversed(mask))[:4],
          chess.lsb(mask), chess.msb(mask))
print(hex(chess.BB_KNIGHT_ATTACKS[chess.G1]), hex(chess.BB_KING_ATTACKS[chess.E1]),
      hex(chess.BB_PAWN_ATTACKS[chess.WHITE][chess.E4]), hex(chess.BB_PAWN_ATTACKS[chess.BLACK][chess.A5]))
print(hex(chess.ray(chess.A1, chess.H8)), hex(chess.between(chess.A1, chess.H8)), hex(chess.ray(chess.A1, chess.B3)),
      hex(chess.between(chess.E1, chess.E8)), hex(chess.between(chess.E1, chess.F3)))
print(chess.square_distance(chess.A1, chess.H8), chess.square_manhattan_distance(chess.A1, chess.H8),
      chess.square_knight_distance(chess.A1, chess.H8), chess.square_knight_distance(chess.A1, chess.B2),
      chess.square_knight_distance(chess.H8, chess.G7))
print(len(chess.BB_DIAG_ATTACKS), len(chess.BB_DIAG_ATTACKS[0]), len(chess.BB_FILE_ATTACKS[chess.E4]),
      len(chess.BB_RANK_ATTACKS[chess.E4]), type(chess.BB_DIAG_ATTACKS[0]).__name__)
print(hex(chess.BB_LIGHT_SQUARES), hex(chess.BB_DARK_SQUARES), hex(chess.BB_CENTER), hex(chess.BB_CORNERS),
      hex(chess.BB_BACKRANKS), hex(chess.BB_FILES[3]), hex(chess.BB_RANKS[6]))
print([chess.square_name(s) for s in chess.SquareSet(chess.BB_CENTER)], chess.SQUARES_180[:3], chess.SQUARE_NAMES[-3:])
print(chess.shift_left(chess.BB_FILE_A), chess.shift_right(chess.BB_FILE_H), hex(chess.shift_up_left(chess.BB_E4)),
      hex(chess.shift_2_down(chess.BB_E4)), hex(chess.shift_down_right(chess.BB_H1)))
total = 0
for color in chess.COLORS:
    for square in board.pieces(chess.PAWN, color):
        front = chess.BB_FILES[chess.square_file(square)] & (
            ~((1 << (square + 1)) - 1) if color == chess.WHITE else (1 << square) - 1)
        passed = not (front & board.pieces_mask(chess.PAWN, not color))
        total += passed
        print(chess.square_name(square), int(passed), hex(front) if front else 0)
print(total, chess.square_mirror(chess.E2), chess.parse_square("h8"), chess.square(4, 3), chess.square_file(chess.F7), chess.square_rank(chess.F7))
try:
    chess.parse_square("i9")
except ValueError as err:
    print("ValueError", err)
print(chess.BB_SQUARES[63] == chess.BB_H8, chess.BB_ALL == 2 ** 64 - 1, chess.BB_EMPTY, chess.BB_VOID if hasattr(chess, "BB_VOID") else "")
