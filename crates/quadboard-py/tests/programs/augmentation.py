# Training-data augmentation: each position and its played move are also stored with the
# colours swapped (board.mirror()), flipped left-right (transform) and rebuilt square by
# square from piece_map(); features are written as text rows.
import chess

FENS = [
    ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "f1b5"),
    ("r3k2r/pp3ppp/8/3pP3/8/8/PP3PPP/R3K2R w KQkq d6 0 15", "e5d6"),
    ("8/P6k/8/8/8/8/6p1/K7 b - - 0 50", "g2g1q"),
    ("rnbq1rk1/ppp2ppp/3p1n2/4p3/1bPP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 6", "c1d2"),
]


def mirror_move(move):
    return chess.Move(chess.square_mirror(move.from_square), chess.square_mirror(move.to_square),
                      move.promotion)


def flip_lr(square):
    return chess.square(7 - chess.square_file(square), chess.square_rank(square))


def rebuild(board, square_map):
    out = chess.Board(None)
    for square, piece in board.piece_map().items():
        out.set_piece_at(square_map(square), piece)
    out.turn = board.turn
    return out


def row(board, move):
    planes = []
    for color in chess.COLORS:
        for piece_type in chess.PIECE_TYPES:
            planes.append(int(board.pieces(piece_type, color)))
    return (f"{board.board_fen()} {'w' if board.turn else 'b'} {move.uci()} "
            f"{sum(bin(p).count('1') for p in planes)} {hex(planes[0])} "
            f"{board.has_kingside_castling_rights(board.turn)} {board.ep_square}")


for fen, uci in FENS:
    board = chess.Board(fen)
    move = chess.Move.from_uci(uci)
    assert move in board.legal_moves
    mirrored = board.mirror()
    mmove = mirror_move(move)
    print(row(board, move))
    print(row(mirrored, mmove), mmove in mirrored.legal_moves, mirrored.san(mmove), board.san(move))
    print(mirrored.fen(), mirrored.mirror() == board, mirrored.turn, mirrored.castling_rights)
    flipped = board.transform(chess.flip_horizontal)
    print(flipped.fen(), flipped.is_valid(), flipped.castling_rights == chess.BB_EMPTY)
    copy = board.copy(stack=False)
    copy.apply_mirror()
    print(copy.fen() == mirrored.fen(), copy == mirrored)
    copy.apply_transform(chess.flip_vertical)
    print(copy.board_fen())
    rebuilt = rebuild(board, flip_lr)
    print(rebuilt.board_fen() == flipped.board_fen(), rebuilt.fen(), rebuilt.status())
    print(chess.Board(fen.split()[0][::-1].swapcase()).fen())
    rot = rebuild(board, lambda s: 63 - s)
    print(rot.board_fen(), rot.is_valid(), rot.piece_map() == board.transform(chess.flip_anti_diagonal).transform(chess.flip_diagonal).piece_map())
    after = board.copy()
    after.push(move)
    mafter = mirrored.copy()
    mafter.push(mmove)
    print(after.mirror().fen() == mafter.fen(), mafter.fen(), after.mirror().fen())
    print(chess.flip_vertical(chess.BB_RANK_2) == chess.BB_RANK_7, hex(chess.flip_diagonal(chess.BB_FILE_A)),
          hex(chess.flip_anti_diagonal(chess.BB_A1)), hex(chess.shift_up(chess.BB_RANK_1)))
    print(mirrored.ep_square, mirrored.halfmove_clock, mirrored.fullmove_number, mirrored.move_stack)
