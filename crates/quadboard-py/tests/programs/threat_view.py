# Threat detection by handing the move to the other side: flip board.turn, list what the
# opponent could capture or check with, flip back, keep playing; then copy and pickle the
# boards (as worker pools do) and replay them.
import copy
import pickle

import chess

board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3")


def threats(b):
    b.turn = not b.turn
    found = sorted(b.san(m) for m in b.legal_moves if b.is_capture(m) or b.gives_check(m))
    mates = sorted(b.san(m) for m in b.legal_moves if b.san(m).endswith("#"))
    b.turn = not b.turn
    return found, mates


print(threats(board), board.fen())
board.push_san("g6")
print(threats(board), board.fen())
board.turn = not board.turn
board.push_san("d6")
print(board.fen(), [m.uci() for m in board.move_stack], board.is_valid(), board.status())
board.push_san("Nf3")
for name, twin in [("deepcopy", copy.deepcopy(board)), ("pickle", pickle.loads(pickle.dumps(board))),
                   ("copy", board.copy()), ("copy.copy", copy.copy(board))]:
    states = []
    while twin.move_stack:
        twin.pop()
        states.append(twin.fen())
    print(name, states)
board.push(chess.Move.null())
print(board.fen(), threats(board), board.peek(), board.is_repetition(2))
board.pop()
print(board.fen(), board.turn, board.ply())
