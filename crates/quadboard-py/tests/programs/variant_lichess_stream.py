# A lichess bot's game loop: the variant from the game's key, the board from its initial
# FEN, the moves as the stream sends them (UCI, drops as P@e4), then the state a bot
# reports: whose turn, check, the legal replies, the game's end.
import chess
import chess.variant

GAMES = [
    ("crazyhouse", "startpos", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@b4 a5b4 a2a3 b4b6 N@d5 P@e4"),
    ("kingOfTheHill", "startpos", "e2e4 e7e5 e1e2 e8e7 e2e3 e7e6 e3d3 d7d5 d3d4"),
    ("threeCheck", "startpos", "e2e4 e7e5 f1c4 d7d6 c4f7 e8f7 d1h5 g7g6 h5f3 f7e8 f3f7"),
    ("racingKings", "startpos", "h2h3 a2a3 h3g4 a3b4 g4f5 b4c5 f5e6 c5d6 e6d7 d6c7 d7c8"),
    ("antichess", "startpos", "e2e3 b7b5 f1b5 c7c6 b5c6 d7c6 d1h5 d8d2 e1d2 g7g6 h5f7"),
    ("crazyhouse", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/Pp w KQkq - 0 3", "f1c4 P@f2"),
]
KEYS = {"kingOfTheHill": "King of the Hill", "threeCheck": "Three-check", "racingKings": "Racing Kings"}

for key, initial, moves in GAMES:
    cls = chess.variant.find_variant(KEYS.get(key, key))
    if initial == "startpos":
        board = cls()
    else:
        # lichess writes crazyhouse pockets after a slash; python-chess reads brackets.
        placement, rest = initial.split(" ", 1)
        rows = placement.split("/")
        board = cls(f"{'/'.join(rows[:8])}[{''.join(rows[8:])}] {rest}")
    for uci in moves.split():
        try:
            move = board.push_uci(uci)
        except ValueError as error:
            print("rejected", uci, type(error).__name__)
            break
        print(key, uci, move.drop, move.promotion, board.is_check(), board.is_game_over())
    print(cls.__name__, board.fen(), "white" if board.turn else "black")
    print(" ", sorted(m.uci() for m in board.legal_moves)[:12], board.legal_moves.count())
    outcome = board.outcome()
    print(" ", board.result(), outcome.termination.name if outcome else "*",
          board.is_variant_win(), board.is_variant_loss(), board.is_variant_draw())
    if isinstance(board, chess.variant.CrazyhouseBoard):
        print("  pockets", str(board.pockets[chess.WHITE]), str(board.pockets[chess.BLACK]),
              len(board.pockets[chess.WHITE]), board.pockets[chess.BLACK].count(chess.PAWN))
    if isinstance(board, chess.variant.ThreeCheckBoard):
        print("  checks", board.remaining_checks[chess.WHITE], board.remaining_checks[chess.BLACK])
