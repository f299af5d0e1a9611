# An EPD test-suite runner: read positions with bm/am/id/c0 operations, pick a move with a
# one-ply material search, score it against the suite, and write the results back as EPD,
# as engine testers do with WAC-style files.
import chess

SUITE = """\
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id "WAC.002";
5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKR b - - bm Rg4; id "WAC.003"; c0 "three";
r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id "WAC.004";
5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - am Qc4+; bm Qxd6; id "WAC.005"; acd 12; acs 3.5;
7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - bm Rb7; id "WAC.006"; pv Rb7 Rg8 Rxa7;
rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - hmvc 0; fmvn 5; bm Ne3; id "WAC.007";
"""

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def material(board, color):
    return sum(VALUES[p.piece_type] * (1 if p.color == color else -1) for p in board.piece_map().values())


def pick(board):
    best, best_score = None, None
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            score = 1000
        else:
            replies = [material(board, not board.turn) for _ in [0]]
            worst = None
            for reply in board.legal_moves:
                board.push(reply)
                value = material(board, not board.turn) * -1
                board.pop()
                worst = value if worst is None or value < worst else worst
            score = replies[0] if worst is None else worst
        board.pop()
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best, best_score


solved = 0
for line in SUITE.splitlines():
    board = chess.Board()
    ops = board.set_epd(line)
    move, score = pick(board)
    san = board.san(move)
    bm = [board.san(m) for m in ops.get("bm", [])]
    am = [board.san(m) for m in ops.get("am", [])]
    ok = (not bm or move in ops["bm"]) and move not in ops.get("am", [])
    solved += ok
    print(f"{ops.get('id', '?'):8} {san:7} {score:5} bm={bm} am={am} {'ok' if ok else '--'} c0={ops.get('c0')!r} fen={board.fen()}")
    extra = {k: v for k, v in ops.items() if k not in ("bm", "am", "id", "pv")}
    print("   ", sorted(extra.items()), [board.san(m) for m in ops.get("pv", [])[:1]], board.halfmove_clock, board.fullmove_number)
    print("   ", board.epd(bm=move, id=ops.get("id"), acs=score, c1=f"picked {san}"))
    print("   ", board.epd(pv=[move], am=ops.get("am", []), hmvc=board.halfmove_clock))
print(f"solved {solved} of {len(SUITE.splitlines())}")
board, ops = chess.Board.from_epd("4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"pawn\"; ce +150;")
print(board, ops, board.fen())
