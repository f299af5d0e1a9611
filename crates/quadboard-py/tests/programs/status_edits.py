# Validating hand-made positions, as board editors and puzzle importers do: status flags
# after each edit, is_valid, and what the FEN says.
import chess

board = chess.Board()
print(board.status(), board.is_valid())
edits = [
    ("remove white king", lambda b: b.remove_piece_at(chess.E1)),
    ("add it back on d4", lambda b: b.set_piece_at(chess.D4, chess.Piece(chess.KING, chess.WHITE))),
    ("pawn on h8", lambda b: b.set_piece_at(chess.H8, chess.Piece.from_symbol("P"))),
    ("clear h8", lambda b: b.remove_piece_at(chess.H8)),
    ("second black king", lambda b: b.set_piece_at(chess.A5, chess.Piece.from_symbol("k"))),
    ("remove it", lambda b: b.remove_piece_at(chess.A5)),
    ("black to move, white king attacked", lambda b: (b.set_piece_at(chess.D5, chess.Piece.from_symbol("q")), setattr(b, "turn", chess.BLACK))),
    ("white to move", lambda b: setattr(b, "turn", chess.WHITE)),
    ("ninth pawn", lambda b: b.set_piece_at(chess.E4, chess.Piece.from_symbol("P"))),
    ("en passant e6", lambda b: setattr(b, "ep_square", chess.E6)),
    ("castling rights only", lambda b: b.set_castling_fen("KQkq")),
    ("clear board", lambda b: b.clear_board()),
    ("two kings", lambda b: b.set_piece_map({chess.E1: chess.Piece.from_symbol("K"), chess.E8: chess.Piece.from_symbol("k")})),
    ("adjacent kings", lambda b: b.set_piece_at(chess.E2, chess.Piece.from_symbol("k")) or b.remove_piece_at(chess.E8)),
]
for name, edit in edits:
    edit(board)
    status = board.status()
    flags = [flag for flag in ["STATUS_NO_WHITE_KING", "STATUS_NO_BLACK_KING", "STATUS_TOO_MANY_KINGS",
                               "STATUS_TOO_MANY_WHITE_PAWNS", "STATUS_PAWNS_ON_BACKRANK",
                               "STATUS_OPPOSITE_CHECK", "STATUS_BAD_CASTLING_RIGHTS",
                               "STATUS_INVALID_EP_SQUARE", "STATUS_TOO_MANY_CHECKERS",
                               "STATUS_IMPOSSIBLE_CHECK", "STATUS_EMPTY", "STATUS_TOO_MANY_WHITE_PIECES",
                               "STATUS_RACE_CHECK", "STATUS_RACE_OVER", "STATUS_RACE_MATERIAL"]
             if status & getattr(chess, flag)]
    print(f"{name:38} {int(status):6} {board.is_valid()!s:5} {flags}")
    print(f"{'':38} {board.fen()} {board.castling_rights:x} {board.ep_square}")
    print(f"{'':38} check={board.is_check()} moves={board.legal_moves.count()} {repr(status)}")

board = chess.Board.empty()
print(board.status(), chess.STATUS_EMPTY, bool(board.status() & chess.STATUS_EMPTY))
board = chess.Board("4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
print(board.status(), board.clean_castling_rights(), board.fen(), board.has_castling_rights(chess.BLACK))
board = chess.Board("3k4/8/8/8/8/8/8/R3K1R1 w KQ - 0 1")
print(board.status(), chess.SquareSet(board.clean_castling_rights()), board.castling_xfen(), board.has_kingside_castling_rights(chess.WHITE))
print(board.has_chess960_castling_rights(), board.castling_shredder_fen())
