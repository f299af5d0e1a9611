# Type-level habits of real programs: moves as dict keys and in sets, comparisons with
# strings, formatting, bool/int types of board attributes, hashing, sorting helpers.
import chess

board = chess.Board()
moves = list(board.legal_moves)
table = {m: i for i, m in enumerate(moves)}
print(len(table), table[chess.Move.from_uci("e2e4")], chess.Move.from_uci("e2e4") in set(moves))
m = chess.Move.from_uci("e2e4")
print(m == "e2e4", m != "e2e4", f"{m}", format(m), "%s" % m, str(m), repr(m), m.drop, m.promotion)
print(type(board.turn).__name__, type(board.fullmove_number).__name__, type(board.castling_rights).__name__,
      type(board.ep_square).__name__, type(board.occupied).__name__, type(board.piece_at(0)).__name__)
print(chess.COLOR_NAMES[board.turn], chess.PIECE_SYMBOLS, chess.PIECE_NAMES, chess.UNICODE_PIECE_SYMBOLS["K"])
for op in ["m < m", "hash(board)", "sorted(moves)", "board < board", "chess.Piece(1, True) < chess.Piece(2, True)"]:
    try:
        print(op, eval(op) if op != "sorted(moves)" else len(eval(op)))
    except TypeError as err:
        print(op, "TypeError")  # the message names the class by its module
print(sorted(moves, key=str)[:4], sorted(moves, key=lambda x: (x.from_square, x.to_square))[:3])
p = board.piece_at(chess.E1)
print(p, repr(p), p == chess.Piece.from_symbol("K"), hash(p) == hash(chess.Piece(chess.KING, chess.WHITE)), p.symbol(), p.unicode_symbol(), {p: 1}[chess.Piece.from_symbol("K")])
print(chess.Move.from_uci("e7e8q") == chess.Move(chess.E7, chess.E8, chess.QUEEN), hash(chess.Move.null()) == hash(chess.Move(0, 0)))
sq = chess.SquareSet([chess.A1, chess.H8])
print(sq, repr(sq), list(sq), len(sq), chess.A1 in sq, int(sq), bool(sq), sq == chess.BB_A1 | chess.BB_H8, sq == [0, 63])
print(board.legal_moves.count(), bool(board.legal_moves), chess.Move.from_uci("e2e4") in board.legal_moves, any(board.legal_moves))
print(chess.Board() == chess.Board(), chess.Board() == chess.STARTING_FEN, chess.Board() != None)
print(bool(chess.Board.empty()), chess.Board.empty().king(chess.WHITE))
copied = board.copy()
copied.push(m)
print(board.fen() != copied.fen(), copied.move_stack, board.move_stack, copied.peek() is not None)
print(type(board.legal_moves).__name__, type(board.move_stack).__name__, type(board.piece_map()).__name__, type(board.pieces(1, True)).__name__)
print(chess.square_name(chess.E4).upper(), chess.FILE_NAMES.index("e"), chess.RANK_NAMES[3], chess.SQUARE_NAMES.index("e4"))
print([chess.piece_symbol(t) for t in chess.PIECE_TYPES], [chess.piece_name(t) for t in chess.PIECE_TYPES])
print(chess.Piece.from_symbol("q").color, chess.Piece.from_symbol("Q").piece_type, chess.STARTING_BOARD_FEN)
try:
    chess.Piece.from_symbol("x")
except ValueError as err:
    print("ValueError", repr(err))
try:
    chess.Move.from_uci("e2e9")
except chess.InvalidMoveError as err:
    print("InvalidMoveError", repr(err), isinstance(err, ValueError))
