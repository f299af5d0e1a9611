"""quadboard.syzygy against python-chess's chess.syzygy on the tables of
../shared/data/syzygy: random legal positions of every table (seeded), positions of
materials without tables, en passant positions, python-chess's endgame.epd, the batch
probes, the defaults of get_wdl and get_dtz and the errors with their messages.

QUADBOARD_SYZYGY_N sets the random positions per table and side to move (default 12, for
CI: about 3 s; 1250 makes the 100,000 positions of docs/log/2026-12-01-pysyzygy.md). The
names that need no tables: test_syzygy_names.py.
"""

from __future__ import annotations

import os
import random
import shutil

import chess
import chess.syzygy
import pytest

import quadboard
import quadboard.syzygy as qsyzygy
from conftest import syzygy_data_dir

PER_TABLE = int(os.environ.get("QUADBOARD_SYZYGY_N", "12"))
LETTERS = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


# The whole module needs the tables: one skip line without them.
DATA = syzygy_data_dir()


@pytest.fixture(scope="module")
def data():
    return DATA


@pytest.fixture(scope="module")
def both(data):
    """(quadboard's, python-chess's) tablebase on the same folder."""
    ours = qsyzygy.open_tablebase(str(data / "tables"))
    theirs = chess.syzygy.open_tablebase(str(data / "tables"))
    yield ours, theirs
    ours.close()
    theirs.close()


def table_names(data):
    return sorted(p.stem for p in (data / "tables").glob("*.rtbw"))


def outcome(probe, board):
    """A probe's value, or its error's class name and message."""
    try:
        return probe(board)
    except KeyError as e:
        return (type(e).__name__, str(e))


def random_board(name: str, rng: random.Random, turn: bool) -> chess.Board:
    """A random legal position of the material `name` (white's side first), `turn` to move."""
    white, black = name.split("v")
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), len(white) + len(black))
        for letters, color in ((white, chess.WHITE), (black, chess.BLACK)):
            for letter in letters:
                square = squares.pop()
                if letter == "P" and chess.square_rank(square) in (0, 7):
                    break
                board.set_piece_at(square, chess.Piece(LETTERS[letter], color))
        board.turn = turn
        if len(board.piece_map()) == len(white) + len(black) and board.is_valid():
            return board


def ep_board(rng: random.Random, extra: str = "") -> chess.Board:
    """A random KPvKP position (plus `extra` pieces for the side to move) just after a
    double step, with an en passant capture legal."""
    while True:
        turn = rng.choice([chess.WHITE, chess.BLACK])
        file = rng.randrange(8)
        side = rng.choice([-1, 1])
        if not 0 <= file + side < 8:
            continue
        # The pawn that stepped stands on the capturer's rank: 5th for white to move.
        rank = 4 if turn == chess.WHITE else 3
        forward = 1 if turn == chess.WHITE else -1
        stepped = chess.square(file + side, rank)
        board = chess.Board(None)
        board.set_piece_at(chess.square(file, rank), chess.Piece(chess.PAWN, turn))
        board.set_piece_at(stepped, chess.Piece(chess.PAWN, not turn))
        free = [s for s in range(64) if s not in (chess.square(file, rank), stepped,
                                                  stepped + 8 * forward, stepped + 16 * forward)]
        for letter, color in [("K", chess.WHITE), ("K", chess.BLACK)] + [(c, turn) for c in extra]:
            square = rng.choice(free)
            free.remove(square)
            board.set_piece_at(square, chess.Piece(LETTERS[letter], color))
        board.turn = turn
        board.ep_square = stepped + 8 * forward
        if board.is_valid() and board.has_legal_en_passant():
            return board


def compare(both, boards):
    """Single and batch probes agree with python-chess on every board."""
    ours, theirs = both
    expected_wdl = [outcome(theirs.probe_wdl, b) for b in boards]
    expected_dtz = [outcome(theirs.probe_dtz, b) for b in boards]
    qboards = [quadboard.Board(b.fen()) for b in boards]
    for b, q, wdl, dtz in zip(boards, qboards, expected_wdl, expected_dtz):
        assert outcome(ours.probe_wdl, q) == wdl, b.fen()
        assert outcome(ours.probe_dtz, q) == dtz, b.fen()
    # The batch calls: boards and FENs, one thread and two, missing tables as None.
    default = [None if isinstance(v, tuple) else v for v in expected_wdl]
    assert ours.probe_wdl_many(qboards, default=None) == default
    assert ours.probe_wdl_many([b.fen() for b in boards], default=None, threads=2) == default
    default = [None if isinstance(v, tuple) else v for v in expected_dtz]
    assert ours.probe_dtz_many(qboards, default=None, threads=2) == default
    assert ours.probe_dtz_many([b.fen() for b in boards], default=None) == default
    return expected_wdl, expected_dtz


