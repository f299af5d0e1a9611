# Game records built by a match runner: games from set-up positions (FEN strings and
# boards), header maps edited like dicts (update, setdefault, pop, items), lines added
# with comments and NAGs, results from the final board, and time controls read back.
import chess
import chess.pgn

runs = [
    ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e4 Kd7 e5 Ke6 Kf2 Kxe5"),
    ("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3", "Qxf7#"),
    ("8/8/8/8/8/5k2/6q1/7K b - - 0 60", "Qg3"),
    (chess.STARTING_FEN, "f3 e5 g4 Qh4#"),
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30", "Rd8#"),
    ("7k/8/8/8/8/8/8/K7 w - - 99 80", "Kb1"),
]

for number, (fen, sans) in enumerate(runs, 1):
    game = chess.pgn.Game()
    game.setup(fen)
    game.headers.update({"Event": "Match", "Round": str(number), "White": "engine A", "Black": "engine B"})
    game.headers.setdefault("Site", "lab")
    game.headers.setdefault("TimeControl", "40/7200:3600" if number % 2 else "300+2")
    board = game.board()
    moves = []
    for san in sans.split():
        moves.append(board.push_san(san))
    last = game.add_line(moves, comment="engine line", starting_comment="from book" if number == 4 else "",
                         nags=[chess.pgn.NAG_GOOD_MOVE] if number == 2 else [])
    outcome = board.outcome(claim_draw=True)
    game.headers["Result"] = board.result(claim_draw=True)
    if outcome is not None:
        game.headers["Termination"] = outcome.termination.name.lower()
    print(number, list(game.headers.items())[-4:], last.ply(), last.board().fen() == board.fen())
    print(game)
    print(game.headers.pop("Termination", None), "Termination" in game.headers, game.headers.get("SetUp"), game.headers.get("FEN"))
    tc = game.time_control()
    print("  time control", tc.type.name, [(p.moves, p.time, p.increment, p.delay) for p in tc.parts])
    print()

from_board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
for uci in ["e1g1", "e8c8", "f1f8", "d8f8"]:
    from_board.push_uci(uci)
game = chess.pgn.Game.from_board(from_board)
print(game, game.headers["FEN"], game.headers["SetUp"], len(game.headers))
game.headers["Result"] = "1/2-1/2"
game.headers["Event"] = "Castling drill"
copy = game.headers.copy()
copy["Event"] = "changed"
print(game.headers["Event"], copy["Event"], game.headers == copy, list(copy)[:8])
print(repr(chess.pgn.Headers(Event="E", Site="S")))
print(str(chess.pgn.Game.without_tag_roster()), repr(str(chess.pgn.Game.without_tag_roster())))
empty_setup = chess.pgn.Game()
empty_setup.setup(chess.Board())
print(dict(empty_setup.headers))
cleared = chess.pgn.Game()
cleared.setup(chess.Board("8/8/8/8/8/8/8/K1k5 w - - 0 1"))
cleared.setup(chess.Board())
print(dict(cleared.headers), cleared.board().fen())
