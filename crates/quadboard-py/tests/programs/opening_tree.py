# An opening explorer: read games from PGN, count the moves played from each position
# (keyed by EPD, so transpositions meet), and print the most played continuations.
import io
from collections import Counter, defaultdict

import chess
import chess.pgn

PGN = """
[Event "A"]
[White "w1"]
[Black "b1"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0

[Event "B"]
[White "w2"]
[Black "b2"]
[Result "0-1"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 0-1

[Event "C"]
[White "w3"]
[Black "b3"]
[Result "1/2-1/2"]

1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 1/2-1/2

[Event "D"]
[White "w4"]
[Black "b4"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 1-0

[Event "E"]
[White "w5"]
[Black "b5"]
[Result "*"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 (4... Nbd7 5. e3) 5. e3 O-O *
"""

tree = defaultdict(Counter)
results = defaultdict(Counter)
handle = io.StringIO(PGN)
games = 0
while True:
    game = chess.pgn.read_game(handle)
    if game is None:
        break
    games += 1
    board = game.board()
    for ply, move in enumerate(game.mainline_moves()):
        if ply >= 8:
            break
        key = board.epd()
        tree[key][board.san(move)] += 1
        results[key][game.headers["Result"]] += 1
        board.push(move)
    print(game.headers["Event"], game.headers.get("White"), "-", game.headers.get("Black"),
          game.headers["Result"], board.fen())

print(games, "games,", len(tree), "positions")
for key in sorted(tree, key=lambda k: (-sum(tree[k].values()), k))[:8]:
    board = chess.Board(key + " 0 1")
    moves = ", ".join(f"{san} ({n})" for san, n in tree[key].most_common())
    print(f"{board.fullmove_number}{'.' if board.turn else '...'} {key}: {moves} {dict(results[key])}")
