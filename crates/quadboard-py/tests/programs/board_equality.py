# Comparing boards, as transposition detectors and test suites do: equality with different
# histories, copies, chess960 flags, en passant squares, and boards as dict keys by FEN.
import copy

import chess

a = chess.Board()
b = chess.Board()
for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
    b.push_san(san)
print(a == b, a.fen() == b.fen(), a.move_stack == b.move_stack, a != b)
c = chess.Board()
c.push_san("e4")
d = chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
print(c == d, c.fen(), d.fen(), c.ep_square, d.ep_square)
e = chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
print(d == e, e.ep_square, e.fen(), e.fen(en_passant="fen"))
print(chess.Board(chess960=True) == chess.Board(), chess.Board(chess960=True).fen() == chess.Board().fen())
print(a == a.copy(), b == b.copy(stack=False), b.copy() == copy.deepcopy(b), a == copy.copy(a))
print(a == chess.BaseBoard(), chess.BaseBoard() == a, a == "not a board", a == None)
try:
    print(hash(a))
except TypeError:
    print("boards are unhashable")
positions = {}
board = chess.Board()
for san in "e4 e5 Nf3 Nc6 Bc4 Bc5 Nc3 Nf6 Ng1 Ng8 Nf3 Nf6".split():
    board.push_san(san)
    key = board.epd()
    positions[key] = positions.get(key, 0) + 1
print(sorted(positions.values()), len(positions))
f = chess.Board("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
g = chess.Board("4k3/8/8/8/8/8/8/4K2R w - - 0 1")
print(f == g, f.board_fen() == g.board_fen(), f.castling_rights, g.castling_rights)
h = chess.Board("4k3/8/8/8/8/8/8/4K2R w K - 5 9")
print(f == h, f.halfmove_clock, h.halfmove_clock)
m = f.mirror()
print(m.fen(), m == f.mirror(), m.mirror() == f, f.transform(chess.flip_horizontal).fen())
print(f.copy().root() == f, b.root() == chess.Board(), b.root().move_stack)
