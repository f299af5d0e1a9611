# A training board that restricts the moves a beginner may choose (no under-promotions, no
# castling), written as a Board subclass overriding
# generate_legal_moves and is_legal; legal_moves, count, membership and bool follow it.
import chess


class TrainingBoard(chess.Board):
    def allowed(self, move):
        if move.promotion not in (None, chess.QUEEN):
            return False
        if self.is_castling(move):
            return False
        return True

    def generate_legal_moves(self, from_mask=chess.BB_ALL, to_mask=chess.BB_ALL):
        for move in super().generate_legal_moves(from_mask, to_mask):
            if self.allowed(move):
                yield move

    def is_legal(self, move):
        return super().is_legal(move) and self.allowed(move)


for fen in ["r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", chess.STARTING_FEN, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"]:
    board = TrainingBoard(fen)
    plain = chess.Board(fen)
    moves = [board.san(m) for m in board.legal_moves]
    print(len(moves), board.legal_moves.count(), plain.legal_moves.count(), bool(board.legal_moves), moves[:10])
    print(chess.Move.from_uci("b7b8n") in board.legal_moves, chess.Move.from_uci("b7b8q") in board.legal_moves,
          chess.Move.from_uci("e1g1") in board.legal_moves, chess.Move.from_uci("e1g1") in plain.legal_moves)
    print(sorted(m.uci() for m in board.legal_moves if board.is_capture(m)), list(board.legal_moves)[-1:])