def test_random_positions_of_every_table(data, both):
    rng = random.Random(20261201)
    names = table_names(data)
    assert len(names) == 40
    boards = []
    for name in names:
        for turn in (chess.WHITE, chess.BLACK):
            for _ in range(PER_TABLE):
                # Each material with white stronger and with black stronger.
                white, black = name.split("v")
                boards.append(random_board(name if rng.random() < 0.5 else f"{black}v{white}", rng, turn))
    wdl, dtz = compare(both, boards)
    # Wins, draws and losses, and long DTZ (no cursed win or blessed loss is in these
    # tables: 30,000 random positions of the five-piece ones found none).
    assert {v for v in wdl if not isinstance(v, tuple)} == {-2, 0, 2}
    assert max(d for d in dtz if not isinstance(d, tuple)) > 40


def test_random_positions_after_captures(data, both):
    """Materials without their table (six to eight pieces, and five with pawns): python-chess
    answers where a capture into the tables wins (a cut-off in its search, so its move
    order decides), else raises MissingTableError or KeyError; so must quadboard."""
    rng = random.Random(7)
    names = ("KQRvKRN", "KRRvKRB", "KQRvKRP", "KQQvKR", "KRPvKR", "KQPvKP", "KQRvKQR", "KRBvKRN", "KQvKQP",
             "KQRRvKRN", "KRRBvKRN", "KQRRvKRRN")
    boards = [random_board(name, rng, rng.choice([chess.WHITE, chess.BLACK])) for name in names for _ in range(10)]
    wdl, _ = compare(both, boards)
    assert any(isinstance(v, tuple) for v in wdl) and any(not isinstance(v, tuple) for v in wdl)


def test_en_passant_positions(data, both):
    rng = random.Random(5)
    boards = [ep_board(rng) for _ in range(60)] + [ep_board(rng, "N") for _ in range(20)]
    # No KPvKP position has the en passant capture as its only legal move (every placement
    # of the two kings beside each double step tried): the king always has a square.
    # With a knight more (KNPvKP) the tables are missing: the same MissingTableError.
    compare(both, boards)


def test_python_chess_endgame_epd(data, both):
    ours, _ = both
    rows = 0
    with open(data / "python-chess-endgame.epd") as f:
        for line in f:
            board, ops = chess.Board.from_epd(line)
            q = quadboard.Board(board.fen())
            assert ours.probe_wdl(q) == ops["wdl"], line
            assert ours.probe_dtz(q) == ops["dtz"], line
            rows += 1
    assert rows == 200


