# A PGN annotator: read a game with comments and variations, walk the tree, mark checks,
# captures and castles, then export it with comments, as bots posting game reports do.
import io

import chess
import chess.pgn

PGN = """[Event "Casual"]
[Site "?"]
[Date "2024.01.02"]
[Round "-"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]

1. e4 {Best by test} e5 2. Nf3 Nc6 3. Bc4 Nd4?! (3... Bc5 4. c3) 4. Nxe5 Qg5 5. Nxf7 Qxg2
6. Rf1 Qxe4+ 7. Be2 Nf3# $4 1-0
"""

game = chess.pgn.read_game(io.StringIO(PGN))
print(game.headers["White"], "vs", game.headers["Black"], game.headers["Result"])
board = game.board()
node = game
counts = {"checks": 0, "captures": 0, "castles": 0}
while node.variations:
    next_node = node.variation(0)
    move = next_node.move
    tags = []
    if board.is_capture(move):
        counts["captures"] += 1
        tags.append("capture")
    if board.is_castling(move):
        counts["castles"] += 1
    if board.gives_check(move):
        counts["checks"] += 1
        tags.append("check")
    print(board.fullmove_number, board.san(move), tags, repr(next_node.comment), next_node.nags,
          len(node.variations))
    for alt in node.variations[1:]:
        print("   alt:", board.variation_san([n.move for n in alt.mainline()]) if False else board.san(alt.move))
    board.push(move)
    node = next_node
print(counts, board.is_checkmate(), board.outcome())
end = game.end()
print(end.board().fen(), end.ply(), end.san())
print(game.board().variation_san(list(game.mainline_moves())))
exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
print(game.accept(exporter))
print(str(game.mainline_moves()) if hasattr(game.mainline_moves(), "__str__") else "")
