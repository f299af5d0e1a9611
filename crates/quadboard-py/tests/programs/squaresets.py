# SquareSet and bitboard masks as programs use them: light/dark squares, files, rays,
# set algebra, printing.
import chess

center = chess.SquareSet(chess.BB_CENTER)
print(center)
print(repr(center), len(center), list(center))
ring = chess.SquareSet(chess.BB_KING_ATTACKS[chess.E4])
print(ring | center)
print(sorted(ring & chess.BB_LIGHT_SQUARES), sorted(ring - chess.BB_DARK_SQUARES))
print(chess.SquareSet(chess.BB_FILE_E) ^ chess.SquareSet(chess.BB_RANK_4))
print(chess.SquareSet.ray(chess.A1, chess.H8) == chess.BB_RAYS[chess.A1][chess.H8])
print(list(chess.SquareSet.between(chess.A1, chess.H8)))
s = chess.SquareSet([chess.A1, chess.H8])
s.add(chess.E4)
s |= chess.BB_RANK_2
s -= chess.SquareSet([chess.B2])
print(s.issubset(chess.BB_ALL), s.issuperset([chess.A1]), s.isdisjoint(chess.BB_RANK_5))
print(s.pop(), s.mirror(), sep="\n")
print([chess.square_name(sq) for sq in reversed(s)])
print(int(~s), bool(chess.SquareSet()), chess.popcount(int(s)), chess.lsb(int(s)), chess.msb(int(s)))
print([chess.square_name(sq) for sq in chess.scan_reversed(chess.BB_KNIGHT_ATTACKS[chess.G1])])
print(chess.SquareSet(chess.shift_up(chess.BB_RANK_2) | chess.shift_down_left(chess.BB_H8)))
print(chess.flip_vertical(chess.BB_A1) == chess.BB_A8, chess.flip_horizontal(chess.BB_A1) == chess.BB_H1)
print(sum(1 for _ in chess.SquareSet(0xF0).carry_rippler()))
