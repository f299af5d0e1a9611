"""quadboard.polyglot against python-chess's chess.polyglot: books written here, read by
both; Zobrist hashes of random positions; errors of the same types."""

from __future__ import annotations

import random
import struct

import chess
import chess.polyglot
import pytest

import quadboard
import quadboard.polyglot as qpolyglot


def raw_move(uci: str, promotion_field: int | None = None) -> int:
    """Polyglot's 16 bits for a UCI move as written in a book (castling king-takes-rook)."""
    m = chess.Move.from_uci(uci)
    field = {None: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}[m.promotion]
    if promotion_field is not None:
        field = promotion_field
    return m.to_square | m.from_square << 6 | field << 12


def write_book(path, entries, *, sort=True):
    """Writes (key, raw_move, weight, learn) entries, sorted by key (stable) unless told."""
    if sort:
        entries = sorted(entries, key=lambda e: e[0])
    with open(path, "wb") as f:
        for entry in entries:
            f.write(struct.pack(">QHHI", *entry))
    return path


def as_tuples(entries):
    return [(e.key, e.raw_move, e.weight, e.learn, e.move.uci()) for e in entries]


def raw_tuples(their_entries):
    """python-chess's entries read without a board, less the one documented difference: a
    promotion field of 5 (python-chess: a king promotion) reads as no promotion here."""
    return [t[:4] + (t[4][:4] if t[4].endswith("k") else t[4],) for t in as_tuples(their_entries)]


def book_uci(board: chess.Board, move: chess.Move) -> str:
    """The move as a book stores it: castling as king-takes-rook."""
    if board.is_castling(move) and not board.chess960:
        rook_file = 7 if chess.square_file(move.to_square) == 6 else 0
        return chess.square_name(move.from_square) + chess.square_name(
            chess.square(rook_file, chess.square_rank(move.from_square)))
    return move.uci()


