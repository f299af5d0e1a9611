# Copies, deep copies and pickles of boards in a search tree and in multiprocessing.
import copy
import pickle

import chess

board = chess.Board()
for san in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"]:
    board.push_san(san)
clone = board.copy()
shallow = copy.copy(board)
deep = copy.deepcopy(board)
restored = pickle.loads(pickle.dumps(board))
for b in (clone, shallow, deep, restored):
    print(b.fen(), len(b.move_stack), b.move_stack[-1])
clone.pop()
print(board.fen() != clone.fen(), board.copy(stack=False).move_stack, len(board.copy(stack=2).move_stack))
print(board.root().fen(), pickle.loads(pickle.dumps(chess.SquareSet(board.occupied))) == board.occupied)
print(pickle.loads(pickle.dumps(chess.Piece(chess.ROOK, chess.BLACK))), pickle.loads(pickle.dumps(chess.Move.from_uci("a7a8q"))))
