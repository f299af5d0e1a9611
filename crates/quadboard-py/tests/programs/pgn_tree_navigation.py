# A game viewer's navigation: step forward with next(), back with parent, into side lines
# with variation(i) and node[move], test membership, print the move list around the
# cursor, and export sub-trees (accept_subgame, mainline().accept, str of sub-mainlines).
import io

import chess
import chess.pgn

PGN = """[Event "Viewer"]
[White "W"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 ( 2... d6 3. d4 exd4 ( 3... Nd7 4. Bc4 ) 4. Nxd4 ) 3. Bb5 a6
( 3... Nf6 4. O-O Nxe4 ( 4... Bc5 ) 5. d4 ) 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6
8. c3 O-O 9. h3 $14 { Main line } 1-0
"""

game = chess.pgn.read_game(io.StringIO(PGN))
cursor = game
path = []
while cursor.next() is not None:
    cursor = cursor.next()
    path.append(cursor.san())
    if len(path) == 4:
        break
print(path, cursor.move, cursor.ply(), cursor.board().fen())
print([v.san() for v in cursor.parent.variations], cursor.parent.san(), cursor.is_main_variation())
side = cursor.parent.variation(1)
print(side.san(), side.starts_variation(), side.is_mainline(), [n.san() for n in side.mainline()])
deep = side.variation(0)
print(deep.san(), [v.san() for v in deep.variations], deep[chess.Move.from_uci("b8d7")].san())
print(chess.Move.from_uci("e5d4") in deep, chess.Move.from_uci("a7a6") in deep, deep.has_variation(chess.Move.from_uci("b8d7")))
print(deep.variation(chess.Move.from_uci("e5d4")).next().san(), deep.end().san(), deep.end().board().fen())

# Back to the root and count the nodes in each line.
walk = deep
steps = 0
while walk.parent is not None:
    walk = walk.parent
    steps += 1
print(steps, walk is game, deep.root() is game, deep.game() is game)

# The move list with the cursor marked, SAN per ply.
board = game.board()
row = []
for node in game.mainline():
    label = board.san(node.move)
    if node is cursor:
        label = f"[{label}]"
    row.append((f"{board.fullmove_number}." if board.turn else "") + label)
    board.push(node.move)
print(" ".join(row))

# Sub-trees as text.
print(cursor.accept_subgame(chess.pgn.StringExporter(headers=False)))
print(side.accept(chess.pgn.StringExporter(headers=False)))
print(side.mainline().accept(chess.pgn.StringExporter(headers=False)))
print(str(side.mainline()), "|", str(side.mainline_moves()))
print(str(cursor.mainline()))
print([n.ply() for n in reversed(side.mainline())], bool(side.end().mainline()), bool(side.mainline()))
print(game.mainline_moves().accept(chess.pgn.StringExporter(columns=None, headers=False)))
ucis = [m.uci() for m in game.mainline_moves()]
print(len(ucis), ucis[:5], ucis[-3:])
print([len(n.variations) for n in game.mainline()], game.end().nags, game.end().comment)

# Removing and re-adding a side line keeps the rest.
after = cursor.parent
removed = after.variations[1]
after.remove_variation(removed)
print([v.san() for v in after.variations], removed.parent is after)
again = after.add_variation(removed.move)
print([v.san() for v in after.variations], again.is_end(), again.starts_variation(), again.ply())
print(game.accept(chess.pgn.StringExporter(headers=False, columns=None)))