def test_errors_and_messages(both):
    ours, theirs = both
    fens = [
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",  # castling rights
        "4k2r/8/8/8/8/8/8/4K3 b k - 0 1",
        chess.STARTING_FEN.replace("KQkq", "-"),  # 32 pieces
        "rnbqk3/8/8/8/8/8/8/4K3 w - - 0 1",  # 6 pieces, no table
        "8/8/8/8/8/8/PPPP4/k1K5 w - - 0 1",  # 6 pieces, white's side
        "8/8/2k5/8/8/2K5/4RPR1/8 w - - 0 1",
        "8/8/8/8/8/2k5/8/K7 w - - 0 1",  # KvK
        # Black in check with white to move, off the move generator's path: python-chess's
        # search finds that Rxe2 wins (and the same board with black to move has no value).
        "8/8/8/8/3k4/8/2KRr3/8 w - - 0 1",
        "8/8/8/8/3k4/8/2KRr3/8 b - - 0 1",
    ]
    for fen in fens:
        b = chess.Board(fen)
        q = quadboard.Board(fen)
        for ours_probe, theirs_probe in ((ours.probe_wdl, theirs.probe_wdl), (ours.probe_dtz, theirs.probe_dtz)):
            assert outcome(ours_probe, q) == outcome(theirs_probe, b), fen
    # A castling right that no longer holds still counts, as python-chess's castling_rights.
    b, q = chess.Board("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), quadboard.Board("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    b.remove_piece_at(chess.H1)
    q.remove_piece_at(chess.H1)
    assert outcome(ours.probe_wdl, q) == outcome(theirs.probe_wdl, b)
    with pytest.raises(qsyzygy.MissingTableError):
        ours.probe_wdl(quadboard.Board("rnbqk3/8/8/8/8/8/8/4K3 w - - 0 1"))
    with pytest.raises(TypeError):
        ours.probe_wdl("8/8/8/8/8/2k5/8/K7 w - - 0 1")
    with pytest.raises(TypeError):
        ours.probe_wdl_many([1])
    with pytest.raises(ValueError):
        ours.probe_wdl_many(["not a fen"])
    # The batch: the same values and errors, also where the search runs in Python.
    boards = [chess.Board(fen) for fen in fens]
    expected = [outcome(theirs.probe_wdl, b) for b in boards]
    assert ours.probe_wdl_many(fens, default=None) == [None if isinstance(v, tuple) else v for v in expected]
    # The batch without a default raises the first failing position's error.
    with pytest.raises(KeyError) as raised:
        ours.probe_wdl_many(["8/8/8/8/8/2k5/8/K7 w - - 0 1", fens[0]])
    assert str(raised.value) == outcome(theirs.probe_wdl, chess.Board(fens[0]))[1]


def test_get_defaults(both):
    ours, theirs = both
    for fen in ("rnbqk3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", chess.STARTING_FEN):
        b, q = chess.Board(fen), quadboard.Board(fen)
        assert ours.get_wdl(q) is None is theirs.get_wdl(b)
        assert ours.get_dtz(q, 17) == 17 == theirs.get_dtz(b, 17)
        assert ours.probe_dtz_many([q, fen], default="x") == ["x", "x"]
    q = quadboard.Board("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")
    assert ours.get_wdl(q) == 2 and ours.get_dtz(q, None) == theirs.get_dtz(chess.Board(q.fen()))


def test_tablebase_api(data, tmp_path):
    tables = data / "tables"
    # Counts as python-chess's: every table file, the kinds asked for, names in normal form.
    for kinds in ({}, {"load_wdl": False}, {"load_dtz": False}):
        with qsyzygy.open_tablebase(str(tables), **kinds) as ours:
            theirs = chess.syzygy.Tablebase()
            assert ours.add_directory(str(tables), **kinds) == theirs.add_directory(str(tables), **kinds)
    for name in ("KQvK.rtbw", "KvKQ.rtbw", "KQvK.txt", "missing/KRvK.rtbz", "KQvK.rtbz"):
        path = str(tables / name)
        assert qsyzygy.Tablebase().add_file(path) == chess.syzygy.Tablebase().add_file(path), name
    # Only the WDL tables: DTZ where python-chess needs no DTZ table, the same error elsewhere.
    rng = random.Random(3)
    boards = [random_board(n, rng, rng.choice([True, False])) for n in ("KQvK", "KRvKP", "KPvKP", "KBNvK") for _ in range(8)]
    ours, theirs = qsyzygy.open_tablebase(str(tables), load_dtz=False), chess.syzygy.open_tablebase(str(tables), load_dtz=False)
    for b in boards:
        q = quadboard.Board(b.fen())
        assert outcome(ours.probe_dtz, q) == outcome(theirs.probe_dtz, b), b.fen()
    # Closed: every table forgotten; added again, probing works again.
    q = quadboard.Board("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")
    assert ours.probe_wdl(q) == 2
    ours.close()
    with pytest.raises(qsyzygy.MissingTableError, match="did not find wdl table KQvK"):
        ours.probe_wdl(q)
    ours.add_directory(str(tables))
    assert ours.probe_wdl(q) == 2
    # A folder of copies with one truncated table: OSError, never a crash.
    shutil.copy(tables / "KQvK.rtbw", tmp_path / "KQvK.rtbw")
    with open(tmp_path / "KQvK.rtbw", "r+b") as f:
        f.truncate(100)
    with qsyzygy.open_tablebase(str(tmp_path)) as broken:
        with pytest.raises(OSError):
            broken.probe_wdl(q)
    with pytest.raises(ValueError):
        qsyzygy.Tablebase(VariantBoard=int)
