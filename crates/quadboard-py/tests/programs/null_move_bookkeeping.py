# Null moves and move counters as engines use them: bool(Move), Move.null() comparisons,
# ply()/fullmove_number/halfmove_clock after set_fen, pushes, null moves and pops.
import chess

board = chess.Board()
null = chess.Move.null()
print(bool(null), bool(chess.Move.from_uci("e2e4")), null, repr(null), null.uci(), str(null) == "0000")
print(null == chess.Move(0, 0), chess.Move(0, 0), bool(chess.Move(0, 0)), chess.Move(0, 0).uci())
print(board.ply(), board.fullmove_number, board.halfmove_clock)
for fen in ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "8/8/4k3/8/8/4K3/8/8 w - - 37 80", "8/8/4k3/8/8/4K3/8/8 b - - 99 1"]:
    board.set_fen(fen)
    print(fen.split()[1], board.ply(), board.fullmove_number, board.halfmove_clock, len(board.move_stack))
    for _ in range(2):
        move = min(board.legal_moves, key=lambda m: m.uci())
        board.push(move)
        print(" ", move, board.ply(), board.fullmove_number, board.halfmove_clock, board.is_fifty_moves(),
              board.can_claim_fifty_moves())
    board.push(null)
    print("  null", board.ply(), board.fullmove_number, board.halfmove_clock, board.fen())
    print("  stack", [m.uci() for m in board.move_stack], [bool(m) for m in board.move_stack])
    while board.move_stack:
        board.pop()
    print("  back", board.ply(), board.fen() == fen)
board = chess.Board()
board.push_uci("e2e4")
board.push(chess.Move.null())
print(board.fen(), board.peek(), board.peek() == null, board.is_irreversible(null), board.is_zeroing(null))
try:
    board.push_uci("0000")
    print("pushed uci null", board.fen(), board.san(chess.Move.null()))
except ValueError as err:
    print("error", type(err).__name__, err)
print(board.move_stack, board.root().fen())
board.clear_stack()
print(board.move_stack, board.ply(), board.fen())
moves = [chess.Move.from_uci(u) for u in ["0000", "a7a8q", "e1g1", "g1f3"]]
print(sorted(moves, key=lambda m: m.uci()), [m for m in moves if m], max(moves, key=lambda m: (m.to_square, m.from_square)))
print({chess.Move.null(): 1}[null], chess.Move.null() in [null])
