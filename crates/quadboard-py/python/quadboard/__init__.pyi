"""quadboard: chess for Python with python-chess's names, on the quadboard Rust library.

Squares are python-chess's integers (``A1 == 0`` ... ``H8 == 63``), piece types
``PAWN == 1`` ... ``KING == 6``, colours ``WHITE == True`` and ``BLACK == False``.
Bad input raises ``ValueError`` (or one of its subclasses below) naming what is wrong.
"""

import re
from typing import Iterator, List, Optional, Sequence, TypeVar, Union

from typing import Any, Callable, Dict, Iterable

from . import pgn as pgn
from . import polyglot as polyglot
from ._core import *  # constants, BB_* masks, STATUS_* flags and square functions
from ._core import Status as Status
from ._outcome import Outcome as Outcome, Termination as Termination

Square = int
PieceType = int
Color = bool

WHITE: Color
BLACK: Color
COLORS: List[Color]
COLOR_NAMES: List[str]
PAWN: PieceType
KNIGHT: PieceType
BISHOP: PieceType
ROOK: PieceType
QUEEN: PieceType
KING: PieceType
PIECE_TYPES: List[PieceType]
PIECE_SYMBOLS: List[Optional[str]]
PIECE_NAMES: List[Optional[str]]
FILE_NAMES: List[str]
RANK_NAMES: List[str]
SQUARES: List[Square]
SQUARE_NAMES: List[str]
STARTING_FEN: str
__version__: str
SAN_REGEX: re.Pattern[str]
BB_DIAG_MASKS: List[int]
BB_DIAG_ATTACKS: List[Dict[int, int]]
BB_FILE_MASKS: List[int]
BB_FILE_ATTACKS: List[Dict[int, int]]
BB_RANK_MASKS: List[int]
BB_RANK_ATTACKS: List[Dict[int, int]]
FEN_CASTLING_REGEX: re.Pattern[str]
"""The standard start position."""
STARTING_BOARD_FEN: str

A1: Square
B1: Square
C1: Square
D1: Square
E1: Square
F1: Square
G1: Square
H1: Square
A2: Square
B2: Square
C2: Square
D2: Square
E2: Square
F2: Square
G2: Square
H2: Square
A3: Square
B3: Square
C3: Square
D3: Square
E3: Square
F3: Square
G3: Square
H3: Square
A4: Square
B4: Square
C4: Square
D4: Square
E4: Square
F4: Square
G4: Square
H4: Square
A5: Square
B5: Square
C5: Square
D5: Square
E5: Square
F5: Square
G5: Square
H5: Square
A6: Square
B6: Square
C6: Square
D6: Square
E6: Square
F6: Square
G6: Square
H6: Square
A7: Square
B7: Square
C7: Square
D7: Square
E7: Square
F7: Square
G7: Square
H7: Square
A8: Square
B8: Square
C8: Square
D8: Square
E8: Square
F8: Square
G8: Square
H8: Square

def square(file_index: int, rank_index: int) -> Square:
    """The square of a file (0 = a) and rank (0 = first)."""

def square_file(square: Square) -> int:
    """The file of a square, 0 = a."""

def square_rank(square: Square) -> int:
    """The rank of a square, 0 = first."""

def square_name(square: Square) -> str:
    """``e4`` for 28; ``ValueError`` outside 0..63."""

def parse_square(name: str) -> Square:
    """28 for ``e4``; ``ValueError`` for anything that is not a square name."""

def piece_symbol(piece_type: PieceType) -> str:
    """``p`` for a pawn ... ``k`` for a king."""

def piece_name(piece_type: PieceType) -> str:
    """``pawn`` ... ``king``."""

class InvalidMoveError(ValueError):
    """Text that is not a move in the notation asked for (UCI or SAN)."""

class IllegalMoveError(ValueError):
    """A move that is not legal in the position."""

class AmbiguousMoveError(ValueError):
    """SAN that fits more than one legal move."""

