# A PGN statistics scan: read only the headers of every game (chess.pgn.read_headers),
# tally results, openings and ratings, then read the games whose ECO is wanted in full.
import collections
import io

import chess
import chess.pgn

PGN = """[Event "Club Open"]
[Site "Utrecht"]
[Date "2023.04.01"]
[Round "1"]
[White "Aalders, P."]
[Black "Brink, J."]
[Result "1-0"]
[WhiteElo "2011"]
[BlackElo "1890"]
[ECO "C50"]
[Opening "Italian Game"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+
8. Nbxd2 d5 9. exd5 Nxd5 10. Qb3 Nce7 11. O-O O-O 12. Rfe1 c6 13. Ne4 Qb6 14. Nc5 1-0

[Event "Club Open"]
[Site "Utrecht"]
[Date "2023.04.01"]
[Round "1"]
[White "Claes, M."]
[Black "Dekker, S."]
[Result "1/2-1/2"]
[WhiteElo "1755"]
[ECO "B22"]

1. e4 c5 2. c3 d5 3. exd5 Qxd5 4. d4 Nf6 5. Nf3 e6 6. Be2 Nc6 7. O-O cxd4 8. cxd4 Be7 1/2-1/2

[Event "Club Open"]
[Site "Utrecht"]
[Date "2023.04.02"]
[Round "2"]
[White "Brink, J."]
[Black "Claes, M."]
[Result "0-1"]
[WhiteElo "1890"]
[BlackElo "1755"]
[ECO "C50"]
[TimeControl "5400+30"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 d6 6. c3 a6 7. a4 Ba7 8. Re1 O-O
9. h3 h6 10. Nbd2 Re8 11. Nf1 Be6 12. Bxe6 Rxe6 13. Ng3 d5 14. exd5 Qxd5 15. Qb3 Qxd3 0-1

[Event "Club Open"]
[Site "Utrecht"]
[Date "2023.04.02"]
[Round "2"]
[White "Dekker, S."]
[Black "Aalders, P."]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 Kd7 2. Kd2 *
"""

handle = io.StringIO(PGN)
results = collections.Counter()
ecos = collections.Counter()
ratings = collections.defaultdict(list)
offsets = []
while True:
    offset = handle.tell()
    headers = chess.pgn.read_headers(handle)
    if headers is None:
        break
    offsets.append((offset, headers.get("ECO", "?")))
    results[headers["Result"]] += 1
    ecos[headers.get("ECO", "none")] += 1
    for side in ("White", "Black"):
        elo = headers.get(side + "Elo")
        if elo and elo.isdigit():
            ratings[headers[side]].append(int(elo))
    print(len(headers), "FEN" in headers, list(headers)[:7] == list(chess.pgn.Headers()))
    print(sorted(headers.keys())[:3], headers.get("Opening", "-"), headers.get("TimeControl"))

print(dict(sorted(results.items())))
print(ecos.most_common())
for name, elos in sorted(ratings.items()):
    print(f"{name:12} {sum(elos) / len(elos):7.1f} {len(elos)}")

for offset, eco in offsets:
    if eco != "C50":
        continue
    handle.seek(offset)
    game = chess.pgn.read_game(handle)
    print(game.headers["White"], "-", game.headers["Black"], game.headers.get("Result"))
    print(repr(game.headers))
    print(dict(game.headers))
    board = game.end().board()
    print(board.fen(), board.fullmove_number, len(list(game.mainline_moves())))

handle.seek(0)
skipped = 0
while chess.pgn.skip_game(handle):
    skipped += 1
print("games:", skipped)

handle.seek(offsets[-1][0])
last = chess.pgn.read_game(handle)
print(last.headers["FEN"], last.board().fen(), last.end().board().fen())
print(last.headers.is_chess960(), last.headers.variant().__name__ if hasattr(last.headers, "variant") else "")
print(last.headers == chess.pgn.read_headers(io.StringIO(PGN.split("\n\n\n")[0])))
h = chess.pgn.Headers(Event="Test", White="A", Black="B")
h["Annotator"] = "me"
del h["Site"]
print(h, list(h.items()))
print(h.copy() == h, "Site" in h, len(h))
