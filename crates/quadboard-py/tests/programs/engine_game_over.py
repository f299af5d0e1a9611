# Finished positions: checkmate and stalemate given to the engine as programs do by
# accident; play() gives no move, analyse() a mate-0 or zero score; then a position one
# move from stalemate where the engine must avoid it.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

FENS = [
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  # mated
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate
    "k7/8/1QK5/8/8/8/8/8 w - - 0 1",  # queen moves that stalemate are near
]
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    for fen in FENS:
        board = chess.Board(fen)
        print(fen, board.outcome())
        result = engine.play(board, chess.engine.Limit(nodes=1000))
        info = engine.analyse(board, chess.engine.Limit(nodes=1000))
        print("  play:", result.move, result.ponder, "score:", info.get("score"), "pv:", [m.uci() for m in info.get("pv", [])][:3])
        if result.move is not None:
            san = board.san(result.move)
            board.push(result.move)
            print("  after", san, "stalemate:", board.is_stalemate(), "checkmate:", board.is_checkmate())
