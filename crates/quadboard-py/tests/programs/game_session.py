# A game-session class built on chess.Board, as bots and GUIs write them: push is extended
# to keep a log of the moves made and the pieces taken; moves arrive as SAN, UCI and
# XBoard text, and the session is saved and restored with pickle. (python-chess calls push
# and pop itself inside san(), gives_check() and the draw claims, so the override only
# records what it is given.)
import pickle

import chess


class Session(chess.Board):
    def __init__(self, fen=chess.STARTING_FEN, *, chess960=False):
        self.ucis = []
        self.captured = []
        super().__init__(fen, chess960=chess960)

    def push(self, move):
        self.ucis.append(move.uci())
        if self.is_capture(move):
            victim = self.piece_at(move.to_square) or chess.Piece(chess.PAWN, not self.turn)
            self.captured.append(victim.symbol())
        super().push(move)

    def summary(self):
        return f"{len(self.move_stack)} plies, {' '.join(self.ucis)} | captured {''.join(self.captured)}"


session = Session()
session.push_san("e4")
session.push_uci("d7d5")
session.push_san("exd5")
session.push_xboard("Qxd5")
print(session.san_and_push(chess.Move.from_uci("b1c3")), session.summary())
session.push_san("Qa5")
session.pop()
print(session.summary(), session.fen())
saved = pickle.dumps(session)
restored = pickle.loads(saved)
print(type(restored).__name__, restored.fen(), [m.uci() for m in restored.move_stack])
print(restored.summary())
copy_ = session.copy()
print(type(copy_).__name__, copy_.ucis, copy_.fen() == session.fen(), len(copy_.move_stack))
for text in ["Qe5+", "Be2", "Nf6", "Nf3", "Bg4", "O-O", "Nc6", "d4", "O-O-O"]:
    try:
        session.push_san(text)
    except ValueError as error:
        print("refused", text, type(error).__name__, error)
print(session.summary())
print(session.is_check(), session.outcome(), session.ply(), session.is_checkmate())
