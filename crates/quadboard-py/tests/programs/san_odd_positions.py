# SAN and LAN in awkward positions: triple disambiguation, promotions with check and mate,
# castling that checks, en passant that mates, moves of pinned pieces, and long variations,
# as notation converters and puzzle sites write them.
import chess

POSITIONS = [
    ("7k/8/8/8/Q1Q5/8/Q7/K7 w - - 0 1", None),
    ("3r3k/8/8/R7/8/8/8/R3K2R w KQ - 0 1", None),
    ("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", None),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", None),
    ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", None),
    ("4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1", None),
    ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", None),
    ("2kr4/8/8/8/8/8/8/R3K2R w KQ - 0 1", None),
    ("5rk1/5ppp/8/8/8/8/1Q3PPP/6K1 w - - 0 1", None),
    ("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", None),
]

for fen, _ in POSITIONS:
    board = chess.Board(fen)
    moves = list(board.legal_moves)
    sans = [board.san(m) for m in moves]
    lans = [board.lan(m) for m in moves]
    print(fen)
    print(" ", len(moves), sorted(sans))
    print(" ", sorted(lans)[:12])
    marked = [s for s in sans if s.endswith(("+", "#"))]
    print("  checks", sorted(marked))
    for move in moves:
        if board.is_en_passant(move) or board.is_castling(move) or move.promotion:
            print("  special", move.uci(), board.san(move), board.lan(move), board.is_capture(move), board.gives_check(move))
    round_trip = all(board.parse_san(s) == m for s, m in zip(sans, moves))
    print("  round trip", round_trip)

board = chess.Board()
line = [board.parse_san(s) for s in []]
game_line = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7".split()
play = chess.Board()
moves = []
for san in game_line:
    moves.append(play.push_san(san))
print(chess.Board().variation_san(moves))
print(chess.Board().variation_san(moves[:0]))
mid = chess.Board()
for m in moves[:5]:
    mid.push(m)
print(mid.variation_san(moves[5:]))
print(play.fen(), play.ply(), play.fullmove_number)
null_board = chess.Board()
null_board.push_san("e4")
print(null_board.san(chess.Move.null()), null_board.lan(chess.Move.null()))
null_board.push(chess.Move.null())
print(null_board.fen(), null_board.san(chess.Move.from_uci("d2d4")))
print(chess.Board("8/8/8/8/8/5k2/6q1/7K w - - 0 1").san(chess.Move.from_uci("h1g2")))
