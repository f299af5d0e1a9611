# Network input the way many training scripts build it: piece_at over chess.SQUARES with
# divmod, bitboard attributes unpacked to bit strings, castling and en passant planes,
# and a Board subclass that adds the encoder as a method.
import random

import chess


def bit_array(x):
    return [int(c) for c in "{:064b}".format(x)]


class Board(chess.Board):
    def image(self):
        planes = [
            bit_array(self.kings), bit_array(self.pawns), bit_array(self.knights),
            bit_array(self.queens | self.rooks), bit_array(self.queens | self.bishops),
            bit_array(self.occupied_co[chess.WHITE]), bit_array(self.occupied_co[chess.BLACK]),
            bit_array(self.castling_rights),
        ]
        ep = [0] * 64
        if self.ep_square is not None:
            ep[self.ep_square] = 1
        planes.append(ep)
        planes.append([int(self.turn)] * 64)
        return planes


def to_tensor(board):
    index = {chess.PAWN: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4, chess.KING: 5}
    tensor = [[[0] * 8 for _ in range(8)] for _ in range(12)]
    for square in chess.SQUARES:
        piece = board.piece_at(square)
        if piece:
            plane = index[piece.piece_type] + (0 if piece.color == chess.WHITE else 6)
            row, col = divmod(square, 8)
            tensor[plane][7 - row][col] = 1
    return tensor


rng = random.Random(11)
for game in range(8):
    board = Board()
    for ply in range(rng.randrange(10, 70)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    image = board.image()
    tensor = to_tensor(board)
    copy = board.copy()
    print(type(copy).__name__, type(board.mirror()).__name__, type(board.root()).__name__)
    print(game, board.fen(), [sum(p) for p in image], sum(sum(sum(r) for r in p) for p in tensor))
    print("  ", "".join(str(b) for b in image[0][:16]), copy.image() == image, copy == board)
