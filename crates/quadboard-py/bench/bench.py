"""quadboard against python-chess: push/pop, perft and PGN reading.

    python crates/quadboard-py/bench/bench.py [--rounds N] [--pgn-dir DIR] [--core | --pgn | --variant | --variant-pgn]

Run from the repository root in a virtual environment with both packages installed (see
the package README). Each figure is the best of N alternating rounds (python-chess, then
quadboard), in seconds; the ratio is python-chess's time over quadboard's.

- push/pop: every legal move of 450 middlegame positions made and taken back,
  ``for m in board.legal_moves: board.push(m); board.pop()``. The positions are those
  after ply 30 of the first games with at least 40 plies in the PGN files, or, without
  them, after ply 30 of seeded random games.
- perft: leaf counts of the start position and "Kiwipete" to depth 3; python-chess's by
  the usual recursion over ``legal_moves`` with push/pop, quadboard's by ``quadboard.perft``.
- features: ``piece_map()`` of 20,000 positions to a 12x64 one-hot (lists of 768 ints),
  the plane found from ``piece_type`` and ``color``, then from ``piece.symbol()``; "from
  FEN" is the first with each board read from its FEN in the loop, as a training set
  stored as FENs is read (its floor: the loop with the boards and maps made beforehand).
- attack maps: ``attackers(color, square)`` of every square for both colours, 2,000
  positions, counted with ``len``.
- SquareSet: iteration over ``pieces()`` of every type and colour and set algebra
  (``|``, ``&``, ``-``, ``len``, ``in``) on 2,000 positions.
- copy: ``board.copy()`` of 450 boards 30 random moves into a game, 5 copies each.
- loop alone (under the features, attack-map and SquareSet rows): the same Python loop
  with the package's calls replaced by constants made beforehand; python-chess's time
  over it bounds the ratio any package can reach in that row. ``--core`` stops after
  these rows.
- polyglot: ``list(reader.find_all(board))`` of the 450 positions in a book written for
  the run (every legal move of each position, weights 1 to 9, among 200,000 entries of
  other keys), the reader from ``chess.polyglot.open_reader`` and
  ``quadboard.polyglot.open_reader``.
- read_game: every game of the PGN files read with ``read_game`` in a loop, then its
  headers, mainline moves and the final board (``game.end().board()``); "headers" reads
  the games and a header of each (the tree is built, no node visited); "every node"
  visits every node of every tree (variations included), and "mainline boards" calls
  ``node.board()`` at every node of ``mainline()`` (python-chess replays from the root at
  each: one round only).
- read_games: the same per game, quadboard by ``quadboard.pgn.read_games`` over the file
  names (1 thread, then 2) against python-chess's ``read_game`` loop. ``--pgn`` runs only
  the read_game and read_games rows.
- variant push/pop: the push/pop row on ``chess.variant``'s boards and
  ``quadboard.variant``'s, 200 positions of each variant the library plays (after 20
  seeded random plies), one row per variant. ``--variant`` runs only these rows.
- variant read_game: a PGN file of 100 seeded random games of each of the seven variants
  (quadboard's random play, exported by ``Game.from_board``: up to 120 plies each, every
  tenth move commented), read with ``read_game`` in a loop, then each game's headers,
  mainline moves and final board, one row per variant and one for the whole file.
  ``--variant-pgn`` runs only these rows.
"""

from __future__ import annotations

import argparse
import os
import random
import struct
import tempfile
import time
from typing import Callable, List

import chess
import chess.pgn
import chess.polyglot

import quadboard
import quadboard.polyglot

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def middlegame_fens(pgn_dir: str, count: int = 450, ply: int = 30) -> List[str]:
    """FENs after `ply` plies of the first `count` long enough games (or random games)."""
    fens: List[str] = []
    for name in ("lichess_db_1000k.pgn", "twic1599_1000k.pgn"):
        path = os.path.join(pgn_dir, name)
        if not os.path.exists(path):
            continue
        for game in quadboard.pgn.read_games(path):
            if len(fens) == count:
                return fens
            moves = list(game.mainline_moves())
            if len(moves) >= 40 and not game.errors:
                replay = quadboard.Board()
                for move in moves[:ply]:
                    replay.push(move)
                if replay.legal_moves:
                    fens.append(replay.fen())
    rng = random.Random(450)
    while len(fens) < count:
        board = quadboard.Board()
        for _ in range(ply):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_moves:
            fens.append(board.fen())
    return fens


