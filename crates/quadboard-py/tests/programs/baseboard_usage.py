# BaseBoard (placement only) as diagram and dataset code uses it, and constructors by
# keyword: Board(fen=...), Board(fen=None), Board.empty(chess960=True), BaseBoard(board_fen).
import copy
import pickle

import chess

base = chess.BaseBoard("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R")
print(base)
print(repr(base), base.board_fen(), len(base.piece_map()), base.king(chess.WHITE), base.is_check() if hasattr(base, "is_check") else "-")
print(base.attackers(chess.WHITE, chess.E5), base.is_attacked_by(chess.BLACK, chess.E4), base.pieces(chess.KNIGHT, chess.BLACK))
print(base.piece_at(chess.C6), base.piece_type_at(chess.C6), base.color_at(chess.C6), base.remove_piece_at(chess.C6), base.piece_at(chess.C6))
base.set_piece_at(chess.D4, chess.Piece(chess.QUEEN, chess.BLACK))
print(base.board_fen(), base == chess.BaseBoard(base.board_fen()), base != chess.BaseBoard())
m = base.mirror()
print(type(m).__name__, m.board_fen(), base.transform(chess.flip_horizontal).board_fen())
c = base.copy()
c.clear_board()
print(type(c).__name__, c.board_fen(), base.board_fen() != c.board_fen(), chess.BaseBoard.empty().board_fen())
print(chess.BaseBoard.from_chess960_pos(0).board_fen(), chess.BaseBoard().chess960_pos(), base.chess960_pos())
print(type(copy.deepcopy(base)).__name__, pickle.loads(pickle.dumps(base)) == base)
base.set_piece_map({chess.A1: chess.Piece.from_symbol("K"), chess.H8: chess.Piece.from_symbol("k")})
print(base.board_fen(), base.piece_map(mask=chess.BB_RANK_1), base.pieces_mask(chess.KING, chess.WHITE))
base.set_board_fen("8/8/8/8/8/8/8/8")
print(base.board_fen(), base.occupied, str(base).count("."))
print(base.unicode(empty_square="+"), chess.BaseBoard().unicode(invert_color=True).splitlines()[0])
for kwargs in [dict(fen=None), dict(fen=chess.STARTING_FEN, chess960=True), dict(chess960=False)]:
    b = chess.Board(**kwargs)
    print(b.fen(), b.chess960, repr(b))
e = chess.Board.empty(chess960=True)
print(e.fen(), e.chess960, chess.Board.empty().fen(), chess.Board(None).fen() == e.fen())
print(isinstance(chess.Board(), chess.BaseBoard), isinstance(base, chess.Board), issubclass(chess.Board, chess.BaseBoard))
print(chess.Board().board_fen(promoted=True), chess.Board("8/8/8/8/8/8/8/K1k5 w - - 0 1").board_fen(promoted=False))
