"""quadboard.variant: python-chess's ``chess.variant`` on the quadboard library's variants.

Each board is a ``quadboard.Board`` whose game lives in the compiled ``VariantBoard``: the
variant's moves (drops ``P@e4``, promotions to king ``e7e8k``), FEN, endings and move stack
in Rust, and ``Board``'s placement methods (``piece_at``, ``piece_map``, ``attackers``,
``board_fen``, ``turn`` ...) on the variant's board. The variant is the class's
``uci_variant``.

SAN (``san``, ``parse_san``, ``push_san``, ``san_and_push``, ``variation_san``) is the
library's variant SAN, written as python-chess writes it. Not yet: ``lan`` and XBoard
notation; editing a board square by square or by attribute (set a
FEN instead); suicide and giveaway, whose rules differ from lichess's antichess.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, List, Optional, Type

from . import BB_ALL, PIECE_SYMBOLS, PIECE_TYPES, WHITE, Board, IllegalMoveError, Move, piece_symbol
from ._quadboard import VariantBoard as _VariantBoard

__all__ = [
    "SuicideBoard", "GiveawayBoard", "AntichessBoard", "AtomicBoard", "KingOfTheHillBoard",
    "RacingKingsBoard", "HordeBoard", "ThreeCheckBoard", "CrazyhousePocket", "CrazyhouseBoard",
    "VARIANTS", "find_variant",
]


class _LegalMoves:
    """``board.legal_moves`` of a variant board: iterate, ``len``, ``in``, ``bool``, ``count()``."""

    __slots__ = ("board",)

    def __init__(self, board: "_Variant") -> None:
        self.board = board

    def __iter__(self) -> Iterator[Move]:
        return iter(self.board._legal_list())

    def __len__(self) -> int:
        return self.board._legal_count()

    def count(self) -> int:
        return self.board._legal_count()

    def __bool__(self) -> bool:
        return self.board._legal_count() > 0

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self.board.is_legal(move)

    def __repr__(self) -> str:
        moves = ", ".join(self.board.san(m) for m in self)
        return f"<LegalMoveGenerator at {id(self):#x} ({moves})>"


def _not_yet(name: str, why: str) -> Callable[..., Any]:
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__}.{name}: {why}")

    method.__name__ = method.__qualname__ = name
    return method


_NO_SAN = "long algebraic notation and XBoard notation are not written for variants yet (use san() or uci())"
_NO_EDIT = "variant boards are not edited square by square yet (use set_fen)"


class _Variant(_VariantBoard):
    """What every variant board shares; the classes below name the variant."""

    uci_variant: str = "chess"
    starting_fen: str = ""

    def __init__(self, fen: Optional[str] = None, chess960: bool = False) -> None:
        if fen is None:
            # python-chess's `cls(None)` is an empty board, which no variant position is.
            raise ValueError(f"{type(self).__name__}: empty variant boards are not supported")
        self._set_variant(type(self).uci_variant, fen, chess960)

    @property
    def legal_moves(self) -> _LegalMoves:
        return _LegalMoves(self)

    @property
    def pseudo_legal_moves(self) -> _LegalMoves:
        # The variants' pseudo-legal moves are not kept apart: the legal ones.
        return _LegalMoves(self)

    def generate_legal_moves(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        for move in self._legal_list():
            if (1 << move.from_square) & from_mask and (1 << move.to_square) & to_mask:
                yield move

    def is_pseudo_legal(self, move: Move) -> bool:
        return self.is_legal(move)

    def gives_check(self, move: Move) -> bool:
        self.push(move)
        try:
            return self.is_check()
        finally:
            self.pop()

    def is_capture(self, move: Move) -> bool:
        return not move.drop and Board.is_capture(self, move)

    def is_zeroing(self, move: Move) -> bool:
        return move.drop == 1 or (not move.drop and Board.is_zeroing(self, move))

    def reset(self) -> None:
        self.set_fen(type(self).starting_fen)

    @classmethod
    def from_chess960_pos(cls, scharnagl: int) -> "_Variant":
        """The Chess960 start position number ``scharnagl`` of the variant (castling written
        king-takes-rook), as python-chess makes it."""
        fields = Board.from_chess960_pos(scharnagl).fen().split(" ")
        if cls.uci_variant == "crazyhouse":
            fields[0] += "[]"
        if cls.uci_variant == "3check":
            fields.insert(4, "3+3")
        return cls(" ".join(fields), chess960=True)

    def copy(self, *, stack: Any = True) -> "_Variant":
        board = type(self).__new__(type(self))
        keep = None if stack is True else (0 if stack is False else int(stack))
        self._copy_into(board, keep)
        return board

    def __copy__(self) -> "_Variant":
        return self.copy()

    def __deepcopy__(self, memo: Any) -> "_Variant":
        return self.copy()

    def root(self) -> "_Variant":
        return type(self)(self._root_fen(), chess960=self.chess960)

    def __reduce__(self) -> Any:
        return (_rebuild, (type(self), self._root_fen(), self.chess960, [m.uci() for m in self.move_stack]))

    def __hash__(self) -> int:  # python-chess's boards are unhashable
        raise TypeError(f"unhashable type: '{type(self).__name__}'")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r})"

    def epd(self, **operations: Any) -> str:
        if operations:
            raise NotImplementedError(f"{type(self).__name__}.epd: operations are not supported on variant boards")
        return " ".join(self.fen().split(" ")[:-2])

    def san(self, move: Move) -> str:
        return self._san(move)

    def push_san(self, san: str) -> Move:
        move = self.parse_san(san)
        self.push(move)
        return move

    def san_and_push(self, move: Move) -> str:
        san = self._san(move)
        self.push(move)
        return san

    def variation_san(self, variation: Iterable[Move]) -> str:
        board = self.copy(stack=False)
        parts: List[str] = []
        for move in variation:
            if not board.is_legal(move):
                raise IllegalMoveError(f"illegal move {move} in position {board.fen()}")
            number = board.fullmove_number
            if board.turn == WHITE:
                parts.append(f"{number}. {board.san_and_push(move)}")
            elif not parts:
                parts.append(f"{number}...{board.san_and_push(move)}")
            else:
                parts.append(board.san_and_push(move))
        return " ".join(parts)

    lan = _not_yet("lan", _NO_SAN)
    push_xboard = _not_yet("push_xboard", _NO_SAN)
    parse_xboard = _not_yet("parse_xboard", _NO_SAN)
    for _name in ("clear", "clear_board", "reset_board", "set_piece_at", "remove_piece_at",
                  "set_piece_map", "set_board_fen", "set_castling_fen", "set_chess960_pos",
                  "apply_mirror", "apply_transform", "mirror", "transform", "set_epd"):
        locals()[_name] = _not_yet(_name, _NO_EDIT)
    del _name
    for _name in ("turn", "ep_square", "castling_rights", "halfmove_clock", "fullmove_number", "promoted"):
        locals()[_name] = property(getattr(Board, _name).__get__, _not_yet(f"{_name} =", _NO_EDIT))
    del _name


def _rebuild(cls: Type[_Variant], fen: str, chess960: bool, moves: List[str]) -> _Variant:
    board = cls(fen, chess960=chess960)
    for uci in moves:
        board.push_uci(uci)
    return board


class SuicideBoard(_Variant):
    """Suicide chess (python-chess's ``SuicideBoard``): not played yet; ``AntichessBoard``
    plays lichess's antichess."""

    aliases = ["Suicide", "Suicide chess"]
    uci_variant = "suicide"
    xboard_variant = "suicide"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix: Optional[str] = ".stbw"
    tbz_suffix: Optional[str] = ".stbz"
    tbw_magic: Optional[bytes] = b"\x7b\xf6\x93\x15"
    tbz_magic: Optional[bytes] = b"\xe4\xcf\xe7\x23"
    pawnless_tbw_suffix: Optional[str] = ".gtbw"
    pawnless_tbz_suffix: Optional[str] = ".gtbz"
    pawnless_tbw_magic: Optional[bytes] = b"\xbc\x55\xbc\x21"
    pawnless_tbz_magic: Optional[bytes] = b"\xd6\xf5\x1b\x50"
    connected_kings = True
    one_king = False
    captures_compulsory = True

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        if type(self) in (SuicideBoard, GiveawayBoard):
            raise ValueError(
                f"{type(self).__name__}: {type(self).uci_variant} is not implemented yet "
                "(AntichessBoard plays lichess's antichess)")
        super().__init__(fen, chess960)


class GiveawayBoard(SuicideBoard):
    """Giveaway chess (python-chess's ``GiveawayBoard``): not played yet."""

    aliases = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant = "giveaway"
    xboard_variant = "giveaway"
    tbw_suffix = ".gtbw"
    tbz_suffix = ".gtbz"
    tbw_magic = b"\xbc\x55\xbc\x21"
    tbz_magic = b"\xd6\xf5\x1b\x50"
    pawnless_tbw_suffix = ".stbw"
    pawnless_tbz_suffix = ".stbz"
    pawnless_tbw_magic = b"\x7b\xf6\x93\x15"
    pawnless_tbz_magic = b"\xe4\xcf\xe7\x23"


class AntichessBoard(GiveawayBoard):
    """Antichess as lichess plays it: captures compulsory, the king an ordinary piece,
    losing every piece (or being stalemated) wins."""

    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class AtomicBoard(_Variant):
    """Atomic chess: captures explode."""

    aliases = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    xboard_variant = "atomic"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix: Optional[str] = ".atbw"
    tbz_suffix: Optional[str] = ".atbz"
    tbw_magic: Optional[bytes] = b"\x55\x8d\xa4\x49"
    tbz_magic: Optional[bytes] = b"\x91\xa9\x5e\xeb"
    connected_kings = True
    one_king = True

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class KingOfTheHillBoard(_Variant):
    """King of the hill: a king on d4, e4, d5 or e5 wins."""

    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix: Optional[str] = None
    tbz_suffix: Optional[str] = None
    tbw_magic: Optional[bytes] = None
    tbz_magic: Optional[bytes] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class RacingKingsBoard(_Variant):
    """Racing kings: no checks; the first king on the eighth rank wins."""

    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    tbw_suffix: Optional[str] = None
    tbz_suffix: Optional[str] = None
    tbw_magic: Optional[bytes] = None
    tbz_magic: Optional[bytes] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class HordeBoard(_Variant):
    """Horde: white's pawns against black's army."""

    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    tbw_suffix: Optional[str] = None
    tbz_suffix: Optional[str] = None
    tbw_magic: Optional[bytes] = None
    tbz_magic: Optional[bytes] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class ThreeCheckBoard(_Variant):
    """Three-check: the third check wins; the FEN counts the checks still to give."""

    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    tbw_suffix: Optional[str] = None
    tbz_suffix: Optional[str] = None
    tbw_magic: Optional[bytes] = None
    tbz_magic: Optional[bytes] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)

    @property
    def remaining_checks(self) -> List[int]:
        """The checks each side still has to give, indexed by colour
        (``remaining_checks[chess.WHITE]``); a new list each time (read-only here)."""
        return list(self._remaining_checks())


