# A puzzle checker: each puzzle is a FEN and the solution in UCI (as the Lichess puzzle
# CSV has it); the first move is the opponent's. The checker replays the line, accepts
# any mate at the end, and prints the solution in SAN.
import chess

PUZZLES = [
    ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7"),
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1", "g8f8 d1d8"),
    ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 0", "d5f6 g7f6 c4f7"),
    ("5rk1/pp4pp/4p3/2R3Q1/3n4/2q4r/P1P2PPP/5RK1 b - - 1 0", "c3g3 f2g3 h3h1"),
    ("4k3/8/4K3/8/8/8/8/7R w - - 0 1", "h1h8"),
    ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"),
]


def check(fen, solution):
    board = chess.Board(fen)
    start = board.copy()
    moves = solution.split()
    for i, uci in enumerate(moves):
        try:
            move = board.push_uci(uci)
        except ValueError as err:
            return f"bad move {uci} at {i}: {type(err).__name__}"
    verdict = "mate" if board.is_checkmate() else ("check" if board.is_check() else "quiet")
    line = start.variation_san([chess.Move.from_uci(u) for u in moves])
    return f"{verdict}: {line}"


for fen, solution in PUZZLES:
    print(check(fen, solution))
    # Players type moves in many ways: SAN, UCI, with or without suffixes.
    board = chess.Board(fen)
    first = chess.Move.from_uci(solution.split()[0])
    san = board.san(first)
    for typed in [san, san.rstrip("+#"), first.uci(), board.lan(first)]:
        try:
            print("  ", repr(typed), "->", board.parse_san(typed).uci())
        except ValueError as err:
            print("  ", repr(typed), "->", type(err).__name__)
