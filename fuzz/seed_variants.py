"""Seeds the corpora of the variant targets: random games of each lichess variant made with
python-chess (`pip install chess`), as PGN with `[Variant]` tags, some from a `[FEN]`; their
positions as FENs for `variant_fen`; their moves as UCI and SAN for `variant_moves` (in the
start positions). Run from `fuzz/`: `python3 seed_variants.py`."""

import io
import os
import random

import chess
import chess.pgn
import chess.variant

# The fuzz targets' selector byte: Variant::ALL's order in quadboard-chess.
ORDER = ["atomic", "antichess", "crazyhouse", "horde", "kingofthehill", "racingkings", "3check"]
NAMES = {
    "atomic": "Atomic",
    "antichess": "Antichess",
    "crazyhouse": "Crazyhouse",
    "horde": "Horde",
    "kingofthehill": "King of the Hill",
    "racingkings": "Racing Kings",
    "3check": "Three-check",
}


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main():
    rng = random.Random(1)
    for index, key in enumerate(ORDER):
        board_type = chess.variant.find_variant(key)
        for n in range(12):
            board = board_type()
            # Some games start from a FEN reached by a few random moves.
            for _ in range(rng.randrange(0, 12) if n % 3 == 2 else 0):
                moves = list(board.legal_moves)
                if not moves or board.is_variant_end():
                    break
                board.push(rng.choice(moves))
            start = board.copy(stack=False)
            game = chess.pgn.Game()
            game.headers["Variant"] = NAMES[key]
            if start.fen() != board_type().fen():
                game.setup(start)
                game.headers["Variant"] = NAMES[key]
            node = game
            ply = 0
            while ply < rng.randrange(4, 80) and not board.is_game_over():
                m = rng.choice(list(board.legal_moves))
                write(f"corpus/variant_fen", f"{key}-{n}-{ply}.fen",
                      bytes([index]) + board.fen().encode())
                if n == 0 and ply < 8:
                    pos = bytes([index])
                    write("corpus/variant_moves", f"{key}-{ply}-uci", pos + m.uci().encode())
                board.push(m)
                node = node.add_main_variation(m)
                ply += 1
            game.headers["Result"] = board.result()
            text = str(game) + "\n"
            write("corpus/variant_pgn", f"{key}-{n}.pgn", text.encode())
        # SAN seeds for the start position.
        board = board_type()
        for m in list(board.legal_moves)[:10]:
            write("corpus/variant_moves", f"{key}-san-{m.uci()}", bytes([index]) + board.san(m).encode())
    # A few two-game files, variants mixed, for the hand-over between games.
    files = sorted(os.listdir("corpus/variant_pgn"))
    for n in range(10):
        a, b = rng.sample(files, 2)
        data = b"".join(open(os.path.join("corpus/variant_pgn", f), "rb").read() for f in (a, b))
        write("corpus/variant_pgn", f"mixed-{n}.pgn", data)
    for n, text in enumerate([
        "info depth 12 seldepth 18 multipv 1 score cp 31 wdl 300 500 200 nodes 123456 nps 999 "
        "hashfull 12 tbhits 0 time 345 pv e2e4 e7e5 g1f3 b8c6",
        "info depth 3 score mate -2 lowerbound currmove d2d4 currmovenumber 3",
        "info refutation d1h5 g6h5 currline 1 e2e4 e7e5",
        "info string hello world",
        "option name Hash type spin default 16 min 1 max 33554432",
        "option name UCI_Variant type combo default chess var chess var atomic var crazyhouse",
        "option name Clear Hash type button",
        'feature option="Resign -check 0"',
        'feature option="Style -combo Solid /// Normal /// Risky"',
        "bestmove e2e4 ponder e7e5",
    ]):
        for selector in range(4):
            write("corpus/engine_info", f"{n}-{selector}", bytes([selector]) + text.encode() + b"\n")


if __name__ == "__main__":
    main()
