# A Polyglot book writer and dumper: hash positions, pack entries (key, move, weight,
# learn) big-endian as the format has them, then read the book back and list every
# entry the reader finds, with the moves it decodes (castling and promotions included).
import os
import random
import struct
import tempfile

import chess
import chess.polyglot

PROMO = {None: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}


def encode(board, move):
    to = move.to_square
    if board.is_castling(move):
        # Polyglot writes castling as the king taking its own rook.
        rank = chess.square_rank(move.from_square)
        to = chess.square(7 if board.is_kingside_castling(move) else 0, rank)
    return (chess.square_file(to) | chess.square_rank(to) << 3 | chess.square_file(move.from_square) << 6
            | chess.square_rank(move.from_square) << 9 | PROMO[move.promotion] << 12)


LINES = [
    "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8",
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4",
    "e2e4 d7d5 e4e5 f7f5 e5f6",
]
entries = {}
for line in LINES:
    board = chess.Board()
    for uci in line.split():
        move = chess.Move.from_uci(uci)
        key = chess.polyglot.zobrist_hash(board)
        raw = encode(board, move)
        entries[(key, raw)] = entries.get((key, raw), 0) + 1
        board.push(move)
    print(f"{chess.polyglot.zobrist_hash(board):016x} {board.fen()}")
promo = chess.Board("8/1P6/8/8/8/8/6k1/K7 w - - 0 1")
for uci in ["b7b8q", "b7b8n"]:
    entries[(chess.polyglot.zobrist_hash(promo), encode(promo, chess.Move.from_uci(uci)))] = 3

path = os.path.join(tempfile.mkdtemp(), "book.bin")
with open(path, "wb") as f:
    for (key, raw), count in sorted(entries.items()):
        f.write(struct.pack(">QHHI", key, raw, count * 10, count))
print(os.path.getsize(path) // 16, "entries")

rng = random.Random(7)
with chess.polyglot.open_reader(path) as reader:
    print(len(reader))
    for board in [chess.Board(), promo, chess.Board("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 5")]:
        for entry in reader.find_all(board):
            print(f"  {entry.key:016x} {entry.raw_move:04x} {entry.move} {entry.weight} {entry.learn} {board.san(entry.move)}")
        main = reader.get(board)
        try:
            pick = reader.weighted_choice(board, random=rng).move
        except IndexError:
            pick = "miss"
        print(" main", main.move if main else None, pick)
    blocked = reader.find_all(chess.Board(), minimum_weight=20, exclude_moves=[chess.Move.from_uci("d2d4")])
    print([e.move.uci() for e in blocked])
    for i, entry in enumerate(reader):
        if i < 4:
            print(" raw", entry.key, entry.raw_move, entry.weight, entry.learn, entry.move)
    print(reader.get(chess.Board("8/8/8/8/8/8/8/K6k w - - 0 1")))
    try:
        reader.find(chess.Board("8/8/8/8/8/8/8/K6k w - - 0 1"))
    except IndexError as err:
        print("IndexError", err)
    after = chess.Board()
    after.push_uci("e2e4")
    after.push_uci("d7d5")
    after.push_uci("e4e5")
    after.push_uci("f7f5")
    print(f"{chess.polyglot.zobrist_hash(after):016x}", after.has_legal_en_passant(), after.ep_square)
    hasher = chess.polyglot.ZobristHasher(chess.polyglot.POLYGLOT_RANDOM_ARRAY)
    print(hasher(after) == chess.polyglot.zobrist_hash(after), len(chess.polyglot.POLYGLOT_RANDOM_ARRAY))
