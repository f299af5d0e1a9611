# A tournament report from a PGN file on disk: a read_game loop that averages ratings
# (missing and "?" Elo tags included), counts ECO codes, results and terminations,
# checks PlyCount against the moves read, and finds each player's score.
import collections
import os
import tempfile

import chess
import chess.pgn

GAMES = [
    ({"Event": "Spring Open", "Round": "1.1", "White": "Adams, M", "Black": "Baker, T",
      "Result": "1-0", "WhiteElo": "2210", "BlackElo": "2105", "ECO": "C42", "PlyCount": "11",
      "Termination": "normal"},
     "1. e4 e5 2. Nf3 Nf6 3. Nxe5 d6 4. Nf3 Nxe4 5. d4 d5 6. Bd3 1-0"),
    ({"Event": "Spring Open", "Round": "1.2", "White": "Cole, R", "Black": "Diaz, P",
      "Result": "1/2-1/2", "WhiteElo": "?", "BlackElo": "1980", "ECO": "D37"},
     "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Nf3 Be7 5. Bf4 O-O 6. e3 c5 1/2-1/2"),
    ({"Event": "Spring Open", "Round": "2.1", "White": "Baker, T", "Black": "Cole, R",
      "Result": "0-1", "BlackElo": "2001", "ECO": "B90", "Termination": "time forfeit"},
     "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 0-1"),
    ({"Event": "Spring Open", "Round": "2.2", "White": "Diaz, P", "Black": "Adams, M",
      "Result": "0-1", "WhiteElo": "1980", "BlackElo": "2210", "ECO": "C42", "PlyCount": "8"},
     "1. e4 e5 2. Nf3 Nf6 3. d3 Nc6 4. Bg5 h6 5. Bh4 g5 6. Bg3 0-1"),
    ({"Event": "Spring Open", "Round": "3.1", "White": "Adams, M", "Black": "Cole, R",
      "Result": "*"},
     "1. c4 e5 2. g3 *"),
]

path = os.path.join(tempfile.mkdtemp(), "open.pgn")
with open(path, "w") as f:
    for tags, moves in GAMES:
        for name, value in tags.items():
            f.write(f'[{name} "{value}"]\n')
        f.write("\n" + moves + "\n\n")

elos = collections.defaultdict(list)
ecos = collections.Counter()
results = collections.Counter()
terminations = collections.Counter()
scores = collections.defaultdict(float)
lengths = []
with open(path) as pgn:
    while True:
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        h = game.headers
        for side in ("White", "Black"):
            elo = h.get(side + "Elo", "?")
            if elo not in ("?", ""):
                elos[h[side]].append(int(elo))
        ecos[h.get("ECO", "???")] += 1
        results[h["Result"]] += 1
        terminations[h.get("Termination", "unknown").lower()] += 1
        if h["Result"] == "1-0":
            scores[h["White"]] += 1
        elif h["Result"] == "0-1":
            scores[h["Black"]] += 1
        elif h["Result"] == "1/2-1/2":
            scores[h["White"]] += 0.5
            scores[h["Black"]] += 0.5
        plies = len(list(game.mainline_moves()))
        lengths.append(plies)
        declared = h.get("PlyCount")
        if declared is not None and int(declared) != plies:
            print(f"round {h['Round']}: PlyCount {declared} but {plies} plies read")
        print(h["Round"], h["White"], "-", h["Black"], h["Result"], h.get("Date"), h.get("Site"),
              h["Event"], plies, game.end().board().fen())
        try:
            print("  rating diff", int(h["WhiteElo"]) - int(h["BlackElo"]))
        except (KeyError, ValueError) as e:
            print("  no rating diff:", type(e).__name__, e)

print(sorted(results.items()), ecos.most_common(2), sorted(terminations.items()))
for name in sorted(elos):
    values = elos[name]
    print(f"{name:10} avg {sum(values) / len(values):.1f} over {len(values)}")
print(sorted(scores.items(), key=lambda kv: (-kv[1], kv[0])))
print("mean length", sum(lengths) / len(lengths), "longest", max(lengths))
