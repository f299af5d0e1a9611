# An EPD position tool: load positions with their operations (Board.from_epd), edit the
# placement only (set_board_fen, set_piece_map), and write EPD back with new operations.
import chess

LINES = [
    'r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - bm Rxf4; id "ERET 001 - Relief";',
    "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - ce 55; acd 12; pv Nc3 c6;",
    '8/8/8/4k3/8/8/2P5/4K3 w - - hmvc 7; fmvn 40; c0 "pawn ending"; am Kd2;',
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - bm O-O-O O-O; sm Kf8;",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 bm exd6;",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - noop; id \"start\";",
]

for line in LINES:
    board, ops = chess.Board.from_epd(line)
    shown = {}
    for key, value in sorted(ops.items()):
        if isinstance(value, list):
            shown[key] = board.variation_san(value) if key == "pv" else [board.san(m) for m in value]
        else:
            shown[key] = value
    print(board.fen(), shown)
    print(type(ops.get("ce")).__name__, type(ops.get("hmvc")).__name__, type(ops.get("bm")).__name__)
    print(board.epd(), "|", board.epd(hmvc=board.halfmove_clock, fmvn=board.fullmove_number))
    if "bm" in ops:
        print(board.epd(bm=ops["bm"], id="x"))
        copy = board.copy()
        other_ops = copy.set_epd(board.epd(bm=ops["bm"][0], c1="one two", ce=-3, acn=1.5))
        print(sorted(other_ops), copy == board)

board = chess.Board()
board.set_board_fen("8/8/8/8/4k3/8/4K3/8")
print(board.fen(), board.is_valid(), board.status())
board.set_board_fen("r3k2r/8/8/8/8/8/8/R3K2R")
print(board.fen(), board.castling_rights, board.has_castling_rights(chess.WHITE))
board.set_castling_fen("KQkq")
print(board.fen(), board.clean_castling_rights() == board.castling_rights)
print(board.board_fen(), board.board_fen(promoted=True))
pieces = board.piece_map()
pieces[chess.D4] = chess.Piece.from_symbol("Q")
board.set_piece_map(pieces)
print(board.fen(), sorted(board.piece_map()))
board.set_piece_map({chess.A1: chess.Piece(chess.KING, chess.WHITE), chess.H8: chess.Piece(chess.KING, chess.BLACK)})
print(board.fen(), board.epd(), board.status() == chess.STATUS_VALID)
for bad in ["8/8/8/8/8/8/8", "9/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/7X", "8/8/8/8/8/8/8/8 w"]:
    try:
        board.set_board_fen(bad)
        print("ok", bad)
    except ValueError as err:
        print("ValueError", err)
for bad in ["", "8/8/8/8/8/8/8/8 w - - bm", "4k3/8/8/8/8/8/8/4K3 w - - bm Kxx;", "4k3/8/8/8/8/8/8/4K3 x - - id 1;"]:
    try:
        print(chess.Board.from_epd(bad)[1])
    except ValueError as err:
        print(type(err).__name__, err)
