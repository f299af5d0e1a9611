# Neural-network input encodings built from raw bitboards: occupied_co unpacked, the piece
# type masks as ints, binary strings of them, castling_rights bits, ep_square, counters.
import chess


def bits(x):
    return "{:064b}".format(x)


board = chess.Board()
for san in ["d4", "Nf6", "c4", "e6", "Nc3", "Bb4", "e3", "O-O", "Bd3", "d5", "cxd5", "exd5"]:
    board.push_san(san)
black, white = board.occupied_co
planes = [board.kings, board.pawns, board.knights, board.queens | board.rooks, board.queens | board.bishops,
          white, black, board.occupied, board.promoted]
for p in planes:
    print(bits(p)[:32], bits(p)[32:], type(p).__name__, p.bit_length())
print([bin(board.pieces_mask(pt, c)).count("1") for c in chess.COLORS for pt in chess.PIECE_TYPES])
print(board.castling_rights, bits(board.castling_rights).count("1"), bool(board.castling_rights & chess.BB_H1),
      bool(board.castling_rights & chess.BB_A8), board.castling_rights & chess.BB_CORNERS == board.castling_rights)
print(board.ep_square, board.turn, int(board.turn), board.halfmove_clock / 100, board.fullmove_number)
rows = []
for sq in chess.SQUARES_180:
    piece = board.piece_at(sq)
    rows.append(0 if piece is None else (piece.piece_type if piece.color else -piece.piece_type))
print([rows[i:i + 8] for i in range(0, 64, 8)])
flat = [int(b) for b in board.pieces(chess.PAWN, chess.WHITE).tolist()]
print(flat, sum(flat))
print([[chess.square_rank(sq), chess.square_file(sq)] for sq in board.pieces(chess.KNIGHT, chess.BLACK)])
print(board.attacks_mask(chess.D3), board.attackers_mask(chess.BLACK, chess.E4), chess.popcount(board.occupied),
      chess.lsb(board.kings), chess.msb(board.kings), list(chess.scan_reversed(board.queens)))
print(chess.flip_vertical(board.occupied) == chess.SquareSet(board.occupied).mirror(), chess.shift_up(board.pawns & white) & ~board.occupied)
print(board.occupied_co[chess.WHITE] == white, type(board.occupied_co).__name__, len(board.occupied_co))
