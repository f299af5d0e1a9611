# What analyse() returns for each Info selection: the keys (timing keys left out), the
# pv's SAN, the score's forms (relative, white, pov, mate score).
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
limit = chess.engine.Limit(nodes=1500)
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    for flags in [chess.engine.INFO_NONE, chess.engine.INFO_BASIC, chess.engine.INFO_SCORE,
                  chess.engine.INFO_PV, chess.engine.INFO_SCORE | chess.engine.INFO_PV, chess.engine.INFO_ALL]:
        info = engine.analyse(board, limit, info=flags)
        keys = sorted(k for k in info if k not in ("time", "nps", "hashfull"))
        print(repr(flags), keys)
    info = engine.analyse(board, limit)
    score = info["score"]
    print(score, score.relative, score.white(), score.black(), score.pov(chess.WHITE).score(),
          score.relative.score(mate_score=100000), score.is_mate(), score.turn)
    print(board.variation_san(info["pv"]))
    play = engine.play(board, limit, info=chess.engine.INFO_ALL)
    after = board.copy()
    after.push(play.move)
    print(board.san(play.move), play.ponder and after.san(play.ponder), sorted(k for k in play.info if k not in ("time", "nps", "hashfull")))
