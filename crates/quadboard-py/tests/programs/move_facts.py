# Move annotations: captures, checks, castling, en passant, zeroing, LAN and SAN.
import random

import chess

rng = random.Random(7)
board = chess.Board()
for ply in range(80):
    moves = list(board.legal_moves)
    if not moves:
        break
    move = rng.choice(moves)
    facts = [board.san(move), board.lan(move), board.is_capture(move), board.gives_check(move),
             board.is_castling(move), board.is_en_passant(move), board.is_zeroing(move),
             board.is_irreversible(move), board.piece_type_at(move.from_square)]
    print(ply, *facts)
    board.push(move)
print(board.move_stack[-3:], board.peek(), board.root().fen())
print(board.find_move(board.king(board.turn), list(board.attacks(board.king(board.turn)))[0]) if any(
    m.from_square == board.king(board.turn) for m in board.legal_moves) else None)
