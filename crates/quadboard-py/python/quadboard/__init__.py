"""quadboard: chess for Python with python-chess's names, on the quadboard Rust library.

Squares are python-chess's integers (``A1 == 0``, ``H8 == 63``), piece types ``PAWN == 1``
to ``KING == 6``, colours ``WHITE == True`` and ``BLACK == False``.
"""

from __future__ import annotations

from typing import List, TypeVar

from . import pgn
from . import polyglot
from ._core import *  # noqa: F401,F403  (constants, square functions, BB_* masks)
from ._core import SQUARE_NAMES, Piece, __all__ as _CORE_NAMES
from ._outcome import Outcome, Termination
from ._quadboard import (
    STARTING_FEN,
    AmbiguousMoveError,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    PseudoLegalMoveGenerator,
    Move,
    SquareSet,
    legal_move_counts,
    perft,
)

WHITE: bool = True
BLACK: bool = False
COLORS: List[bool] = [WHITE, BLACK]
COLOR_NAMES: List[str] = ["black", "white"]

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES: List[int] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

STARTING_BOARD_FEN: str = STARTING_FEN.split(" ")[0]

class _BaseBoardType(type):
    """Makes every board an instance of ``BaseBoard``, as python-chess's ``Board`` is a
    subclass of its ``BaseBoard`` (here the compiled ``Board`` comes first)."""

    def __instancecheck__(cls, obj: object) -> bool:
        return isinstance(obj, Board)

    def __subclasscheck__(cls, sub: type) -> bool:
        return issubclass(sub, Board)


class BaseBoard(Board, metaclass=_BaseBoardType):
    """python-chess's placement-only board: made from a board FEN (``None`` for an empty
    board) and written as ``BaseBoard('<board FEN>')``. It is a ``Board`` underneath (white
    to move, no rights): the placement methods are the same ones."""

    def __init__(self, board_fen: "str | None" = STARTING_BOARD_FEN, *,
                 chess960: bool = False) -> None:
        super().__init__(board_fen, chess960=chess960)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"

    def __eq__(self, other: object) -> bool:
        # Placement only, against any board (python-chess's BaseBoard answers for both
        # operands: Board declines a BaseBoard).
        if isinstance(other, Board):
            return self.board_fen() == other.board_fen()
        return NotImplemented


def square(file_index: int, rank_index: int) -> int:
    """The square of a file (0 = a) and rank (0 = first)."""
    return rank_index * 8 + file_index


def square_name(square: int) -> str:
    """``e4`` for 28; ``ValueError`` outside 0..63."""
    if not isinstance(square, int) or not 0 <= square < 64:
        raise ValueError(f"square {square!r} is out of range (0 = a1 ... 63 = h8)")
    return SQUARE_NAMES[square]


def parse_square(name: str) -> int:
    """28 for ``e4``; ``ValueError`` for anything that is not a square name."""
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"invalid square name: {name!r}") from None


def piece_symbol(piece_type: int) -> str:
    """``p`` for a pawn ... ``k`` for a king."""
    if piece_type not in PIECE_TYPES:
        raise ValueError(f"invalid piece type {piece_type!r} (1 = pawn ... 6 = king)")
    return PIECE_SYMBOLS[piece_type]


def piece_name(piece_type: int) -> str:
    """``pawn`` ... ``king``."""
    if piece_type not in PIECE_TYPES:
        raise ValueError(f"invalid piece type {piece_type!r} (1 = pawn ... 6 = king)")
    return PIECE_NAMES[piece_type]


# python-chess's type variables for methods that return a board of the caller's class.
BoardT = TypeVar("BoardT", bound="Board")
BaseBoardT = TypeVar("BaseBoardT", bound="BaseBoard")

__all__ = [
    "BoardT", "BaseBoardT", "AmbiguousMoveError", "BLACK", "BISHOP", "Board", "COLORS", "COLOR_NAMES",
    "IllegalMoveError", "InvalidMoveError", "KING", "KNIGHT", "LegalMoveGenerator", "Move",
    "Outcome", "PAWN", "PIECE_NAMES", "PIECE_SYMBOLS", "PIECE_TYPES", "Piece", "QUEEN",
    "ROOK", "STARTING_BOARD_FEN", "STARTING_FEN",
    "BaseBoard", "PseudoLegalMoveGenerator", "SquareSet", "Termination", "WHITE", "legal_move_counts", "parse_square", "perft", "pgn",
    "piece_name", "piece_symbol", "polyglot", "square", "square_name",
] + _CORE_NAMES
