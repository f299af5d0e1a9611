#!/usr/bin/env python3
"""The same analyses through python-chess's chess.engine, printed as
crates/quadboard-engine/examples/analyse_fens.rs prints them, for a diff of the two
clients over the same engine (python-chess is GPL: an oracle here, never a source).

    engine-vs-python-chess.py ENGINE NODES MULTIPV < fens.txt
"""
import sys

import chess
import chess.engine


def describe(info, board):
    def n(v):
        return "-" if v is None else str(v)
    score = info.get("score")
    if score is None:
        text = "-"
    else:
        rel = score.relative
        text = f"mate {rel.mate()}" if rel.is_mate() else f"cp {rel.score()}"
    bound = "lower" if info.get("lowerbound") else "upper" if info.get("upperbound") else "exact"
    pv = []
    at = board.copy()
    for m in info.get("pv", []):
        pv.append(at.uci(m))
        at.push(m)
    return (f"depth {n(info.get('depth'))} seldepth {n(info.get('seldepth'))} "
            f"multipv {n(info.get('multipv'))} {text} {bound} nodes {n(info.get('nodes'))} "
            f"tbhits {n(info.get('tbhits'))} pv {' '.join(pv)}")


def main():
    engine_path, nodes, multipv = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    engine.configure({"Threads": 1, "Hash": 16})
    for line in sys.stdin:
        fen = line.split(";")[0].strip()
        if not fen:
            continue
        board = chess.Board(fen, chess960=True)
        board.chess960 = board.has_chess960_castling_rights()
        with engine.analysis(board, chess.engine.Limit(nodes=nodes),
                             multipv=multipv if multipv > 1 else None) as analysis:
            for _ in analysis:
                pass
            best = analysis.wait()
        after = board.copy()
        if best.move:
            after.push(best.move)
        move = board.uci(best.move) if best.move else "-"
        ponder = after.uci(best.ponder) if best.ponder else "-"
        lines = [describe(info, board) for info in analysis.multipv]
        print("\t".join([f"{fen}\t{move} {ponder}"] + lines))
    engine.quit()


main()
