# A repertoire editor: build a game tree by hand, add side lines, reorder and prune them,
# annotate nodes and export the result the way study tools do.
import chess
import chess.pgn

game = chess.pgn.Game()
game.headers["Event"] = "Repertoire"
game.headers["White"] = "Me"
game.headers["Annotator"] = "Tool"
node = game.add_main_variation(chess.Move.from_uci("e2e4"))
node.comment = "King's pawn"
reply = node.add_variation(chess.Move.from_uci("c7c5"))
alt = node.add_variation(chess.Move.from_uci("e7e5"), comment="Classical", nags={chess.pgn.NAG_GOOD_MOVE})
french = node.add_variation(chess.Move.from_uci("e7e6"), starting_comment="Solid")
print([str(v.move) for v in node.variations])
node.promote_to_main(alt.move)
print("after promote_to_main", [v.san() for v in node.variations])
node.promote(french.move)
print("after promote", [v.san() for v in node.variations])
node.demote(alt.move)
print("after demote", [v.san() for v in node.variations])
line = alt
for uci in ["g1f3", "b8c6", "f1b5", "a7a6"]:
    line = line.add_main_variation(chess.Move.from_uci(uci))
line.nags.add(chess.pgn.NAG_DUBIOUS_MOVE)
line.set_arrows([(chess.B5, chess.C6)])
line.set_clock(61.5)

print(line.ply(), line.san(), line.uci(), line.is_mainline(), line.is_main_variation(), line.starts_variation())
print(alt.is_mainline(), alt.is_main_variation(), alt.starts_variation(), alt.is_end(), reply.is_end())
print("end", line.end().board().fen(), game.end().move)
print(game)
print()
node.remove_variation(chess.Move.from_uci("c7c5"))
print("after remove", [v.san() for v in node.variations], node.has_variation(chess.Move.from_uci("c7c5")))
print(node.variation(0).san(), node.variation(chess.Move.from_uci("e7e6")).san())
print(game.accept(chess.pgn.StringExporter(headers=False, variations=True, comments=True)))
print(game.accept(chess.pgn.StringExporter(headers=False, variations=False, comments=False)))
print(game.accept(chess.pgn.StringExporter(columns=30)))
print(str(line), repr(line.parent.move), line.parent.parent.san())
print([n.san() for n in game.mainline()], str(game.mainline_moves()))
print(game.board().variation_san(game.mainline_moves()))
print(len(list(game.mainline())), game.next().san(), game.root() is game, line.game() is game)
french.comment = "Also fine"
french.starting_comment = "Or"
print(french.accept(chess.pgn.StringExporter()))
print(node.accept_subgame(chess.pgn.StringExporter(headers=True)))
