# SquareSet as analysis code uses it: str() grids, rays and betweens between pieces,
# outposts and holes by set algebra, iteration order, mirror, set mutation methods.
import chess

board = chess.Board("r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/P1N1PN2/1P3PPP/R1BQKB1R w KQ - 1 9")
white_pawns = board.pieces(chess.PAWN, chess.WHITE)
black_pawns = board.pieces(chess.PAWN, chess.BLACK)
print(white_pawns)
print()
white_cover = chess.SquareSet()
for sq in white_pawns:
    white_cover |= chess.SquareSet(chess.BB_PAWN_ATTACKS[chess.WHITE][sq])
black_cover = chess.SquareSet()
for sq in black_pawns:
    black_cover.update(chess.BB_PAWN_ATTACKS[chess.BLACK][sq])
holes = chess.SquareSet(chess.BB_RANK_3 | chess.BB_RANK_4) - white_cover
print(holes, len(holes), list(holes)[:4], holes.tolist()[:3] if hasattr(holes, "tolist") else "")
print(white_cover & black_cover, (white_cover ^ black_cover).issubset(chess.BB_ALL), white_cover.isdisjoint(black_cover))
print(repr(white_cover - black_cover), int(white_cover & ~black_cover) == int(white_cover - black_cover))
king = board.king(chess.WHITE)
for sq in board.pieces(chess.BISHOP, chess.BLACK) | board.pieces(chess.QUEEN, chess.BLACK):
    line = chess.SquareSet.ray(sq, king)
    gap = chess.SquareSet.between(sq, king)
    print(chess.square_name(sq), bool(line), [chess.square_name(s) for s in gap], bool(gap & board.occupied))
print(chess.SquareSet(chess.ray(chess.A1, chess.H8)) == chess.BB_DIAG_ATTACKS[0][0] if False else chess.SquareSet(chess.ray(chess.A1, chess.H8)).tolist().count(True))
s = chess.SquareSet(chess.BB_CORNERS)
s.add(chess.E4)
s.discard(chess.A1)
s.remove(chess.H8)
print(s, s.pop(), s, len(s))
try:
    s.remove(chess.D4)
except KeyError as err:
    print("KeyError", err)
s.clear()
print(bool(s), s == 0, chess.SquareSet(chess.BB_LIGHT_SQUARES).mirror() == chess.BB_DARK_SQUARES)
print([chess.square_name(sq) for sq in reversed(chess.SquareSet(chess.BB_FILE_E))][:3])
print(sorted(chess.SquareSet(chess.BB_CENTER), reverse=True), max(chess.SquareSet(chess.BB_CENTER)))
print(chess.SquareSet(chess.BB_RANK_4).issuperset(chess.BB_D4), chess.SquareSet(chess.BB_D4).issubset(chess.SquareSet(chess.BB_RANK_4)))
print(list(chess.SquareSet(0x1234).carry_rippler())[:6], chess.SquareSet(0x1234) | 0x10000, chess.SquareSet(1) & 3)
