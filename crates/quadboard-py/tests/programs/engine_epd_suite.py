# A test suite in EPD: each position's "bm" (best move) against the engine's choice at a
# node limit, with the id; solved count at the end.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

SUITE = """\
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "back rank";
r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id "scholar";
4k3/8/8/8/8/8/4q3/4K3 w - - bm Kxe2; id "take the queen";
rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Nxe5 exd5; id "open centre";
2r3k1/5ppp/8/8/8/8/5PPP/1R4K1 b - - bm Rc1+; id "rook check";
"""

solved = 0
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    for line in SUITE.splitlines():
        board = chess.Board()
        ops = board.set_epd(line)
        result = engine.play(board, chess.engine.Limit(nodes=4000), game=ops["id"])
        ok = result.move in ops["bm"]
        solved += ok
        print(f"{ops['id']:15} bm {' '.join(board.san(m) for m in ops['bm']):12} engine {board.san(result.move):6} {'ok' if ok else 'miss'}")
print(f"solved {solved}/{len(SUITE.splitlines())}")
