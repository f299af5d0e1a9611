"""Probe endgames with chess.syzygy: WDL and DTZ of a few positions, then the DTZ-optimal
line to the next capture or pawn move (or mate), written in SAN; missing tables and
castling rights as the errors say. Reads ../shared/data/syzygy/tables (QUADBOARD_SHARED
for another folder); without it, says so."""

import os
import sys
from pathlib import Path

import chess
import chess.syzygy

SHARED = Path(os.environ.get("QUADBOARD_SHARED", Path(__file__).resolve().parents[5] / "shared"))
TABLES = SHARED / "data" / "syzygy" / "tables"

ENDGAMES = [
    "8/8/8/8/8/2k5/8/KQ6 w - - 0 1",          # KQvK
    "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",         # KRvK
    "8/8/8/8/4k3/8/4P3/4K3 w - - 0 1",        # KPvK
    "8/8/8/8/8/3k4/8/KBN5 b - - 0 1",         # KBNvK, the defender to move
    "8/8/8/8/Pp6/1K6/8/k7 b - a3 0 1",        # KPvKP: only en passant
    "8/8/8/8/3k4/8/2KRr3/8 w - - 0 1",        # KRvKR
]


def wdl_name(wdl):
    return {2: "win", 1: "cursed win", 0: "draw", -1: "blessed loss", -2: "loss"}[wdl]


def best_move(tablebase, board):
    """The move a DTZ-optimal player chooses: mate at once, else keep the best outcome,
    and among those zero the counter when winning, then the shortest win (longest loss)."""
    ranked = []
    for move in board.legal_moves:
        zeroing = board.is_zeroing(move)
        board.push(move)
        try:
            if board.is_checkmate():
                key = (0, 0, 0)
            else:
                wdl = -tablebase.probe_wdl(board)
                dtz = -tablebase.probe_dtz(board)
                if wdl > 0:
                    key = (1, -wdl, 0 if zeroing else 1, dtz)
                else:
                    key = (1, -wdl, 1 if zeroing else 0, -dtz)
        finally:
            board.pop()
        ranked.append((key, move.uci(), move))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return ranked[0][2] if ranked else None


def dtz_line(tablebase, board, limit=80):
    line = []
    board = board.copy()
    while len(line) < limit and not board.is_game_over():
        move = best_move(tablebase, board)
        zeroing = board.is_zeroing(move)
        line.append(move)
        board.push(move)
        if zeroing:
            break
    return line


def main():
    if not TABLES.is_dir():
        print("no tables")
        return
    with chess.syzygy.open_tablebase(str(TABLES)) as tablebase:
        for fen in ENDGAMES:
            board = chess.Board(fen)
            wdl = tablebase.probe_wdl(board)
            dtz = tablebase.probe_dtz(board)
            print(f"{fen}: wdl {wdl} ({wdl_name(wdl)}), dtz {dtz}")
            if wdl != 0:
                line = dtz_line(tablebase, board)
                print("  line:", board.variation_san(line))
        # A material without its table: get_wdl's default, probe_wdl's error.
        board = chess.Board("rnbqk3/8/8/8/8/8/8/4K3 w - - 0 1")
        print("missing:", tablebase.get_wdl(board), tablebase.get_dtz(board, "n/a"))
        for fen in ("rnbqk3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", chess.STARTING_FEN):
            try:
                tablebase.probe_wdl(chess.Board(fen))
            except chess.syzygy.MissingTableError as e:
                print("MissingTableError:", e)
            except KeyError as e:
                print("KeyError:", e)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
