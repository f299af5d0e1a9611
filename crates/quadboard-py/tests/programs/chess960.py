# Chess960: start positions by number, their numbers back, castling in king-takes-rook.
import random

import chess

for n in [0, 1, 100, 518, 959]:
    board = chess.Board.from_chess960_pos(n)
    print(n, board.fen(), board.chess960_pos(), board.has_chess960_castling_rights())
rng = random.Random(5)
board = chess.Board.from_chess960_pos(rng.randrange(960))
for _ in range(30):
    castles = [m for m in board.legal_moves if board.is_castling(m)]
    move = castles[0] if castles else rng.choice(list(board.legal_moves))
    print(board.san(move), move.uci(), board.is_kingside_castling(move), board.is_queenside_castling(move))
    board.push(move)
print(board.fen(), board.chess960_pos())
std = chess.Board()
std.set_chess960_pos(518)
print(std.fen() == chess.STARTING_FEN, std.chess960_pos())
