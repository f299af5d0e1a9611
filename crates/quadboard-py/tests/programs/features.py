# Feature extraction for a neural network: 12 planes of 64 squares from piece_map(),
# plus side to move and castling, over positions of random games.
import random

import chess

PLANE = {(t, c): i + (0 if c else 6) for i, t in enumerate(chess.PIECE_TYPES) for c in chess.COLORS}


def encode(board):
    planes = [[0] * 64 for _ in range(12)]
    for square, piece in board.piece_map().items():
        planes[PLANE[(piece.piece_type, piece.color)]][square] = 1
    extra = [int(board.turn)] + [int(board.has_kingside_castling_rights(c)) for c in chess.COLORS]
    return planes, extra


rng = random.Random(1)
checksum = 0
for game in range(20):
    board = chess.Board()
    for ply in range(60):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
        planes, extra = encode(board)
        checksum = (checksum * 31 + sum(i * sum(p) for i, p in enumerate(planes)) + sum(extra)) % 1000003
    print(game, board.fen(), checksum)
