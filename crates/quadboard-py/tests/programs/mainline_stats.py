# Per-move statistics of a game, the way analysis scripts walk game.mainline() and ask
# each node for its board: captures, checks, castles, piece moved, material after each move.
import io

import chess
import chess.pgn

PGN = """[Event "Casual"]
[White "W"]
[Black "B"]
[Result "1-0"]

1. e4 {Best by test} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6
8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. a4 Bf8 14. Bd3 c6 $6
15. b4 Rc8 (15... exd4 16. cxd4 c5) 16. axb5 axb5 17. dxe5 dxe5 18. Nb3 Nxe4 19. Bxe4 Qc7
20. Bg5 f6 21. Be3 Rcd8 22. Qc2 h6 23. Nc5 Nxc5 24. Bxc5 Bxc5 25. bxc5 Rd7 26. Bh7+ Kh8
27. Bf5 Rdd8 28. Nh4 Kg8 29. Ng6 Qf7 30. Qb3 Qxb3 31. Be6+ Kh7 32. Nf8+ Rxf8 33. Bxb3 1-0
"""

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board):
    return sum(VALUES.get(p.piece_type, 0) * (1 if p.color else -1)
               for p in board.piece_map().values())


game = chess.pgn.read_game(io.StringIO(PGN))
stats = {"captures": 0, "checks": 0, "castles": 0}
moved = {}
for node in game.mainline():
    before = node.parent.board()
    move = node.move
    piece = before.piece_at(move.from_square)
    if before.is_capture(move):
        stats["captures"] += 1
    if before.is_castling(move):
        stats["castles"] += 1
    board = node.board()
    if board.is_check():
        stats["checks"] += 1
    moved[piece.symbol()] = moved.get(piece.symbol(), 0) + 1
    mark = "." if before.turn == chess.WHITE else "..."
    print(f"{before.fullmove_number}{mark} {node.san():7} {move.uci():6} ply={node.ply():2} "
          f"turn={node.turn()} mat={material(board):+d} legal={board.legal_moves.count()} "
          f"nags={sorted(node.nags)} {node.comment!r} main={node.is_mainline()} "
          f"end={node.is_end()} var={len(node.variations)}")
print(stats, sorted(moved.items()))
end = game.end()
print(end.board().fen(), end.board().is_checkmate(), end.ply(), game.headers["Result"])
print(end.board().outcome())
print([n.san() for n in game.mainline()][-5:])
print(game.mainline().__class__.__name__, len(list(game.mainline())))
print(str(game.mainline()))
print(str(game.mainline_moves())[:80])
print(game.board().variation_san(list(game.mainline_moves())[:6]))
node = game.variations[0]
while node.variations:
    if len(node.variations) > 1:
        side = node.variations[1]
        print("side line at", node.ply(), side.san(), side.board().fen(), side.starting_comment)
        print(" ".join(n.san() for n in side.mainline()), side.is_main_variation())
    node = node.variation(0)
print(list(reversed(game.mainline()))[0].san())
