# Tactics helpers that sort the legal moves into kinds (captures, en passant, castling,
# promotions, checks) and print each in long algebraic notation, as training-data scripts do.
import chess

FENS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2P3k1/8/8/8/8/5p2/4K3 b - - 0 60",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 20",
]
for fen in FENS:
    board = chess.Board(fen)
    kinds = {"capture": [], "en passant": [], "castling": [], "promotion": [], "check": [], "quiet": []}
    for move in board.legal_moves:
        if board.is_en_passant(move):
            kinds["en passant"].append(board.lan(move))
        if board.is_castling(move):
            side = "K" if board.is_kingside_castling(move) else "Q"
            kinds["castling"].append(board.lan(move) + side)
        if move.promotion:
            kinds["promotion"].append(board.lan(move) + chess.piece_name(move.promotion)[0])
        if board.gives_check(move):
            kinds["check"].append(board.lan(move))
        if board.is_capture(move):
            kinds["capture"].append(board.lan(move))
        elif not board.is_castling(move) and not move.promotion:
            kinds["quiet"].append(move.uci())
    for name, moves in kinds.items():
        print(f"{name:>10}: {len(moves):2d} {' '.join(sorted(moves)[:8])}")
    captures = list(board.generate_legal_captures())
    print("captures agree:", sorted(m.uci() for m in captures) == sorted(
        m.uci() for m in board.legal_moves if board.is_capture(m)))
    print("zeroing:", sum(board.is_zeroing(m) for m in board.legal_moves),
          "irreversible:", sum(board.is_irreversible(m) for m in board.legal_moves))
    print(board.lan(chess.Move.null()), repr(board.legal_moves).split(" (")[1][:40])
