# Text heat maps of control (how many pieces of each side attack each square) and an
# endgame material counter that names the ending, as position-analysis scripts print them.
import chess
import chess.polyglot

FENS = [
    chess.STARTING_FEN,
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
    "8/5pk1/6p1/8/8/6P1/5PK1/3R4 w - - 0 40",
    "8/8/4k3/8/2B5/8/3NK3/8 b - - 3 70",
    "6k1/8/8/8/8/8/1Q6/K7 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2B w - - 0 1",
]
NAMES = {chess.PAWN: "P", chess.KNIGHT: "N", chess.BISHOP: "B", chess.ROOK: "R", chess.QUEEN: "Q"}


def control(board):
    lines = []
    for rank in range(7, -1, -1):
        cells = []
        for file in range(8):
            square = chess.square(file, rank)
            white = len(board.attackers(chess.WHITE, square))
            black = len(board.attackers(chess.BLACK, square))
            cells.append(f"{white - black:+d}" if white or black else " .")
        lines.append(f"{rank + 1} " + " ".join(cells))
    lines.append("   " + "  ".join(chess.FILE_NAMES))
    return "\n".join(lines)


def signature(board):
    sides = []
    for color in (chess.WHITE, chess.BLACK):
        parts = "K" + "".join(NAMES[pt] * len(board.pieces(pt, color)) for pt in (5, 4, 3, 2, 1))
        sides.append(parts)
    return "v".join(sides)


for fen in FENS:
    board = chess.Board(fen)
    print(board.fen())
    print(control(board))
    counts = {chess.piece_name(pt): chess.popcount(board.pieces_mask(pt, chess.WHITE)) for pt in chess.PIECE_TYPES}
    print(signature(board), counts, chess.popcount(board.occupied), bin(board.occupied_co[chess.BLACK]).count("1"))
    print(board.has_insufficient_material(chess.WHITE), board.has_insufficient_material(chess.BLACK),
          board.is_insufficient_material(), board.is_stalemate(), board.is_checkmate())
    hot = max(chess.SQUARES, key=lambda s: (len(board.attackers(board.turn, s)), -s))
    print("hottest", chess.square_name(hot), board.attackers(board.turn, hot), list(board.attackers(board.turn, hot)))
    king = board.king(board.turn)
    zone = board.attacks(king) if king is not None else chess.SquareSet()
    pressure = sum(len(board.attackers(not board.turn, s)) for s in zone)
    print("king", king, chess.square_name(king) if king is not None else "-", len(zone), pressure,
          board.attacks_mask(king) if king is not None else 0, repr(zone)[:40])
    pinned = [chess.square_name(s) for s in chess.SQUARES if board.is_pinned(board.turn, s)]
    print("pinned", pinned, board.checkers(), bool(board.checkers()), str(board.pin(board.turn, chess.E2)) == str(chess.SquareSet(chess.BB_ALL)))
    print(f"{chess.polyglot.zobrist_hash(board):#018x}", chess.polyglot.zobrist_hash(board) & 0xFFFF,
          hex(chess.polyglot.POLYGLOT_RANDOM_ARRAY[780]))
    for color in chess.COLORS:
        mob = chess.SquareSet()
        for sq in board.pieces(chess.KNIGHT, color) | board.pieces(chess.BISHOP, color):
            mob |= board.attacks(sq)
        print(chess.COLOR_NAMES[color], len(mob), mob.mask & ~board.occupied_co[color] == int(mob - chess.SquareSet(board.occupied_co[color])))
    print(board.unicode(invert_color=True, borders=False, empty_square="·"))
