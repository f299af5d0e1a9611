# A mate-in-one puzzle generator: random sparse positions built piece by piece on an empty
# board, kept when status() is valid, then searched for mating moves; prints the puzzles.
import random

import chess

rng = random.Random(2024)
found = 0
tried = 0
rejected = {}
while found < 8 and tried < 3000:
    tried += 1
    board = chess.Board.empty()
    squares = rng.sample(chess.SQUARES, 7)
    board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
    board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
    for sq in squares[2:]:
        piece_type = rng.choice([chess.QUEEN, chess.ROOK, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN])
        color = rng.random() < 0.6
        board.set_piece_at(sq, chess.Piece(piece_type, color))
    board.turn = chess.WHITE
    status = board.status()
    if status != chess.STATUS_VALID:
        for flag in chess.Status:
            if flag and status & flag:
                rejected[flag.name] = rejected.get(flag.name, 0) + 1
        continue
    if board.is_check() or board.is_game_over():
        continue
    mates = []
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            mates.append(move)
        board.pop()
    if len(mates) == 1:
        found += 1
        move = mates[0]
        print(found, board.fen(), board.san(move), board.lan(move), board.gives_check(move), len(list(board.legal_moves)))
print(tried, sorted(rejected.items()))
board = chess.Board.empty()
print(repr(board), board.is_valid(), board.status(), board.king(chess.WHITE), board.is_check(), list(board.legal_moves))
board.set_piece_at(chess.E1, chess.Piece.from_symbol("K"))
board.set_piece_at(chess.E8, chess.Piece.from_symbol("k"))
board.set_piece_at(chess.A7, chess.Piece.from_symbol("P"))
print(board.is_valid(), board.legal_moves.count(), [board.san(m) for m in board.legal_moves if m.promotion])
board.set_piece_at(chess.A8, chess.Piece.from_symbol("P"))
print(board.is_valid(), board.status(), board.piece_at(chess.A8), board.remove_piece_at(chess.A8), board.piece_at(chess.A8))
board.set_piece_at(chess.D2, None)
print(board.board_fen(), board.is_insufficient_material(), board.has_insufficient_material(chess.WHITE))
