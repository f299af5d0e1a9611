# Pawn structure features: doubled, isolated and passed pawns from pieces() masks, files,
# shifts and SquareSet algebra; pawn attacks from BB_PAWN_ATTACKS.
import random

import chess


def front_span(square, color):
    file_mask = chess.BB_FILES[chess.square_file(square)]
    rank = chess.square_rank(square)
    ahead = 0
    for r in (range(rank + 1, 8) if color == chess.WHITE else range(rank)):
        ahead |= chess.BB_RANKS[r]
    return file_mask & ahead


def pawn_report(board, color):
    pawns = board.pieces(chess.PAWN, color)
    theirs = board.pieces(chess.PAWN, not color)
    doubled = sum(max(0, len(pawns & chess.BB_FILES[f]) - 1) for f in range(8))
    isolated, passed = [], []
    for sq in pawns:
        f = chess.square_file(sq)
        neighbours = chess.SquareSet()
        for g in (f - 1, f + 1):
            if 0 <= g < 8:
                neighbours |= chess.BB_FILES[g]
        if not (pawns & neighbours):
            isolated.append(chess.square_name(sq))
        span = front_span(sq, color)
        span |= chess.shift_left(span) | chess.shift_right(span)
        if not theirs & span:
            passed.append(chess.square_name(sq))
    attacks = chess.SquareSet()
    for sq in pawns:
        attacks |= chess.BB_PAWN_ATTACKS[color][sq]
    pushes = chess.shift_up(int(pawns)) if color else chess.shift_down(int(pawns))
    return doubled, isolated, passed, len(attacks), chess.popcount(pushes & ~board.occupied)


rng = random.Random(5)
for _ in range(10):
    board = chess.Board()
    for _ in range(rng.randrange(20, 80)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    print(board.board_fen())
    for color in chess.COLORS:
        print(" ", chess.COLOR_NAMES[color], pawn_report(board, color))
