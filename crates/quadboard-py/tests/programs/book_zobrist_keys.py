# Zobrist keys as engines and book tools use them: keys of positions with every castling
# subset, en passant squares with and without a capturing pawn, null moves, promoted
# pieces and Chess960 setups; a transposition finder over a PGN game's tree; and a book
# probed on a Chess960 board, where castling decodes as the king taking its rook.
import io
import os
import struct
import tempfile

import chess
import chess.pgn
import chess.polyglot

FENS = [
    chess.STARTING_FEN,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "8/8/8/8/4k3/8/8/4K3 w - - 0 1",
    "8/8/8/8/4k3/8/8/4K3 b - - 0 1",
    "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
]
for castling in ["KQkq", "Kkq", "Qkq", "KQk", "KQq", "K", "Q", "k", "q", "-"]:
    FENS.append(f"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w {castling} - 0 1")

for fen in FENS:
    board = chess.Board(fen)
    print(f"{chess.polyglot.zobrist_hash(board):016x}", board.has_legal_en_passant(), fen)

board = chess.Board()
board.push_san("e4")
board.push(chess.Move.null())
print(f"{chess.polyglot.zobrist_hash(board):016x}", board.fen())
board.pop()
board.pop()
print(chess.polyglot.zobrist_hash(board) == chess.polyglot.zobrist_hash(chess.Board()))

promoted = chess.Board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
promoted.push_san("a8=Q+")
plain = chess.Board(promoted.fen())
print(promoted.promoted, plain.promoted, chess.polyglot.zobrist_hash(promoted) == chess.polyglot.zobrist_hash(plain))

for number in (0, 518, 959):
    b960 = chess.Board.from_chess960_pos(number)
    print(number, f"{chess.polyglot.zobrist_hash(b960):016x}", b960.castling_xfen(), b960.fen())

hasher = chess.polyglot.ZobristHasher(chess.polyglot.POLYGLOT_RANDOM_ARRAY)
board = chess.Board(FENS[3])
print(hasher.hash_board(board) ^ hasher.hash_castling(board) ^ hasher.hash_ep_square(board) ^ hasher.hash_turn(board) == hasher(board))
print(f"{hasher.hash_board(board):016x} {hasher.hash_castling(board):016x} {hasher.hash_ep_square(board):016x} {hasher.hash_turn(board):016x}")
small = chess.polyglot.ZobristHasher([i * 0x9E3779B97F4A7C15 % (1 << 64) for i in range(781)])
print(f"{small(chess.Board()):016x} {small(chess.Board(FENS[3])):016x}")

PGN = """[Event "Transpositions"]

1. Nf3 Nf6 2. c4 e6 3. Nc3 d5 4. d4 ( 4. e3 Be7 5. d4 ) ( 4. cxd5 exd5 5. d4 ) 4... Be7
( 4... Nbd7 5. Bg5 ) 5. Bg5 ( 5. e3 ) 5... Nbd7 *
"""
game = chess.pgn.read_game(io.StringIO(PGN))
seen = {}
stack = [game]
while stack:
    node = stack.pop()
    key = chess.polyglot.zobrist_hash(node.board())
    seen.setdefault(key, []).append(node.board().fen())
    stack.extend(reversed(node.variations))
for key, fens in sorted(seen.items()):
    if len(fens) > 1:
        print(f"{key:016x}", len(fens), fens[0])
print(len(seen), "positions")

b960 = chess.Board.from_chess960_pos(100)
entries = []
for move in sorted(b960.legal_moves, key=lambda m: m.uci())[:3]:
    entries.append((chess.polyglot.zobrist_hash(b960), move.to_square | move.from_square << 6, 5, 0))
path = os.path.join(tempfile.mkdtemp(), "c960.bin")
with open(path, "wb") as f:
    for entry in sorted(entries):
        f.write(struct.pack(">QHHI", *entry))
castle = chess.Board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", chess960=True)
castle_entries = [(chess.polyglot.zobrist_hash(castle), chess.G1 | chess.E1 << 6, 9, 1),
                  (chess.polyglot.zobrist_hash(castle), chess.B1 | chess.E1 << 6, 4, 2)]
path2 = os.path.join(tempfile.mkdtemp(), "castle.bin")
with open(path2, "wb") as f:
    for entry in sorted(castle_entries):
        f.write(struct.pack(">QHHI", *entry))
with chess.polyglot.open_reader(path) as reader:
    print(b960.fen(), [(e.move.uci(), e.weight) for e in reader.find_all(b960)])
with chess.polyglot.open_reader(path2) as reader:
    for entry in reader.find_all(castle):
        print(entry.raw_move, entry.move.uci(), castle.is_castling(entry.move), castle.san(entry.move), entry.learn)
    standard = chess.Board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w - - 0 1")
    print([e.move.uci() for e in reader.find_all(standard)])
