# Square grids built with chess.square(file, rank), piece_type_at/color_at loops, king zones
# from BB_KING_ATTACKS, attacks & occupied_co, checkers, pins printed per square.
import chess

board = chess.Board("r1bq1rk1/pp3ppp/2n1pn2/2bp4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R b KQ - 0 8")
for rank in range(7, -1, -1):
    row = []
    for file in range(8):
        sq = chess.square(file, rank)
        pt = board.piece_type_at(sq)
        color = board.color_at(sq)
        row.append("." if pt is None else (chess.piece_symbol(pt).upper() if color else chess.piece_symbol(pt)))
    print(chess.RANK_NAMES[rank], " ".join(row))
print("  " + " ".join(chess.FILE_NAMES))
for color in chess.COLORS:
    king = board.king(color)
    zone = chess.SquareSet(chess.BB_KING_ATTACKS[king]) | chess.SquareSet.from_square(king)
    enemy = not color
    pressure = {chess.square_name(sq): len(board.attackers(enemy, sq)) for sq in zone}
    print(chess.COLOR_NAMES[color], chess.square_name(king), sorted(pressure.items()))
    print(" zone", zone, sep="\n")
    own = board.occupied_co[color]
    for sq in board.pieces(chess.KNIGHT, color) | board.pieces(chess.BISHOP, color):
        hits = board.attacks(sq) & board.occupied_co[enemy]
        defended = board.attacks(sq) & own
        print(" ", chess.square_name(sq), board.piece_at(sq), [chess.square_name(s) for s in hits],
              int(defended), len(board.attacks(sq)), type(hits).__name__)
    print(" pinned:", [chess.square_name(s) for s in chess.SQUARES if board.is_pinned(color, s)])
print(board.checkers(), repr(board.checkers()), bool(board.checkers()))
board.push_san("Bb4")
print(board.is_pinned(chess.WHITE, chess.C3), board.pin(chess.WHITE, chess.C3))
print(repr(board.pin(chess.WHITE, chess.C3)), board.pin(chess.WHITE, chess.E3) == chess.BB_ALL)
print(chess.SquareSet(board.pin_mask(chess.WHITE, chess.C3)).tolist()[:10])
board = chess.Board("4k3/8/8/8/1b6/8/3P4/4K2q w - - 0 1")
print(board.checkers(), [chess.square_name(s) for s in board.checkers()], board.is_check())
print(list(board.generate_legal_moves(from_mask=chess.BB_SQUARES[chess.E1])),
      list(board.generate_legal_moves(to_mask=chess.BB_RANK_2)))
print(list(board.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[chess.D2])))
print(board.find_move(chess.E1, chess.D1) if False else "", [str(m) for m in board.legal_moves])
