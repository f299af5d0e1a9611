# Variant games from a PGN export (lichess writes the Variant tag): each game's variant
# board, its moves in SAN and LAN, the end's outcome; a game built from a variant board and
# written back as PGN; and a game with an illegal drop, as a PGN checker reports it.
import io
import logging

import chess
import chess.pgn
import chess.variant

PGN = """[Event "Rated Crazyhouse game"]
[Site "https://lichess.org/abcdefgh"]
[Result "*"]
[Variant "Crazyhouse"]

1. b3 h6 2. c3 Nf6 3. Qc2 g5 4. Qe4 e6 5. a4 Rh7 6. e3 Ke7 7. Qg6 Nc6 8. a5 Nb8
9. Qxh6 Rxh6 10. Bc4 Q@a3 { a queen drop } 11. f4 Na6 12. @d6+ $1 Ke8 13. Nh3 b5
14. axb6 Qe7 15. @b2 c5 (15... Qxd6 16. Ba6) 16. f5 Rb8 17. Ke2 Bb7 18. Rd1 Ba8
19. Kd3 Nc7 20. Nxg5 Qxb3 *

[Event "Rated Atomic game"]
[Result "*"]
[Variant "Atomic"]

1. Na3 b5 2. e3 e5 3. d4 Qg5 4. Bxb5 d5 5. e4 f6 6. Ke2 Qh5+ 7. Kd3 h6 8. Nc4 c6
9. Na5 Be6 10. h4 g5 11. g3 Qf7 12. g4 h5 13. hxg5 Qd7 14. Qf3 Kd8 15. Ke2 Be7 *

[Event "Three-check"]
[Result "1-0"]
[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qxg6+ 1-0

[Event "King of the Hill"]
[Result "*"]
[Variant "King of the Hill"]

1. c3 b5 2. h4 e6 3. e3 d5 4. g3 h6 5. Rh2 b4 6. cxb4 Qd7 7. Bb5 g6 8. Bc4 Bc5
9. Qf3 Nc6 10. Qg2 Bxe3 11. h5 e5 12. Be2 Qe7 13. f3 Na5 14. Na3 Qe6 15. b3 Bb7
16. g4 Bg5 17. f4 c6 18. Bc4 O-O-O 19. Nf3 Nxb3 20. Nb1 Kc7 *

[Event "Racing Kings"]
[Result "*"]
[Variant "Racing Kings"]

1. Rg8 Bf5 2. R8g4 Bd3 3. Kg2 Bh7 4. Nd3 Nc3 5. Ne5 Na4 6. Kh3 Bg8 7. Rg6 Rb8
8. Nd4 Nxf1 9. Qf3 R1b3 10. Ndc6 Ra8 11. Bd4 Bb2 12. Rf6 Kb1 13. Rg7 Bc3 14. Na7 Rb2 *

[Event "Horde"]
[Result "*"]
[Variant "Horde"]

1. a5 b6 2. h5 Nf6 3. h6 Ba6 4. bxa6 d6 5. cxd6 Qd7 6. g6 fxg6 7. hxg7 Kf7
8. gxh8=Q Qxd6 9. e5 Nc6 10. d5 Bh6 11. Qe8+ Kg7 12. c5 Ne4 *

[Event "Antichess"]
[Result "*"]
[Variant "Antichess"]

1. h3 d6 2. a3 Bxh3 3. Nxh3 Qc8 4. Rh2 Qxh3 5. gxh3 h5 6. c4 g6 7. Bg2 Bg7
8. Bxb7 Bxb2 9. Bxb2 d5 10. Bxd5 f5 11. Bxg8 Rxg8 12. c5 c6 13. Bf6 exf6 *

[Event "Broken"]
[Result "*"]
[Variant "Atomic"]

1. e4 N@f3 2. d4 *
"""

# A checker reports the errors itself (python-chess's documented way to quiet the log).
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

handle = io.StringIO(PGN)
while True:
    game = chess.pgn.read_game(handle)
    if game is None:
        break
    board = game.board()
    print(game.headers["Event"], "|", type(board).__name__, "|", game.headers.variant().__name__)
    sans, lans = [], []
    for move in game.mainline_moves():
        sans.append(board.san(move))
        lans.append(board.lan(move))
        board.push(move)
    print("  san:", " ".join(sans))
    print("  lan:", " ".join(lans))
    end = game.end().board()
    print("  end:", end.fen(), "| over:", end.is_game_over(), "| variant end:", end.is_variant_end(),
          "| result:", end.result())
    for error in game.errors:
        print("  error:", type(error).__name__, error)
    print(game.accept(chess.pgn.StringExporter(headers=False, columns=60)))
    print()

# A crazyhouse game played move by move, written back as PGN.
board = chess.variant.CrazyhouseBoard()
for uci in ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@e6", "c8e6", "g1f3", "P@e4"]:
    board.push_uci(uci)
game = chess.pgn.Game.from_board(board)
game.headers["Event"] = "From a board"
print(game)
print(game.headers.variant().__name__, game.board().fen())
print(board.xboard(board.peek()), board.root().variation_san(board.move_stack))
