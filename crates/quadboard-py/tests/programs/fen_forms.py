# FEN and EPD in their other forms: castling_xfen, shredder FEN, en passant options,
# from_epd/set_epd round trips, castling rights queries, status flags printed by name.
import chess

for fen in ["rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 3 30",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]:
    board = chess.Board(fen, chess960="HF" in fen)
    print(board.castling_xfen(), board.fen(shredder=True), board.fen(en_passant="fullmove"),
          board.fen(en_passant="xfen"), board.epd(en_passant="legal"))
    print(" ", board.has_kingside_castling_rights(chess.WHITE), board.has_queenside_castling_rights(chess.WHITE),
          board.has_kingside_castling_rights(chess.BLACK), board.has_queenside_castling_rights(chess.BLACK),
          board.has_castling_rights(chess.BLACK), board.has_chess960_castling_rights(),
          chess.SquareSet(board.castling_rights), board.ep_square, board.has_legal_en_passant(),
          board.has_pseudo_legal_en_passant())
for epd in ["1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";",
            "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - bm d5; id \"BK.02\"; c0 \"test\";",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 4; fmvn 7;"]:
    board, ops = chess.Board.from_epd(epd)
    print(board.fen(), sorted((k, str(v)) for k, v in ops.items()))
    other = chess.Board()
    ops2 = other.set_epd(epd)
    print(" ", other == board, ops2 == ops, board.epd(**{k: v for k, v in ops.items() if k in ("id", "c0")}))
    print(" ", board.epd(bm=[board.parse_san(m) for m in ["Qd1+"] if board.turn == chess.BLACK] or None, hmvc=3))
board = chess.Board("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1")
status = board.status()
print(status, int(status), bool(status), board.is_valid())
for flag in chess.Status:
    if flag and status & flag:
        print(" ", flag.name, int(flag))
print([name for name in dir(chess) if name.startswith("STATUS_")][:5], chess.STATUS_VALID, chess.STATUS_BAD_CASTLING_RIGHTS)
board.clean_castling_rights()
print(board.castling_rights == chess.BB_H1, board.fen(), repr(board.status()))
board = chess.Board("8/8/8/8/8/8/8/8 w - - 0 1")
print(board.status(), [f.name for f in chess.Status if f and board.status() & f])