class CrazyhousePocket:
    """A crazyhouse pocket: how many pieces of each type a side holds."""

    def __init__(self, symbols: Iterable[str] = "") -> None:
        self.reset()
        for symbol in symbols:
            self.add(PIECE_SYMBOLS.index(symbol))

    def reset(self) -> None:
        """Empties the pocket."""
        self._counts = [0] * 7

    def add(self, piece_type: int) -> None:
        """One more piece of the type."""
        self._counts[piece_type] += 1

    def remove(self, piece_type: int) -> None:
        """One piece of the type fewer (``AssertionError`` if there is none, as python-chess)."""
        assert self._counts[piece_type], f"cannot remove {piece_symbol(piece_type)} from {self!r}"
        self._counts[piece_type] -= 1

    def count(self, piece_type: int) -> int:
        """How many pieces of the type the pocket holds."""
        return self._counts[piece_type]

    def __str__(self) -> str:
        return "".join(piece_symbol(t) * self._counts[t] for t in reversed(PIECE_TYPES))

    def __len__(self) -> int:
        return sum(self._counts[1:])

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"

    def copy(self) -> "CrazyhousePocket":
        """A pocket of the same counts."""
        pocket = type(self)()
        pocket._counts = self._counts[:]
        return pocket


class CrazyhouseBoard(_Variant):
    """Crazyhouse: captured pieces change sides and may be dropped (``P@e4``)."""

    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    tbw_suffix: Optional[str] = None
    tbz_suffix: Optional[str] = None
    tbw_magic: Optional[bytes] = None
    tbz_magic: Optional[bytes] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)

    def board_fen(self, *, promoted: Optional[bool] = None) -> str:
        # Crazyhouse marks promoted pieces (`Q~`) by default, as python-chess does.
        return Board.board_fen(self, promoted=True if promoted is None else promoted)

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """The pockets, indexed by colour (``pockets[chess.WHITE]``); new objects each time
        (changing one does not change the board)."""
        white, black = self._pockets()
        made = []
        for counts in (black, white):
            pocket = CrazyhousePocket()
            for piece_type, n in zip(PIECE_TYPES, counts):
                pocket._counts[piece_type] = n
            made.append(pocket)
        return made


VARIANTS: List[Type[Board]] = [
    Board,
    SuicideBoard, GiveawayBoard, AntichessBoard,
    AtomicBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    HordeBoard,
    ThreeCheckBoard,
    CrazyhouseBoard,
]


def find_variant(name: str) -> Type[Board]:
    """The board class of a variant by any of its names (``"Crazyhouse"``, ``"KOTH"``,
    ``"3check"`` ...), ignoring case; ``ValueError`` for an unknown name."""
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases):
            return variant
    raise ValueError(f"unsupported variant: {name}")
