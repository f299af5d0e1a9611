# Chess960 self-play as tournament scripts run it: random start numbers, castling moves in
# both notations, chess960_pos() after moves, shredder/X-FEN output, uci(chess960=False).
import random

import chess

rng = random.Random(960)
for _ in range(4):
    n = rng.randrange(960)
    board = chess.Board.from_chess960_pos(n)
    print(n, board.fen(), board.chess960_pos(), board.castling_shredder_fen(), board.has_chess960_castling_rights())
    castles = []
    for ply in range(80):
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        castling = [m for m in moves if board.is_castling(m)]
        move = castling[0] if castling and rng.random() < 0.7 else rng.choice(moves)
        if board.is_castling(move):
            castles.append((board.san(move), board.uci(move), board.uci(move, chess960=False), board.lan(move),
                            board.is_kingside_castling(move)))
        board.push(move)
    print(" ", board.fen(), board.chess960_pos(), board.fen(shredder=True).split()[2], board.castling_xfen())
    print(" ", castles[:2], board.outcome())
board = chess.Board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", chess960=True)
print(board.fen(), [board.san(m) for m in board.generate_castling_moves()], board.castling_xfen())
board.set_chess960_pos(0)
print(board.fen(), board.chess960, board.chess960_pos(ignore_castling=True), chess.Board().chess960_pos())
plain = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
print([plain.uci(m) for m in plain.generate_castling_moves()], [plain.san(m) for m in plain.generate_castling_moves()])
print(plain.parse_uci("e1h1"), plain.parse_san("O-O"), plain.fen())
try:
    print("parsed", plain.parse_uci("e1g1"))
except chess.IllegalMoveError as err:
    print("illegal", err)
