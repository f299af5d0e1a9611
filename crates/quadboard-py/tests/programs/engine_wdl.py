# Win/draw/loss: Stockfish's own WDL (UCI_ShowWDL) beside the WDL models of the score,
# expectations, and the point of view turned.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

FENS = [chess.STARTING_FEN, "8/8/4k3/8/2R5/4K3/8/8 w - - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 5 4"]
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16, "UCI_ShowWDL": True})
    for fen in FENS:
        board = chess.Board(fen)
        info = engine.analyse(board, chess.engine.Limit(nodes=2000))
        wdl = info["wdl"]
        score = info["score"]
        print(fen)
        print("  engine:", wdl.white(), wdl.black().expectation(), wdl.relative.winning_chance())
        for model in ["sf", "sf16", "sf15", "lichess"]:
            print(f"  {model:8}", score.wdl(model=model, ply=board.ply()).white(),
                  round(score.white().wdl(model=model, ply=board.ply()).expectation(), 6))
