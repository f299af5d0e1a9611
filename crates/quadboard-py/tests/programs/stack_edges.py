# What happens at the ends of the move stack and with empty or odd containers: pop/peek on
# an empty stack, copies without their stack, root(), clear_stack, move_stack slices,
# generator objects reused after pushes, boolean tests of generators and sets.
import chess

board = chess.Board()
for call in (board.pop, board.peek):
    try:
        call()
    except IndexError as err:
        print(call.__name__, "IndexError", err)
gen = board.legal_moves
print(bool(gen), gen.count(), chess.Move.from_uci("e2e4") in gen, chess.Move.from_uci("e2e5") in gen)
board.push_san("e4")
print(gen.count(), chess.Move.from_uci("e7e5") in gen, list(gen)[:3], gen.board is board if hasattr(gen, "board") else "")
pseudo = board.pseudo_legal_moves
print(pseudo.count(), bool(pseudo), list(pseudo)[-2:])
for san in ["e5", "Nf3", "Nc6", "Bb5", "a6"]:
    board.push_san(san)
print(board.move_stack[-2:], board.move_stack[1::2], len(board.move_stack), board.move_stack.index(chess.Move.from_uci("g1f3")))
copy0 = board.copy(stack=False)
print(copy0.move_stack, copy0.fen() == board.fen(), copy0.root().fen() == board.fen())
try:
    copy0.pop()
except IndexError as err:
    print("IndexError", err)
copy3 = board.copy(stack=3)
print([m.uci() for m in copy3.move_stack], copy3.root().fen())
print([copy3.pop().uci() for _ in range(3)], copy3.fen())
board.clear_stack()
print(board.move_stack, board.root() == board, board.ply(), board.fen())
board.reset()
print(board.fen(), board.move_stack)
board.clear()
print(board.fen(), board.is_valid(), bool(board.legal_moves), board.legal_moves.count(), board.outcome())
board.clear_board()
print(board.fen(), repr(board.piece_map()), board.piece_map() == {})
board.reset_board()
print(board.fen(), board.board_fen())
board.set_board_fen("8/8/8/8/8/8/8/K6k")
board.set_castling_fen("-")
print(board.fen(), board.is_insufficient_material(), board.outcome())
try:
    board.set_castling_fen("XYZ")
except ValueError as err:
    print("castling:", err)
try:
    board.set_board_fen("8/8/8")
except ValueError as err:
    print("board fen:", err)
print(chess.SquareSet() == chess.SquareSet(0), not chess.SquareSet(), list(chess.SquareSet()), str(chess.SquareSet()).count("."))
