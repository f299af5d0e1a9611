# Saving a played game: Game.from_board after moves (from the start and from a set-up
# position), header editing, and writing it out, as engines-vs-human scripts do.
import datetime
import io

import chess
import chess.pgn

board = chess.Board()
for san in "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#".split():
    board.push_san(san)
game = chess.pgn.Game.from_board(board)
game.headers["Event"] = "Scholar"
game.headers["Date"] = datetime.date(2024, 5, 17).strftime("%Y.%m.%d")
game.headers["White"] = "Bot"
game.headers["ECO"] = "C20"
print(game)
print(game.headers["Result"], game.end().board().is_checkmate(), game.headers.get("FEN"))

start = chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
start.push_san("e4")
start.push_san("Kd7")
start.push_san("e5")
game = chess.pgn.Game.from_board(start)
print(game)
print(dict(game.headers), game.board().fen(), game.headers.is_chess960() if hasattr(game.headers, "is_chess960") else None)

game = chess.pgn.Game()
game.setup(chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"))
game.add_line([chess.Move.from_uci(u) for u in ["e1g1", "e8c8", "f1f8"]])
game.headers["Result"] = "1-0"
print(game)
print(game.accept(chess.pgn.StringExporter(headers=False)))

headers = chess.pgn.Headers(Event="X", White="W", Black="B")
headers["Custom"] = "v"
headers["Round"] = "3"
del headers["Site"]
print(headers, list(headers), len(headers), "Custom" in headers, headers.get("Missing", "-"))
print(repr(chess.pgn.Game.without_tag_roster().headers), chess.pgn.Game().headers == chess.pgn.Headers())
g960 = chess.pgn.Game.from_board(chess.Board.from_chess960_pos(123))
print(g960.headers.get("Variant"), g960.headers.get("FEN"), g960.board().chess960, g960.headers.is_chess960())
out = io.StringIO()
exporter = chess.pgn.FileExporter(out)
g960.accept(exporter)
print(repr(out.getvalue()))
print(chess.pgn.read_game(io.StringIO(str(game))).end().board().fen())
