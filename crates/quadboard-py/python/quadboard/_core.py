"""python-chess's core constants, square functions and bitboard helpers (cold code: plain
Python over ints, with the attack tables and rays taken from the Rust library once)."""

from __future__ import annotations

import enum
import operator
import re
from typing import Dict, Iterable, Iterator, List, Literal, SupportsInt, Union

from ._quadboard import _slider_tables, _tables, between, ray, square_knight_distance
from ._quadboard import flip_anti_diagonal, flip_diagonal, flip_horizontal, flip_vertical

# python-chess's type aliases, which programs written for it use in annotations (evaluated
# when a function is defined, unless the program defers them).
Color = bool
PieceType = int
Square = int
Bitboard = int
ColorName = Literal["white", "black"]
IntoSquareSet = Union[SupportsInt, Iterable[int]]
EnPassantSpec = Literal["legal", "fen", "xfen"]

UNICODE_PIECE_SYMBOLS: Dict[str, str] = {
    "R": "\u2656", "r": "\u265c", "N": "\u2658", "n": "\u265e", "B": "\u2657", "b": "\u265d",
    "Q": "\u2655", "q": "\u265b", "K": "\u2654", "k": "\u265a", "P": "\u2659", "p": "\u265f",
}

FILE_NAMES: List[str] = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES: List[str] = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES: List[int] = list(range(64))
SQUARE_NAMES: List[str] = [f + r for r in RANK_NAMES for f in FILE_NAMES]
# The squares seen from black's side: a8 first (index 0), h1 last.
SQUARES_180: List[int] = [sq ^ 0x38 for sq in SQUARES]

BB_EMPTY: int = 0
BB_ALL: int = (1 << 64) - 1
BB_SQUARES: List[int] = [1 << sq for sq in SQUARES]
BB_FILES: List[int] = [0x0101_0101_0101_0101 << f for f in range(8)]
BB_RANKS: List[int] = [0xFF << (8 * r) for r in range(8)]
BB_LIGHT_SQUARES: int = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES: int = 0xAA55_AA55_AA55_AA55
BB_CORNERS: int = BB_SQUARES[0] | BB_SQUARES[7] | BB_SQUARES[56] | BB_SQUARES[63]
BB_CENTER: int = BB_SQUARES[27] | BB_SQUARES[28] | BB_SQUARES[35] | BB_SQUARES[36]
BB_BACKRANKS: int = BB_RANKS[0] | BB_RANKS[7]

_KNIGHT, _KING, _PAWN, _RAYS = _tables()
BB_KNIGHT_ATTACKS: List[int] = _KNIGHT
BB_KING_ATTACKS: List[int] = _KING
# Indexed by colour: BB_PAWN_ATTACKS[BLACK] (False == 0) and BB_PAWN_ATTACKS[WHITE].
BB_PAWN_ATTACKS: List[List[int]] = list(_PAWN)
BB_RAYS: List[List[int]] = _RAYS
del _KNIGHT, _KING, _PAWN, _RAYS

# SAN as python-chess's reader matches it before it looks for the move. Groups: 1 the
# piece letter (none for a pawn), 2 and 3 the origin's file and rank where given, 4 the
# destination, 5 the promotion (with or without `=`).
SAN_REGEX: "re.Pattern[str]" = re.compile(
    r"^([KQRBN])?"
    r"([a-h])?([1-8])?"
    r"[x-]?"
    r"([a-h][1-8])"
    r"(=?[QRBNKqrbnk])?"
    r"[+#]?\Z"
)
# A FEN's castling field: `-`, or up to two white letters (K, Q or a rook's file) and up
# to two black ones.
FEN_CASTLING_REGEX: "re.Pattern[str]" = re.compile(r"^(?:-|[A-HKQ]{0,2}[a-hkq]{0,2})\Z")

# Per square: the squares whose occupancy decides a slider's attacks along the diagonals,
# the file or the rank (edges left out), and a dict from each subset of that mask to the
# attacks: BB_DIAG_ATTACKS[sq][BB_DIAG_MASKS[sq] & occupied].
(BB_DIAG_MASKS, BB_DIAG_ATTACKS), (BB_FILE_MASKS, BB_FILE_ATTACKS), (BB_RANK_MASKS,
                                                                    BB_RANK_ATTACKS) = _slider_tables()

_NAMED: Dict[str, int] = {}
for _i, _name in enumerate(SQUARE_NAMES):
    _NAMED[_name.upper()] = _i
    _NAMED["BB_" + _name.upper()] = 1 << _i
for _i, _name in enumerate(FILE_NAMES):
    _NAMED["BB_FILE_" + _name.upper()] = BB_FILES[_i]
