# A repertoire/study tool: build a game tree from lists of SAN lines (merging shared
# prefixes), annotate it, reorder and prune lines, then export it with different
# exporter options and read it back.
import io

import chess
import chess.pgn

LINES = [
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6",
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3",
    "e4 e5 Nf3 Nf6 Nxe5 d6",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4",
    "e4 c5 c3 Nf6 e5",
    "e4 e6 d4 d5 Nc3 Bb4",
    "d4 d5 c4 e6",
    "d4 Nf6 c4 g6 Nc3 Bg7",
]

game = chess.pgn.Game()
game.headers["Event"] = "Repertoire"
game.headers["Site"] = "local"
game.headers["Annotator"] = "builder"
for line in LINES:
    node = game
    board = game.board()
    for san in line.split():
        move = board.parse_san(san)
        if node.has_variation(move):
            node = node.variation(move)
        else:
            node = node.add_variation(move)
        board.push(move)

print(len(game.variations), [v.san() for v in game.variations])
e4 = game.variation(chess.Move.from_uci("e2e4"))
print([v.san() for v in e4.variations], e4.is_main_variation(), e4.starts_variation())

# Annotate: a comment on the first move, NAGs, a starting comment on a side line.
e4.comment = "Best by test"
sicilian = e4.variation(chess.Move.from_uci("c7c5"))
sicilian.starting_comment = "The Sicilian"
sicilian.nags.add(chess.pgn.NAG_GOOD_MOVE)
sicilian.nags.add(chess.pgn.NAG_WHITE_SLIGHT_ADVANTAGE)
french = e4.variation(chess.Move.from_uci("e7e6"))
french.comment = "Solid"
french.nags = {chess.pgn.NAG_DUBIOUS_MOVE}
print(sorted(sicilian.nags), french.nags, sicilian.is_main_variation(), french.starts_variation())

# Reorder: the Sicilian becomes the main line, the French is demoted twice.
e4.promote_to_main(sicilian.move)
print("promoted", [v.san() for v in e4.variations])
e4.demote(french.move)
e4.demote(french.move)
print("demoted", [v.san() for v in e4.variations])
e4.promote(french.move)
print("promote", [v.san() for v in e4.variations])

# Prune: remove the Petrov and the Alapin.
open_game = e4.variation(chess.Move.from_uci("e7e5")).variation(0)
print(open_game.san(), [v.san() for v in open_game.variations])
open_game.remove_variation(chess.Move.from_uci("g8f6"))
sicilian.remove_variation(sicilian.variation(1).move)
print("after prune", [v.san() for v in open_game.variations], [v.san() for v in sicilian.variations])

# Walk every leaf: depth, the line in SAN, is_end.
def leaves(node):
    if node.is_end():
        yield node
    for child in node.variations:
        yield from leaves(child)

for leaf in leaves(game):
    line = []
    walk = leaf
    while walk.parent is not None:
        line.append(walk.san())
        walk = walk.parent
    print(leaf.ply(), leaf.turn(), " ".join(reversed(line)), leaf.is_mainline(), leaf.board().fen())

print(game)
print()
for options in [dict(), dict(headers=False), dict(variations=False), dict(comments=False),
                dict(headers=False, variations=False, comments=False), dict(columns=40),
                dict(columns=None, headers=False)]:
    exporter = chess.pgn.StringExporter(**options)
    text = game.accept(exporter)
    print(options, len(text), text.count("\n"))
    print(text)

again = chess.pgn.read_game(io.StringIO(str(game)))
print(str(again) == str(game), len(again.errors), again.headers["Annotator"])
print([n.san() for n in again.mainline()], again.end().board().fen())
print(again.variations[0].variations[0].starting_comment, sorted(again.variations[0].variations[0].nags))
