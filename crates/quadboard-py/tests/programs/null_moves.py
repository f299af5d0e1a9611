# Null-move probing as search code does it: push(Move.null()), checks and threats for the
# other side, SAN of the null move, pop back; moves as dict keys and set members.
import chess

for fen in ["r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
            "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"]:
    board = chess.Board(fen)
    null = chess.Move.null()
    print(board.san(null), board.lan(null), null.uci(), bool(null), null == chess.Move.from_uci("0000"))
    board.push(null)
    threats = [board.san(m) for m in board.legal_moves if board.is_capture(m) or board.gives_check(m)]
    print(board.fen(), board.is_check(), threats)
    print(board.variation_san([m for m in list(board.legal_moves)[:1]]))
    print(board.pop(), board.fen() == fen, board.peek() if board.move_stack else None)
    seen = {m: board.san(m) for m in board.legal_moves}
    print(len(seen), chess.Move.from_uci(list(seen)[0].uci()) in seen, sorted(set(seen.values()))[:5])
    print(hash(chess.Move.from_uci("e2e4")) == hash(chess.Move.from_uci("e2e4")), chess.Move(12, 28) == chess.Move.from_uci("e2e4"))