class Move:
    """A move: the squares it goes from and to, the piece type it promotes to (a king too,
    in antichess) and the piece type it drops (crazyhouse: both squares the target).

    Castling is the king's move to its destination in standard chess (``e1g1``) and
    king-takes-rook in Chess960 (``e1h1``). Moves compare and hash by value.
    """

    def __init__(
        self,
        from_square: Square,
        to_square: Square,
        promotion: Optional[PieceType] = None,
        drop: Optional[PieceType] = None,
    ) -> None:
        """``ValueError`` for a square outside 0..63, a promotion other than 2..6 or a drop
        other than 1..5."""
    @property
    def from_square(self) -> Square:
        """The square the piece leaves."""
    @property
    def to_square(self) -> Square:
        """The square the piece lands on."""
    @property
    def promotion(self) -> Optional[PieceType]:
        """The promotion's piece type, or None."""
    @property
    def drop(self) -> Optional[PieceType]:
        """The piece type dropped, or None."""
    def uci(self) -> str:
        """``e2e4``, ``e7e8q``, ``P@e4``, ``0000`` for the null move."""
    @classmethod
    def from_uci(cls, uci: str) -> "Move":
        """Reads UCI text; ``InvalidMoveError`` if it is not UCI."""
    @classmethod
    def null(cls) -> "Move":
        """The null move (``0000``), false in a boolean context."""
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Piece:
    """A piece: its type (1 = pawn ... 6 = king) and colour (True = white); equal and
    hashed by value, mutable (a board's shared objects are detached before a change)."""

    piece_type: PieceType
    color: Color
    def __init__(self, piece_type: PieceType, color: Color) -> None: ...
    def symbol(self) -> str:
        """``P``, ``n``, ...: upper case for white."""
    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        """The figurine, ``♙`` for a white pawn."""
    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        """The piece of a letter; ``ValueError`` for anything else."""

class SquareSet:
    """A mutable set of squares over a 64-bit mask, as python-chess's."""

    mask: int
    def __init__(self, squares: Union[int, "SquareSet", Iterable[Square]] = 0) -> None: ...
    def __iter__(self) -> Iterator[Square]: ...
    def __reversed__(self) -> Iterator[Square]: ...
    def __contains__(self, square: object) -> bool: ...
    def __len__(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __or__(self, other: Any) -> "SquareSet": ...
    def __and__(self, other: Any) -> "SquareSet": ...
    def __sub__(self, other: Any) -> "SquareSet": ...
    def __xor__(self, other: Any) -> "SquareSet": ...
    def __invert__(self) -> "SquareSet": ...
    def __lshift__(self, shift: int) -> "SquareSet": ...
    def __rshift__(self, shift: int) -> "SquareSet": ...
    def add(self, square: Square) -> None: ...
    def discard(self, square: Square) -> None: ...
    def remove(self, square: Square) -> None: ...
    def pop(self) -> Square: ...
    def clear(self) -> None: ...
    def copy(self) -> "SquareSet": ...
    def update(self, *others: Any) -> None: ...
    def union(self, other: Any) -> "SquareSet": ...
    def intersection(self, other: Any) -> "SquareSet": ...
    def difference(self, other: Any) -> "SquareSet": ...
    def symmetric_difference(self, other: Any) -> "SquareSet": ...
    def isdisjoint(self, other: Any) -> bool: ...
    def issubset(self, other: Any) -> bool: ...
    def issuperset(self, other: Any) -> bool: ...
    def mirror(self) -> "SquareSet": ...
    def carry_rippler(self) -> Iterator[int]: ...
    def tolist(self) -> List[bool]: ...
    @staticmethod
    def ray(a: Square, b: Square) -> "SquareSet": ...
    @staticmethod
    def between(a: Square, b: Square) -> "SquareSet": ...
    @staticmethod
    def from_square(square: Square) -> "SquareSet": ...


class LegalMoveGenerator:
    """The legal moves of a board's current position: iterable, ``len()``, ``in``."""

    def __iter__(self) -> Iterator[Move]: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: object) -> bool: ...

