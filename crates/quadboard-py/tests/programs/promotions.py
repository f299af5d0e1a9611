# Underpromotion drills: promotion moves by piece type, SAN with =N, promoted pieces
# tracked and written with fen(promoted=True), taken back with pop().
import chess

board = chess.Board("1r5k/P1P5/8/8/8/8/5p1p/K5R1 w - - 0 1")
print([board.san(m) for m in board.legal_moves if m.promotion])
for move in [m for m in board.legal_moves if m.promotion][:6]:
    board.push(move)
    print(move, chess.piece_name(move.promotion), board.promoted, board.fen(promoted=True))
    reply = next(m for m in board.legal_moves if m.promotion) if any(m.promotion for m in board.legal_moves) else None
    if reply:
        board.push(reply)
        print("  ", board.peek(), list(chess.SquareSet(board.promoted)), board.board_fen(promoted=True))
        board.pop()
    board.pop()
    print("  back", board.promoted, board.fen())
board.push_san("cxb8=N")
board.push_san("hxg1=Q+")
print(board.fen(promoted=True), board.epd(promoted=True), board.promoted == chess.BB_B8 | chess.BB_G1)
board.push_san("Kb2")
print(board.fen(promoted=True), board.mirror().fen(promoted=True), board.copy().promoted)