def best_of(rounds: int, runs: List[Callable[[], None]]) -> List[float]:
    """The best time of each function over alternating rounds."""
    best = [float("inf")] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            start = time.perf_counter()
            run()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def push_pop(module, fens: List[str]) -> Callable[[], None]:
    boards = [module.Board(fen) for fen in fens]

    def run() -> None:
        for board in boards:
            for move in board.legal_moves:
                board.push(move)
                board.pop()

    return run


def variant_fens(name: str, count: int = 200, plies: int = 20) -> List[str]:
    """FENs after `plies` seeded random plies of games of a variant, with a move to make."""
    import chess.variant

    cls = chess.variant.find_variant(name)
    rng = random.Random(name)
    fens: List[str] = []
    while len(fens) < count:
        board = cls()
        for _ in range(plies):
            moves = sorted(board.legal_moves, key=lambda m: m.uci())
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            fens.append(board.fen())
    return fens


def variant_push_pop(module, name: str, fens: List[str]) -> Callable[[], None]:
    cls = module.find_variant(name)
    boards = [cls(fen) for fen in fens]

    def run() -> None:
        for board in boards:
            for move in board.legal_moves:
                board.push(move)
                board.pop()

    return run


def variant_rows(args: argparse.Namespace) -> None:
    import chess.variant

    import quadboard.variant

    for name in ("crazyhouse", "kingofthehill", "3check", "racingkings", "antichess", "atomic", "horde"):
        try:
            quadboard.variant.find_variant(name)()
        except ValueError:
            print(f"variant push/pop {name:<14} not played by the library yet")
            continue
        fens = variant_fens(name)
        moves = sum(len(list(chess.variant.find_variant(name)(fen).legal_moves)) for fen in fens)
        peer, ours = best_of(args.rounds, [variant_push_pop(chess.variant, name, fens),
                                           variant_push_pop(quadboard.variant, name, fens)])
        report(f"variant push/pop {name}", peer, ours)
        print(f"{'':<34} python-chess {peer / moves * 1e9:7.0f} ns/move   quadboard {ours / moves * 1e9:5.0f} ns/move")


def variant_pgn(path: str, name: str, games: int = 100, plies: int = 120) -> int:
    """Writes ``games`` seeded random games of a variant to ``path``; their moves in all."""
    import quadboard.variant

    cls = quadboard.variant.find_variant(name)
    rng = random.Random(f"pgn {name}")
    moves = 0
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(games):
            board = cls()
            while not board.is_game_over() and board.ply() < plies:
                board.push(rng.choice(sorted(board.legal_moves, key=lambda m: m.uci())))
            game = quadboard.pgn.Game.from_board(board)
            node = game
            while node.variations:
                node = node.variations[0]
                if node.ply() % 10 == 0:
                    node.comment = "[%clk 0:01:00]"
            moves += board.ply()
            print(game, file=f, end="\n\n")
    return moves


def variant_pgn_rows(args: argparse.Namespace) -> None:
    """The rows of variant PGN reading (``read_game`` of each variant's games)."""
    names = ("crazyhouse", "kingofthehill", "3check", "racingkings", "antichess", "atomic", "horde")
    with tempfile.TemporaryDirectory() as tmp:
        paths, total_games, total_moves = [], 0, 0
        for name in names:
            path = os.path.join(tmp, f"{name}.pgn")
            moves = variant_pgn(path, name)
            paths.append(path)
            total_games, total_moves = total_games + 100, total_moves + moves
            peer, ours = best_of(args.rounds, [read_loop(chess.pgn, [path], end_board),
                                               read_loop(quadboard.pgn, [path], end_board)])
            report(f"variant read_game {name}", peer, ours)
            print(f"{'':<34} python-chess {100 / peer:7.1f} games/s   quadboard {100 / ours:7.1f} games/s"
                  f"   ({moves} moves)")
        peer, ours = best_of(max(1, args.rounds // 2), [read_loop(chess.pgn, paths, end_board),
                                                        read_loop(quadboard.pgn, paths, end_board)])
        report(f"variant read_game, {total_games} games", peer, ours)
        print(f"{'':<34} python-chess {total_games / peer:7.1f} games/s   quadboard "
              f"{total_games / ours:7.1f} games/s   ({total_moves} moves)")


def chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += chess_perft(board, depth - 1)
        board.pop()
    return nodes


def headers_only(game) -> None:
    game.headers["White"]


def every_node(game) -> None:
    stack = [game]
    while stack:
        stack.extend(stack.pop().variations)


def mainline_boards(game) -> None:
    for node in game.mainline():
        node.board()


def end_board(game) -> None:
    game.headers
    list(game.mainline_moves())
    game.end().board()


def read_loop(pgn, paths: List[str], work: Callable) -> Callable[[], None]:
    """``pgn.read_game`` over the files, ``work`` on each game."""

    def run() -> None:
        for path in paths:
            with open(path, encoding="utf-8") as f:
                while True:
                    game = pgn.read_game(f)
                    if game is None:
                        break
                    work(game)

    return run


def read_quadboard(paths: List[str], threads: int) -> Callable[[], None]:
    def run() -> None:
        for path in paths:
            for game in quadboard.pgn.read_games(path, threads=threads):
                end_board(game)

    return run


def game_boards(module, fens: List[str], limit: int) -> list:
    """Boards of the first `limit` FENs (repeated as needed)."""
    return [module.Board(fens[i % len(fens)]) for i in range(limit)]


def features(module, fens: List[str]) -> Callable[[], None]:
    """The planes by piece type and colour attributes."""
    boards = game_boards(module, fens, 20_000)

    def run() -> None:
        for board in boards:
            planes = [0] * 768
            for square, piece in board.piece_map().items():
                plane = piece.piece_type - 1 + (0 if piece.color else 6)
                planes[plane * 64 + square] = 1

    return run


def features_from_fen(module, fens: List[str]) -> Callable[[], None]:
    """The planes by piece type and colour of boards read from their FENs in the loop."""
    batch = [fens[i % len(fens)] for i in range(20_000)]
    board_of = module.Board

    def run() -> None:
        for fen in batch:
            board = board_of(fen)
            planes = [0] * 768
            for square, piece in board.piece_map().items():
                plane = piece.piece_type - 1 + (0 if piece.color else 6)
                planes[plane * 64 + square] = 1

    return run


def features_by_symbol(module, fens: List[str]) -> Callable[[], None]:
    """The planes by ``piece.symbol()``, as much public code looks them up."""
    boards = game_boards(module, fens, 20_000)
    plane_of = {symbol: i * 64 for i, symbol in enumerate("PNBRQKpnbrqk")}

    def run() -> None:
        for board in boards:
            planes = [0] * 768
            for square, piece in board.piece_map().items():
                planes[plane_of[piece.symbol()] + square] = 1

    return run


def attack_maps(module, fens: List[str]) -> Callable[[], None]:
    boards = game_boards(module, fens, 2_000)

    def run() -> None:
        for board in boards:
            for color in (True, False):
                [len(board.attackers(color, square)) for square in range(64)]

    return run


def squaresets(module, fens: List[str]) -> Callable[[], None]:
    boards = game_boards(module, fens, 2_000)
    center = module.SquareSet(module.BB_CENTER)

    def run() -> None:
        for board in boards:
            ours = board.pieces(1, True) | board.pieces(2, True) | board.pieces(3, True)
            theirs = board.pieces(1, False) | board.pieces(2, False)
            both = (ours & module.BB_LIGHT_SQUARES) - theirs
            len(both), 27 in both, len(ours & center)
            for piece_type in range(1, 7):
                for color in (True, False):
                    for square in board.pieces(piece_type, color):
                        pass

    return run


def copies(module, fens: List[str]) -> Callable[[], None]:
    boards = []
    rng = random.Random(30)
    for _ in fens:
        board = module.Board()
        for _ in range(30):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(moves[rng.randrange(len(moves))])
        boards.append(board)

    def run() -> None:
        for board in boards:
            for _ in range(5):
                board.copy()

    return run


