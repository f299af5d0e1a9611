# Chess960: start positions by number, a few engine moves each in SAN (castling as O-O),
# the FEN with Shredder castling letters, and the engine's castling move when it plays one.
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    for number in [0, 518, 759, 921]:
        board = chess.Board.from_chess960_pos(number)
        sans = []
        castled = None
        while len(board.move_stack) < 12 and not board.is_game_over():
            result = engine.play(board, chess.engine.Limit(nodes=700), game=number)
            if board.is_castling(result.move):
                castled = result.move.uci()
            sans.append(board.san(result.move))
            board.push(result.move)
        print(number, " ".join(sans))
        print("  ", board.fen(), board.shredder_fen(), "castled:", castled)
    board = chess.Board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", chess960=True)
    info = engine.analyse(board, chess.engine.Limit(nodes=2000), multipv=3)
    print([(board.san(line["pv"][0]), line["pv"][0].uci()) for line in info])
