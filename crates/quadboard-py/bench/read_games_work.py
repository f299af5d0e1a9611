"""bench.py's ``read_games`` row (1 thread) as a plain loop, for counting instructions:
the two shared PGN files read ``REPS`` times, each game's ``headers``, mainline moves and
final board (with ``--tag``, one tag value read too). Instructions per read are the
difference of two counts (e.g. 3 reads less 1 read), which leaves out start-up and exit::

    valgrind --tool=cachegrind --cache-sim=no python read_games_work.py 1 [--tag]
    valgrind --tool=cachegrind --cache-sim=no python read_games_work.py 3 [--tag]
"""

import os
import sys

import quadboard
import quadboard.pgn

DIR = os.environ.get("QUADBOARD_PGN_DIR", os.path.join("..", "shared", "data", "pgn"))
PATHS = [os.path.join(DIR, n) for n in ("lichess_db_1000k.pgn", "twic1599_1000k.pgn")]


def read(tag: bool) -> None:
    for path in PATHS:
        for game in quadboard.pgn.read_games(path):
            headers = game.headers
            if tag:
                headers["White"]
            list(game.mainline_moves())
            game.end().board()


if __name__ == "__main__":
    # The shared Move objects made before counting starts.
    quadboard.Board().legal_moves.count()
    for _ in range(int(sys.argv[1])):
        read("--tag" in sys.argv[2:])
