# Importing user-pasted PGN: each snippet is read, its errors listed with their types and
# messages, the moves that were kept counted, and the text written back, as a site's
# "import game" form does before it stores a game.
import io
import logging

import chess
import chess.pgn

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
logging.getLogger("quadboard.pgn").setLevel(logging.CRITICAL)

SNIPPETS = [
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
    "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 *",
    "1. e4 e5 2. Qh5 Ke7 3. Qxe5#",
    "1. d4 d5 2. Bf4 Bf5 3. e3 e6 4. Bd3 Bxd3 5. Qxd3 Nc6 6. Nf3 Nb4 7. Qd1 Nxc2+ 8. Qxc2 1-0",
    "1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Nd5 Nd4 5. Nxe5 Nxd5 6. Ne2 *",
    "1. e4 e5 2. Ne2 Nc6 3. Ng3 Nf6 4. N1c3 Bc5 5. Nce2 *",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 *",
    "1. e4 e5 2. Nf3 Nf6 3. Nxe5 d6 4. Nf3 Nxe4 5. Qe2 Qe7 6. d3 Nf6 7. Bg5 Qxe2+ 8. Bxe2 Be7 *",
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 {mate} 1-0",
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0 {mate, said after the result}",
    "1. P@e4 e5 *",
    "1. e4 ?? e5 !! 2. Nf3 !? Nc6 ?! 3. Bb5 $19 *",
    "1. e4 e5 2. Nf3 ( 2. Nc3 ( 2. f4 ) 2... Nf6 ) 2... Nc6 ( 2... d6 3. d4 ) 3. Bb5 *",
    "1. e4 e5 2. Kf3 Nc6 3. Nf3 *",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Bc4 *",
    "1. e4 e5 2. Nf3 Nc6 3. e8=Q *",
    "1. e4 e5 2. O-O Nc6 *",
    "1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5 4. d4 Nc6 5. d5 Nb4 6. d6 cxd6 *",
    "[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. a8=Q+ Kb1 2. Qa2+ Kc1 3. Qb2+ Kd1 *",
    "[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. a8Q+ Kb1 2. a8=R *",
    "[FEN \"not a fen\"]\n\n1. e4 *",
    "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. g3 g6 2. O-O O-O *",
    "1. e4 e5 2. Nf3 { unterminated comment",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 3... a6 4. Ba4 *",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Be7 6. Re1 b5 7. Bb3 0-0 *",
]

for number, text in enumerate(SNIPPETS, 1):
    game = chess.pgn.read_game(io.StringIO(text))
    if game is None:
        print(number, "no game")
        continue
    moves = list(game.mainline_moves())
    errors = [f"{type(e).__name__}: {e}" for e in game.errors]
    end = game.end()
    try:
        fen = end.board().fen()
    except ValueError as error:
        print(number, "board:", type(error).__name__, error)
        continue
    print(number, len(moves), errors, game.headers["Result"], fen)
    print("  ", game.accept(chess.pgn.StringExporter(headers=False)))
    if end.board().is_game_over():
        print("   over:", end.board().outcome().termination.name, end.board().result())
