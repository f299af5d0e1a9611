# A Lichess/ChessBase annotation tool: read [%eval], [%clk], [%emt], [%cal] and [%csl]
# commands in many spellings, compute time-use and accuracy-style summaries, then move
# evaluations between nodes, add arrows and clocks, strip commands and export.
import io

import chess
import chess.pgn
import chess.svg

PGN = """[Event "Commands"]
[White "engine"]
[Black "human"]
[Result "1-0"]
[TimeControl "600+5"]

{ [%evp 0.1,0.2] pregame } 1. e4 { [%eval 0.17,22] [%clk 0:10:00] } 1... e5 { [%clk 0:09:58.5] [%eval 0.2] }
2. Nf3 { [%eval -0.05] [%clk 0:10:03] [%emt 0:00:02] } 2... Nc6 { [%clk 0:10:01][%eval 0.00] }
3. Bb5 { Spanish [%cal Gb5c6,Ra7a6] [%csl Ye5,Rc6] [%clk 0:10:06] } 3... a6 { [%eval #12] [%clk 0:09:50] }
4. Ba4 { [%eval #-7,30] [%clk 1:00:00] } 4... Nf6 { [%eval 12.34] [%emt 0:01:05.25] text after }
5. O-O { [%clk 0:00:09] [%eval -0.3] [%cal Yf1e1] } 5... Be7 { just words } 6. Re1 { [%eval +1.5] } 1-0
"""

game = chess.pgn.read_game(io.StringIO(PGN))
print(repr(game.comment), game.eval(), game.clock(), game.arrows())
times = {chess.WHITE: [], chess.BLACK: []}
for node in game.mainline():
    score = node.eval()
    depth = node.eval_depth()
    clock = node.clock()
    emt = node.emt()
    arrows = node.arrows()
    mover = chess.WHITE if node.turn() == chess.BLACK else chess.BLACK
    if clock is not None:
        times[mover].append(clock)
    desc = []
    if score is not None:
        desc.append(f"eval={score} rel={score.relative} white={score.white()} black={score.black()} "
                    f"cp={score.white().score()} mate={score.white().mate()} "
                    f"ms={score.pov(mover).score(mate_score=100000)} depth={depth}")
    desc.append(f"clock={clock!r} emt={emt!r}")
    if arrows:
        desc.append("arrows=" + ",".join(f"{a.color}:{chess.square_name(a.tail)}{chess.square_name(a.head)}"
                                          for a in arrows))
        desc.append(" ".join(a.pgn() for a in arrows))
    print(node.ply(), node.san(), " | ".join(desc), repr(node.comment))

for color in (chess.WHITE, chess.BLACK):
    clocks = times[color]
    print(chess.COLOR_NAMES[color], clocks, [round(a - b, 2) for a, b in zip(clocks, clocks[1:])])

# Best and worst evaluations as scores compare.
scored = [n for n in game.mainline() if n.eval() is not None]
best = max(scored, key=lambda n: n.eval().white())
worst = min(scored, key=lambda n: n.eval().white())
print("best", best.san(), best.eval().white(), "worst", worst.san(), worst.eval().white())
print(sorted(str(n.eval().white()) for n in scored))

# Edit: copy evaluations forward, set clocks and arrows, strip commands.
nodes = list(game.mainline())
nodes[-1].set_eval(nodes[-2].eval(), 18)
nodes[-2].set_eval(nodes[0].eval())
nodes[-3].set_clock(3725.5)
nodes[-3].set_emt(0.75)
nodes[-4].set_arrows([chess.svg.Arrow(chess.E1, chess.G1, color="blue"), (chess.H1, chess.F1),
                      chess.svg.Arrow(chess.D4, chess.D4, color="red")])
nodes[2].set_arrows([])
nodes[2].set_clock(None)
nodes[2].set_emt(None)
nodes[1].set_eval(None)
nodes[5].comment = nodes[5].comment.replace("Spanish", "Ruy Lopez")
for node in nodes[-4:]:
    print(node.san(), repr(node.comment), node.eval(), node.eval_depth(), node.clock(), node.emt(),
          [(a.tail, a.head, a.color) for a in node.arrows()])
print(game.accept(chess.pgn.StringExporter(headers=False, columns=70)))
print(game.accept(chess.pgn.StringExporter(headers=False, comments=False)))
