# Boards and moves as dictionary keys and set members: hash(board) (python-chess boards
# are unhashable?), board == other, transpositions keyed by fen/epd, Piece hashing.
import chess

board = chess.Board()
try:
    print(hash(board) is not None)
except TypeError as err:
    print("TypeError", "unhashable" in str(err))
try:
    seen = {board: 1}
    print("dict ok", len(seen))
except TypeError as err:
    print("TypeError", "unhashable" in str(err))
a = chess.Board()
b = chess.Board()
for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
    a.push_san(san)
print(a == b, a != b, a.fen() == b.fen(), a.board_fen() == b.board_fen(), a.move_stack == b.move_stack)
print(a == chess.Board(a.fen()), a.epd() == b.epd(), chess.Board() == chess.Board(chess.STARTING_FEN))
print(a == "not a board", a.__eq__(3), chess.BaseBoard() == chess.BaseBoard(), chess.BaseBoard() == chess.Board())
c = chess.Board()
c.push_san("e4")
print(c == chess.Board(c.fen()), c.ep_square, chess.Board(c.fen()).ep_square)
table = {}
for start in [chess.Board(), chess.Board("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")]:
    for move in start.legal_moves:
        start.push(move)
        table.setdefault(start.epd(), []).append(move.uci())
        start.pop()
print(len(table), sorted(table.items())[:3])
pieces = {chess.Piece.from_symbol(s): s for s in "PNBRQKpnbrqk"}
print(len(pieces), pieces[chess.Piece(chess.KING, chess.BLACK)], chess.Piece(1, True) == chess.Piece.from_symbol("P"))
print(sorted(pieces, key=lambda p: (p.color, p.piece_type))[:3], hash(chess.Piece(1, True)) == hash(chess.Piece(1, True)))
moves = {chess.Move.from_uci("e7e8q"), chess.Move(52, 60, chess.QUEEN), chess.Move.from_uci("e7e8")}
print(len(moves), chess.Move.from_uci("e7e8q") != chess.Move.from_uci("e7e8n"), chess.Move(52, 60) < chess.Move(52, 61) if hasattr(chess.Move, "__lt__") and False else "")
sq = chess.SquareSet([1, 2, 3])
try:
    print(hash(sq))
except TypeError as err:
    print("TypeError", "unhashable" in str(err))
print(sq == 14, sq == chess.SquareSet(14), sq == [1, 2, 3], sq != 15, 14 == sq)
