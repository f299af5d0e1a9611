# King safety features: attackers of the squares around each king, pinned pieces,
# open files next to the king and the pawn shield, as evaluation code computes them.
import chess

FENS = [
    "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    "2kr3r/ppp2ppp/2n5/2b1p3/4P1q1/2NP1N2/PPP2PPP/R1BQ1RK1 b - - 3 10",
    "4r1k1/pp3ppp/8/3b4/8/P4N2/1PP2PPP/3RR1K1 w - - 0 20",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
]


def king_zone(square):
    return chess.SquareSet(chess.BB_KING_ATTACKS[square] | chess.BB_SQUARES[square])


def features(board, color):
    king = board.king(color)
    zone = king_zone(king)
    attacked = 0
    attackers = chess.SquareSet()
    for sq in zone:
        a = board.attackers(not color, sq)
        if a:
            attacked += 1
            attackers |= a
    pinned = [chess.square_name(sq) for sq in chess.SQUARES
              if board.color_at(sq) == color and board.is_pinned(color, sq)]
    shield_mask = chess.BB_RANK_2 if color == chess.WHITE else chess.BB_RANK_7
    file_mask = chess.BB_FILES[chess.square_file(king)]
    for df in (-1, 1):
        f = chess.square_file(king) + df
        if 0 <= f < 8:
            file_mask |= chess.BB_FILES[f]
    shield = board.pieces(chess.PAWN, color) & chess.SquareSet(shield_mask & file_mask)
    open_files = [chess.FILE_NAMES[f] for f in range(8)
                  if chess.BB_FILES[f] & file_mask and not board.pieces_mask(chess.PAWN, color) & chess.BB_FILES[f]]
    return {
        "king": chess.square_name(king),
        "zone": len(zone),
        "attacked": attacked,
        "attackers": sorted(chess.square_name(s) for s in attackers),
        "pinned": pinned,
        "shield": len(shield),
        "open": open_files,
        "check": board.is_check() and board.turn == color,
    }


for fen in FENS:
    board = chess.Board(fen)
    print(fen)
    for color in chess.COLORS:
        print(" ", chess.COLOR_NAMES[color], features(board, color))
    for color in chess.COLORS:
        king = board.king(color)
        for sq in chess.SquareSet(chess.BB_ALL & ~board.occupied):
            if chess.square_distance(sq, king) == 2 and board.is_attacked_by(not color, sq):
                pass
        pin_rays = [str(board.pin(color, sq)) for sq in board.pieces(chess.KNIGHT, color)
                    if board.is_pinned(color, sq)]
        print("  pins:", pin_rays)
    print(board.attacks(board.king(chess.WHITE)))
    print(repr(board.checkers()), board.checkers_mask())
