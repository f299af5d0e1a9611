# Chess960 start positions by number: fens, Shredder-FEN, castling moves in king-takes-rook
# and SAN, numbers recovered with chess960_pos(), set_chess960_pos() on an existing board.
import chess

for n in (0, 1, 100, 359, 518, 700, 959):
    board = chess.Board.from_chess960_pos(n)
    print(n, board.fen(), board.shredder_fen(), board.chess960_pos(), board.chess960)
    print("  castling", board.castling_xfen(), board.castling_shredder_fen(),
          board.has_chess960_castling_rights(), [board.san(m) for m in board.generate_castling_moves()])
    for uci in ("a2a4", "h7h5", "b2b4", "g7g5"):
        board.push_uci(uci)
    print("  after", board.chess960_pos(), board.chess960_pos(ignore_counters=True),
          board.chess960_pos(ignore_turn=True, ignore_counters=True))
    board.clear_stack()
    print("  stack", len(board.move_stack), board.ply())
board = chess.Board()
board.set_chess960_pos(42)
print(board.fen(), board.chess960_pos())
fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
board = chess.Board(fen, chess960=True)
moves = list(board.legal_moves)
print(len(moves), [board.san(m) for m in board.generate_castling_moves()], [m.uci() for m in board.generate_castling_moves()])
for m in board.generate_castling_moves():
    print(m.uci(), board.is_kingside_castling(m), board.is_queenside_castling(m), board.lan(m))
std = chess.Board(fen)
print(std.chess960, std.has_chess960_castling_rights(), std.fen())