for _i, _name in enumerate(RANK_NAMES):
    _NAMED["BB_RANK_" + _name] = BB_RANKS[_i]
globals().update(_NAMED)


class Status(enum.IntFlag):
    """Why a board is not a valid position (``Board.status()``), python-chess's flags."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


for _name, _flag in Status.__members__.items():
    _NAMED["STATUS_" + _name] = _flag
    globals()["STATUS_" + _name] = _flag


def square_file(square: int) -> int:
    """The file of a square, 0 = a."""
    return square & 7


def square_rank(square: int) -> int:
    """The rank of a square, 0 = first."""
    return square >> 3


def square_distance(a: int, b: int) -> int:
    """King steps from one square to another (the larger of the file and rank gaps)."""
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def square_manhattan_distance(a: int, b: int) -> int:
    """The file gap plus the rank gap between two squares."""
    return abs((a & 7) - (b & 7)) + abs((a >> 3) - (b >> 3))


def square_mirror(square: int) -> int:
    """The square on the same file with the rank flipped (a1 <-> a8)."""
    return square ^ 0x38


def lsb(bb: int) -> int:
    """The lowest set bit's index, -1 for 0."""
    return (bb & -bb).bit_length() - 1


def msb(bb: int) -> int:
    """The highest set bit's index, -1 for 0."""
    return bb.bit_length() - 1


def scan_forward(bb: int) -> Iterator[int]:
    """The set bits' indices, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def scan_reversed(bb: int) -> Iterator[int]:
    """The set bits' indices, highest first."""
    while bb:
        top = bb.bit_length() - 1
        yield top
        bb ^= 1 << top


def popcount(bb: int) -> int:
    """The number of set bits."""
    return bin(bb).count("1")


_NOT_A = BB_ALL ^ BB_FILES[0]
_NOT_H = BB_ALL ^ BB_FILES[7]
_NOT_AB = _NOT_A & (BB_ALL ^ BB_FILES[1])
_NOT_GH = _NOT_H & (BB_ALL ^ BB_FILES[6])


def shift_down(b: int) -> int:
    """Every square one rank down (towards rank 1)."""
    return b >> 8


def shift_2_down(b: int) -> int:
    """Every square two ranks down."""
    return b >> 16


def shift_up(b: int) -> int:
    """Every square one rank up (towards rank 8); what leaves the board is dropped."""
    return (b << 8) & BB_ALL


def shift_2_up(b: int) -> int:
    """Every square two ranks up."""
    return (b << 16) & BB_ALL


def shift_right(b: int) -> int:
    """Every square one file right (towards h); what leaves the board is dropped."""
    return (b << 1) & _NOT_A & BB_ALL


def shift_2_right(b: int) -> int:
    """Every square two files right."""
    return (b << 2) & _NOT_AB & BB_ALL


def shift_left(b: int) -> int:
    """Every square one file left (towards a); what leaves the board is dropped."""
    return (b >> 1) & _NOT_H


def shift_2_left(b: int) -> int:
    """Every square two files left."""
    return (b >> 2) & _NOT_GH


def shift_up_left(b: int) -> int:
    """Every square one step up and left."""
    return (b << 7) & _NOT_H & BB_ALL


def shift_up_right(b: int) -> int:
    """Every square one step up and right."""
    return (b << 9) & _NOT_A & BB_ALL


def shift_down_left(b: int) -> int:
    """Every square one step down and left."""
    return (b >> 9) & _NOT_H


def shift_down_right(b: int) -> int:
    """Every square one step down and right."""
    return (b >> 7) & _NOT_A


_PIECE_LETTERS = "?pnbrqk"
# Indexed by colour (False, True) then piece type: a symbol without a method call.
_SYMBOLS_BY_COLOR = (_PIECE_LETTERS, _PIECE_LETTERS.upper())


