"""quadboard.variant: python-chess's ``chess.variant`` on the quadboard library's variants.

Each board is a ``quadboard.Board`` whose game lives in the compiled ``VariantBoard``: the
variant's moves (drops ``P@e4``, promotions to king ``e7e8k``), FEN, endings and move stack
in Rust, and ``Board``'s placement methods (``piece_at``, ``piece_map``, ``attackers``,
``board_fen``, ``turn`` ...) on the variant's board. The variant is the class's
``uci_variant``.

SAN (``san``, ``parse_san``, ``push_san``, ``san_and_push``, ``variation_san``) is the
library's variant SAN, written as python-chess writes it; what the library does not read,
python-chess's rules read (UCI and LAN text, lower-case drops) or refuse in its words. LAN
and XBoard notation as python-chess's; null moves (``--``), except where the position left
would have the side not to move in check. Edits (``set_piece_at``, ``turn = ...``) edit the
chess part as a ``Board`` and make the variant position again from its FEN. Suicide,
giveaway and antichess are one library type with python-chess's three rule sets
(castling included, where a position has rights).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, List, Optional, Type

from . import (
    A1, A8, BB_ALL, BB_BACKRANKS, BB_FILES, BB_RANKS, BB_SQUARES, C1, C8, E1, E8, FILE_NAMES, G1, G8, H1,
    H8, PAWN, PIECE_SYMBOLS, PIECE_TYPES, QUEEN, SAN_REGEX, SQUARE_NAMES, WHITE, AmbiguousMoveError, Board,
    IllegalMoveError, InvalidMoveError, Move, piece_symbol, square, square_file,
)
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


# The SAN of castling python-chess reads by name: kingside (True) or queenside.
_CASTLING = {san: side for side, names in ((True, ("O-O", "0-0")), (False, ("O-O-O", "0-0-0")))
             for name in names for san in (name, name + "+", name + "#")}
# Castling written as the king's move onto its rook, outside Chess960: the king's square.
_KING_TAKES_ROOK = {(E1, H1): G1, (E1, A1): C1, (E8, H8): G8, (E8, A8): C8}
# The other way: the rook's square of the king's castling move.
_ROOK_OF_KING_MOVE = {(king, to): rook for (king, rook), to in _KING_TAKES_ROOK.items()}


class _Variant(_VariantBoard):
    """What every variant board shares; the classes below name the variant."""

    uci_variant: str = "chess"
    starting_fen: str = ""
    # python-chess's Syzygy table names: only suicide, giveaway and atomic have tables.
    tbw_suffix: Optional[str] = None
    tbz_suffix: Optional[str] = None
    tbw_magic: Optional[bytes] = None
    tbz_magic: Optional[bytes] = None

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

    @property
    def chess960(self) -> bool:
        """Whether castling is written king-takes-rook (``e1h1``); assignable, as
        python-chess's (the game is made again in that mode, its moves kept)."""
        return _VariantBoard.chess960.__get__(self)

    @chess960.setter
    def chess960(self, value: bool) -> None:
        value = bool(value)
        if value == self.chess960:
            return
        moves = []
        replay = type(self)(self._root_fen(), chess960=self.chess960)
        for move in self.move_stack:
            if not self.chess960 and replay.is_castling(move):
                # Castling as the king's two-square move: as the king onto its rook, which
                # boards in either mode take.
                move = Move(move.from_square, _ROOK_OF_KING_MOVE[(move.from_square, move.to_square)])
            moves.append(move)
            replay.push(move)
        self._set_variant(type(self).uci_variant, self._root_fen(), value)
        for move in moves:
            self.push(move)

    def has_chess960_castling_rights(self) -> bool:
        # Outside Chess960 the Board view holds standard rights only: ask a Chess960 twin.
        if self.chess960:
            return Board.has_chess960_castling_rights(self)
        return Board.has_chess960_castling_rights(type(self)(self.fen(), chess960=True))

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
        if not move:
            return "--"
        return self._san(move)

    def lan(self, move: Move) -> str:
        """The move in long algebraic notation, as python-chess writes it on the variant's
        board: drops and castling as in SAN (``N@f3``, ``O-O``), other moves the piece, both
        squares and ``-`` or ``x`` (``Ng1-f3``, ``e7xd8=K``), with SAN's check or win mark."""
        if not move:
            return "--"
        san = self._san(move)
        suffix = san[-1] if san[-1] in "+#" else ""
        if move.drop or san.startswith("O-O"):
            return san
        piece_type = self.piece_type_at(move.from_square)
        lan = "" if piece_type == PAWN else piece_symbol(piece_type).upper()  # type: ignore[arg-type]
        lan += SQUARE_NAMES[move.from_square] + ("x" if self.is_capture(move) else "-")
        lan += SQUARE_NAMES[move.to_square]
        if move.promotion:
            lan += "=" + piece_symbol(move.promotion).upper()
        return lan + suffix

    def parse_san(self, san: str) -> Move:
        try:
            # The library's variant SAN: every move python-chess reads the same way.
            return _VariantBoard.parse_san(self, san)
        except ValueError:
            # What the library refuses, python-chess may read (UCI text, lower-case drops,
            # null moves) or refuse in other words: its rules then decide.
            return self._parse_san_as_python_chess(san)

    def _parse_san_as_python_chess(self, san: str) -> Move:
        """python-chess's ``Board.parse_san`` on the variant's legal moves."""
        castling = _CASTLING.get(san)
        if castling is not None:
            for move in self._legal_list():
                if self.is_castling(move) and (square_file(move.to_square) > square_file(move.from_square)) == castling:
                    return move
            raise IllegalMoveError(f"illegal san: {san!r} in {self.fen()}")
        match = SAN_REGEX.match(san)
        if not match:
            if san in ("--", "Z0", "0000", "@@@@"):
                # A null move, tried here: where the library does not hold the position it
                # leaves (the side to move in check) it is an error now, not at the push.
                null = Move.null()
                self.push(null)
                self.pop()
                return null
            if "," in san:
                raise InvalidMoveError(f"unsupported multi-leg move: {san!r}")
            raise InvalidMoveError(f"invalid san: {san!r}")
        to_square = SQUARE_NAMES.index(match.group(4))
        to_mask = BB_SQUARES[to_square] & ~self.occupied_co[self.turn]
        p = match.group(5)
        promotion = PIECE_SYMBOLS.index(p[-1].lower()) if p else None
        from_mask = BB_ALL
        if match.group(2):
            from_file = FILE_NAMES.index(match.group(2))
            from_mask &= BB_FILES[from_file]
        if match.group(3):
            from_rank = int(match.group(3)) - 1
            from_mask &= BB_RANKS[from_rank]
        if match.group(1):
            from_mask &= self.pieces_mask(PIECE_SYMBOLS.index(match.group(1).lower()), self.turn)
        elif match.group(2) and match.group(3):
            # Fully specified moves, castling included, as python-chess's find_move.
            move = self.find_move(square(from_file, from_rank), to_square, promotion)
            if move.promotion == promotion:
                return move
            raise IllegalMoveError(f"missing promotion piece type: {san!r} in {self.fen()}")
        else:
            from_mask &= self.pawns
            if not match.group(2):
                from_mask &= BB_FILES[square_file(to_square)]
        matched = None
        for move in self.generate_legal_moves(from_mask, to_mask):
            if (move.promotion or None) != promotion:
                continue
            if matched:
                raise AmbiguousMoveError(f"ambiguous san: {san!r} in {self.fen()}")
            matched = move
        if not matched:
            raise IllegalMoveError(f"illegal san: {san!r} in {self.fen()}")
        return matched

    def find_move(self, from_square: int, to_square: int, promotion: Optional[int] = None) -> Move:
        """The legal move from ``from_square`` to ``to_square`` (a pawn reaching the last rank
        promotes to a queen unless ``promotion`` says otherwise; castling may be given as
        the king's move onto its rook), as python-chess finds it; ``IllegalMoveError``
        otherwise."""
        if promotion is None and self.pawns & BB_SQUARES[from_square] and BB_SQUARES[to_square] & BB_BACKRANKS:
            promotion = QUEEN
        move = Move(from_square, to_square, promotion)
        if not self.chess960 and promotion is None and self.kings & BB_SQUARES[from_square]:
            king_to = _KING_TAKES_ROOK.get((from_square, to_square))
            if king_to is not None:
                move = Move(from_square, king_to)
        if not self.is_legal(move):
            raise IllegalMoveError(
                f"no matching legal move for {move.uci()} ({SQUARE_NAMES[from_square]} -> "
                f"{SQUARE_NAMES[to_square]}) in {self.fen()}")
        return move

    def push_san(self, san: str) -> Move:
        move = self.parse_san(san)
        self.push(move)
        return move

    def parse_xboard(self, xboard: str) -> Move:
        """A move in XBoard notation, read as python-chess reads it: as SAN."""
        return self.parse_san(xboard)

    def push_xboard(self, xboard: str) -> Move:
        """Reads a move in XBoard notation (as SAN) and makes it."""
        return self.push_san(xboard)

    def san_and_push(self, move: Move) -> str:
        san = self.san(move)
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

    # -- edits: the chess part edited on a standard Board, the variant's fields kept --------

    def _variant_fields(self) -> List[str]:
        """The fields of the FEN that are the variant's own (crazyhouse's pocket, the
        three-check counts), empty for the others."""
        return []

    def _with_variant_fields(self, chess_fen: str, fields: List[str]) -> str:
        return chess_fen

    def _edit(self, edit: Callable[[Board], Any], *, keep_stack: bool = False,
              variant_fields: Optional[List[str]] = None, chess960: Optional[bool] = None) -> Any:
        """``edit`` applied to the chess part as a standard ``Board`` (any placement, the
        attributes as ``Board`` keeps them), then the variant position made again from the
        result with the variant's fields (``variant_fields``, else as they are): as
        python-chess edits a variant board, since its variant boards are its ``Board``.
        ``ValueError`` (the board unchanged) where the library does not take the result."""
        chess960 = self.chess960 if chess960 is None else chess960
        # Promoted pieces are crazyhouse's, and the antichess family's while castling
        # rights remain (its promoted kings do not castle).
        promoted = type(self).uci_variant in ("crazyhouse", "suicide", "giveaway", "antichess")
        board = Board(Board.fen(self, en_passant="fen", promoted=promoted), chess960=self.chess960)
        result = edit(board)
        fields = self._variant_fields() if variant_fields is None else variant_fields
        fen = self._with_variant_fields(board.fen(en_passant="fen", promoted=promoted), fields)
        if chess960 != self.chess960:
            self._set_variant(type(self).uci_variant, fen, chess960)
        elif keep_stack:
            self._set_position(fen)
        else:
            self.set_fen(fen)
        return result

    def _start_fields(self) -> List[str]:
        """The variant's fields of an emptied or reset board (python-chess's ``clear_board``
        and ``reset_board`` empty the pockets and give back the checks)."""
        return self._variant_fields()

    def set_piece_at(self, square: int, piece: Any, promoted: bool = False) -> None:
        self._edit(lambda b: b.set_piece_at(square, piece, promoted))

    def remove_piece_at(self, square: int) -> Any:
        return self._edit(lambda b: b.remove_piece_at(square))

    def set_piece_map(self, pieces: Any) -> None:
        self._edit(lambda b: b.set_piece_map(pieces))

    def set_board_fen(self, fen: str) -> None:
        self._edit(lambda b: b.set_board_fen(fen))

    def set_castling_fen(self, castling_fen: str) -> None:
        def edit(board: Board) -> None:
            # Board's set_castling_fen forgets the promoted pieces (python-chess's keeps them).
            promoted = board.promoted
            board.set_castling_fen(castling_fen)
            board.promoted = promoted

        self._edit(edit)

    def clear_board(self) -> None:
        self._edit(Board.clear_board, variant_fields=self._start_fields())

    def reset_board(self) -> None:
        self._edit(Board.reset_board, variant_fields=self._start_fields())

    def clear(self) -> None:
        self._edit(Board.clear, variant_fields=self._start_fields())

    def set_chess960_pos(self, scharnagl: int) -> None:
        self._edit(lambda b: b.set_chess960_pos(scharnagl), chess960=True)

    def apply_transform(self, f: Callable[[int], int]) -> None:
        self._edit(lambda b: b.apply_transform(f))

    def apply_mirror(self) -> None:
        # python-chess's apply_mirror leaves pockets and check counts as they are (its
        # mirror() swaps them).
        self._edit(Board.apply_mirror)

    def transform(self, f: Callable[[int], int]) -> "_Variant":
        board = self.copy(stack=False)
        board.apply_transform(f)
        return board

    def mirror(self) -> "_Variant":
        board = self.copy()
        board._edit(Board.apply_mirror, variant_fields=board._mirrored_fields())
        return board

    def _mirrored_fields(self) -> List[str]:
        return self._variant_fields()

    def set_epd(self, epd: str) -> Any:
        parts = epd.strip().rstrip(";").split(None, 4 + len(self._variant_fields()))
        if len(parts) > 4 + len(self._variant_fields()):
            raise NotImplementedError(f"{type(self).__name__}.set_epd: operations are not supported on variant boards")
        self.set_fen(" ".join(parts))
        return {}

    for _name in ("turn", "ep_square", "castling_rights", "halfmove_clock", "fullmove_number", "promoted"):
        def _setter(self: "_Variant", value: Any, _name: str = _name) -> None:
            # Assigned between moves, as python-chess's attributes: the stack is kept.
            self._edit(lambda b: setattr(b, _name, value), keep_stack=True)

        locals()[_name] = property(getattr(Board, _name).__get__, _setter)
    del _name, _setter


