"""python-chess's ``chess.variant`` on the quadboard library's variants."""

from typing import Iterable, Iterator, List, Optional, Type

from . import Board, Move, Outcome

class _LegalMoves:
    board: "_Variant"
    def __iter__(self) -> Iterator[Move]: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: object) -> bool: ...
    def count(self) -> int: ...

class _Variant(Board):
    """A variant board: the variant's moves, FEN, endings and move stack; ``Board``'s
    placement methods on its board. SAN and square-by-square edits raise
    ``NotImplementedError``."""

    aliases: List[str]
    uci_variant: str
    xboard_variant: str
    starting_fen: str
    tbw_suffix: Optional[str]
    tbz_suffix: Optional[str]
    tbw_magic: Optional[bytes]
    tbz_magic: Optional[bytes]
    pawnless_tbw_suffix: Optional[str]
    pawnless_tbz_suffix: Optional[str]
    pawnless_tbw_magic: Optional[bytes]
    pawnless_tbz_magic: Optional[bytes]
    connected_kings: bool
    one_king: bool
    captures_compulsory: bool
    def __init__(self, fen: Optional[str] = ..., chess960: bool = False) -> None:
        """``ValueError`` for a bad FEN, an empty board (``None``) or a variant the library
        does not play yet."""
    @property
    def legal_moves(self) -> _LegalMoves: ...  # type: ignore[override]
    @property
    def pseudo_legal_moves(self) -> _LegalMoves: ...  # type: ignore[override]
    @property
    def move_stack(self) -> List[Move]: ...
    def push(self, move: Move) -> None: ...
    def pop(self) -> Move: ...
    def peek(self) -> Move: ...
    def push_uci(self, uci: str) -> Move: ...
    def parse_uci(self, uci: str) -> Move: ...
    def uci(self, move: Move, *, chess960: Optional[bool] = None) -> str: ...
    def is_legal(self, move: Move) -> bool: ...
    def fen(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None) -> str: ...
    def set_fen(self, fen: str) -> None: ...
    def copy(self, *, stack: object = True) -> "_Variant": ...
    def root(self) -> "_Variant": ...
    def is_variant_end(self) -> bool: ...
    def is_variant_win(self) -> bool: ...
    def is_variant_loss(self) -> bool: ...
    def is_variant_draw(self) -> bool: ...
    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]: ...
    def is_game_over(self, *, claim_draw: bool = False) -> bool: ...
    def result(self, *, claim_draw: bool = False) -> str: ...

class SuicideBoard(_Variant):
    """Not played yet: construction raises ``ValueError``."""

class GiveawayBoard(SuicideBoard):
    """Not played yet: construction raises ``ValueError``."""

class AntichessBoard(GiveawayBoard):
    """Antichess as lichess plays it."""

class AtomicBoard(_Variant):
    """Atomic chess (``ValueError`` until the library plays it)."""

class KingOfTheHillBoard(_Variant):
    """King of the hill."""

class RacingKingsBoard(_Variant):
    """Racing kings."""

class HordeBoard(_Variant):
    """Horde (``ValueError`` until the library plays it)."""

class ThreeCheckBoard(_Variant):
    """Three-check."""

    @property
    def remaining_checks(self) -> List[int]:
        """The checks each side still has to give, indexed by colour (a new list)."""

class CrazyhousePocket:
    """A crazyhouse pocket."""

    def __init__(self, symbols: Iterable[str] = "") -> None: ...
    def reset(self) -> None: ...
    def add(self, piece_type: int) -> None: ...
    def remove(self, piece_type: int) -> None: ...
    def count(self, piece_type: int) -> int: ...
    def __len__(self) -> int: ...
    def copy(self) -> "CrazyhousePocket": ...

class CrazyhouseBoard(_Variant):
    """Crazyhouse."""

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """The pockets, indexed by colour (new objects)."""

VARIANTS: List[Type[Board]]

def find_variant(name: str) -> Type[Board]: ...
