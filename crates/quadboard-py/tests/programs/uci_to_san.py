# Converting engine output: a UCI principal variation to SAN and LAN with move numbers,
# then back, as GUIs and bots printing engine lines do.
import chess

LINES = [
    (chess.STARTING_FEN, "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     "e1g1 e8c8 d5e6 d7e6 e5c6 d8e8"),
    ("8/2P5/8/8/8/8/5k1p/K7 w - - 0 60", "c7c8q h2h1n c8c5 f2g2 c5d5"),
    ("rnbqkbnr/ppp1pppp/8/8/2pP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3", "e2e4 b7b5 a2a4 c7c6 a4b5 c6b5"),
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40", "e5d6 e8d7 e1e2 d7d6"),
]

for fen, pv in LINES:
    board = chess.Board(fen)
    moves = [chess.Move.from_uci(u) for u in pv.split()]
    print(board.variation_san(moves))
    sans, lans = [], []
    for move in moves:
        lans.append(board.lan(move))
        sans.append(board.san(move))
        board.push(move)
    print(" ".join(lans))
    print(board.fen(), board.is_check(), board.is_checkmate())
    # Back: SAN to UCI on a fresh board.
    board = chess.Board(fen)
    print(" ".join(board.push_san(s).uci() for s in sans))
    print([m.uci() for m in board.move_stack[-3:]], board.peek(), board.ply())
    while board.move_stack:
        board.pop()
    print(board.fen() == chess.Board(fen).fen())
