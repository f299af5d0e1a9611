# The model behind a click-to-move board widget: a first click selects a piece and lists
# its targets, a second click makes the move (pawns reaching the last rank become queens
# unless the user picked another piece), with the last move and a king in check marked.
import chess

CLICKS = ["e2", "e4", "e7", "e5", "g1", "f3", "b8", "c6", "f1", "c4", "g8", "f6", "f3", "g5",
          "d7", "d5", "e4", "d5", "f6", "d5", "g5", "f7", "e8", "f7", "d1", "f3", "f7", "e6",
          "b1", "c3", "c6", "b4", "a2", "a3", "b4", "c2", "e1", "d1", "c2", "a1", "c3", "d5",
          "e6", "d6", "d5", "b6", "a7", "b6", "c4", "e6", "c8", "e6", "f3", "f8", "d8", "f8"]


class Widget:
    def __init__(self):
        self.board = chess.Board()
        self.selected = None
        self.underpromote = {}

    def targets(self, square):
        mask = chess.BB_SQUARES[square]
        return chess.SquareSet(sum(chess.BB_SQUARES[m.to_square] for m in set(self.board.generate_legal_moves(mask))))

    def click(self, name):
        square = chess.parse_square(name)
        piece = self.board.piece_at(square)
        if self.selected is None or (piece and piece.color == self.board.turn):
            if piece is None or piece.color != self.board.turn:
                return f"{name}: nothing to select"
            self.selected = square
            targets = self.targets(square)
            return f"{name}: {piece.unicode_symbol()} {piece.symbol()} -> {' '.join(chess.square_name(s) for s in targets) or 'no moves'}"
        move = chess.Move(self.selected, square)
        if self.board.piece_type_at(self.selected) == chess.PAWN and chess.square_rank(square) in (0, 7):
            move.promotion = self.underpromote.get(square, chess.QUEEN)
        self.selected = None
        if not self.board.is_legal(move):
            found = None
            try:
                found = self.board.find_move(move.from_square, move.to_square)
            except chess.IllegalMoveError as err:
                return f"{name}: illegal ({err})"
            move = found
        san = self.board.san(move)
        self.board.push(move)
        last = self.board.peek()
        check = self.board.king(self.board.turn) if self.board.is_check() else None
        status = ""
        outcome = self.board.outcome()
        if outcome:
            status = f" {outcome.termination.name} {outcome.result()}"
        return (f"{name}: {san} last={chess.square_name(last.from_square)}{chess.square_name(last.to_square)} "
                f"check={chess.square_name(check) if check is not None else '-'}{status}")


widget = Widget()
for name in CLICKS:
    print(widget.click(name))
print(widget.board.fen())
print(widget.board)
print(len(widget.board.move_stack), widget.board.move_stack[-1], widget.board.peek() == widget.board.move_stack[-1])
board = chess.Board("8/4P1k1/8/8/8/8/1p4K1/8 w - - 0 1")
move = chess.Move(chess.E7, chess.E8)
print(move in board.legal_moves, board.is_legal(move), board.is_pseudo_legal(move), board.find_move(chess.E7, chess.E8))
move.promotion = chess.KNIGHT
print(move, move in board.legal_moves, board.san(move), board.find_move(chess.E7, chess.E8, chess.ROOK))
board.push(move)
print(board.fen(), board.peek(), board.peek().promotion)
move.promotion = None
print(move, board.peek(), board.move_stack)
try:
    board.find_move(chess.B2, chess.A1)
except chess.IllegalMoveError as err:
    print("IllegalMoveError", err)
print(board.is_check(), board.checkers(), board.find_move(chess.G7, chess.F8), board.find_move(chess.G7, chess.H7))
print(bool(chess.Move.null()), chess.Move.null(), chess.Move.null() == chess.Move(0, 0), board.is_legal(chess.Move.null()))
