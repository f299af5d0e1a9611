# Mirroring as reconnaissance-chess bots and data augmentation do it: squares and moves
# flipped by hand, piece colours swapped on the pieces a board returns, board.mirror(),
# transform() with flips, apply_mirror() in place.
import chess


def mirror(sq):
    if sq is None:
        return sq
    return chess.square(7 - chess.square_file(sq), 7 - chess.square_rank(sq))


def flip_move(move):
    return chess.Move(int(mirror(move.from_square)), int(mirror(move.to_square)), move.promotion)


def mirror_sense_result(sense_result):
    out = []
    for sq, piece in sense_result:
        if piece is not None:
            piece.color = not piece.color
        out.append((mirror(sq), piece))
    return out


board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
sense = [(sq, board.piece_at(sq)) for sq in (chess.E1, chess.E4, chess.C6, chess.D5, chess.F3)]
flipped = mirror_sense_result(sense)
print([(chess.square_name(s), p.symbol() if p else None) for s, p in flipped])
print(board.fen())
print(board.piece_at(chess.E1), board.piece_at(chess.F3), board.piece_map()[chess.C6])
print([flip_move(m).uci() for m in list(board.legal_moves)[:8]])
m = board.mirror()
print(m.fen(), m.turn, m.castling_rights == chess.flip_vertical(board.castling_rights))
print(board.transform(chess.flip_horizontal).fen())
print(board.transform(chess.flip_diagonal).board_fen())
print(board.transform(chess.flip_anti_diagonal).board_fen())
b2 = board.copy()
b2.apply_mirror()
print(b2 == m, b2.fen() == m.fen(), board.mirror().mirror() == board)
b3 = board.copy()
b3.apply_transform(chess.flip_vertical)
print(b3.board_fen(), len(b3.move_stack))
print([chess.square_name(chess.square_mirror(s)) for s in chess.SquareSet(chess.BB_CORNERS | chess.BB_CENTER)])
