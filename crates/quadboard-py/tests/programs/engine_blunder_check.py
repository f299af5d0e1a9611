# A blunder check: the eval before and after each move of a game from the mover's point of
# view; drops of more than a pawn are flagged with the engine's better move in SAN.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

moves = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 Nbd2 Bb7 Bc2 Re8 Nf1 Bf8 Ng3 g6 a4 c5 d5 c4 Bg5 h6 Be3 Nc5 Qd2 h5 Bg5 Qc7".split()
board = chess.Board()
limit = chess.engine.Limit(nodes=2500)
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    before = engine.analyse(board, limit)
    for san in moves:
        mover = board.turn
        best = before["pv"][0] if "pv" in before else None
        best_san = board.san(best) if best else "-"
        move = board.push_san(san)
        after = engine.analyse(board, limit)
        drop = before["score"].pov(mover).score(mate_score=10000) - after["score"].pov(mover).score(mate_score=10000)
        flag = " ?? (best was %s)" % best_san if drop > 100 else ""
        print(f"{len(board.move_stack):3} {san:6} {after['score'].white()!s:>8} drop {drop:5}{flag}")
        before = after