def random_boards(seed: int, count: int):
    """(python-chess board, quadboard board) pairs from random games, standard and
    Chess960, including positions with en passant and castling rights."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        chess960 = rng.random() < 0.3
        if chess960:
            theirs = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            theirs = chess.Board()
        for _ in range(rng.randrange(0, 60)):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            theirs.push(rng.choice(moves))
            boards.append((theirs.copy(stack=False),
                           quadboard.Board(theirs.fen(), chess960=chess960)))
    return boards[:count]


def castling_boards(seed: int, count: int):
    """Chess960 starts (and the standard one) with the back ranks' other pieces removed at
    random, then a few random moves: castling of every kind is legal in many of them."""
    rng = random.Random(seed)
    boards = []
    for i in range(count):
        n = 518 if i % 5 == 0 else rng.randrange(960)
        theirs = chess.Board.from_chess960_pos(n)
        theirs.chess960 = n != 518
        for square in list(chess.SquareSet(chess.BB_BACKRANKS)):
            if theirs.piece_type_at(square) not in (chess.KING, chess.ROOK) and rng.random() < 0.8:
                theirs.remove_piece_at(square)
        for _ in range(rng.randrange(3)):
            theirs.push(rng.choice(list(theirs.legal_moves)))
        boards.append((theirs.copy(stack=False), quadboard.Board(theirs.fen(), chess960=theirs.chess960)))
    return boards


def test_random_array_is_python_chess_s():
    assert qpolyglot.POLYGLOT_RANDOM_ARRAY == chess.polyglot.POLYGLOT_RANDOM_ARRAY
    assert len(qpolyglot.POLYGLOT_RANDOM_ARRAY) == 781


def test_zobrist_hash_on_random_positions():
    custom = [random.Random(7).getrandbits(64) for _ in range(781)]
    their_custom = chess.polyglot.ZobristHasher(custom)
    our_custom = qpolyglot.ZobristHasher(custom)
    our_default = qpolyglot.ZobristHasher(qpolyglot.POLYGLOT_RANDOM_ARRAY)
    for theirs, ours in random_boards(1, 400) + castling_boards(1, 100):
        expected = chess.polyglot.zobrist_hash(theirs)
        assert qpolyglot.zobrist_hash(ours) == expected, theirs.fen()
        # The Python hasher, part by part, agrees with the board's key.
        assert our_default(ours) == expected, theirs.fen()
        assert our_custom(ours) == their_custom(theirs), theirs.fen()
        assert qpolyglot.zobrist_hash(ours, _hasher=our_custom) == their_custom(theirs)


def test_zobrist_hash_known_values():
    # The Polyglot specification's examples.
    board = quadboard.Board()
    assert qpolyglot.zobrist_hash(board) == 0x463B96181691FC9C
    for san in ["e4", "d5", "e5", "f5"]:
        board.push_san(san)
    assert qpolyglot.zobrist_hash(board) == 0x22A48B5A8E47FF78


def test_zobrist_hasher_rejects_short_arrays():
    with pytest.raises(ValueError, match="781"):
        qpolyglot.ZobristHasher([1, 2, 3])


CASTLING = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
CHESS960 = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1"
PROMOTION = "8/1P5k/8/8/8/8/8/K7 w - - 0 1"
EN_PASSANT = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"


def key_of(fen: str, chess960: bool = False) -> int:
    return chess.polyglot.zobrist_hash(chess.Board(fen, chess960=chess960))


@pytest.fixture
def sample_book(tmp_path):
    start = key_of(chess.STARTING_FEN)
    entries = [
        (start, raw_move("e2e4"), 5, 1),
        (start, raw_move("d2d4"), 10, 2),
        (start, raw_move("g1f3"), 0, 3),
        (start, raw_move("c2c4"), 10, 4),
        (start, raw_move("e2e5"), 50, 0),  # not legal: skipped with a board
        (key_of(CASTLING), raw_move("e1h1"), 7, 0),
        (key_of(CASTLING), raw_move("e1a1"), 3, 9),
        (key_of(CASTLING), raw_move("e1g1"), 2, 0),  # the king's destination
        (key_of(CASTLING), raw_move("e1a1") | 0x8000, 1, 0),  # bit 15 ignored
        (key_of(CHESS960, True), raw_move("f1g1"), 2, 0),
        (key_of(CHESS960, True), raw_move("f1b1"), 1, 0),
        (key_of(CHESS960, True), raw_move("f1h1"), 4, 0),  # no rook on h1
        (key_of(PROMOTION), raw_move("b7b8n"), 1, 0),
        (key_of(PROMOTION), raw_move("b7b8q"), 8, 0),
        (key_of(PROMOTION), raw_move("b7b8", 5), 8, 0),  # no piece: never legal
        (key_of(PROMOTION), raw_move("b7b8", 0), 8, 0),  # promotion missing
        (key_of(EN_PASSANT), raw_move("d4e3"), 3, 0),
        (key_of(EN_PASSANT), raw_move("d4d3"), 3, 0),
    ]
    return write_book(tmp_path / "sample.bin", entries)


SAMPLE_POSITIONS = [
    (chess.STARTING_FEN, False), (CASTLING, False), (CASTLING, True), (CHESS960, True),
    (PROMOTION, False), (EN_PASSANT, False), ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", False),
]


@pytest.mark.parametrize("fen,chess960", SAMPLE_POSITIONS)
def test_find_all_as_python_chess(sample_book, fen, chess960):
    theirs = chess.Board(fen, chess960=chess960)
    ours = quadboard.Board(fen, chess960=chess960)
    with chess.polyglot.open_reader(sample_book) as their_reader, \
            qpolyglot.open_reader(sample_book) as our_reader:
        for minimum_weight in (0, 1, 5):
            assert as_tuples(our_reader.find_all(ours, minimum_weight=minimum_weight)) == \
                as_tuples(their_reader.find_all(theirs, minimum_weight=minimum_weight))
        key = chess.polyglot.zobrist_hash(theirs)
        assert as_tuples(our_reader.find_all(key, minimum_weight=0)) == \
            raw_tuples(their_reader.find_all(key, minimum_weight=0))
        assert our_reader.bisect_key_left(key) == their_reader.bisect_key_left(key)
        their_best = their_reader.get(theirs)
        our_best = our_reader.get(ours)
        assert (their_best is None) == (our_best is None)
        if their_best is not None:
            assert as_tuples([our_reader.find(ours)]) == as_tuples([their_reader.find(theirs)])
            first = their_best.move
            excluded = [quadboard.Move.from_uci(first.uci())]
            assert as_tuples(our_reader.find_all(ours, exclude_moves=excluded)) == \
                as_tuples(their_reader.find_all(theirs, exclude_moves=[first]))
        else:
            # Bare, as python-chess's.
            with pytest.raises(IndexError, match="^$"):
                our_reader.find(ours)


def test_castling_and_promotions_read_as_the_board_writes_them(sample_book):
    with qpolyglot.open_reader(sample_book) as reader:
        moves = [e.move.uci() for e in reader.find_all(quadboard.Board(CASTLING))]
        assert moves == ["e1g1", "e1c1", "e1g1", "e1c1"]
        board960 = quadboard.Board(CASTLING, chess960=True)
        assert [e.move.uci() for e in reader.find_all(board960)] == ["e1h1", "e1a1", "e1a1"]
        moves = [e.move.uci() for e in reader.find_all(quadboard.Board(CHESS960, chess960=True))]
        assert moves == ["f1g1", "f1b1"]
        assert reader.find(quadboard.Board(PROMOTION)).move == quadboard.Move.from_uci("b7b8q")
        entry = reader.find(quadboard.Board(EN_PASSANT))
        assert entry.move.uci() == "d4e3" and quadboard.Board(EN_PASSANT).is_en_passant(entry.move)


def test_entries_len_indexing_iteration(sample_book):
    with chess.polyglot.open_reader(sample_book) as theirs, \
            qpolyglot.open_reader(sample_book) as ours:
        assert len(ours) == len(theirs) == 18
        assert as_tuples(ours) == raw_tuples(theirs)
        assert "b7b8" in [e.move.uci() for e in ours]
        for i in (0, 5, 17, -1, -18):
            assert as_tuples([ours[i]]) == raw_tuples([theirs[i]])
        for i in (18, -19):
            with pytest.raises(IndexError, match="out of range"):
                ours[i]
        entry = ours[0]
        assert isinstance(entry, qpolyglot.Entry) and isinstance(entry, tuple)
        assert entry._fields == chess.polyglot.Entry._fields
        assert entry == (entry.key, entry.raw_move, entry.weight, entry.learn, entry.move)


def test_choice_and_weighted_choice_draw_as_python_chess(sample_book):
    theirs = chess.Board()
    ours = quadboard.Board()
    with chess.polyglot.open_reader(sample_book) as their_reader, \
            qpolyglot.open_reader(sample_book) as our_reader:
        picks = set()
        for seed in range(40):
            a, b = random.Random(seed), random.Random(seed)
            their_pick = their_reader.choice(theirs, random=a)
            our_pick = our_reader.choice(ours, random=b)
            assert as_tuples([our_pick]) == as_tuples([their_pick])
            assert a.random() == b.random()  # the same number of draws
            their_pick = their_reader.weighted_choice(theirs, random=a)
            our_pick = our_reader.weighted_choice(ours, random=b)
            assert as_tuples([our_pick]) == as_tuples([their_pick])
            assert a.random() == b.random()
            picks.add(our_pick.move.uci())
            kw = dict(minimum_weight=0, exclude_moves=[chess.Move.from_uci("d2d4")])
            their_pick = their_reader.choice(theirs, random=a, **kw)
            kw["exclude_moves"] = [quadboard.Move.from_uci("d2d4")]
            assert as_tuples([our_reader.choice(ours, random=b, **kw)]) == as_tuples([their_pick])
        assert picks == {"e2e4", "d2d4", "c2c4"}
        empty = quadboard.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        for method in (our_reader.choice, our_reader.weighted_choice, our_reader.find):
            with pytest.raises(IndexError):
                method(empty)
        assert our_reader.get(empty) is None
        assert our_reader.get(empty, "default") == "default"


def test_weighted_choice_with_only_zero_weights(tmp_path):
    start = key_of(chess.STARTING_FEN)
    path = write_book(tmp_path / "zero.bin", [(start, raw_move("e2e4"), 0, 0)])
    with qpolyglot.open_reader(path) as reader, chess.polyglot.open_reader(path) as theirs:
        with pytest.raises(IndexError):
            theirs.weighted_choice(chess.Board())
        with pytest.raises(IndexError):
            reader.weighted_choice(quadboard.Board())
        assert [e.move.uci() for e in reader.find_all(quadboard.Board(), minimum_weight=0)] == ["e2e4"]


def test_random_book_differential(tmp_path):
    """Every legal move of 300 random positions and 100 with castling (weights 0 to 3),
    plus moves that are not legal there, read by both readers."""
    rng = random.Random(3)
    boards = random_boards(2, 300) + castling_boards(2, 100)
    castles = sum(any(theirs.is_castling(m) for m in theirs.legal_moves) for theirs, _ in boards)
    assert castles > 50
    entries = []
    for theirs, _ in boards:
        key = chess.polyglot.zobrist_hash(theirs)
        for move in theirs.legal_moves:
            if rng.random() < 0.5:
                entries.append((key, raw_move(book_uci(theirs, move)), rng.randrange(4), rng.randrange(3)))
        entries.append((key, rng.randrange(1 << 16), rng.randrange(4), 0))
    path = write_book(tmp_path / "random.bin", entries)
    with chess.polyglot.open_reader(path) as their_reader, qpolyglot.open_reader(path) as our_reader:
        assert len(our_reader) == len(entries)
        for theirs, ours in boards:
            for minimum_weight in (0, 1):
                assert as_tuples(our_reader.find_all(ours, minimum_weight=minimum_weight)) == \
                    as_tuples(their_reader.find_all(theirs, minimum_weight=minimum_weight)), theirs.fen()
            seed = rng.randrange(1 << 30)
            their_pick = their_reader.get(theirs)
            if their_pick is not None:
                a, b = random.Random(seed), random.Random(seed)
                assert as_tuples([our_reader.weighted_choice(ours, random=b)]) == \
                    as_tuples([their_reader.weighted_choice(theirs, random=a)])
                assert as_tuples([our_reader.choice(ours, random=b)]) == \
                    as_tuples([their_reader.choice(theirs, random=a)])


def test_unsorted_book_finds_only_the_key(tmp_path):
    start = key_of(chess.STARTING_FEN)
    entries = [(start, raw_move("e2e4"), 1, 0), (2**64 - 1, 0, 1, 0), (0, 0, 1, 0),
               (start, raw_move("d2d4"), 1, 0)]
    path = write_book(tmp_path / "unsorted.bin", entries, sort=False)
    with qpolyglot.open_reader(path) as ours, chess.polyglot.open_reader(path) as theirs:
        assert as_tuples(ours.find_all(quadboard.Board())) == as_tuples(theirs.find_all(chess.Board()))


def test_empty_book(tmp_path):
    path = tmp_path / "empty.bin"
    path.write_bytes(b"")
    with qpolyglot.open_reader(path) as reader:
        assert len(reader) == 0
        assert list(reader) == []
        assert list(reader.find_all(quadboard.Board())) == []
        with pytest.raises(IndexError):
            reader.find(quadboard.Board())
        with pytest.raises(IndexError):
            reader[0]


def test_files_that_are_not_books(tmp_path):
    truncated = tmp_path / "truncated.bin"
    truncated.write_bytes(b"\0" * 40)
    with pytest.raises(OSError) as theirs:
        chess.polyglot.open_reader(truncated)
    with pytest.raises(OSError) as ours:
        qpolyglot.open_reader(truncated)
    # python-chess's message, then the reason in the cause.
    assert str(ours.value) == str(theirs.value)
    assert "40 bytes is not a whole number of 16-byte entries" in str(ours.value.__cause__)
    with pytest.raises(FileNotFoundError):
        qpolyglot.open_reader(tmp_path / "missing.bin")
    # The message as python-chess's (programs print it when a book is missing).
    for name in (str(tmp_path / "missing.bin"), tmp_path / "missing.bin"):
        with pytest.raises(FileNotFoundError) as theirs:
            chess.polyglot.open_reader(name)
        with pytest.raises(FileNotFoundError) as ours:
            qpolyglot.open_reader(name)
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(IsADirectoryError):
        qpolyglot.open_reader(tmp_path)


def test_closed_reader_raises_value_error(sample_book):
    reader = qpolyglot.open_reader(sample_book)
    with reader as entered:
        assert entered is reader
        assert len(reader) == 18
    for read in (lambda: len(reader), lambda: reader[0], lambda: list(reader.find_all(quadboard.Board()))):
        with pytest.raises(ValueError, match="closed"):
            read()
    reader.close()  # a second close is allowed, as in python-chess


def test_bad_board_argument(sample_book):
    with qpolyglot.open_reader(sample_book) as reader:
        with pytest.raises(TypeError, match="quadboard.Board"):
            list(reader.find_all("e4"))
        assert list(reader.find_all(-5)) == []
        assert list(reader.find_all(2**70)) == []
        with pytest.raises(TypeError):
            reader["a"]


def test_the_shim_imports_polyglot():
    import importlib
    import sys

    assert quadboard.polyglot is qpolyglot
    assert "quadboard.polyglot" in sys.modules
    assert importlib.import_module("quadboard.polyglot").open_reader is qpolyglot.open_reader
