# Tactical checks from attack maps: hanging and under-defended pieces, attackers with a
# custom occupancy (x-rays), pins, king zone pressure by piece type.
import random

import chess

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def scan(board):
    report = []
    for color in chess.COLORS:
        for sq in chess.SquareSet(board.occupied_co[color]):
            attackers = board.attackers(not color, sq)
            defenders = board.attackers(color, sq)
            piece_type = board.piece_type_at(sq)
            if attackers and (not defenders or min(VALUES[board.piece_type_at(a)] for a in attackers) < VALUES[piece_type]):
                report.append((chess.square_name(sq), len(attackers), len(defenders)))
        king = board.king(color)
        if king is not None:
            zone = chess.SquareSet(chess.BB_KING_ATTACKS[king]) | chess.SquareSet.from_square(king)
            pressure = {}
            for sq in zone:
                for a in board.attackers(not color, sq):
                    pressure[board.piece_type_at(a)] = pressure.get(board.piece_type_at(a), 0) + 1
            report.append(("zone", chess.COLOR_NAMES[color], sorted(pressure.items())))
            xray = board.attackers_mask(not color, king, board.occupied & ~board.occupied_co[color])
            report.append(("xray", chess.popcount(xray), board.is_attacked_by(not color, king)))
        pinned = [chess.square_name(s) for s in chess.SQUARES if board.is_pinned(color, s)]
        report.append(("pinned", pinned))
    return report


rng = random.Random(8)
for _ in range(12):
    board = chess.Board()
    for _ in range(rng.randrange(10, 60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    print(board.fen())
    print(" ", scan(board))
