# Attack maps: for every square, how many white and black pieces attack it; squares
# controlled by each side, hanging pieces.
import random

import chess

rng = random.Random(2)
board = chess.Board()
for _ in range(25):
    board.push(rng.choice(list(board.legal_moves)))
print(board)
for rank in range(7, -1, -1):
    row = []
    for file in range(8):
        sq = chess.square(file, rank)
        w = len(board.attackers(chess.WHITE, sq))
        b = len(board.attackers(chess.BLACK, sq))
        row.append(f"{w - b:+d}")
    print(" ".join(row))
for color in chess.COLORS:
    controlled = chess.SquareSet()
    for sq in chess.SQUARES:
        if board.is_attacked_by(color, sq):
            controlled.add(sq)
    print(chess.COLOR_NAMES[color], len(controlled), controlled.mask)
    hanging = [chess.square_name(sq) for sq, p in board.piece_map().items()
               if p.color == color and board.is_attacked_by(not color, sq)
               and not board.attackers(color, sq)]
    print("hanging", sorted(hanging))
for sq in board.pieces(chess.KNIGHT, chess.WHITE) | board.pieces(chess.KNIGHT, chess.BLACK):
    print(chess.square_name(sq), board.attacks(sq), sep="\n")
