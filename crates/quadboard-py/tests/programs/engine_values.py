# Game report from a lichess export's [%eval] comments, with chess.engine's values only (no
# engine): win/draw/loss by model, lichess-style accuracy, the biggest swing, and the
# limits and options an analysis script would set up before starting its engine.
import io
import math

import chess
import chess.engine
import chess.pgn

PGN = """[Event "Rated Rapid game"]
[White "alpha"]
[Black "beta"]
[Result "1-0"]

1. e4 { [%eval 0.3] } 1... c5 { [%eval 0.35] } 2. Nf3 { [%eval 0.2] } 2... d6 { [%eval 0.28] }
3. d4 { [%eval 0.3] } 3... cxd4 { [%eval 0.32] } 4. Nxd4 { [%eval 0.25] } 4... Nf6 { [%eval 0.3] }
5. Nc3 { [%eval 0.21] } 5... a6 { [%eval 0.3] } 6. Bg5 { [%eval 0.18] } 6... e6 { [%eval 0.22] }
7. f4 { [%eval 0.1] } 7... Qb6 { [%eval 0.3] } 8. Qd2 { [%eval 0.0] } 8... Qxb2 { [%eval 0.05] }
9. Rb1 { [%eval -0.1] } 9... Qa3 { [%eval 0.0] } 10. e5 { [%eval 0.4] } 10... h6 { [%eval 1.9] }
11. Bh4 { [%eval 1.7] } 11... dxe5 { [%eval 2.4] } 12. fxe5 { [%eval 2.6] } 12... Nfd7 { [%eval 3.5] }
13. Ne4 { [%eval 3.2] } 13... Qxa2 { [%eval 6.8] } 14. Rd1 { [%eval 6.5] } 14... Qd5 { [%eval #9] }
15. Qe3 { [%eval #7] } 15... Qxe5 { [%eval #5] } 16. Be2 { [%eval #4] } 16... Bc5 { [%eval #3] }
17. Bg3 { [%eval #2] } 17... Bxd4 { [%eval #1] } 18. Rxd4 { [%eval #1] } 1-0
"""

game = chess.pgn.read_game(io.StringIO(PGN))
models = ["sf", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]
previous = chess.engine.PovScore(chess.engine.Cp(20), chess.WHITE)
worst = None
accuracies = {chess.WHITE: [], chess.BLACK: []}
for ply, node in enumerate(game.mainline(), start=1):
    score = node.eval()
    mover = not node.turn()
    wdls = [score.wdl(model=model, ply=ply).pov(mover) for model in models]
    cells = " ".join(f"{w.wins}/{w.draws}/{w.losses}" for w in wdls)
    print(f"{ply:2} {node.san():7} {str(score.white()):6} {cells}")
    before = previous.wdl(model="lichess", ply=ply).pov(mover).expectation()
    after = score.wdl(model="lichess", ply=ply).pov(mover).expectation()
    # lichess's accuracy formula on the winning-chance drop of the move.
    drop = max(0.0, before - after) * 100
    accuracy = max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))
    accuracies[mover].append(accuracy)
    if worst is None or drop > worst[0]:
        worst = (drop, ply, node.san())
    previous = score

for color in chess.COLORS:
    values = accuracies[color]
    print(chess.COLOR_NAMES[color], f"{sum(values) / len(values):.1f}")
print("worst", f"{worst[0]:.2f}", worst[1], worst[2])

scores = sorted({str(node.eval().white()): node.eval().white() for node in game.mainline()}.values())
print("ordered", " ".join(str(s) for s in scores))
print("best", repr(max(scores)), "worst", repr(min(scores)), repr(-max(scores)), repr(abs(min(scores))))
print(chess.engine.Cp(35) < chess.engine.Mate(-3), chess.engine.Mate(2) > chess.engine.Mate(3),
      chess.engine.MateGiven > chess.engine.Mate(1), repr(-chess.engine.Mate(0)))
wdl = chess.engine.Wdl(412, 398, 190)
print(wdl, wdl.total(), f"{wdl.expectation():.3f}", f"{wdl.winning_chance():.3f}", -wdl, list(reversed(wdl)))
pov = chess.engine.PovWdl(wdl, chess.BLACK)
print(pov, pov.white(), pov[0], len(pov), tuple(pov))

limits = [chess.engine.Limit(depth=18), chess.engine.Limit(time=0.5), chess.engine.Limit(nodes=100000, depth=20),
          chess.engine.Limit(white_clock=60, black_clock=58.5, white_inc=1, black_inc=1, remaining_moves=20)]
for limit in limits:
    print(limit)

declared = {
    "Hash": chess.engine.Option("Hash", "spin", 16, 1, 33554432, []),
    "Threads": chess.engine.Option("Threads", "spin", 1, 1, 1024, []),
    "Ponder": chess.engine.Option("Ponder", "check", False, None, None, []),
    "UCI_LimitStrength": chess.engine.Option("UCI_LimitStrength", "check", False, None, None, []),
    "Style": chess.engine.Option("Style", "combo", "Normal", None, None, ["Solid", "Normal", "Risky"]),
    "SyzygyPath": chess.engine.Option("SyzygyPath", "string", "<empty>", None, None, []),
    "Clear Hash": chess.engine.Option("Clear Hash", "button", None, None, None, []),
}
wanted = {"Hash": "256", "Threads": 0, "Ponder": True, "UCI_LimitStrength": "false", "Style": "Wild",
          "SyzygyPath": "/tb\n", "Clear Hash": None}
for name, value in wanted.items():
    option = declared[name]
    try:
        print(name, repr(option.parse(value)), option.is_managed())
    except chess.engine.EngineError as error:
        print(name, "error:", error)

options = chess.engine.UciOptionMap(Hash=16)
options["hash"] = 64
options["Threads"] = 2
print(options, options["HASH"], sorted(options))
print(chess.engine.INFO_SCORE | chess.engine.INFO_PV, chess.engine.Info.ALL & ~chess.engine.Info.CURRLINE)
result = chess.engine.PlayResult(chess.Move.from_uci("e2e4"), None, {"depth": 12})
print(result.move, result.ponder, result.info, result.draw_offered)
try:
    raise chess.engine.EngineTerminatedError("engine process died unexpectedly (exit code: -9)")
except chess.engine.EngineError as error:
    print(type(error).__name__, error)
