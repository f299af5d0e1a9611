# EPD test suites: reading operations, writing them back.
import chess

LINES = [
    '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";',
    'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - hmvc 4; fmvn 4; id "italian";',
    "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - am Bg5; c0 \"quiet\";",
]
for line in LINES:
    board = chess.Board()
    ops = board.set_epd(line)
    print(board.fen())
    print({k: ([board.san(m) for m in v] if isinstance(v, list) else v) for k, v in ops.items()})
    print(board.epd(**ops))
board = chess.Board()
print(board.epd(bm=chess.Move.from_uci("e2e4"), pv=[chess.Move.from_uci("e2e4"), chess.Move.from_uci("e7e5")], noop=None, acd=12))