def features_floor(fens: List[str]) -> Callable[[], None]:
    """The features loop with ``piece_map()`` replaced by a dict made beforehand: the
    Python both packages run around the call, the least either row can take."""
    maps = [board.piece_map() for board in game_boards(chess, fens, 20_000)]

    def run() -> None:
        for piece_map in maps:
            planes = [0] * 768
            for square, piece in piece_map.items():
                plane = piece.piece_type - 1 + (0 if piece.color else 6)
                planes[plane * 64 + square] = 1

    return run


def features_by_symbol_floor(fens: List[str]) -> Callable[[], None]:
    """The symbol loop with ``piece_map()`` made beforehand and ``symbol()`` a string."""
    maps = [{square: piece.symbol() for square, piece in board.piece_map().items()}
            for board in game_boards(chess, fens, 20_000)]
    plane_of = {symbol: i * 64 for i, symbol in enumerate("PNBRQKpnbrqk")}

    def run() -> None:
        for piece_map in maps:
            planes = [0] * 768
            for square, symbol in piece_map.items():
                planes[plane_of[symbol] + square] = 1

    return run


def attack_maps_floor(fens: List[str]) -> Callable[[], None]:
    """The attack-map loop with each ``attackers()`` call replaced by a constant."""
    boards = game_boards(chess, fens, 2_000)
    constant = (1, 2)

    def run() -> None:
        for board in boards:
            for color in (True, False):
                [len(constant) for square in range(64)]

    return run


def write_book(path: str, fens: List[str]) -> int:
    """A sorted book with every legal move of each position (castling king-takes-rook,
    weights 1 to 9) among 200,000 entries of random keys; returns its entry count."""
    rng = random.Random(16)
    entries = [(rng.getrandbits(64), rng.getrandbits(12), 1, 0) for _ in range(200_000)]
    for fen in fens:
        board = chess.Board(fen)
        key = chess.polyglot.zobrist_hash(board)
        for move in board.legal_moves:
            to = move.to_square
            if board.is_castling(move):
                to = chess.square(7 if chess.square_file(to) == 6 else 0, chess.square_rank(to))
            promotion = move.promotion - 1 if move.promotion else 0
            entries.append((key, to | move.from_square << 6 | promotion << 12, rng.randrange(1, 10), 0))
    entries.sort(key=lambda e: e[0])
    with open(path, "wb") as f:
        for entry in entries:
            f.write(struct.pack(">QHHI", *entry))
    return len(entries)


def book_lookups(module, path: str, fens: List[str]) -> Callable[[], None]:
    boards = [module.Board(fen) for fen in fens]
    reader = module.polyglot.open_reader(path)

    def run() -> None:
        for board in boards:
            list(reader.find_all(board))

    return run


def squaresets_floor(fens: List[str]) -> Callable[[], None]:
    """The SquareSet loop on constants: each ``pieces()`` result a tuple made beforehand,
    the set algebra on ints."""
    boards = [[tuple(board.pieces(t, c)) for t in range(1, 7) for c in (True, False)]
              for board in game_boards(chess, fens, 2_000)]
    center = chess.BB_CENTER

    def run() -> None:
        for pieces in boards:
            ours = 1 | 2 | 4
            theirs = 8 | 16
            both = (ours & chess.BB_LIGHT_SQUARES) & ~theirs
            len(pieces), 27 in pieces[0], ours & center
            for squares in pieces:
                for square in squares:
                    pass

    return run


FLOORS = {
    "features": features_floor,
    "features_from_fen": features_floor,
    "features_by_symbol": features_by_symbol_floor,
    "attack_maps": attack_maps_floor,
    "squaresets": squaresets_floor,
}


