# Stockfish analysis of a PGN game: an eval comment after every move, as lichess writes
# them, the game printed back; skipped (one line) without Stockfish.
import io
import os
import sys

import chess
import chess.engine
import chess.pgn

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)

PGN = """[Event "Casual"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1
"""

game = chess.pgn.read_game(io.StringIO(PGN))
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    node = game
    while node.variations:
        node = node.variation(0)
        board = node.board()
        if board.is_game_over():
            continue
        info = engine.analyse(board, chess.engine.Limit(nodes=3000), game=game)
        score = info["score"].white()
        if score.is_mate():
            node.comment = f"[%eval #{score.mate()}]"
        else:
            node.comment = f"[%eval {score.score() / 100:.2f}]"
print(game)
