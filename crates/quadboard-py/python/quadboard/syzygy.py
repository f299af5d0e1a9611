"""Syzygy endgame tablebases with python-chess's ``chess.syzygy`` names.

``open_tablebase(directory)`` lists a folder of ``.rtbw`` (WDL) and ``.rtbz`` (DTZ) files;
``probe_wdl(board)`` and ``probe_dtz(board)`` give python-chess's values, read by the
``quadboard-syzygy`` crate (tables mapped into memory on their first probe). The errors are
python-chess's: ``KeyError`` for castling rights and too many pieces,
:exc:`MissingTableError` (a ``KeyError``) for a missing table, ``OSError`` for a file that
is not a valid table.

Beyond python-chess: ``probe_wdl_many`` and ``probe_dtz_many`` probe a list of boards or
FENs in one call, without the GIL and optionally over several threads.

Differences from python-chess 1.11: only standard chess (``VariantBoard`` must be
quadboard's ``Board`` or a subclass of it); ``max_fds`` is accepted and ignored (the tables
are mapped, not kept open as file descriptors); boards the move generator does not serve
(no king, several kings, the side not to move in check) give 0 when only kings stand, the
value of python-chess's capture search where a capture wins, and :exc:`MissingTableError`
otherwise (python-chess reads the table for such a position anyway); a damaged table raises
``OSError`` (python-chess's reads are undefined there).
A position whose own table is missing follows python-chess's capture search in Python (its
answer depends on that search's move order): slow, as python-chess's.
"""

from __future__ import annotations

import os
import re
from types import TracebackType
from typing import Iterable, List, Optional, Type, TypeVar, Union

from ._quadboard import Board
from ._quadboard import Tables as _Tables

__all__ = [
    "TBPIECES", "PCHR", "MissingTableError", "Tablebase", "open_tablebase", "is_tablename", "normalize_tablename",
    "calc_key",
]

TBPIECES = 7
"""The most pieces of a Syzygy table."""

PCHR = ["K", "Q", "R", "B", "N", "P"]
"""The piece letters in the order of table names."""

_TABLENAME = re.compile(r"^[KQRBNP]+v[KQRBNP]+\Z")

_T = TypeVar("_T")

# The batch probes' ``default`` when none is given: raise instead.
_RAISE = object()


class MissingTableError(KeyError):
    """Can not probe position because a required table is missing."""


def normalize_tablename(name: str, *, mirror: bool = False) -> str:
    """The name of a material as its table is named: each side's letters in the order
    KQRBNP, and the side with more pieces (or, as many, the stronger pieces) first;
    ``mirror`` swaps the sides."""
    white, black = name.split("v", 1)
    white = "".join(sorted(white, key=PCHR.index))
    black = "".join(sorted(black, key=PCHR.index))
    # The side that sorts first by (piece count, letters) goes first: KRvKB, not KBvKR.
    swap = (len(white), [PCHR.index(c) for c in black]) < (len(black), [PCHR.index(c) for c in white])
    return f"{black}v{white}" if mirror ^ swap else f"{white}v{black}"


def is_tablename(name: str, *, one_king: bool = True, piece_count: Optional[int] = TBPIECES,
                 normalized: bool = True) -> bool:
    """Whether ``name`` names a table: letters KQRBNP either side of a ``v``, at most
    ``piece_count`` pieces, in normal form, and (``one_king``) a king a side but not KvK."""
    if piece_count is not None and len(name) > piece_count + 1:
        return False
    if not _TABLENAME.match(name):
        return False
    if normalized and normalize_tablename(name) != name:
        return False
    return not one_king or (name != "KvK" and name.startswith("K") and "vK" in name)


def calc_key(board: Board, *, mirror: bool = False) -> str:
    """The material of ``board`` as a table name, white's side first (black's with
    ``mirror``), not normalized: ``KvKQ`` for a lone white king against king and queen."""
    sides = []
    for color in (not mirror, mirror):
        sides.append("".join(letter * len(board.pieces(piece_type, color))
                             for piece_type, letter in zip((6, 5, 4, 3, 2, 1), PCHR)))
    return "v".join(sides)


