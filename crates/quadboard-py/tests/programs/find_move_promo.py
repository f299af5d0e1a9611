# Click-to-move style move lookup: find_move with automatic queen promotion, legality of
# the found move, promotions by piece, is_legal of under-promotions and invalid squares.
import chess

board = chess.Board("r3k2r/1P6/8/3pP3/8/8/p7/RN2K2R w KQkq d6 0 1")
for frm, to in [(chess.B7, chess.B8), (chess.B7, chess.A8), (chess.E5, chess.D6), (chess.E1, chess.G1),
                (chess.E1, chess.C1), (chess.E1, chess.H1), (chess.A1, chess.A8), (chess.E5, chess.E6)]:
    try:
        move = board.find_move(frm, to)
        print(chess.square_name(frm), chess.square_name(to), move, board.san(move), board.is_legal(move),
              move.promotion)
    except chess.IllegalMoveError as err:
        print("illegal", err)
print(board.find_move(chess.B7, chess.B8, chess.KNIGHT), board.find_move(chess.B7, chess.A8, promotion=chess.ROOK))
board.push(board.find_move(chess.E1, chess.G1))
print(board.fen())
m = board.find_move(chess.A2, chess.B1)
print(m, board.san(m), board.is_legal(chess.Move(chess.A2, chess.B1, chess.ROOK)), board.is_pseudo_legal(chess.Move(chess.A2, chess.B1)))
print([board.san(mv) for mv in board.legal_moves if mv.promotion], board.is_legal(chess.Move(chess.A2, chess.A1, chess.QUEEN)))
try:
    board.find_move(chess.A2, chess.B1, chess.PAWN)
except chess.IllegalMoveError as err:
    print("illegal", err)
chess960 = chess.Board("rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1", chess960=True)
print(chess960.find_move(chess.B1, chess.A1), chess960.find_move(chess.B1, chess.C1) if False else "",
      [chess960.san(mv) for mv in chess960.generate_castling_moves()])
print([mv.uci() for mv in chess960.generate_castling_moves()], chess960.fen())
