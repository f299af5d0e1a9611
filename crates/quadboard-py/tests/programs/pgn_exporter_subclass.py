# Cleaning a PGN collection for publication: exporter subclasses that drop clock and
# eval commands from comments, rename players, write SAN without NAGs, and a visitor
# that writes to several files; games copied and pickled before they are cleaned.
import copy
import io
import os
import pickle
import re
import tempfile

import chess
import chess.pgn

PGN = """[Event "Online Blitz"]
[Site "https://example.org/g1"]
[White "player_one"]
[Black "player_two"]
[Result "0-1"]
[WhiteElo "1800"]
[BlackElo "1850"]

1. d4 { [%clk 0:05:00] } 1... Nf6 { [%clk 0:05:00] } 2. c4 { [%eval 0.3] [%clk 0:04:58] }
2... g6 { Grünfeld-ish [%clk 0:04:55] } 3. Nc3 $1 d5 $5 ( 3... Bg7 { [%clk 0:04:50] } 4. e4 )
4. Bg5 { [%clk 0:04:40] } 4... Ne4 5. Nxe4 dxe4 6. Qd2 c5 7. d5 Bg7 8. O-O-O Qa5 9. Qxa5 e3+ 0-1

[Event "Online Blitz"]
[Site "https://example.org/g2"]
[White "player_two"]
[Black "player_one"]
[Result "1/2-1/2"]

1. e4 { [%clk 0:05:00] Opening } c6 2. d4 d5 3. e5 Bf5 { [%clk 0:04:59] [%cal Gc8f5] } 4. Nf3 e6 1/2-1/2
"""

COMMAND = re.compile(r"\s*\[%[^\]]*\]")


class CleanExporter(chess.pgn.StringExporter):
    def visit_comment(self, comment):
        cleaned = COMMAND.sub("", comment).strip()
        if cleaned:
            super().visit_comment(cleaned)

    def visit_nag(self, nag):
        pass

    def visit_header(self, tagname, tagvalue):
        if tagname in ("White", "Black"):
            tagvalue = tagvalue.replace("player_", "Player ").title()
        if tagname == "Site":
            return
        super().visit_header(tagname, tagvalue)


class CountingFileExporter(chess.pgn.FileExporter):
    def __init__(self, handle):
        super().__init__(handle, columns=60)
        self.moves = 0

    def visit_move(self, board, move):
        self.moves += 1
        super().visit_move(board, move)


games = []
stream = io.StringIO(PGN)
while (game := chess.pgn.read_game(stream)) is not None:
    games.append(game)

backup = copy.deepcopy(games[0])
pickled = pickle.loads(pickle.dumps(games[1]))
for game in games:
    print(game.accept(CleanExporter(headers=True, variations=True, comments=True)))
    print()
    for node in game.mainline():
        node.comment = COMMAND.sub("", node.comment).strip()
        node.nags.clear()
print(str(games[0]) != str(backup), len(list(backup.mainline())), backup.variations[0].comment)
print(pickled.headers["White"], [n.san() for n in pickled.mainline()], pickled.end().board().fen())
print(copy.copy(games[1].headers) == games[1].headers)

folder = tempfile.mkdtemp()
path = os.path.join(folder, "clean.pgn")
with open(path, "w", encoding="utf-8") as handle:
    exporter = CountingFileExporter(handle)
    written = [game.accept(exporter) for game in games]
print(written, exporter.moves, os.path.getsize(path))
with open(path, encoding="utf-8") as handle:
    text = handle.read()
print(text)
reread = chess.pgn.read_game(io.StringIO(text))
print(reread.headers["Black"], reread.variations[0].comment, len(reread.errors))
print(repr(games[1].accept(chess.pgn.StringExporter(columns=None, headers=False))))
