# Move notation round trips used by engine front ends: uci(chess960=), xboard, push_xboard,
# san_and_push, parse_uci with castling forms, variation_san from a middle position.
import chess

board = chess.Board("r3k2r/pppq1ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8")
for move in sorted(board.generate_castling_moves(), key=lambda m: m.uci()):
    print(board.uci(move), board.uci(move, chess960=True), board.xboard(move), board.xboard(move, chess960=True),
          board.san(move), board.lan(move))
for text in ["e1g1", "e1h1", "O-O", "e1c1", "e1a1"]:
    try:
        move = board.parse_uci(text)
        print(text, "->", move, board.san(move))
    except ValueError as err:
        print(text, type(err).__name__, err)
    try:
        move = board.parse_xboard(text)
        print(" xboard", text, "->", move)
    except ValueError as err:
        print(" xboard", text, type(err).__name__, err)
line = []
for san in ["O-O", "O-O-O", "Nd5", "Kb8", "Nxf6", "gxf6"]:
    line.append(board.san_and_push(san if False else board.parse_san(san)))
print(line, board.fen())
board.push_xboard("Bh6")
print(board.peek(), board.fen())
start = board.copy()
while start.move_stack:
    start.pop()
print(start.variation_san(board.move_stack), start.variation_san([]))
middle = chess.Board(board.fen())
print(middle.variation_san(list(middle.legal_moves)[:1]))
chess960 = chess.Board.from_chess960_pos(123)
print(chess960.fen(), chess960.chess960, chess960.castling_shredder_fen(), chess960.castling_xfen())
for move in chess960.legal_moves:
    if move.from_square == chess960.king(chess.WHITE):
        print(chess960.uci(move), chess960.san(move))
