"""quadboard: chess for Python with python-chess's names, on the quadboard Rust library.

Squares are python-chess's integers (``A1 == 0``, ``H8 == 63``), piece types ``PAWN == 1``
to ``KING == 6``, colours ``WHITE == True`` and ``BLACK == False``.
"""

from __future__ import annotations

from typing import List

from . import pgn
from ._outcome import Outcome, Termination
from ._quadboard import (
    STARTING_FEN,
    AmbiguousMoveError,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Piece,
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

FILE_NAMES: List[str] = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES: List[str] = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES: List[int] = list(range(64))
SQUARE_NAMES: List[str] = [f + r for r in RANK_NAMES for f in FILE_NAMES]

STARTING_BOARD_FEN: str = STARTING_FEN.split(" ")[0]

# A1 = 0, B1 = 1, ..., H8 = 63, as module constants.
globals().update({name.upper(): index for index, name in enumerate(SQUARE_NAMES)})


def square(file_index: int, rank_index: int) -> int:
    """The square of a file (0 = a) and rank (0 = first)."""
    return rank_index * 8 + file_index


def square_file(square: int) -> int:
    """The file of a square, 0 = a."""
    return square & 7


def square_rank(square: int) -> int:
    """The rank of a square, 0 = first."""
    return square >> 3


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


__all__ = [
    "AmbiguousMoveError", "BLACK", "BISHOP", "Board", "COLORS", "COLOR_NAMES", "FILE_NAMES",
    "IllegalMoveError", "InvalidMoveError", "KING", "KNIGHT", "LegalMoveGenerator", "Move",
    "Outcome", "PAWN", "PIECE_NAMES", "PIECE_SYMBOLS", "PIECE_TYPES", "Piece", "QUEEN",
    "RANK_NAMES", "ROOK", "SQUARES", "SQUARE_NAMES", "STARTING_BOARD_FEN", "STARTING_FEN",
    "Termination", "WHITE", "legal_move_counts", "parse_square", "perft", "pgn",
    "piece_name", "piece_symbol", "square", "square_file", "square_name", "square_rank",
] + [name.upper() for name in SQUARE_NAMES]