class Piece:
    """A piece: its type (1 = pawn ... 6 = king) and colour (True = white); equal and
    hashed by value, and mutable, as python-chess's.

    Boards hand out one shared object per piece (``piece_at``, ``piece_map``): that is
    what makes ``piece_map()`` fast. Changing a field of a shared object detaches it first
    (boards hand out a fresh one from then on), so the change reaches the references the
    program holds to that object, never the boards.
    """

    # Slots: reading ``piece_type`` in a feature loop costs what a Python attribute does,
    # about half of a compiled getter.
    __slots__ = ("piece_type", "color", "_shared")

    piece_type: PieceType
    color: Color

    def __init__(self, piece_type: int, color: bool) -> None:
        if type(piece_type) is not int:
            try:
                piece_type = operator.index(piece_type)
            except TypeError:
                raise ValueError(f"invalid piece type {piece_type!r} (1 = pawn ... 6 = king)") from None
        if not 1 <= piece_type <= 6:
            raise ValueError(f"invalid piece type {piece_type} (1 = pawn ... 6 = king)")
        _set = object.__setattr__
        _set(self, "piece_type", piece_type)
        _set(self, "color", bool(color))
        _set(self, "_shared", False)

    def __setattr__(self, name: str, value: object) -> None:
        if self._shared:
            _detach(self)
        object.__setattr__(self, name, value)

    def symbol(self) -> str:
        """``P``, ``n``, ...: upper case for white."""
        return _SYMBOLS_BY_COLOR[self.color][self.piece_type]

    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        """The figurine, ``\u2659`` for a white pawn (``invert_color`` swaps the colours)."""
        symbol = self.symbol()
        return UNICODE_PIECE_SYMBOLS[symbol.swapcase() if invert_color else symbol]

    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        """The piece of a letter (``P``, ``n``, ...); ``ValueError`` for anything else."""
        if not isinstance(symbol, str):
            raise ValueError(f"invalid piece symbol: {symbol!r}")
        if len(symbol) != 1 or symbol.lower() not in "pnbrqk":
            # python-chess's message (its lookup's), which programs print.
            raise ValueError(f"{symbol.lower()!r} is not in list")
        return cls(_PIECE_LETTERS.index(symbol.lower()), symbol.isupper())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Piece):
            return self.piece_type == other.piece_type and self.color == other.color
        return NotImplemented

    def __hash__(self) -> int:
        # python-chess's values: 0..5 for white, 6..11 for black.
        return self.piece_type + (-1 if self.color else 5)

    def __str__(self) -> str:
        return self.symbol()

    def __repr__(self) -> str:
        return f"Piece.from_symbol({self.symbol()!r})"

    def __reduce__(self) -> tuple:
        return (type(self), (self.piece_type, self.color))

    def _repr_svg_(self) -> str:
        """The piece drawn for notebooks, 45 pixels (``quadboard.svg.piece``)."""
        from . import svg

        return svg.piece(self, size=45)


def _shared_piece(piece_type: int, color: bool) -> Piece:
    piece = Piece(piece_type, color)
    object.__setattr__(piece, "_shared", True)
    return piece


def _detach(piece: Piece) -> None:
    """Takes a shared piece out of the table before it changes (a fresh one replaces it)."""
    for i, shared in enumerate(_PIECE_TABLE):
        if shared is piece:
            _PIECE_TABLE[i] = _shared_piece(piece.piece_type, piece.color)
    object.__setattr__(piece, "_shared", False)


# The shared pieces, black pawn ... black king then white pawn ... white king: the
# extension hands these out (index ``color * 6 + piece_type - 1``) and reads the list each
# time, so that a detached piece is replaced.
_PIECE_TABLE: List[Piece] = [_shared_piece(t, c) for c in (False, True) for t in range(1, 7)]

__all__ = [
    "Piece", "SAN_REGEX", "FEN_CASTLING_REGEX", "Color", "PieceType", "Square", "Bitboard",
    "ColorName", "IntoSquareSet", "EnPassantSpec", "BB_DIAG_MASKS", "BB_DIAG_ATTACKS",
    "BB_FILE_MASKS", "BB_FILE_ATTACKS", "BB_RANK_MASKS", "BB_RANK_ATTACKS",
    "BB_ALL", "BB_BACKRANKS", "BB_CENTER", "BB_CORNERS", "BB_DARK_SQUARES", "BB_EMPTY",
    "BB_FILES", "BB_KING_ATTACKS", "BB_KNIGHT_ATTACKS", "BB_LIGHT_SQUARES", "BB_PAWN_ATTACKS",
    "BB_RANKS", "BB_RAYS", "BB_SQUARES", "FILE_NAMES", "RANK_NAMES", "SQUARES", "SQUARES_180",
    "SQUARE_NAMES", "Status", "UNICODE_PIECE_SYMBOLS", "between", "flip_anti_diagonal",
    "flip_diagonal", "flip_horizontal", "flip_vertical", "lsb", "msb", "popcount", "ray",
    "scan_forward", "scan_reversed", "shift_2_down", "shift_2_left", "shift_2_right",
    "shift_2_up", "shift_down", "shift_down_left", "shift_down_right", "shift_left",
    "shift_right", "shift_up", "shift_up_left", "shift_up_right", "square_distance",
    "square_file", "square_knight_distance", "square_manhattan_distance", "square_mirror",
    "square_rank",
] + sorted(_NAMED)
