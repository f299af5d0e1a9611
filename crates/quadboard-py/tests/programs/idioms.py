# Comparison and identity idioms seen in evaluation code: piece != None, `is chess.WHITE`,
# Move/Piece compared with strings and None, Counter of symbols, str(board) scraping,
# ints and bools mixed (turn == 1), piece values keyed by Piece or by symbol.
from collections import Counter

import chess

board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
total = 0
for i in range(64):
    piece = board.piece_at(i)
    if piece != None:  # noqa: E711 (as written in the wild)
        total += piece.piece_type if piece.color == chess.WHITE else -piece.piece_type
print(total, board.piece_at(0) == None, board.piece_at(0) != None, board.piece_at(chess.E1) == None)  # noqa: E711
print(board.turn is chess.WHITE, board.turn == 1, board.turn is True, type(board.turn).__name__)
p = board.piece_at(chess.C6)
print(p.color is chess.BLACK, p.color is False, p.piece_type is chess.KNIGHT, p.piece_type == 2, type(p.color).__name__)
print(board.color_at(chess.E4) is True, board.color_at(chess.E5) is False, board.color_at(chess.E3) is None)
m = chess.Move.from_uci("e1g1")
print(m == "e1g1", m != "e1g1", m == None, m.promotion is None, str(m) == "e1g1", m.drop is None)  # noqa: E711
print(chess.Piece.from_symbol("P") == "P", chess.Piece.from_symbol("P") != None, chess.Piece(1, True) == chess.Piece(1, 1))  # noqa: E711
counts = Counter(p.symbol() for p in board.piece_map().values())
print(sorted(counts.items()))
values = {chess.Piece.from_symbol(s): v for s, v in zip("PNBRQpnbrq", [1, 3, 3, 5, 9, -1, -3, -3, -5, -9])}
print(sum(values.get(p, 0) for p in board.piece_map().values()))
flat = str(board).replace(" ", "").replace("\n", "")
print(flat, len(flat), flat.count("."), flat[::8])
rows = str(board).split("\n")
print(len(rows), rows[0], rows[-1].split())
board.push_san("O-O")
outcome = chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").outcome()
print(outcome.winner is chess.WHITE, outcome.winner == True, outcome.termination == chess.Termination.CHECKMATE)  # noqa: E712
print(board.peek() == m, board.peek() is m, board.turn is chess.BLACK, board.castling_rights & chess.BB_H1 == 0)
print(chess.WHITE, chess.BLACK, chess.COLOR_NAMES[True], chess.PIECE_NAMES, chess.PIECE_SYMBOLS, chess.UNICODE_PIECE_SYMBOLS["q"])
print(chess.piece_name(chess.QUEEN), chess.piece_symbol(chess.ROOK), chess.Piece.from_symbol("q").symbol().upper())
print(chess.PIECE_TYPES, chess.COLORS, chess.SQUARE_NAMES[:3], chess.SQUARES[-1], chess.SQUARES_180[:3], chess.FILE_NAMES[4])
print([type(x).__name__ for x in (chess.E4, chess.BB_E4, chess.WHITE, chess.PAWN, chess.STARTING_FEN)])
print(int(chess.SquareSet(chess.BB_E4)), chess.SquareSet(chess.BB_E4) == chess.BB_E4, chess.BB_E4 in [chess.SquareSet(chess.BB_E4)])
