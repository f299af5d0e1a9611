"""Polyglot opening books and Zobrist hashes with python-chess's ``chess.polyglot`` names.

``open_reader(path)`` maps a ``.bin`` book into memory; ``find_all(board)`` and the rest
look a position up by binary search in the library's reader (``quadboard_chess::book``),
and hand back python-chess's ``Entry`` tuples. Moves are the board's legal moves as the
board writes them: castling, stored king-takes-rook, is ``e1g1`` on a standard board and
``e1h1`` on a Chess960 one; entries that name no legal move are skipped.

Differences from python-chess 1.11: a raw promotion field of 5 to 7 (no piece) reads as
no promotion in ``Entry.move`` of a lookup by key (python-chess makes a king promotion or
an invalid piece type; no such entry is ever a legal move); boards are quadboard's.
"""

from __future__ import annotations

import os
import random as _random
import struct
from types import TracebackType
from typing import Callable, Container, Iterator, List, NamedTuple, Optional, Type, Union

from ._core import BB_PAWN_ATTACKS, BB_RANKS
from ._quadboard import Board, Move
from ._quadboard import BookFile as _BookFile
from ._quadboard import polyglot_random_array as _polyglot_random_array

__all__ = [
    "ENTRY_STRUCT", "StrOrBytesPath", "Entry", "MemoryMappedReader", "POLYGLOT_RANDOM_ARRAY", "ZobristHasher", "open_reader",
    "zobrist_hash",
]

ENTRY_STRUCT = struct.Struct(">QHHI")
"""One book entry of 16 bytes, big-endian: key (8), raw move (2), weight (2), learn (4),
for programs that read or write book files themselves (the reader here is the library's)."""

StrOrBytesPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
"""python-chess's type of the ``path`` arguments: a file name as text, bytes or path."""

POLYGLOT_RANDOM_ARRAY: List[int] = _polyglot_random_array()
"""Polyglot's 781 random numbers: 768 for pieces on squares, 4 for castling rights, 8 for
en passant files, 1 for white to move."""


class ZobristHasher:
    """The Zobrist hash of boards over an array of 781 numbers, laid out as
    :data:`POLYGLOT_RANDOM_ARRAY` (pieces, castling, en passant, turn)."""

    def __init__(self, array: List[int]) -> None:
        if len(array) < 781:
            raise ValueError(f"a Zobrist array needs 781 numbers, this one has {len(array)}")
        self.array = array

    def hash_board(self, board: Board) -> int:
        """The XOR of the numbers of the pieces on their squares."""
        zobrist_hash = 0
        for square, piece in board.piece_map().items():
            piece_index = (piece.piece_type - 1) * 2 + int(piece.color)
            zobrist_hash ^= self.array[64 * piece_index + square]
        return zobrist_hash

    def hash_castling(self, board: Board) -> int:
        """The numbers of the castling rights that hold, each side of its king: white king
        side, white queen side, black king side, black queen side."""
        zobrist_hash = 0
        rights = board.clean_castling_rights()
        for offset, color, back_rank in ((0, True, BB_RANKS[0]), (2, False, BB_RANKS[7])):
            king = board.king(color)
            rooks = rights & back_rank
            if king is None or not rooks:
                continue
            if rooks >> (king + 1):
                zobrist_hash ^= self.array[768 + offset]
            if rooks & ((1 << king) - 1):
                zobrist_hash ^= self.array[768 + offset + 1]
        return zobrist_hash

    def hash_ep_square(self, board: Board) -> int:
        """The number of the en passant file, when a pawn of the side to move stands
        ready to capture there (Polyglot's rule, which ignores pins)."""
        ep = board.ep_square
        if ep is None:
            return 0
        capturers = BB_PAWN_ATTACKS[not board.turn][ep] & board.pawns & board.occupied_co[board.turn]
        if not capturers:
            return 0
        return self.array[772 + (ep & 7)]

    def hash_turn(self, board: Board) -> int:
        """The number for white to move, else 0."""
        return self.array[780] if board.turn else 0

    def __call__(self, board: Board) -> int:
        """The hash of ``board``: the XOR of its parts."""
        return (
            self.hash_board(board)
            ^ self.hash_castling(board)
            ^ self.hash_ep_square(board)
            ^ self.hash_turn(board)
        )


_POLYGLOT_HASHER = ZobristHasher(POLYGLOT_RANDOM_ARRAY)


def zobrist_hash(board: Board, *, _hasher: Callable[[Board], int] = _POLYGLOT_HASHER) -> int:
    """The Polyglot Zobrist hash of the position: the key that books are sorted by.

    With the default hasher it is the key the board keeps up to date (no recomputation).
    """
    if _hasher is _POLYGLOT_HASHER and isinstance(board, Board):
        return board.zobrist_hash()
    return _hasher(board)


