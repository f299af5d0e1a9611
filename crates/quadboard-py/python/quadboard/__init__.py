"""quadboard: chess for Python with python-chess's names, on the quadboard Rust library.

Squares are python-chess's integers (``A1 == 0``, ``H8 == 63``), piece types ``PAWN == 1``
to ``KING == 6``, colours ``WHITE == True`` and ``BLACK == False``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Dict, List, Optional, Type, TypeVar

from . import pgn
from . import polyglot
from ._core import *  # noqa: F401,F403  (constants, square functions, BB_* masks)
from ._core import SQUARE_NAMES, Piece, __all__ as _CORE_NAMES
from ._outcome import Outcome, Termination
from ._quadboard import (
    STARTING_FEN,
    __version__,
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


# python-chess's Move and Piece are dataclasses: programs call dataclasses.asdict and
# replace on them and match them by position (`case Move(a, b)`). Move is compiled: it
# takes the fields of a dataclass of the same shape.
@dataclasses.dataclass
class _MoveFields:
    # The annotations as python-chess writes them (programs read `field.type`).
    from_square: Square
    to_square: Square
    promotion: Optional[PieceType] = None
    drop: Optional[PieceType] = None


for _name in ("__dataclass_fields__", "__dataclass_params__", "__match_args__"):
    setattr(Move, _name, getattr(_MoveFields, _name))
del _name
dataclasses.dataclass(init=False, repr=False, eq=False)(Piece)

class _BaseBoardType(type):
    """Makes every board an instance of ``BaseBoard``, as python-chess's ``Board`` is a
    subclass of its ``BaseBoard`` (here the compiled ``Board`` is a class of its own)."""

    def __instancecheck__(cls, obj: object) -> bool:
        return type.__instancecheck__(cls, obj) or (cls is BaseBoard and isinstance(obj, Board))

    def __subclasscheck__(cls, sub: type) -> bool:
        return type.__subclasscheck__(cls, sub) or (cls is BaseBoard and issubclass(sub, Board))


# python-chess's BaseBoard methods, each the same-named method of a Board that holds the
# placement (white to move, no castling rights, no en passant square).
_PLACEMENT_METHODS = (
    "apply_mirror", "apply_transform", "attackers", "attackers_mask", "attacks",
    "attacks_mask", "board_fen", "clear_board", "color_at", "is_attacked_by",
    "is_pinned", "king", "piece_at", "piece_map", "piece_type_at", "pieces", "pieces_mask",
    "pin", "pin_mask", "remove_piece_at", "reset_board", "set_board_fen", "set_chess960_pos",
    "set_piece_at", "set_piece_map", "unicode", "__str__",
)
_PLACEMENT_ATTRIBUTES = (
    "occupied", "occupied_co", "pawns", "knights", "bishops", "rooks", "queens", "kings",
    "promoted",
)


def _placement(board: Any) -> Board:
    # The board that holds the placement: a BaseBoard's own, or the Board itself when a
    # program calls a BaseBoard method on a Board (``chess.BaseBoard.board_fen(board)``,
    # which python-chess's class tree allows).
    return board if isinstance(board, Board) else board._board


def _placement_method(name: str) -> Any:
    def method(self: "BaseBoard", *args: Any, **kwargs: Any) -> Any:
        return getattr(_placement(self), name)(*args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = getattr(Board, name).__doc__
    return method


def _placement_attribute(name: str) -> property:
    return property(
        lambda self: getattr(self._board, name),
        lambda self, value: setattr(self._board, name, value),
        doc=f"The board's ``{name}``, as ``Board.{name}``.",
    )


def _of_board(like: Any, board: Board) -> Any:
    # A board of `like`'s class, as python-chess makes copies: cls(None), then filled.
    made = type(like)(None)
    if isinstance(made, Board):
        # A BaseBoard method called on a Board: the placement alone, the rest as
        # Board(None) leaves it.
        made.set_board_fen(board.board_fen())
        made.promoted = board.promoted
    else:
        made._board = board
    return made


class BaseBoard(metaclass=_BaseBoardType):
    """python-chess's placement-only board: made from a board FEN (``None`` for an empty
    board) and written as ``BaseBoard('<board FEN>')``. It has the placement methods of
    ``Board`` and none of the game's (no ``turn``, no moves); every ``Board`` is an instance
    of it, as in python-chess, but a ``BaseBoard`` is no ``Board``."""

    def __init__(self, board_fen: "str | None" = STARTING_BOARD_FEN) -> None:
        self._board = Board(None)
        if board_fen is not None:
            self._board.set_board_fen(board_fen)

    for _name in _PLACEMENT_METHODS:
        locals()[_name] = _placement_method(_name)
    for _name in _PLACEMENT_ATTRIBUTES:
        locals()[_name] = _placement_attribute(_name)
    del _name

    @classmethod
    def empty(cls: Type[BaseBoardT]) -> BaseBoardT:
        """An empty board of this class."""
        return cls(None)

    @classmethod
    def from_chess960_pos(cls: Type[BaseBoardT], scharnagl: int) -> BaseBoardT:
        """The start placement of Chess960 position ``scharnagl`` (0 ... 959)."""
        made = cls(None)
        made.set_chess960_pos(scharnagl)
        return made

    def chess960_pos(self) -> Optional[int]:
        """The Chess960 start position number (0 ... 959) of the placement, or None: a
        placement has no turn or castling rights to ask for, as python-chess's."""
        return _placement(self).chess960_pos(ignore_turn=True, ignore_castling=True)

    def copy(self: BaseBoardT) -> BaseBoardT:
        """A copy of the placement, of this class."""
        return _of_board(self, _placement(self).copy(stack=False))

    def __copy__(self: BaseBoardT) -> BaseBoardT:
        return self.copy()

    def __deepcopy__(self: BaseBoardT, memo: Dict[int, object]) -> BaseBoardT:
        board = self.copy()
        memo[id(self)] = board
        return board

    def mirror(self: BaseBoardT) -> BaseBoardT:
        """The placement flipped top to bottom with the colours swapped."""
        if isinstance(self, Board):
            # python-chess's copies the Board and mirrors the copy as a Board.
            return Board.mirror(self)
        board = self._board.mirror()
        board.turn = True
        return _of_board(self, board)

    def transform(self: BaseBoardT, f: Callable[[int], int]) -> BaseBoardT:
        """A copy with every piece bitboard mapped by ``f`` (``flip_vertical``, ...)."""
        if isinstance(self, Board):
            return Board.transform(self, f)
        return _of_board(self, self._board.transform(f))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"

    def __eq__(self, other: object) -> bool:
        # Placement only, against any board (python-chess's BaseBoard answers for both
        # operands: Board declines a BaseBoard).
        if isinstance(other, (Board, BaseBoard)):
            return self.board_fen() == other.board_fen()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (mutable, and equal to boards, as in python-chess)

    def _repr_svg_(self) -> str:
        """The placement as an SVG diagram, for notebooks."""
        from . import svg

        return svg.board(self, size=390)


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
        # python-chess's message (its lookup's), which programs print.
        raise ValueError(f"{name!r} is not in list") from None


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
