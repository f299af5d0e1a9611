# A GUI-style game controller: it keeps a reference to board.move_stack as its history,
# undoes into a redo list and replays, numbers the moves in SAN from root(), and exports
# the line; the history list is read after pushes and pops without asking the board again.
import chess


class GameController:
    def __init__(self, fen=chess.STARTING_FEN):
        self.board = chess.Board(fen)
        self.history = self.board.move_stack
        self.redo = []

    def play(self, text):
        try:
            move = self.board.push_san(text)
        except ValueError as err:
            return f"rejected {text!r}: {type(err).__name__}"
        self.redo.clear()
        return f"played {move.uci()} ({len(self.history)} in history)"

    def undo(self):
        if not self.history:
            return "nothing to undo"
        self.redo.append(self.board.pop())
        return f"undid {self.redo[-1]} ({len(self.history)} left)"

    def redo_move(self):
        if not self.redo:
            return "nothing to redo"
        self.board.push(self.redo.pop())
        return f"redid {self.history[-1]}"

    def numbered(self):
        replay = self.board.root()
        parts = []
        for move in self.history:
            if replay.turn == chess.WHITE:
                parts.append(f"{replay.fullmove_number}.")
            elif not parts:
                parts.append(f"{replay.fullmove_number}...")
            parts.append(replay.san(move))
            replay.push(move)
        return " ".join(parts)


game = GameController()
for step in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "Qh4??", "f6", "Kxe8"]:
    print(game.play(step))
print(game.numbered())
for _ in range(3):
    print(game.undo())
print(game.numbered(), [m.uci() for m in game.redo])
print(game.redo_move(), game.redo_move())
print(game.play("d4"), game.redo_move(), game.numbered())
last_two = game.history[-2:]
print(last_two, game.history.index(chess.Move.from_uci("g1f3")), chess.Move.from_uci("e2e4") in game.history)
snapshot = list(game.history)
game.board.pop()
print(len(snapshot), len(game.history), snapshot[-1] not in game.history[-1:])
game.board.reset()
print(len(game.history), game.numbered() == "", game.undo())
black_first = GameController("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
for step in ["c5", "Nf3", "d6"]:
    black_first.play(step)
print(black_first.numbered(), len(black_first.history))
