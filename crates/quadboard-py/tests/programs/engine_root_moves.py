# Root-move restriction: "which of these candidate moves is best?" — the engine searches
# only the candidates; each candidate's own score by searching it alone.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
candidates = [board.parse_san(san) for san in ["Bb5", "Bc4", "d4", "Nc3", "a3"]]
limit = chess.engine.Limit(nodes=3000)
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    info = engine.analyse(board, limit, root_moves=candidates)
    print("best of the candidates:", board.san(info["pv"][0]), info["score"].white())
    for move in candidates:
        info = engine.analyse(board, limit, root_moves=[move])
        print(f"  {board.san(move):4} {info['score'].white()!s:>5} {board.variation_san(info['pv'][:4])}")
    result = engine.play(board, limit, root_moves=candidates[2:4])
    print("play among d4 and Nc3:", board.san(result.move))
    lines = engine.analyse(board, limit, multipv=2, root_moves=candidates[:3])
    print([board.san(line["pv"][0]) for line in lines])
