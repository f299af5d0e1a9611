# Board subclasses as engines and analysis tools write them: extra constructor arguments,
# an overridden __str__, a class swapped onto a copy (instance.__class__ = ...),
# copy(stack) positional, state carried through push/pop, and the class of derived boards.
import copy

import chess


class ScoredBoard(chess.Board):
    piece_values = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500, chess.QUEEN: 900,
                    chess.KING: 0}

    def __init__(self, fen=chess.STARTING_FEN, name="game", **kwargs):
        super().__init__(fen, **kwargs)
        self.name = name
        self.scores = [self.evaluate()]

    def evaluate(self):
        total = 0
        for square, piece in self.piece_map().items():
            value = self.piece_values[piece.piece_type]
            total += value if piece.color == chess.WHITE else -value
        return total

    def push(self, move):
        super().push(move)
        if hasattr(self, "scores"):
            self.scores.append(self.evaluate())

    def pop(self):
        move = super().pop()
        if hasattr(self, "scores"):
            self.scores.pop()
        return move

    def __str__(self):
        return f"[{self.name}] " + self.fen()


class InsightBoard(chess.Board):
    def in_opening(self):
        return len(self.move_stack) < 10

    def home_rank(self):
        return chess.BB_RANK_1 if self.turn == chess.WHITE else chess.BB_RANK_8

    def copy(self, stack=True):
        return super().copy(stack=stack)


board = ScoredBoard(name="demo")
for san in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+", "Be2", "Qxe4" if False else "Bg4"]:
    board.push_san(san)
print(board, board.scores)
print(board.pop(), board.scores[-3:], str(board))
print(board.copy().name if hasattr(board.copy(), "name") else "no name on copy", type(board.copy()).__name__)
print(type(board.copy(stack=False)).__name__, len(board.copy(stack=False).move_stack), len(board.copy(stack=2).move_stack))
plain = chess.Board(board.fen())
plain.__class__ = InsightBoard
print(type(plain).__name__, plain.in_opening(), plain.home_rank() == chess.BB_RANK_1, plain.fen())
c = plain.copy(stack=False)
print(type(c).__name__, c.in_opening(), len(c.move_stack))
plain.push_san("Nf6")
print(plain.in_opening(), chess.SquareSet(plain.home_rank() & plain.occupied), plain.peek())
mirrored = board.mirror()
print(type(mirrored).__name__, getattr(mirrored, "name", None), mirrored.turn)
d = copy.deepcopy(board)
print(type(d).__name__, d.name, d.scores == board.scores, d.move_stack == board.move_stack)
t = board.transform(chess.flip_horizontal)
print(type(t).__name__, t.board_fen())
print(type(ScoredBoard.from_epd("8/8/8/4k3/8/8/8/4K3 w - - id \"x\";")[0]).__name__)
base = chess.BaseBoard()
print(type(base).__name__, isinstance(board, chess.BaseBoard), base.board_fen() == board.root().board_fen())