class Entry(NamedTuple):
    """An entry from a Polyglot opening book."""

    key: int
    """The Zobrist hash of the position."""
    raw_move: int
    """The move as stored: to square, from square and promotion bits."""
    weight: int
    """How good the move is, relative to the position's other moves (0: deleted)."""
    learn: int
    """Data for the book's maker."""
    move: Move
    """The move: the board's legal move for a lookup by board, else as stored."""


_make_entry = Entry._make


class MemoryMappedReader:
    """A Polyglot opening book mapped into memory: ``len``, indexing (negative from the
    end) and iteration give the entries in file order, with their moves as stored."""

    def __init__(self, filename: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]) -> None:
        path = os.fspath(filename)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        try:
            self._file = _BookFile(path)
        except OSError as error:
            if error.errno is not None:
                # The errno's text as Python's own file functions word it (python-chess's
                # message), with the name as os.open gives it: the subclass
                # (FileNotFoundError, ...) follows from the errno.
                raise OSError(error.errno, os.strerror(error.errno), os.fspath(filename)) from None
            # A length that is no whole number of entries: python-chess's words (programs
            # print them), with the count of bytes left over in the cause.
            raise OSError(
                f"invalid file size: ensure {filename!r} is a valid polyglot opening book"
            ) from error

    def __enter__(self) -> "MemoryMappedReader":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc_value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._file)

    def __getitem__(self, index: int) -> Entry:
        if not isinstance(index, int):
            raise TypeError(f"book indices must be integers, not {type(index).__name__}")
        return _make_entry(self._file.entry(index))

    def __iter__(self) -> Iterator[Entry]:
        entry = self._file.entry
        for i in range(len(self._file)):
            yield _make_entry(entry(i))

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is not below ``key``."""
        return self._file.bisect_key_left(key)

    def find_all(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Iterator[Entry]:
        """Yields the entries of a position (a board, or its Zobrist hash) in file order.

        With a board, only entries naming a legal move are given, the move written as the
        board writes it; with a hash, every entry of the key with its move as stored.
        Entries lighter than ``minimum_weight`` (by default the deleted ones, weight 0)
        and moves in ``exclude_moves`` are left out.
        """
        found = self._file.find_all(board, minimum_weight)
        if exclude_moves:
            return (_make_entry(t) for t in found if t[4] not in exclude_moves)
        return map(_make_entry, found)

    def find(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Entry:
        """The main entry of the position: the first with the highest weight.
        ``IndexError`` when there is none (see :meth:`get`)."""
        best = None
        for entry in self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves):
            if best is None or entry.weight > best.weight:
                best = entry
        if best is None:
            raise IndexError()  # without a message, as python-chess's (programs print it)
        return best

    def get(
        self,
        board: Union[Board, int],
        default: Optional[Entry] = None,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Optional[Entry]:
        """:meth:`find`, or ``default`` when the book has no entry for the position."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
        random: Optional[_random.Random] = None,
    ) -> Entry:
        """An entry of the position chosen uniformly; ``IndexError`` when there is none.

        It draws ``randint(0, i)`` for the i-th entry from the second on, as python-chess
        does, so a ``random.Random`` seeded alike picks the same entry.
        """
        rng = _random if random is None else random
        chosen = None
        entries = self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        for i, entry in enumerate(entries):
            if chosen is None or rng.randint(0, i) == i:
                chosen = entry
        if chosen is None:
            raise IndexError()  # without a message, as python-chess's (programs print it)
        return chosen

    def weighted_choice(
        self,
        board: Union[Board, int],
        *,
        exclude_moves: Container[Move] = (),
        random: Optional[_random.Random] = None,
    ) -> Entry:
        """An entry of the position chosen with probability proportional to its weight;
        ``IndexError`` when the position has no entry of positive weight.

        It draws one ``randint(0, total - 1)`` and takes the entry whose share of the
        running total holds it, as python-chess does.
        """
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError()  # without a message, as python-chess's (programs print it)
        rng = _random if random is None else random
        drawn = rng.randint(0, total - 1)
        running = 0
        for entry in entries:
            running += entry.weight
            if running > drawn:
                return entry
        raise AssertionError("the draw is below the total weight")

    def close(self) -> None:
        """Unmaps the book; reading it afterwards raises ``ValueError``."""
        self._file.close()


def open_reader(path: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]) -> MemoryMappedReader:
    """Opens the Polyglot book at ``path`` for reading (a context manager).

    ``OSError`` (``FileNotFoundError``, ...) when the file cannot be read or its length is
    not a whole number of 16-byte entries.
    """
    return MemoryMappedReader(path)
