# Annotating a game as an analysis board does: "?" and "??" NAGs on moves that lose a
# pawn or more by the engine's eval, the engine's better move added as a variation with
# its eval, then the annotated PGN exported.
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

PGN = """[Event "Club game"]
[White "W"]
[Black "B"]
[Result "*"]

1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# *
"""

game = chess.pgn.read_game(io.StringIO(PGN))
limit = chess.engine.Limit(nodes=3000)
with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    node = game
    before = engine.analyse(node.board(), limit)
    while node.variations:
        child = node.variation(0)
        board = child.board()
        mover = not board.turn
        if board.is_checkmate():
            after_score = chess.engine.PovScore(chess.engine.Mate(0), board.turn)
        else:
            after_score = engine.analyse(board, limit)["score"]
        loss = before["score"].pov(mover).score(mate_score=2000) - after_score.pov(mover).score(mate_score=2000)
        if loss >= 300:
            child.nags.add(chess.pgn.NAG_BLUNDER)
        elif loss >= 100:
            child.nags.add(chess.pgn.NAG_MISTAKE)
        if loss >= 100 and "pv" in before:
            line = node.add_variation(before["pv"][0], comment=f"{before['score'].white()}")
            line.add_line(before["pv"][1:4])
        if not board.is_game_over():
            before = engine.analyse(board, limit)
        node = child
print(game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=True)))