class Tablebase(_Tables):
    """Syzygy tables for probing (python-chess's ``Tablebase``): add folders or files, then
    probe boards. Probes may run on many threads at once."""

    def __init__(self, *, max_fds: Optional[int] = 128, VariantBoard: Type[Board] = Board) -> None:
        if not (isinstance(VariantBoard, type) and issubclass(VariantBoard, Board)):
            raise ValueError(f"quadboard.syzygy probes standard chess only, not {VariantBoard!r}")
        self.variant = VariantBoard
        self.max_fds = max_fds
        # The WDL tables' materials, both orientations (calc_key's form).
        self._wdl_keys: set = set()

    def add_directory(self, directory: str, *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds the tables of a folder (files named like ``KQvKN.rtbw`` and ``KRBvK.rtbz``;
        ``load_wdl`` and ``load_dtz`` choose the kinds) and returns how many were added.
        The files are opened when a probe first needs them."""
        directory = os.path.abspath(directory)
        return sum(self.add_file(os.path.join(directory, name), load_wdl=load_wdl, load_dtz=load_dtz)
                   for name in os.listdir(directory))

    def add_file(self, path: str, *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds one table file (1) or not (0: not a table's name, not a file, or a kind not
        loaded), replacing a table of the same material and kind."""
        tablename, ext = os.path.splitext(os.path.basename(path))
        if not (is_tablename(tablename) and os.path.isfile(path)):
            return 0
        if (load_wdl and ext == ".rtbw") or (load_dtz and ext == ".rtbz"):
            added = self._add_table(path)
            if added and ext == ".rtbw":
                self._wdl_keys.update((tablename, normalize_tablename(tablename, mirror=True)))
            return int(added)
        return 0

    # probe_wdl(board) and probe_dtz(board) are the compiled class's methods.

    def get_wdl(self, board: Board, default: Optional[_T] = None) -> Union[int, _T, None]:
        """:meth:`probe_wdl`, or ``default`` where it raises ``KeyError``."""
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def get_dtz(self, board: Board, default: Optional[_T] = None) -> Union[int, _T, None]:
        """:meth:`probe_dtz`, or ``default`` where it raises ``KeyError``."""
        try:
            return self.probe_dtz(board)
        except KeyError:
            return default

    def probe_wdl_many(self, positions: Iterable[Union[Board, str]], *, default: object = _RAISE,
                       threads: int = 1) -> List[object]:
        """:meth:`probe_wdl` of each board or FEN, in order, in one call that releases the
        GIL while it probes (over ``threads`` threads). The first position that cannot be
        probed raises the error :meth:`probe_wdl` raises for it; with ``default=value``,
        positions where that error is a ``KeyError`` give ``value`` instead (as
        :meth:`get_wdl`). A FEN that is not one raises ``ValueError``."""
        return self._probe_wdl_many(positions, default is not _RAISE, default, threads)

    def probe_dtz_many(self, positions: Iterable[Union[Board, str]], *, default: object = _RAISE,
                       threads: int = 1) -> List[object]:
        """:meth:`probe_dtz` of each board or FEN, as :meth:`probe_wdl_many`."""
        return self._probe_dtz_many(positions, default is not _RAISE, default, threads)

    def close(self) -> None:
        """Closes all loaded tables (tables may be added again afterwards)."""
        self._clear()
        self._wdl_keys.clear()

    # A position without a WDL table of its own material (or of 8 pieces): python-chess
    # searches its captures in its move order, cutting off at the first capture into the
    # tables that wins, and else looks the missing table up. Which error it raises, or
    # whether it raises at all, depends on that order, so these follow it, with quadboard's
    # legal moves (in python-chess's order) and the compiled probe for every position that
    # has its table. Such a search only ever ends in a win (2, DTZ 1) or an error.

    def _search(self, board: Board, alpha: int, beta: int) -> int:
        """python-chess's alpha-beta over captures (``probe_ab``), for any position."""
        pieces = bin(board.occupied).count("1")
        if pieces > TBPIECES + 1:
            raise KeyError(f"syzygy tables support up to {TBPIECES} pieces, not {pieces}: {board.fen()}")
        key = calc_key(board)
        if key in self._wdl_keys or board.kings == board.occupied:
            # A capture leaves no en passant right: the full probe is the search's value.
            return self.probe_wdl(board)
        v = self._captures(board, alpha, beta)
        if v is not None:
            return v
        if pieces > TBPIECES:
            raise KeyError(f"syzygy tables support up to {TBPIECES} pieces, not {pieces}: {board.fen()}")
        raise MissingTableError(f"did not find wdl table {key}")

    def _captures(self, board: Board, alpha: int, beta: int) -> Optional[int]:
        """The captures of ``_search``: the value of a cut-off, else ``None`` (the search
        goes on to the position's table)."""
        for move in board.generate_legal_moves(to_mask=board.occupied_co[not board.turn]):
            board.push(move)
            try:
                v = -self._search(board, -beta, -alpha)
            finally:
                board.pop()
            if v > alpha:
                if v >= beta:
                    return v
                alpha = v
        return None

    def _recheck(self, board: Union[Board, str], dtz: bool, error: BaseException) -> int:
        """A position whose probe met a missing table, or a board off the move generator's
        path: a winning capture decides as in python-chess's search, else ``error``."""
        board = Board(board) if isinstance(board, str) else board.copy(stack=False)
        if self._captures(board, -2, 2) is None:
            raise error
        self._ep_children(board)
        return 1 if dtz else 2

    def _ep_children(self, board: Board) -> None:
        """Searches the en passant captures as python-chess's probes do at the root."""
        if board.ep_square:
            for move in list(board.generate_legal_ep()):
                board.push(move)
                try:
                    self._search(board, -2, 2)
                finally:
                    board.pop()

    def _uncovered_wdl(self, board: Union[Board, str]) -> int:
        board = Board(board) if isinstance(board, str) else board.copy(stack=False)
        v = self._search(board, -2, 2)
        # The search returned a win: an en passant capture cannot do better, but is searched.
        self._ep_children(board)
        return v

    def _uncovered_dtz(self, board: Union[Board, str]) -> int:
        board = Board(board) if isinstance(board, str) else board.copy(stack=False)
        v = self._search(board, -2, 2)
        self._ep_children(board)
        # A win by a capture: python-chess's DTZ before a zeroing move.
        return 1 if v == 2 else 101 if v == 1 else 0

    def __enter__(self) -> Tablebase:
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()


def open_tablebase(directory: str, *, load_wdl: bool = True, load_dtz: bool = True, max_fds: Optional[int] = 128,
                   VariantBoard: Type[Board] = Board) -> Tablebase:
    """Opens the tables of a folder (:meth:`Tablebase.add_directory`) for probing. A
    position needs the table of its material and those its captures and promotions
    reach; add more folders with :meth:`Tablebase.add_directory`."""
    tables = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    tables.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tables
