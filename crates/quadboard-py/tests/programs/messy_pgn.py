# Reading PGN as it arrives from the web: a byte-order mark, Windows line ends, escaped
# quotes in headers, % lines, nested variations, a game with an illegal move (its errors
# list), a game with no moves, and text between games.
import io
import logging

import chess
import chess.pgn

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
logging.getLogger("quadboard.pgn").setLevel(logging.CRITICAL)

PGN = ("\ufeff[Event \"Rapid \\\"A\\\"\"]\r\n[Site \"?\"]\r\n[White \"O'Neil, K.\"]\r\n[Black \"Li\"]\r\n"
       "[Result \"1-0\"]\r\n\r\n1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 {a {nested} brace?}\r\n"
       "3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\r\n\r\n"
       "% a comment line that readers skip\n"
       "Some text a site put between games.\n\n"
       "[Event \"Broken\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n\n"
       "[Event \"Empty\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n\n"
       "[Event \"Setup\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/2k5/8/K1q5 w - - 0 70\"]\n[Result \"0-1\"]\n\n70. Ka2 Qb2# 0-1\n\n"
       "[Event \"No result\"]\n\n1. d4 d5 2. c4 e6 3. Nc3\n\n"
       "1. e4 c5 2. Nf3 d6 *\n")

handle = io.StringIO(PGN)
index = 0
while True:
    game = chess.pgn.read_game(handle)
    if game is None:
        break
    index += 1
    headers = dict(game.headers)
    moves = [m.uci() for m in game.mainline_moves()]
    print(index, headers)
    print("  moves", len(moves), moves[:6], "errors", [type(e).__name__ for e in game.errors])
    print("  end", game.end().board().fen(), game.end().board().is_checkmate(), game.headers.get("Result"))
    print("  variations", [len(n.variations) for n in game.mainline()][:4], repr(game.variations[0].comment) if game.variations else None)
    print("  text", str(game).splitlines()[-1][:70])
print("games", index)
print(chess.pgn.read_game(io.StringIO("")), chess.pgn.read_game(io.StringIO("\n\n  \n")))
junk = chess.pgn.read_game(io.StringIO("this is not pgn at all"))
print(junk is None or (dict(junk.headers), len(list(junk.mainline_moves())), [str(e) for e in junk.errors]))
