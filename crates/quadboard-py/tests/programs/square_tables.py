# Piece-square tables and bitboard arithmetic as engines and tutorials write them:
# mirrored squares for black, BB_* masks, popcounts, shifts and distances.
import chess

KNIGHT_TABLE = [
    -50, -40, -30, -30, -30, -30, -40, -50,
    -40, -20, 0, 5, 5, 0, -20, -40,
    -30, 5, 10, 15, 15, 10, 5, -30,
    -30, 0, 15, 20, 20, 15, 0, -30,
    -30, 5, 15, 20, 20, 15, 5, -30,
    -30, 0, 10, 15, 15, 10, 0, -30,
    -40, -20, 0, 0, 0, 0, -20, -40,
    -50, -40, -30, -30, -30, -30, -40, -50,
]


def pst_score(board):
    score = 0
    for sq in board.pieces(chess.KNIGHT, chess.WHITE):
        score += KNIGHT_TABLE[sq]
    for sq in board.pieces(chess.KNIGHT, chess.BLACK):
        score -= KNIGHT_TABLE[chess.square_mirror(sq)]
    return score


board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
print("pst", pst_score(board), pst_score(board.mirror()))

white_pawns = board.pieces_mask(chess.PAWN, chess.WHITE)
black_pawns = board.pieces_mask(chess.PAWN, chess.BLACK)
print("pawns", chess.popcount(white_pawns), chess.popcount(black_pawns), bin(white_pawns))
print("pushes", chess.SquareSet(chess.shift_up(white_pawns) & ~board.occupied))
print("attacks", chess.SquareSet(chess.shift_up_left(white_pawns) | chess.shift_up_right(white_pawns)))
print("center", chess.SquareSet(chess.BB_CENTER & board.occupied), len(chess.SquareSet(chess.BB_LIGHT_SQUARES & board.occupied)))
print("lsb/msb", chess.lsb(white_pawns), chess.msb(white_pawns), list(chess.scan_reversed(black_pawns))[:4], list(chess.scan_forward(board.kings)))
print("between", chess.SquareSet(chess.between(chess.A1, chess.H8)), chess.SquareSet(chess.ray(chess.A1, chess.A8)) == chess.BB_FILE_A)
for a, b in [(chess.A1, chess.H8), (chess.B1, chess.C3), (chess.E4, chess.E4), (chess.A1, chess.B2)]:
    print(chess.square_name(a), chess.square_name(b), chess.square_distance(a, b),
          chess.square_manhattan_distance(a, b), chess.square_knight_distance(a, b))
print([chess.square_name(s) for s in chess.SQUARES_180[:10]])
print(hex(chess.flip_vertical(white_pawns)), hex(chess.flip_diagonal(board.occupied)), hex(chess.flip_anti_diagonal(board.kings)))
ss = chess.SquareSet(chess.BB_RANK_4 | chess.BB_FILE_D)
ss.discard(chess.D4)
ss.add(chess.H8)
print(len(ss), chess.H8 in ss, ss.issubset(chess.BB_ALL), ss.isdisjoint(chess.BB_RANK_1), ss.pop(), int(ss.mirror()))
print(list(chess.SquareSet(0b1011).carry_rippler()))
print(chess.BB_PAWN_ATTACKS[chess.WHITE][chess.E4] == chess.BB_D5 | chess.BB_F5, chess.BB_KNIGHT_ATTACKS[chess.A1])
