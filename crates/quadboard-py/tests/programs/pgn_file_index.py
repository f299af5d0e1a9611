# A PGN database index: scan a file on disk with read_headers and skip_game, store the
# offsets from tell(), then seek to games by player or opening and read them in full,
# the way GUIs and web apps open large files lazily.
import os
import tempfile

import chess
import chess.pgn

TEXT = """[Event "Blitz"]
[Site "Online"]
[Date "2024.02.01"]
[Round "-"]
[White "Kim"]
[Black "Lee"]
[Result "1-0"]
[ECO "C65"]
[Opening "Ruy Lopez: Berlin Defense"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. Re1 Nd6 6. Nxe5 Be7 7. Bf1 Nxe5
8. Rxe5 O-O 9. d4 Bf6 10. Re1 1-0

[Event "Blitz"]
[Site "Online"]
[Date "2024.02.01"]
[Round "-"]
[White "Lee"]
[Black "Moss"]
[Result "0-1"]
[ECO "A45"]
[Opening "Indian Defense"]

1. d4 Nf6 2. Bf4 { London } 2... e6 3. e3 c5 4. c3 Qb6 5. Qb3 c4 6. Qc2 d5 0-1

[Event "Blitz"]
[Site "Online"]
[Date "2024.02.02"]
[Round "-"]
[White "Moss"]
[Black "Kim"]
[Result "1/2-1/2"]
[ECO "C65"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. d3 Bc5 5. c3 O-O 6. O-O d6 7. h3 a6 8. Ba4 Ba7
1/2-1/2

[Event "Rapid"]
[Site "Club"]
[Date "2024.02.03"]
[Round "4"]
[White "Kim"]
[Black "Moss"]
[Result "*"]
[ECO "B01"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 *
"""

path = os.path.join(tempfile.mkdtemp(), "db.pgn")
with open(path, "w", encoding="utf-8") as f:
    f.write(TEXT)

index = []
with open(path, encoding="utf-8") as pgn:
    while True:
        offset = pgn.tell()
        headers = chess.pgn.read_headers(pgn)
        if headers is None:
            break
        index.append((offset, headers["White"], headers["Black"], headers.get("ECO"),
                      headers.get("Opening", ""), headers["Date"]))
for row in index:
    print(row)
print(len(index), "games; file size", os.path.getsize(path))

by_player = {}
for offset, white, black, *_ in index:
    by_player.setdefault(white, []).append(offset)
    by_player.setdefault(black, []).append(offset)
print({name: len(offsets) for name, offsets in sorted(by_player.items())})

with open(path, encoding="utf-8") as pgn:
    for offset in by_player["Kim"]:
        pgn.seek(offset)
        game = chess.pgn.read_game(pgn)
        board = game.board()
        sans = []
        for move in game.mainline_moves():
            sans.append(board.san(move))
            board.push(move)
        print(game.headers["Round"], game.headers["White"], game.headers["Black"], game.headers["Result"],
              len(sans), " ".join(sans[:6]), board.fen())
        print("  after:", pgn.tell() > offset, game.errors)

    # Skip the first two games, then read the third; count the rest with skip_game.
    pgn.seek(0)
    print(chess.pgn.skip_game(pgn), chess.pgn.skip_game(pgn))
    third = chess.pgn.read_game(pgn)
    print(third.headers["White"], "-", third.headers["Black"], third.end().ply(), third.headers.get("Opening"))
    rest = 0
    while chess.pgn.skip_game(pgn):
        rest += 1
    print("rest", rest, chess.pgn.read_game(pgn), chess.pgn.read_headers(pgn), chess.pgn.skip_game(pgn))

    # Same ECO: read every C65 game's mainline in UCI.
    for offset, white, black, eco, *_ in index:
        if eco == "C65":
            pgn.seek(offset)
            game = chess.pgn.read_game(pgn)
            print(eco, white, black, [m.uci() for m in game.mainline_moves()][-4:])

# The headers-only read of every game, then the last game read with headers and board.
with open(path, encoding="utf-8") as pgn:
    pgn.seek(index[-1][0])
    headers = chess.pgn.read_headers(pgn)
    print(dict(headers), headers.board().fen())
    pgn.seek(index[-1][0])
    game = chess.pgn.read_game(pgn)
    print(game.end().board().fen(), str(game.mainline_moves()))
