# Book files as they turn up on disk: an empty book, a book with a trailing partial
# entry, entries with zero weights, duplicate moves, moves that are illegal in the
# position, promotions of every kind, and the reader used without and with `with`.
import os
import random
import struct
import tempfile

import chess
import chess.polyglot

folder = tempfile.mkdtemp()


def write(name, entries, tail=b""):
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        for entry in sorted(entries):
            f.write(struct.pack(">QHHI", *entry))
        f.write(tail)
    return path


def raw(uci, promotion=0):
    move = chess.Move.from_uci(uci)
    return move.to_square | move.from_square << 6 | promotion << 12


start = chess.Board()
key = chess.polyglot.zobrist_hash(start)
promo_board = chess.Board("1n5k/P7/8/8/8/8/8/K7 w - - 0 1")
pkey = chess.polyglot.zobrist_hash(promo_board)

paths = {
    "empty": write("empty.bin", []),
    "partial": write("partial.bin", [(key, raw("e2e4"), 10, 0), (key, raw("d2d4"), 5, 0)], tail=b"\x01\x02\x03"),
    "zero": write("zero.bin", [(key, raw("e2e4"), 0, 0), (key, raw("d2d4"), 0, 3), (key, raw("c2c4"), 1, 0)]),
    "dupes": write("dupes.bin", [(key, raw("e2e4"), 10, 0), (key, raw("e2e4"), 20, 1), (key, raw("g1f3"), 15, 2)]),
    "illegal": write("illegal.bin", [(key, raw("e2e5"), 50, 0), (key, raw("e1e2"), 40, 0), (key, raw("b1c3"), 1, 0)]),
    "promo": write("promo.bin", [(pkey, raw("a7a8", p), 10 * p, p) for p in range(5)] + [(pkey, raw("a7b8", 4), 7, 0)]),
}

for name, path in paths.items():
    try:
        reader = chess.polyglot.open_reader(path)
    except OSError as error:
        print(name, type(error).__name__, str(error).replace(path, "<path>"))
        continue
    try:
        for board in (start, promo_board):
            entries = list(reader.find_all(board))
            print(name, len(reader), [(e.move.uci(), e.weight, e.learn, e.raw_move) for e in entries])
            try:
                best = reader.find(board)
                print("   find", best.move.uci(), best.weight)
            except IndexError as error:
                print("   find IndexError", error)
            print("   get", reader.get(board) is not None, reader.get(board, minimum_weight=11) is not None)
            rng = random.Random(5)
            try:
                picks = [reader.weighted_choice(board, random=rng).move.uci() for _ in range(8)]
            except IndexError as error:
                picks = ["IndexError", str(error)]
            print("   weighted", picks)
            try:
                print("   choice", reader.choice(board, random=random.Random(1)).move.uci())
            except IndexError as error:
                print("   choice IndexError", error)
        print("  iterate", sum(1 for _ in reader))
    finally:
        reader.close()

with chess.polyglot.open_reader(paths["dupes"]) as reader:
    entries = list(reader.find_all(start))
    print([tuple(e[:4]) for e in entries], entries[0] == entries[0], entries[0]._replace(weight=1).weight)
    print(type(entries[0]).__name__, isinstance(entries[0], tuple), list(entries[0]._fields))
    for entry in entries:
        start.push(entry.move)
        print(entry.move, start.fen())
        start.pop()

not_book = os.path.join(folder, "notes.txt")
with open(not_book, "w") as f:
    f.write(("not a book " * 10)[:63] + "\n")
with chess.polyglot.open_reader(not_book) as reader:
    print(len(reader), list(reader.find_all(chess.Board())))

import pathlib

reader = chess.polyglot.MemoryMappedReader(pathlib.Path(paths["promo"]))
print(type(reader).__name__, len(reader), reader.find(promo_board).move, reader[0].raw_move, reader[-1].weight)
reader.close()
with chess.polyglot.open_reader(pathlib.Path(paths["dupes"])) as reader:
    print(sorted(e.move.uci() for e in reader.find_all(chess.Board(), minimum_weight=15)))
    print([e.weight for e in reader.find_all(chess.Board(), exclude_moves=[chess.Move.from_uci("g1f3")])])
