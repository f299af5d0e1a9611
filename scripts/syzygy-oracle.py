#!/usr/bin/env python3
"""Expected Syzygy values from python-chess, for quadboard-syzygy's differential test.

Writes `<fen>\t<wdl>\t<dtz>` lines: random legal positions of every table in the folder
(half of those with pawns on both sides just after a double pawn push, with a pawn
beside it to capture en passant),
and after some of them the position after a random capture (a smaller table).

    python3 -m venv /tmp/syz-venv && /tmp/syz-venv/bin/pip install chess==1.11.2
    /tmp/syz-venv/bin/python scripts/syzygy-oracle.py ../shared/data/syzygy/tables 100000 > /tmp/oracle.tsv
    QUADBOARD_SYZYGY_ORACLE=/tmp/oracle.tsv cargo test --release -p quadboard-syzygy \
        --test tablebase python_oracle -- --ignored

python-chess is the oracle (a test dependency); nothing of it is in the crate.
"""

import os
import random
import sys

import chess
import chess.syzygy


def tables(folder):
    return sorted(f[:-5] for f in os.listdir(folder) if f.endswith(".rtbw"))


def random_board(rng, name, ep):
    white, black = name.split("v")
    pieces = [chess.Piece.from_symbol(c) for c in white] + [
        chess.Piece.from_symbol(c.lower()) for c in black
    ]
    board = chess.Board(None)
    board.turn = rng.random() < 0.5
    ep_square = None
    if ep:
        # The side not to move has just advanced a pawn two squares; a pawn of the side to
        # move stands beside it when the material has one.
        mover = not board.turn
        pawn = chess.Piece(chess.PAWN, mover)
        if pawn not in pieces:
            return None
        pieces.remove(pawn)
        file = rng.randrange(8)
        rank = 3 if mover == chess.WHITE else 4
        board.set_piece_at(chess.square(file, rank), pawn)
        behind = chess.square(file, rank - 1 if mover == chess.WHITE else rank + 1)
        start = chess.square(file, 1 if mover == chess.WHITE else 6)
        reserved = {behind, start}
        capturer = chess.Piece(chess.PAWN, board.turn)
        side = file + rng.choice([-1, 1])
        if capturer in pieces and 0 <= side < 8:
            pieces.remove(capturer)
            board.set_piece_at(chess.square(side, rank), capturer)
        ep_square = behind
    else:
        reserved = set()
    for piece in pieces:
        while True:
            sq = rng.randrange(64)
            if board.piece_at(sq) or sq in reserved:
                continue
            if piece.piece_type == chess.PAWN and not 8 <= sq < 56:
                continue
            board.set_piece_at(sq, piece)
            break
    board.ep_square = ep_square
    board.halfmove_clock = rng.randrange(120)
    if not board.is_valid():
        return None
    if ep and not any(board.generate_legal_ep()):
        return None
    return board


def main():
    folder = sys.argv[1]
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    names = tables(folder)
    per_table = max(1, total // len(names))
    out = sys.stdout
    with chess.syzygy.open_tablebase(folder) as tb:
        for name in names:
            white, black = name.split("v")
            # En passant needs pawns on both sides: half of those tables' positions.
            both = "P" in white and "P" in black
            done = 0
            tries = 0
            while done < per_table and tries < 200 * per_table:
                tries += 1
                ep = both and done % 2 == 1 and tries % 50 != 0
                board = random_board(rng, name, ep)
                if board is None:
                    continue
                boards = [board]
                captures = [m for m in board.legal_moves if board.is_capture(m)]
                if captures and rng.random() < 0.25:
                    after = board.copy(stack=False)
                    after.push(rng.choice(captures))
                    boards.append(after)
                for b in boards:
                    out.write(f"{b.fen()}\t{tb.probe_wdl(b)}\t{tb.probe_dtz(b)}\n")
                    done += 1
            out.flush()


if __name__ == "__main__":
    main()
