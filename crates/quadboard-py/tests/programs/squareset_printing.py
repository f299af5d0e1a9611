# SquareSets as people print and combine them: grids, reprs, set algebra with ints and
# boards' masks, rays, and the square lists programs build from them.
import chess

board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
attacked = board.attacks(chess.H5)
print(attacked)
print(repr(attacked), len(attacked), list(attacked))
print(chess.SquareSet(chess.BB_DARK_SQUARES & board.occupied))
black = chess.SquareSet(board.occupied_co[chess.BLACK])
print(repr(attacked & black), [chess.square_name(s) for s in attacked & black])
print(repr(attacked | chess.BB_RANK_1), repr(attacked - chess.BB_RANK_7), repr(attacked ^ chess.BB_ALL))
print(repr(~attacked))
print(int(attacked), attacked == int(attacked), attacked != chess.SquareSet(), bool(chess.SquareSet()))
print(chess.SquareSet.ray(chess.A1, chess.H8))
print(repr(chess.SquareSet.between(chess.A1, chess.H8)), repr(chess.SquareSet.from_square(chess.E4)))
sq = chess.SquareSet([chess.A1, chess.B2, chess.C3])
sq.add(chess.D4)
sq.discard(chess.A1)
sq.update([chess.H8], chess.BB_A8)
print(repr(sq), sq.pop(), repr(sq), sq.tolist().count(True))
sq.remove(chess.C3)
try:
    sq.remove(chess.C3)
except KeyError as e:
    print("KeyError", e)
print(repr(sq.mirror()), sq.issubset(chess.BB_ALL), sq.issuperset([chess.C3]), sq.isdisjoint(chess.BB_RANK_1))
print(sorted(chess.SquareSet(chess.BB_CORNERS)), chess.SquareSet(chess.BB_CENTER))
print(len(list(chess.SquareSet(chess.BB_RANK_2).carry_rippler())))
for color in chess.COLORS:
    for piece_type in chess.PIECE_TYPES:
        squares = board.pieces(piece_type, color)
        if squares:
            print(chess.COLOR_NAMES[color], chess.piece_name(piece_type), [chess.square_name(s) for s in squares], repr(squares))
print(board.attackers(chess.WHITE, chess.F7))
print(board.checkers(), repr(board.pin(chess.BLACK, chess.F7)))
s = chess.SquareSet(chess.BB_FILE_E)
s |= chess.BB_RANK_4
s &= ~chess.BB_E4
s -= chess.SquareSet([chess.E1])
s ^= chess.BB_H1
print(s, str(s).count("1"), hash(s) if False else "", s.__reversed__ is not None)
print(list(reversed(chess.SquareSet(chess.BB_RANK_8))))
print(chess.SquareSet(0x8100000000000081) == chess.BB_CORNERS, chess.E4 in s, chess.E1 in s)
