# Validating positions typed in by users: boards edited square by square, status() flags
# by name, is_valid(), kings, checks, and the side not to move in check.
import chess

SETUPS = [
    {},
    {chess.E1: "K"},
    {chess.E1: "K", chess.E8: "k", chess.D1: "K"},
    {chess.E1: "K", chess.E8: "k", chess.A8: "P"},
    {chess.E1: "K", chess.E8: "k", chess.E2: "q"},
    {chess.E1: "K", chess.E8: "k", chess.E7: "Q", chess.B5: "B"},
    {chess.E1: "K", chess.E8: "k", chess.A1: "R", chess.H1: "R"},
    {chess.G1: "K", chess.E8: "k", chess.A1: "R", chess.H1: "R"},
]
for setup in SETUPS:
    board = chess.Board.empty()
    for square, symbol in setup.items():
        board.set_piece_at(square, chess.Piece.from_symbol(symbol))
    if chess.A1 in setup:
        board.castling_rights = chess.BB_A1 | chess.BB_H1
    for turn in chess.COLORS:
        board.turn = turn
        status = board.status()
        names = [flag.name for flag in chess.Status if flag and status & flag]
        print(board.fen(), int(status), names, board.is_valid())
        print("  kings", board.king(chess.WHITE), board.king(chess.BLACK),
              "check", board.is_check(), list(board.checkers()), "into", board.was_into_check(),
              "clean", board.clean_castling_rights(), "moves", board.legal_moves.count())
print(chess.STATUS_VALID == 0, chess.STATUS_NO_WHITE_KING | chess.STATUS_NO_BLACK_KING)
