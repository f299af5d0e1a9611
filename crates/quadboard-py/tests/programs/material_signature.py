# Endgame bookkeeping as tablebase tools do it: material signatures ("KRPvKR"), piece
# counts, insufficient material per side, and the draw rules on edited positions.
import chess

ORDER = [chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN]


def signature(board):
    parts = []
    for color in (chess.WHITE, chess.BLACK):
        parts.append("".join(chess.piece_symbol(pt).upper() * len(board.pieces(pt, color)) for pt in ORDER))
    return "v".join(parts)


def build(pieces, turn=chess.WHITE):
    board = chess.Board(None)
    for square_name, symbol in pieces.items():
        board.set_piece_at(chess.parse_square(square_name), chess.Piece.from_symbol(symbol))
    board.turn = turn
    return board


SETUPS = [
    {"e1": "K", "e8": "k"},
    {"e1": "K", "e8": "k", "c3": "B"},
    {"e1": "K", "e8": "k", "c3": "B", "f6": "b"},
    {"e1": "K", "e8": "k", "c3": "B", "f5": "b"},
    {"e1": "K", "e8": "k", "b1": "N", "g8": "n"},
    {"e1": "K", "e8": "k", "a2": "P"},
    {"g1": "K", "g8": "k", "a1": "R", "a7": "p", "h8": "r"},
    {"a1": "K", "c2": "k", "c3": "q"},
    {"a1": "K", "a3": "k", "b3": "Q"},
    {"h1": "K", "h3": "k", "g3": "r"},
]

for pieces in SETUPS:
    for turn in chess.COLORS:
        board = build(pieces, turn)
        flags = board.status()
        print(signature(board), "white" if turn else "black", board.fen(),
              "valid" if board.is_valid() else f"invalid {int(flags)}")
        print("  insufficient:", board.is_insufficient_material(),
              [board.has_insufficient_material(c) for c in chess.COLORS],
              "mate" if board.is_checkmate() else "", "stalemate" if board.is_stalemate() else "",
              "check" if board.is_check() else "", board.legal_moves.count(), board.outcome())
    board.halfmove_clock = 100
    print("  fifty:", board.is_fifty_moves(), board.can_claim_fifty_moves(), board.can_claim_draw(),
          board.is_seventyfive_moves(), board.result(claim_draw=True))
