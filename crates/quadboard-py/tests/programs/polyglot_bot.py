# An opening-book bot: write a small book, then pick moves with weighted_choice, choice and
# find (minimum weights, excluded moves), falling back when out of book, as chess bots do.
import os
import random
import struct
import tempfile

import chess
import chess.polyglot

entries = []
board = chess.Board()
for uci, weight in [("e2e4", 40), ("d2d4", 30), ("c2c4", 10), ("g1f3", 5)]:
    move = chess.Move.from_uci(uci)
    raw = move.to_square | (move.from_square << 6)
    entries.append((chess.polyglot.zobrist_hash(board), raw, weight, 0))
after_e4 = chess.Board()
after_e4.push_san("e4")
for uci, weight in [("c7c5", 50), ("e7e5", 50), ("e7e6", 0)]:
    move = chess.Move.from_uci(uci)
    raw = move.to_square | (move.from_square << 6)
    entries.append((chess.polyglot.zobrist_hash(after_e4), raw, weight, 7))
path = os.path.join(tempfile.mkdtemp(), "small.bin")
with open(path, "wb") as f:
    for entry in sorted(entries):
        f.write(struct.pack(">QHHI", *entry))

rng = random.Random(11)
with chess.polyglot.open_reader(path) as reader:
    print(len(reader), [e.move.uci() for e in reader.find_all(board)])
    print([e.move.uci() for e in reader.find_all(board, minimum_weight=10)])
    print([e.move.uci() for e in reader.find_all(board, exclude_moves=[chess.Move.from_uci("e2e4")])])
    print(reader.find(board).move, reader.find(board, minimum_weight=50) if reader.get(board, minimum_weight=50) else None)
    print(reader.find(board, exclude_moves=[chess.Move.from_uci("e2e4"), chess.Move.from_uci("d2d4")]).move)
    picks = [reader.weighted_choice(board, random=rng).move.uci() for _ in range(20)]
    print(picks)
    print(sorted(set(reader.choice(board, random=rng).move.uci() for _ in range(30))))
    print([(e.move.uci(), e.weight, e.learn) for e in reader.find_all(after_e4)])
    print(reader.weighted_choice(after_e4, exclude_moves=[chess.Move.from_uci("c7c5")], random=rng).move)
    game = chess.Board()
    while True:
        entry = reader.get(game)
        if entry is None:
            print("out of book", game.fen())
            break
        game.push(reader.weighted_choice(game, random=rng).move)
    for probe in (reader.find, reader.weighted_choice, reader.choice):
        try:
            probe(game)
        except IndexError as e:
            print(probe.__name__, "IndexError", e)
    entry = next(iter(reader))
    print(type(entry).__name__, entry.key == chess.polyglot.zobrist_hash(chess.Board()) or entry.key == chess.polyglot.zobrist_hash(after_e4), entry._fields if hasattr(entry, "_fields") else None)
try:
    chess.polyglot.open_reader(os.path.join(tempfile.mkdtemp(), "missing.bin"))
except OSError as e:
    print("OSError", type(e).__name__, e.errno)
print(hex(chess.polyglot.zobrist_hash(chess.Board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"))))
print(chess.polyglot.POLYGLOT_RANDOM_ARRAY[0] == 0x9D39247E33776D41, len(chess.polyglot.POLYGLOT_RANDOM_ARRAY))
