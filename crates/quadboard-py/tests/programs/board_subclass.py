# A board subclass that keeps its own bookkeeping (captured pieces, a move log), the way
# GUI and RL-environment code extends chess.Board, then copies, compares and pickles it.
import copy
import pickle

import chess


class TrackedBoard(chess.Board):
    def __init__(self, fen=chess.STARTING_FEN, *, chess960=False):
        self.captured = []
        self.log = []
        super().__init__(fen, chess960=chess960)

    def push(self, move):
        captured = self.piece_at(move.to_square)
        if captured is None and self.is_en_passant(move):
            captured = chess.Piece(chess.PAWN, not self.turn)
        self.captured.append(captured)
        self.log.append(move.uci())
        super().push(move)

    def pop(self):
        self.captured.pop()
        self.log.pop()
        return super().pop()

    def material_balance(self):
        values = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
        return sum(values[p.piece_type] * (1 if p.color else -1) for p in self.piece_map().values())


board = TrackedBoard()
for san in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6", "Nf3", "Bg4", "Bf4", "e6", "h3", "Bxf3", "Qxf3"]:
    board.push_san(san)
print(board.log)
print([str(p) if p else "-" for p in board.captured], board.material_balance())
print(type(board).__name__, repr(board), isinstance(board, chess.Board))
clone = board.copy()
print(type(clone).__name__, clone.fen() == board.fen(), clone.move_stack == board.move_stack,
      hasattr(clone, "log"), getattr(clone, "log", None) == board.log)
deep = copy.deepcopy(board)
print(type(deep).__name__, deep.log == board.log, deep == board)
shallow = copy.copy(board)
print(type(shallow).__name__, shallow == board)
undone = board.pop()
print(undone, board.log[-1], len(board.captured), board.material_balance())
mirror = board.mirror()
print(type(mirror).__name__, mirror.fen())
other = TrackedBoard("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
other.push_uci("e1g1")
other.push(chess.Move.from_uci("e8c8"))
print(other.log, other.fen(), other.captured)
root = board.root()
print(type(root).__name__, root.fen())
blob = pickle.dumps(board)
again = pickle.loads(blob)
print(type(again).__name__, again.fen() == board.fen(), getattr(again, "log", None) == board.log)
print(board == chess.Board(board.fen()), board.board_fen() == chess.Board(board.fen()).board_fen())
try:
    board.push_san("Kxe8")
except chess.IllegalMoveError as err:
    print("illegal", err, len(board.log))
print(chess.Board.from_chess960_pos(518).fen(), type(TrackedBoard.from_chess960_pos(518)).__name__)
print(type(TrackedBoard.empty()).__name__, TrackedBoard.empty().fen())
