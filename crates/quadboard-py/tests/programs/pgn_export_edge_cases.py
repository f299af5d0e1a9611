# Writing PGN that other tools must read back: tag values with quotes and backslashes,
# comments with braces and line breaks, empty comments, comments before the first move
# and at the start of side lines, NAGs of all kinds, null moves, long lines at several
# column widths, and games that end in a side line.
import io

import chess
import chess.pgn

game = chess.pgn.Game()
game.headers["Event"] = 'The "Big" Open'
game.headers["Site"] = "C:\\chess\\club"
game.headers["White"] = "Müller, Jürgen"
game.headers["Black"] = "O'Neil"
game.headers["Annotator"] = ""
game.headers["Opening"] = "Queen's Gambit {Declined}"
game.comment = "Game comment with {braces} and\na line break"
node = game.add_variation(chess.Move.from_uci("d2d4"), comment="", nags=[chess.pgn.NAG_GOOD_MOVE, chess.pgn.NAG_NOVELTY])
node = node.add_variation(chess.Move.from_uci("d7d5"), starting_comment="starting text", comment="}")
side = node.parent.add_variation(chess.Move.from_uci("g8f6"), starting_comment="Indian", comment="  spaced  ")
side.add_variation(chess.Move.null(), comment="a null move")
node = node.add_variation(chess.Move.from_uci("c2c4"), nags=[255, 18, 3])
for uci in ["e7e6", "b1c3", "g8f6", "c1g5", "f8e7", "e2e3", "e8g8", "g1f3", "h7h6", "g5h4", "b7b6", "c4d5"]:
    node = node.add_main_variation(chess.Move.from_uci(uci))
node.comment = "x" * 90
alt = node.parent.add_variation(chess.Move.from_uci("h4f6"), comment="the other capture")
alt.add_variation(chess.Move.from_uci("e7f6"))

for columns in (None, 20, 40, 80, 255):
    text = game.accept(chess.pgn.StringExporter(columns=columns))
    print(columns, len(text), max(len(line) for line in text.splitlines()))
    print(text)
print(game.accept(chess.pgn.StringExporter(comments=False, headers=False)))
print(game.accept(chess.pgn.StringExporter(variations=False, headers=False, columns=None)))

back = chess.pgn.read_game(io.StringIO(str(game)))
print(dict(back.headers))
print(repr(back.comment), [repr(n.comment) for n in back.mainline()][:3], [sorted(n.nags) for n in back.mainline()][:3])
print([v.starting_comment for v in back.variations[0].variations], back.errors)
print(str(back) == str(game))
buffer = io.StringIO()
print(game, file=buffer, end="\n\n")
print(game.accept(chess.pgn.FileExporter(buffer, columns=30, comments=False)))
print(len(buffer.getvalue()), buffer.getvalue().count("\n"))