class Board:
    """A chess position and the moves that led to it from where it was set up.

    Like python-chess's, the board holds any placement (``status()`` says what keeps it
    from being a valid position) and ``push`` takes legal, pseudo-legal and null moves.
    """

    def __init__(self, fen: Optional[str] = STARTING_FEN, *, chess960: bool = False) -> None:
        """``ValueError`` if the FEN is not FEN; ``None`` for an empty board."""
    # python-chess's core API (see the package README's table); typed loosely here.
    def __getattr__(self, name: str) -> Any: ...
    def __eq__(self, other: object) -> bool:
        """Same placement, side to move, castling rights that hold, en passant square with
        a legal capture, and counters (python-chess's equality); boards have no hash."""
    @property
    def turn(self) -> Color:
        """True when white is to move."""
    @property
    def chess960(self) -> bool:
        """Whether castling is written king-takes-rook."""
    @property
    def fullmove_number(self) -> int: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def castling_rights(self) -> int:
        """The castling rook squares as a bit set (bit i for square i)."""
    @property
    def ep_square(self) -> Optional[Square]:
        """The en passant square when a legal en passant capture exists."""
    @property
    def legal_moves(self) -> LegalMoveGenerator: ...
    @property
    def move_stack(self) -> List[Move]:
        """The moves made, oldest first."""
    def fen(self, *, shredder: bool = False, en_passant: str = "legal",
            promoted: Optional[bool] = None) -> str:
        """The FEN: en passant square only with a legal capture, X-FEN castling; with
        ``promoted=True``, promoted pieces marked ``Q~``."""
    def board_fen(self, *, promoted: Optional[bool] = None) -> str: ...
    @property
    def promoted(self) -> int:
        """The squares of promoted pieces, as python-chess keeps them."""
    def ply(self) -> int: ...
    def generate_legal_moves(self) -> Iterator[Move]: ...
    def push(self, move: Move) -> None:
        """Makes a legal move (or the null move); ``IllegalMoveError`` otherwise."""
    def push_uci(self, uci: str) -> Move:
        """Reads, makes and returns a UCI move."""
    def push_san(self, san: str) -> Move:
        """Reads, makes and returns a SAN move."""
    def parse_uci(self, uci: str) -> Move: ...
    def parse_san(self, san: str) -> Move: ...
    def xboard(self, move: Move, chess960: Optional[bool] = None) -> str: ...
    def parse_xboard(self, xboard: str) -> Move: ...
    def push_xboard(self, xboard: str) -> Move: ...
    def pop(self) -> Move:
        """Takes back the last move; ``IndexError`` when there is none."""
    def peek(self) -> Move:
        """The last move; ``IndexError`` when there is none."""
    def copy(self, *, stack: Union[bool, int] = True) -> "Board": ...
    def __copy__(self) -> "Board": ...
    def uci(self, move: Move) -> str: ...
    def san(self, move: Move) -> str:
        """SAN of a legal move; ``IllegalMoveError`` otherwise."""
    def is_legal(self, move: Move) -> bool: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def is_insufficient_material(self) -> bool: ...
    def has_insufficient_material(self, color: Color) -> bool: ...
    def is_seventyfive_moves(self) -> bool: ...
    def is_fifty_moves(self) -> bool: ...
    def is_fivefold_repetition(self) -> bool: ...
    def is_repetition(self, count: int = 3) -> bool: ...
    def can_claim_threefold_repetition(self) -> bool: ...
    def can_claim_fifty_moves(self) -> bool: ...
    def can_claim_draw(self) -> bool: ...
    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """python-chess's outcome: checkmate, insufficient material, stalemate, 75 moves,
        fivefold repetition; with ``claim_draw``, fifty moves and threefold too."""
    def is_game_over(self, *, claim_draw: bool = False) -> bool: ...
    def result(self, *, claim_draw: bool = False) -> str: ...
    def piece_at(self, square: Square) -> Optional[Piece]: ...
    def piece_type_at(self, square: Square) -> Optional[PieceType]: ...
    def king(self, color: Color) -> Optional[Square]: ...
    def has_castling_rights(self, color: Color) -> bool: ...
    def has_kingside_castling_rights(self, color: Color) -> bool: ...
    def has_queenside_castling_rights(self, color: Color) -> bool: ...
    def zobrist_hash(self) -> int:
        """The Polyglot key, equal to ``chess.polyglot.zobrist_hash(board)``."""
    def gives_check(self, move: Move) -> bool: ...
    def is_capture(self, move: Move) -> bool: ...
    def is_en_passant(self, move: Move) -> bool: ...
    def is_castling(self, move: Move) -> bool: ...
    def see(self, move: Move) -> int:
        """Static exchange evaluation of a legal move in centipawns for the mover: pawn
        100, knight 300, bishop 300, rook 500, queen 900."""
    def _repr_svg_(self) -> str:
        """The board as SVG for notebooks, as python-chess's: 390 pixels, the last move
        highlighted, the king of the side to move marked when in check."""

def perft(fen: str, depth: int, *, chess960: bool = False, threads: int = 1) -> int:
    """Leaf nodes ``depth`` plies below the position (the GIL is released)."""

def legal_move_counts(
    fens: Sequence[str], *, chess960: bool = False, threads: int = 1
) -> List[int]:
    """The number of legal moves of each FEN (the GIL is released)."""

class BaseBoard:
    """python-chess's placement-only board (every ``Board`` is an instance of it)."""
    occupied: int
    occupied_co: List[int]
    pawns: int
    knights: int
    bishops: int
    rooks: int
    queens: int
    kings: int
    promoted: int
    def __init__(self, board_fen: Optional[str] = ...) -> None: ...
    def __getattr__(self, name: str) -> Any: ...  # Board's placement methods
    @classmethod
    def empty(cls: type[_BB]) -> _BB: ...
    @classmethod
    def from_chess960_pos(cls: type[_BB], scharnagl: int) -> _BB: ...
    def copy(self: _BB) -> _BB: ...
    def chess960_pos(self) -> Optional[int]: ...
    def mirror(self: _BB) -> _BB: ...
    def transform(self: _BB, f: Callable[[int], int]) -> _BB: ...

_BB = TypeVar("_BB", bound=BaseBoard)
