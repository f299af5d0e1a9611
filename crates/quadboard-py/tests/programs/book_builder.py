# An opening-book builder: count the moves of a few games per position, write them as a
# Polyglot book (16-byte big-endian entries sorted by key), then probe it the way bots do.
import os
import random
import struct
import tempfile
from collections import Counter

import chess
import chess.polyglot

LINES = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1",
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7",
    "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4",
    "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4",
]


def raw_move(board, move):
    # Polyglot writes castling as the king taking its rook.
    to_square = move.to_square
    if board.is_castling(move):
        rook_file = 7 if board.is_kingside_castling(move) else 0
        to_square = chess.square(rook_file, chess.square_rank(move.from_square))
    promotion = (move.promotion - 1) if move.promotion else 0
    return to_square | (move.from_square << 6) | (promotion << 12)


counts = Counter()
for line in LINES:
    board = chess.Board()
    for uci in line.split():
        move = chess.Move.from_uci(uci)
        counts[(chess.polyglot.zobrist_hash(board), raw_move(board, move))] += 1
        board.push(move)

path = os.path.join(tempfile.mkdtemp(), "book.bin")
with open(path, "wb") as f:
    for (key, raw), n in sorted(counts.items()):
        f.write(struct.pack(">QHHI", key, raw, n * 10, 0))
print(len(counts), "entries,", os.path.getsize(path), "bytes")

random.seed(7)
with chess.polyglot.open_reader(path) as reader:
    board = chess.Board()
    for ply in range(8):
        entries = list(reader.find_all(board))
        if not entries:
            print("out of book at ply", ply)
            break
        print(board.fullmove_number, ["%s:%d" % (board.san(e.move), e.weight) for e in entries])
        best = reader.find(board)
        print("  best", best.move.uci(), best.weight, best.learn, hex(best.key))
        choice = reader.weighted_choice(board, random=random)
        board.push(choice.move)
    print(board.fen())
    print(reader.get(chess.Board("8/8/8/8/8/8/8/K6k w - - 0 1")))
    print(len(reader), sum(1 for _ in reader))
    castle = chess.Board("r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5")
    print([e.move.uci() for e in reader.find_all(castle)], [e.raw_move for e in reader.find_all(castle)])
