# Reading annotated PGN: clock and eval comments, arrows, NAGs and move suffixes, nested
# variations, a null move and a set-up position, printing what each node carries.
import io

import chess
import chess.pgn

PGN = """[Event "Annotated"]
[Site "lichess.org"]
[White "X"]
[Black "Y"]
[Result "1/2-1/2"]
[TimeControl "300+3"]

1. e4 { [%eval 0.25] [%clk 0:05:00] } 1... c5 { [%eval 0.3] [%clk 0:04:58] [%cal Ge2e4,Rd7d5] [%csl Gd4] }
2. Nf3!? { Open Sicilian } 2... d6?! $14 (2... Nc6 3. d4 cxd4 4. Nxd4 { main } (4. c3!)) (2... e6 $5)
3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 $146 { Najdorf [%eval #-3] } 6. Be3 -- 7. f3 { null move above } 1/2-1/2

[Event "Setup"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]
[SetUp "1"]
[Result "*"]

1. O-O-O+ { check } Kd7?? 2. Rd1+! ( 2. Kb1 ) Ke6 $2 *
"""

stream = io.StringIO(PGN)
for number in range(2):
    game = chess.pgn.read_game(stream)
    print("game", number, game.headers.get("Event"), len(game.errors), game.board().fen())
    print("  comment", repr(game.comment), [str(e) for e in game.errors], [type(e).__name__ for e in game.errors])
    for node in game.mainline():
        parts = [node.ply(), node.san(), sorted(node.nags), repr(node.comment)]
        clock = node.clock()
        if clock is not None:
            parts.append(("clock", clock))
        score = node.eval()
        if score is not None:
            parts.append(("eval", str(score), score.white().score(mate_score=10000), score.is_mate()))
        arrows = node.arrows()
        if arrows:
            parts.append([(chess.square_name(a.tail), chess.square_name(a.head), a.color) for a in arrows])
        print(" ", parts)
        for variation in node.variations[1:]:
            print("    var", variation.san(), variation.board().fen(), [n.san() for n in variation.mainline()])
    print(game)
    print()
    print(game.end().board().fen(), game.end().board().is_check())
print(chess.pgn.read_game(stream))
