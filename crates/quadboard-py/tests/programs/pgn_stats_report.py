# A PGN statistics script of the common kind: read several games from text, collect Elo
# and result statistics from headers, walk the mainline nodes with comments and clocks,
# find the first capture and check, and export games without comments or tags.
import io

import chess
import chess.pgn

PGN = """[Event "Club"]
[Site "Here"]
[Date "2024.01.05"]
[Round "1"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "1850"]
[BlackElo "1720"]
[ECO "C50"]

1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} 2. Nf3 Nc6 3. Bc4 Nd4?! 4. Nxe5 Qg5 5. Nxf7 Qxg2
6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1

[Event "Club"]
[White "Cid"]
[Black "Dee"]
[Result "1/2-1/2"]
[WhiteElo "?"]

1. d4 d5 2. c4 e6 (2... c6 3. Nc3) 3. Nc3 Nf6 4. Bg5 Be7 $1 5. e3 O-O 1/2-1/2

[Event "Blitz"]
[White "Eve"]
[Black "Fay"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 Kd7 2. e5 Ke6 3. Kf2 Kxe5 *
"""

handle = io.StringIO(PGN)
games = []
while True:
    game = chess.pgn.read_game(handle)
    if game is None:
        break
    games.append(game)
print(len(games), [g.headers["Result"] for g in games], [g.headers.get("ECO", "-") for g in games])
for game in games:
    h = game.headers
    elos = []
    for key in ("WhiteElo", "BlackElo"):
        try:
            elos.append(int(h.get(key, "")))
        except ValueError:
            elos.append(None)
    board = game.board()
    first_capture = first_check = None
    plies = 0
    clocks = []
    for node in game.mainline():
        san = node.san()
        if first_capture is None and board.is_capture(node.move):
            first_capture = (plies + 1, san)
        board.push(node.move)
        plies += 1
        if first_check is None and board.is_check():
            first_check = (plies, san)
        if node.clock() is not None:
            clocks.append(node.clock())
    print(h["White"], "-", h["Black"], elos, plies, first_capture, first_check, clocks, board.fen())
    print("  ", board.outcome(), game.end().board().fen() == board.fen(), len(game.variations),
          [m.uci() for m in game.mainline_moves()][:3], game.errors)
    exporter = chess.pgn.StringExporter(headers=False, variations=False, comments=False)
    print("  ", game.accept(exporter))
    print("  ", list(h.keys())[:8], "FEN" in h, h.get("SetUp"))
second = games[1]
node = second.next().next().next()
print(node.move, node.san(), [v.move.uci() for v in node.parent.variations], node.is_mainline(), node.nags)
alt = second.next().next().next().variations[1]
print(alt.san(), alt.starting_comment, alt.is_main_variation(), [n.san() for n in alt.mainline()], alt.board().fen())
print(str(second).splitlines()[-1])
game = chess.pgn.Game.from_board(games[0].end().board())
game.headers["Event"] = "Replay"
print(game.headers["Event"], str(game).count("."), game.headers["Result"])
