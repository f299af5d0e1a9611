# A piece-square evaluation that must be symmetric: eval(board) == -eval(board.mirror()).
import random

import chess

VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 0}


def evaluate(board):
    score = 0
    for square, piece in board.piece_map().items():
        bonus = 4 - chess.square_distance(square, chess.E4) if piece.piece_type != chess.KING else 0
        if piece.color == chess.WHITE:
            score += VALUES[piece.piece_type] + bonus
        else:
            score -= VALUES[piece.piece_type] + (4 - chess.square_distance(chess.square_mirror(square), chess.E4) if piece.piece_type != chess.KING else 0)
    return score if board.turn == chess.WHITE else -score


rng = random.Random(4)
board = chess.Board()
for ply in range(40):
    moves = list(board.legal_moves)
    if not moves:
        break
    board.push(moves[rng.randrange(len(moves))])
    mirrored = board.mirror()
    print(ply, evaluate(board), evaluate(mirrored), mirrored.fen())
print(board.unicode())
print(board.mirror().unicode(invert_color=True, borders=True))