def report(name: str, peer: float, ours: float) -> None:
    print(f"{name:<34} python-chess {peer:9.4f} s   quadboard {ours:9.5f} s   {peer / ours:8.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pgn-dir", default=os.path.join("..", "shared", "data", "pgn"))
    parser.add_argument("--core", action="store_true",
                        help="only push/pop and the core module's rows, each with its floor")
    parser.add_argument("--pgn", action="store_true", help="only the PGN reading rows")
    parser.add_argument("--variant", action="store_true", help="only the variant push/pop rows")
    parser.add_argument("--variant-pgn", action="store_true", help="only the variant read_game rows")
    args = parser.parse_args()
    if args.variant_pgn:
        variant_pgn_rows(args)
        return
    if args.pgn:
        pgn_rows(args)
        return
    if args.variant:
        variant_rows(args)
        return

    fens = middlegame_fens(args.pgn_dir)
    moves = sum(len(quadboard.Board(fen).legal_moves) for fen in fens)
    print(f"{len(fens)} positions, {moves} legal moves; best of {args.rounds} rounds")
    peer, ours = best_of(args.rounds, [push_pop(chess, fens), push_pop(quadboard, fens)])
    report("push/pop of every legal move", peer, ours)
    print(f"{'':<34} python-chess {peer / moves * 1e9:7.0f} ns/move   quadboard {ours / moves * 1e9:5.0f} ns/move")

    for name, make in (
        ("features: piece_map, type/colour", features),
        ("features: piece_map, symbol()", features_by_symbol),
        ("features: Board(fen), piece_map", features_from_fen),
        ("attack maps: attackers, 64 x 2", attack_maps),
        ("SquareSet: iterate and algebra", squaresets),
        ("board.copy() with a 30-move stack", copies),
    ):
        floor = FLOORS.get(make.__name__)
        if floor is None:
            peer, ours = best_of(args.rounds, [make(chess, fens), make(quadboard, fens)])
            report(name, peer, ours)
            continue
        peer, ours, least = best_of(
            args.rounds, [make(chess, fens), make(quadboard, fens), floor(fens)])
        report(name, peer, ours)
        # The shared loop alone: no package can make the row faster than this.
        print(f"{'':<34} loop alone {least:9.4f} s: at most {peer / least:5.1f}x")
    if args.core:
        return

    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "book.bin")
        size = write_book(book, fens)
        peer, ours = best_of(args.rounds, [book_lookups(chess, book, fens), book_lookups(quadboard, book, fens)])
        report(f"polyglot find_all, {size} entries", peer, ours)

    for name, fen in (("start", chess.STARTING_FEN), ("kiwipete", KIWIPETE)):
        depth = 3
        assert chess_perft(chess.Board(fen), depth) == quadboard.perft(fen, depth)
        peer, ours = best_of(
            max(1, args.rounds // 2),
            [lambda: chess_perft(chess.Board(fen), depth), lambda: quadboard.perft(fen, depth)],
        )
        report(f"perft {depth} {name}", peer, ours)

    variant_rows(args)
    variant_pgn_rows(args)
    pgn_rows(args)


def pgn_rows(args: argparse.Namespace) -> None:
    """The rows of PGN reading (``read_game`` and ``read_games``)."""
    paths = [
        os.path.join(args.pgn_dir, name)
        for name in ("lichess_db_1000k.pgn", "twic1599_1000k.pgn")
        if os.path.exists(os.path.join(args.pgn_dir, name))
    ]
    if paths:
        games = sum(1 for path in paths for _ in quadboard.pgn.read_games(path))
        rounds = max(1, args.rounds // 2)
        peer, ours, ours1, ours2 = best_of(
            rounds,
            [
                read_loop(chess.pgn, paths, end_board),
                read_loop(quadboard.pgn, paths, end_board),
                read_quadboard(paths, 1),
                read_quadboard(paths, 2),
            ],
        )
        report(f"read_game, {games} games", peer, ours)
        report(f"read_games, {games} games, 1 thread", peer, ours1)
        report(f"read_games, {games} games, 2 threads", peer, ours2)
        peer, ours = best_of(
            rounds, [read_loop(chess.pgn, paths, headers_only), read_loop(quadboard.pgn, paths, headers_only)]
        )
        report("read_game, headers", peer, ours)
        peer, ours = best_of(
            rounds, [read_loop(chess.pgn, paths, every_node), read_loop(quadboard.pgn, paths, every_node)]
        )
        report("read_game, every node", peer, ours)
        peer, ours = best_of(
            1, [read_loop(chess.pgn, paths, mainline_boards), read_loop(quadboard.pgn, paths, mainline_boards)]
        )
        report("read_game, mainline boards", peer, ours)
    else:
        print(f"read_games: no PGN files in {args.pgn_dir}, skipped")


if __name__ == "__main__":
    main()
