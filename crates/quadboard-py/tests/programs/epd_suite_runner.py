# An EPD test-suite runner: from_epd, operations (bm, am, id, c0..c9, numbers, strings),
# checking a "best move" answer by SAN and by move object, and writing EPD back.
import chess

SUITE = """\
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id "WAC.002"; c0 "a rook sac";
5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id "WAC.003"; dm 3;
r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; am Qxg7; id "WAC.004";
5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - bm Qc4+; acd 12; ce -150; pv Qc4+;
"""
answers = ["Qg6", "Rxb2", "Rg3", "Qxh7+", "Qc5"]
for line, answer in zip(SUITE.splitlines(), answers):
    board, ops = chess.Board.from_epd(line)
    best = ops.get("bm", [])
    avoid = ops.get("am", [])
    guess = board.parse_san(answer)
    verdict = "ok" if guess in best and guess not in avoid else "fail"
    print(ops.get("id"), verdict, [board.san(m) for m in best], [board.san(m) for m in avoid],
          {k: v for k, v in ops.items() if k not in ("bm", "am", "id", "pv")}, type(ops.get("acd")).__name__)
    if "pv" in ops:
        print("  pv", board.variation_san(ops["pv"]), [type(m).__name__ for m in ops["pv"]])
    print("  ", board.epd(id=ops.get("id"), bm=best[0] if best else None, c1="checked", ce=7, hmvc=board.halfmove_clock))
print(chess.Board().epd(noop=None, pi=3.25, big=10**20, bad="say \"hi\"", moves=[]))