def _rebuild(cls: Type[_Variant], fen: str, chess960: bool, moves: List[str]) -> _Variant:
    board = cls(fen, chess960=chess960)
    for uci in moves:
        board.push_uci(uci)
    return board


class SuicideBoard(_Variant):
    """Suicide chess (python-chess's ``SuicideBoard``): captures compulsory, the king an
    ordinary piece that castles (no check, so no square is tested for attacks), a side
    that loses every piece wins; a side that cannot move wins with fewer pieces than its
    opponent, loses with more, draws with as many."""

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
        super().__init__(fen, chess960)

    def board_fen(self, *, promoted: Optional[bool] = None) -> str:
        # python-chess marks promoted pieces (`Q~`) where the castling rights are Chess960's.
        if promoted is None:
            promoted = self.has_chess960_castling_rights()
        return Board.board_fen(self, promoted=promoted)

    def has_chess960_castling_rights(self) -> bool:
        return self._has_chess960_castling_rights()


class GiveawayBoard(SuicideBoard):
    """Giveaway chess (python-chess's ``GiveawayBoard``): suicide's moves, and a side that
    cannot move wins whatever the pieces left."""

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
    losing every piece (or being stalemated) wins; giveaway from a start without castling
    rights (a FEN with rights castles, as python-chess's)."""

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

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class RacingKingsBoard(_Variant):
    """Racing kings: no checks; the first king on the eighth rank wins."""

    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class HordeBoard(_Variant):
    """Horde: white's pawns against black's army."""

    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class ThreeCheckBoard(_Variant):
    """Three-check: the third check wins; the FEN counts the checks still to give."""

    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)

    def _variant_fields(self) -> List[str]:
        return [self.fen().split(" ")[4]]

    def _with_variant_fields(self, chess_fen: str, fields: List[str]) -> str:
        parts = chess_fen.split(" ")
        return " ".join(parts[:4] + fields + parts[4:])

    def _start_fields(self) -> List[str]:
        return ["3+3"]

    def _mirrored_fields(self) -> List[str]:
        white, black = self._variant_fields()[0].split("+")
        return [f"{black}+{white}"]

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

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)

    def _parse_san_as_python_chess(self, san: str) -> Move:
        # python-chess reads any text with an `@` as a drop in UCI (`n@f3` too).
        if "@" not in san:
            return super()._parse_san_as_python_chess(san)
        uci = san.rstrip("+#")
        if uci[0] == "@":
            uci = "P" + uci
        if len(uci) == 4 and uci[1] == "@" and uci[0] in "Kk" and uci[2:] in SQUARE_NAMES:
            # python-chess's Move holds a king drop, which is never legal (ours refuses it).
            raise IllegalMoveError(f"illegal drop san: {san!r} in {self.fen()}")
        move = Move.from_uci(uci)
        if not self.is_legal(move):
            raise IllegalMoveError(f"illegal drop san: {san!r} in {self.fen()}")
        return move

    def _variant_fields(self) -> List[str]:
        placement = self.fen().split(" ")[0]
        return [placement[placement.index("["):]]

    def _with_variant_fields(self, chess_fen: str, fields: List[str]) -> str:
        placement, rest = chess_fen.split(" ", 1)
        return f"{placement}{fields[0]} {rest}"

    def _start_fields(self) -> List[str]:
        return ["[]"]

    def _mirrored_fields(self) -> List[str]:
        return [self._variant_fields()[0].swapcase()]

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
    variant = _BY_NAME.get(name.lower())
    if variant is None:
        raise ValueError(f"unsupported variant: {name}")
    return variant


# Each class by the lower-case forms of its aliases (the first class of VARIANTS naming an
# alias wins, as python-chess's search): a PGN reader asks once or twice a game.
_BY_NAME = {alias.lower(): variant for variant in reversed(VARIANTS) for alias in variant.aliases}
