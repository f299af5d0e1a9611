# Lichess-export analysis: read each move's [%eval] and [%clk] annotations, compute the
# time spent and the evaluation swings (blunder finder), and write a few annotations back.
import io

import chess
import chess.pgn

PGN = """[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[White "alpha"]
[Black "beta"]
[Result "0-1"]
[TimeControl "180+2"]

1. e4 { [%eval 0.32] [%clk 0:03:00] } 1... e5 { [%eval 0.28] [%clk 0:03:00] }
2. Nf3 { [%eval 0.21] [%clk 0:02:58] } 2... Nc6 { [%eval 0.3] [%clk 0:02:57] }
3. Bc4 { [%eval 0.1] [%clk 0:02:55] } 3... Nd4 { [%eval 0.85] [%clk 0:02:50] }
4. Nxe5 $4 { [%eval -2.5] [%clk 0:02:40] } 4... Qg5 { [%eval -2.4] [%clk 0:02:41] }
5. Nxf7 { [%eval -5.1] [%clk 0:02:20] } 5... Qxg2 { [%eval #-3] [%clk 0:02:38] }
6. Rf1 { [%eval #-2] [%clk 0:02:10.5] } 6... Qxe4+ { [%eval #-1] [%clk 0:02:30] }
7. Be2 { [%eval #-1] [%clk 0:02:00] [%emt 0:00:12] } 7... Nf3# { [%clk 0:02:29] } 0-1
"""

game = chess.pgn.read_game(io.StringIO(PGN))
previous = {chess.WHITE: 180.0, chess.BLACK: 180.0}
last_cp = 0
for node in game.mainline():
    mover = not node.turn()
    score = node.eval()
    clock = node.clock()
    spent = previous[mover] - clock if clock is not None else None
    if clock is not None:
        previous[mover] = clock
    if score is None:
        text = "none"
        cp = None
    else:
        white = score.white()
        cp = white.score(mate_score=10000)
        text = f"{white} {score.turn} {white.is_mate()} {white.mate()} {cp} {score.relative} {score.pov(mover)}"
    swing = "" if cp is None else ("??" if mover == chess.WHITE and cp - last_cp < -200 else "")
    if cp is not None:
        last_cp = cp
    print(f"{node.ply():2} {node.san():6} {text} clock={clock} spent={spent} emt={node.emt()} "
          f"depth={node.eval_depth()} {swing} {sorted(node.nags)} {node.comment!r}")
node = game.end()
node.set_clock(125.25)
node.set_eval(None)
node.comment += " mate"
game.variations[0].set_clock(None)
game.variations[0].set_arrows([(chess.E2, chess.E4), chess.svg.Arrow(chess.D2, chess.D4, color="red")] if hasattr(chess, "svg") else [])
print(game.variations[0].comment, game.variations[0].arrows())
print(node.comment, node.clock())
print(game.accept(chess.pgn.StringExporter(headers=False, columns=60)))
