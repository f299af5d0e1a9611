# Tactics helpers: pinned pieces, checkers, discovered attackers, over some positions.
import chess

FENS = [
    "4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "3k4/8/8/q7/8/2B5/3K4/8 w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
]
for fen in FENS:
    board = chess.Board(fen)
    print(fen)
    print(" check:", board.is_check(), [chess.square_name(s) for s in board.checkers()])
    for color in chess.COLORS:
        for sq, piece in sorted(board.piece_map().items()):
            if piece.color == color and board.is_pinned(color, sq):
                print(" pinned:", piece.symbol(), chess.square_name(sq), sorted(board.pin(color, sq)))
    legal = list(board.legal_moves)
    print(" moves:", len(legal), board.legal_moves.count(), [board.san(m) for m in legal[:10]])
    print(" captures:", [m.uci() for m in board.generate_legal_captures()])
    print(" into check:", sum(board.is_into_check(m) for m in board.pseudo_legal_moves))
