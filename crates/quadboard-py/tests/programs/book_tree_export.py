# Book to PGN: write a Polyglot book from weighted lines, then walk it recursively from
# the start (every entry above a minimum weight, heaviest first) into a chess.pgn game
# tree with weights as comments, and print the tree, its size and the book's statistics.
import os
import random
import struct
import tempfile

import chess
import chess.pgn
import chess.polyglot

LINES = {
    "e2e4 e7e5 g1f3 b8c6 f1b5": 50,
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5": 30,
    "e2e4 e7e5 g1f3 g8f6": 8,
    "e2e4 c7c5 g1f3 d7d6 d2d4": 40,
    "e2e4 c7c5 b1c3": 12,
    "e2e4 e7e6 d2d4 d7d5": 20,
    "d2d4 d7d5 c2c4 e7e6 b1c3": 35,
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6": 25,
    "c2c4 e7e5 b1c3": 10,
    "g1f3 d7d5 g2g3": 3,
}


def encode(board, move):
    to = move.to_square
    if board.is_castling(move):
        to = chess.square(7 if board.is_kingside_castling(move) else 0, chess.square_rank(move.from_square))
    promo = move.promotion - 1 if move.promotion else 0
    return to | move.from_square << 6 | promo << 12


weights = {}
for line, weight in LINES.items():
    board = chess.Board()
    for uci in line.split():
        move = chess.Move.from_uci(uci)
        key = (chess.polyglot.zobrist_hash(board), encode(board, move))
        weights[key] = weights.get(key, 0) + weight
        board.push(move)
path = os.path.join(tempfile.mkdtemp(), "rep.bin")
with open(path, "wb") as f:
    for (key, raw), weight in sorted(weights.items()):
        f.write(struct.pack(">QHHI", key, raw, min(weight, 0xFFFF), 0))

MIN_WEIGHT = 10
with chess.polyglot.open_reader(path) as reader:
    print(len(reader), "entries", os.path.getsize(path) // 16)
    game = chess.pgn.Game()
    game.headers["Event"] = "Book tree"
    game.headers["White"] = os.path.basename(path)[:3]

    def grow(node, board, depth):
        entries = sorted(reader.find_all(board, minimum_weight=MIN_WEIGHT), key=lambda e: (-e.weight, e.move.uci()))
        total = sum(e.weight for e in entries)
        for entry in entries:
            child = node.add_variation(entry.move, comment=f"w={entry.weight} {100 * entry.weight // total}%")
            if depth > 1:
                board.push(entry.move)
                grow(child, board, depth - 1)
                board.pop()

    grow(game, chess.Board(), 5)
    print(game)
    count = 0
    stack = [game]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.variations)
    print("nodes", count, "main line", [n.san() for n in game.mainline()])

    # Entry access by index and by key, as tools that dump books do.
    start_key = chess.polyglot.zobrist_hash(chess.Board())
    first = reader.bisect_key_left(start_key)
    print(first, reader[first].key == start_key, reader[first].move, reader[len(reader) - 1].weight)
    print(sorted((e.move.uci(), e.weight) for e in reader.find_all(chess.Board())))
    print([e.move.uci() for e in reader.find_all(chess.Board(), exclude_moves={chess.Move.from_uci("e2e4")}, minimum_weight=20)])
    keys = sorted({entry.key for entry in reader})
    print(len(keys), all(a < b for a, b in zip(keys, keys[1:])), f"{keys[0]:016x} {keys[-1]:016x}")
    rng = random.Random(2024)
    board = chess.Board()
    line = []
    while True:
        try:
            entry = reader.weighted_choice(board, random=rng)
        except IndexError:
            break
        line.append(board.san(entry.move))
        board.push(entry.move)
    print("random line", " ".join(line), board.fen())
    print(reader.get(board), reader.get(board, minimum_weight=1000))
