# Self-play games written to a PGN file (print(game, file=...), FileExporter), then read
# back with a read_game loop, as data-generation scripts do; prints sizes and summaries.
import io
import os
import random
import tempfile

import chess
import chess.pgn


def play(seed, plies):
    rng = random.Random(seed)
    board = chess.Board()
    while not board.is_game_over() and len(board.move_stack) < plies:
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        captures = [m for m in moves if board.is_capture(m)]
        board.push(rng.choice(captures or moves))
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"selfplay {seed}"
    game.headers["Round"] = str(seed)
    game.headers["White"] = "rand"
    game.headers["Black"] = "capt"
    game.headers["PlyCount"] = str(board.ply())
    game.headers["Result"] = board.result(claim_draw=True)
    if seed % 2:
        game.end().comment = f"final fen {board.fen()}"
        game.variations[0].nags.add(chess.pgn.NAG_DUBIOUS_MOVE)
    return game


folder = tempfile.mkdtemp()
path = os.path.join(folder, "games.pgn")
with open(path, "w", encoding="utf-8") as f:
    for seed in range(6):
        game = play(seed, 40 + 30 * seed)
        if seed < 3:
            print(game, file=f, end="\n\n")
        else:
            written = game.accept(chess.pgn.FileExporter(f))
            print("written", written)
            f.write("\n")
print(os.path.getsize(path))

with open(path, encoding="utf-8") as f:
    count = 0
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        count += 1
        moves = list(game.mainline_moves())
        board = game.end().board()
        print(game.headers["Event"], game.headers["Result"], game.headers.get("PlyCount"), len(moves),
              board.fen(), game.errors, game.end().comment[:20], [sorted(n.nags) for n in game.mainline()][:1])
        print(game.headers.get("FEN"), game.headers.get("SetUp"), str(game.mainline_moves())[:60])
        exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=False, columns=None)
        text = game.accept(exporter)
        print(len(text), text.count("\n"), text.splitlines()[-1][-30:])
print(count)
empty = chess.pgn.Game()
print(repr(str(empty)), empty.headers["Result"], empty.end() is empty)
buf = io.StringIO()
empty.accept(chess.pgn.FileExporter(buf, headers=False))
print(repr(buf.getvalue()))
