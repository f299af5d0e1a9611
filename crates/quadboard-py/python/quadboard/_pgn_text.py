"""The parts of python-chess's ``chess.pgn`` that do not read files: ``Headers``, the
``NAG_*`` constants, visitors and exporters, and the comment commands (``[%clk]``,
``[%emt]``, ``[%eval]``, ``[%csl]``/``[%cal]``) that ``GameNode`` reads and writes.

Pure Python on quadboard's ``Board``; ``quadboard.pgn`` re-exports the public names.
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import math
import re
from collections.abc import Mapping, MutableMapping
from typing import (
    Any,
    Dict,
    Generic,
    Iterable,
    Iterator,
    List,
    Optional,
    TextIO,
    Tuple,
    TypeVar,
    Union,
    cast,
)

from ._arrow import Arrow
from ._score import Cp, Mate, PovScore, Score

__all__ = [
    "TAG_ROSTER", "SkipType", "SKIP", "Headers", "BaseVisitor", "SkipVisitor",
    "StringExporterMixin", "StringExporter", "FileExporter",
    "comment_clock", "comment_with_clock", "comment_emt", "comment_with_emt",
    "comment_eval", "comment_eval_depth", "comment_with_eval",
    "comment_arrows", "comment_with_arrows",
    "TimeControlType", "TimeControlPart", "TimeControl", "parse_time_control",
    "TAG_NAME_REGEX", "TAG_REGEX", "MOVETEXT_REGEX", "SKIP_MOVETEXT_REGEX", "CLOCK_REGEX", "EMT_REGEX", "EVAL_REGEX", "ARROWS_REGEX",
    "NAG_NULL", "NAG_GOOD_MOVE", "NAG_MISTAKE", "NAG_BRILLIANT_MOVE", "NAG_BLUNDER",
    "NAG_SPECULATIVE_MOVE", "NAG_DUBIOUS_MOVE", "NAG_FORCED_MOVE", "NAG_SINGULAR_MOVE",
    "NAG_WORST_MOVE", "NAG_DRAWISH_POSITION", "NAG_QUIET_POSITION", "NAG_ACTIVE_POSITION",
    "NAG_UNCLEAR_POSITION", "NAG_WHITE_SLIGHT_ADVANTAGE", "NAG_BLACK_SLIGHT_ADVANTAGE",
    "NAG_WHITE_MODERATE_ADVANTAGE", "NAG_BLACK_MODERATE_ADVANTAGE",
    "NAG_WHITE_DECISIVE_ADVANTAGE", "NAG_BLACK_DECISIVE_ADVANTAGE", "NAG_WHITE_ZUGZWANG",
    "NAG_BLACK_ZUGZWANG", "NAG_WHITE_MODERATE_COUNTERPLAY", "NAG_BLACK_MODERATE_COUNTERPLAY",
    "NAG_WHITE_DECISIVE_COUNTERPLAY", "NAG_BLACK_DECISIVE_COUNTERPLAY",
    "NAG_WHITE_MODERATE_TIME_PRESSURE", "NAG_BLACK_MODERATE_TIME_PRESSURE",
    "NAG_WHITE_SEVERE_TIME_PRESSURE", "NAG_BLACK_SEVERE_TIME_PRESSURE", "NAG_NOVELTY",
]

# Numeric annotation glyphs ($1 ...), with the names python-chess gives them.
NAG_NULL = 0
NAG_GOOD_MOVE = 1  # !
NAG_MISTAKE = 2  # ?
NAG_BRILLIANT_MOVE = 3  # !!
NAG_BLUNDER = 4  # ??
NAG_SPECULATIVE_MOVE = 5  # !?
NAG_DUBIOUS_MOVE = 6  # ?!
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
"""The Seven Tag Roster, in the order the export format writes it."""

_ROSTER_DEFAULTS = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "?",
    "White": "?",
    "Black": "?",
    "Result": "*",
}

# The tag names python-chess accepts outside the roster: a letter or digit, then letters,
# digits and _ + # = : -.
_TAG_NAME_PATTERN = r"[A-Za-z0-9][A-Za-z0-9_+#=:\-]*"
_TAG_NAME = re.compile(r"^" + _TAG_NAME_PATTERN + r"\Z")

# Lower-case spellings that name Chess960 (Cute Chess writes "fischerandom").
_CHESS960_NAMES = ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")
# ICS wild variants that are standard chess from a set-up position.
_WILD_NAMES = tuple(f"wild/{n}" for n in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "8a"))
# Variant names that python-chess reads as standard chess.
_STANDARD_NAMES = ("standard", "chess", "classical", "normal", "illegal", "from position")


class SkipType(enum.Enum):
    """The type of ``SKIP``."""

    SKIP = None


SKIP = SkipType.SKIP
"""Returned by a visitor's ``begin_game``, ``end_headers``, ``begin_parse_san`` or
``begin_variation`` to skip what follows."""


class Headers(MutableMapping[str, str]):
    """A game's tags: the Seven Tag Roster first (in roster order), then the other tags in
    the order they were set.

    ``Headers()`` holds the roster with its defaults (``?``, ``????.??.??`` and ``*``);
    ``Headers(data)`` holds exactly ``data`` (a mapping or pairs) and keyword tags.
    """

    def __init__(
        self,
        data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None,
        **kwargs: str,
    ) -> None:
        self._roster: Dict[str, str] = {}
        self._others: Dict[str, str] = {}
        self.update(_ROSTER_DEFAULTS if data is None else data, **kwargs)

    # A game of ``read_games`` keeps its tags in Rust (``_tags``, the game's ``GameData``)
    # until they are first used: the two dicts are made then (``_InRust``, below). Other
    # headers find None here.
    _tags: Any = None

    def __getstate__(self) -> Dict[str, Any]:
        # Pickles and deep copies hold the tags themselves, not the reader's data.
        self._roster  # noqa: B018 (made here if still in Rust)
        return dict(self.__dict__)

    def is_chess960(self) -> bool:
        """Whether the ``Variant`` tag names Chess960 (``chess960``, ``Fischer Random``, ...)."""
        return self.get("Variant", "").lower() in _CHESS960_NAMES

    def is_wild(self) -> bool:
        """Whether the ``Variant`` tag names an ICS wild variant that is standard chess from a
        set-up position (``wild/0`` to ``wild/8a``)."""
        return self.get("Variant", "").lower() in _WILD_NAMES

    def variant(self) -> type:
        """The board class of the ``Variant`` tag: ``Board`` without one and for Chess960 and
        wild, else ``quadboard.variant.find_variant``'s class of the name (``Board`` for
        ``Standard``, ``From Position`` ...; ``ValueError`` for a name it does not know)."""
        from ._quadboard import Board

        name = self.get("Variant")
        if name is None or self.is_chess960() or self.is_wild():
            return cast(type, Board)
        if name.lower() in _STANDARD_NAMES:
            # Standard chess needs no variant module (the common case of a set-up game).
            return cast(type, Board)
        from .variant import find_variant

        return find_variant(name)

    def board(self) -> Any:
        """The starting position: the ``FEN`` tag's (the variant's start without one), in
        Chess960 mode when the variant says so or the castling rights need it."""
        board_class = self.variant()
        fen = self.get("FEN", board_class.starting_fen)
        board = board_class(fen, chess960=self.is_chess960())
        if not board.chess960 and board.has_chess960_castling_rights():
            try:
                board.chess960 = True
            except AttributeError:
                # A board whose mode is fixed when it is made: make it again in that mode.
                board = board_class(fen, chess960=True)
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if key in _ROSTER_DEFAULTS:
            self._roster[key] = value
            return
        if not isinstance(key, str) or not _TAG_NAME.match(key):
            if not isinstance(key, str):
                raise TypeError(f"pgn header tag must be a string, not {type(key).__name__}")
            raise ValueError(f"invalid pgn header tag: {key!r}")
        if not isinstance(value, str):
            raise TypeError(f"pgn header {key} must be a string, not {type(value).__name__}")
        if "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        self._others[key] = value

    def __getitem__(self, key: str) -> str:
        if key in _ROSTER_DEFAULTS:
            return self._roster[key]
        return self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in _ROSTER_DEFAULTS:
            del self._roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._roster) + len(self._others)

    def copy(self) -> "Headers":
        """An independent copy with the same tags in the same order."""
        return type(self)(self)

    __copy__ = copy

    def __repr__(self) -> str:
        tags = ", ".join(f"{key}={value!r}" for key, value in self.items())
        return f"{type(self).__name__}({tags})"

    @classmethod
    def builder(cls) -> Any:
        """A ``HeadersBuilder`` that reads games' headers into this class."""
        from . import pgn

        return pgn.HeadersBuilder(Headers=cls)  # type: ignore[attr-defined]


class _InRust:
    """``Headers._roster`` and ``Headers._others`` while a game's tags are still in Rust:
    found only when the instance has no such attribute of its own (it is no data
    descriptor), it makes both dicts from ``_tags``, sets them on the instance and drops
    ``_tags``. Cheaper than ``__getattr__``, which Python calls after raising an
    ``AttributeError`` with its message."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, headers: Any, owner: Any = None) -> Any:
        if headers is None:
            return self
        tags = headers._tags
        if tags is None:
            raise AttributeError(f"{type(headers).__name__!r} object has no attribute {self.name!r}")
        headers._roster, headers._others = roster, others = tags.headers()
        del headers._tags
        return roster if self.name == "_roster" else others


Headers._roster = _InRust("_roster")  # type: ignore[assignment]
Headers._others = _InRust("_others")  # type: ignore[assignment]


ResultT = TypeVar("ResultT")


class BaseVisitor(Generic[ResultT], abc.ABC):
    """What reading a game (or ``Game.accept``) calls, in the order of the game text.

    ``begin_game``, ``end_headers``, ``begin_parse_san`` and ``begin_variation`` may return
    ``SKIP`` to skip the game's moves, a move, or a variation; every callback does nothing by
    default, and ``result()`` gives what the visitor built.
    """

    def begin_game(self) -> Optional[SkipType]:
        """Called at the start of a game; ``SKIP`` skips it."""
        return None

    def begin_headers(self) -> Optional[Headers]:
        """Called before the first tag; may return the ``Headers`` being filled."""
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """Called for each tag."""

    def end_headers(self) -> Optional[SkipType]:
        """Called after the last tag; ``SKIP`` skips the movetext."""
        return None

    def begin_parse_san(self, board: Any, san: str) -> Optional[SkipType]:
        """Called before a move in SAN is parsed; ``SKIP`` skips the parse."""
        return None

    def parse_san(self, board: Any, san: str) -> Any:
        """The move that ``san`` names on ``board``; ``0-0`` and ``0-0-0`` read as castling."""
        if san == "0-0":
            san = "O-O"
        elif san == "0-0-0":
            san = "O-O-O"
        return board.parse_san(san)

    def visit_move(self, board: Any, move: Any) -> None:
        """Called for each move, with the board before it."""

    def visit_board(self, board: Any) -> None:
        """Called with the board after each move (and the starting board)."""

    def visit_comment(self, comment: str) -> None:
        """Called for each comment."""

    def visit_nag(self, nag: int) -> None:
        """Called for each numeric annotation glyph."""

    def begin_variation(self) -> Optional[SkipType]:
        """Called at the start of a variation; ``SKIP`` skips it."""
        return None

    def end_variation(self) -> None:
        """Called at the end of a variation."""

    def visit_result(self, result: str) -> None:
        """Called with the game's result token (``1-0``, ``0-1``, ``1/2-1/2`` or ``*``)."""

    def end_game(self) -> None:
        """Called at the end of a game."""

    @abc.abstractmethod
    def result(self) -> ResultT:
        """What the visitor built."""

    def handle_error(self, error: Exception) -> None:
        """Called with an error in the game; raises it by default."""
        raise error


class SkipVisitor(BaseVisitor[bool]):
    """Skips a game: every skippable part is skipped and the result is ``True``."""

    def begin_game(self) -> SkipType:
        """``SKIP``."""
        return SKIP

    def end_headers(self) -> SkipType:
        """``SKIP``."""
        return SKIP

    def begin_variation(self) -> SkipType:
        """``SKIP``."""
        return SKIP

    def result(self) -> bool:
        """``True``."""
        return True


class StringExporterMixin:
    """Writes games in PGN's export format, as python-chess does: tags, then the movetext
    broken into lines of at most ``columns`` characters (no breaks with ``None``), with
    comments (and NAGs) and variations when asked for.

    Subclasses decide where the text goes: ``write_line`` and ``flush_current_line``.
    """

    def __init__(
        self,
        *,
        columns: Optional[int] = 80,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: List[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self) -> None:
        """Ends the line being written (trailing spaces dropped), unless it is empty."""
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        """Adds a token to the line, first starting a new line if it would not fit."""
        if self.columns is not None and len(self.current_line) + len(token) > self.columns:
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        """Ends the line being written, then writes ``line`` as a line of its own."""
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        """Ends the game with an empty line."""
        self.write_line()

    def begin_headers(self) -> None:
        """Starts a game's tags."""
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """Writes ``[Tag "value"]`` when tags are exported."""
        if self.headers:
            self.found_headers = True
            # The value as given, quotes and backslashes unescaped, as python-chess writes it.
            self.write_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self) -> None:
        """Writes the empty line after the tags, if any were written."""
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        """Opens a variation (``( ``), or ``SKIP`` when variations are not exported."""
        self.variation_depth += 1
        if not self.variations:
            return SKIP
        self.write_token("( ")
        self.force_movenumber = True
        return None

    def end_variation(self) -> None:
        """Closes a variation (``) ``)."""
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def _in_exported_line(self) -> bool:
        # A visitor driver that does not honour SKIP still walks into variations: what is
        # inside them must then write nothing.
        return self.variations or not self.variation_depth

    def visit_comment(self, comment: str) -> None:
        """Writes ``{ comment }`` (without ``}``, outer whitespace stripped) when comments
        are exported."""
        if self.comments and self._in_exported_line():
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        """Writes ``$n`` when comments are exported."""
        if self.comments and self._in_exported_line():
            self.write_token(f"${nag} ")

    def visit_move(self, board: Any, move: Any) -> None:
        """Writes the move in SAN, after its number (``12.``, or ``12...`` for a Black move
        after a comment, variation or the start)."""
        if not self._in_exported_line():
            return
        if board.turn:
            self.write_token(f"{board.fullmove_number}. ")
        elif self.force_movenumber:
            self.write_token(f"{board.fullmove_number}... ")
        self.write_token(board.san(move) + " ")
        self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        """Writes the result token."""
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """Exports games to a string: ``result()`` (or ``str()``) is the text so far, without
    the trailing empty lines; games visited one after another are separated by an empty
    line."""

    def result(self) -> str:
        """The text written so far."""
        lines = self.lines
        if self.current_line:
            lines = lines + [self.current_line.rstrip()]
        return "\n".join(lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """Exports games to a text handle, each followed by an empty line; ``result()`` is the
    number of characters written for the last game."""

    def __init__(
        self,
        handle: TextIO,
        *,
        columns: Optional[int] = 80,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle
        self.written: int = 0

    def begin_game(self) -> None:
        """Starts counting the characters of a new game."""
        self.written = 0

    def flush_current_line(self) -> None:
        """Writes the line being written to the handle, unless it is empty."""
        if self.current_line:
            self._write(self.current_line.rstrip() + "\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        """Ends the line being written, then writes ``line`` to the handle."""
        self.flush_current_line()
        self._write(line.rstrip() + "\n")

    def _write(self, text: str) -> None:
        written = self.handle.write(text)
        self.written += len(text) if written is None else written

    def result(self) -> int:
        """The characters written for the last game."""
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


# Comment commands. Each pattern takes at most one whitespace character on either side
# (prefix, suffix), so that removing a command can leave one space between the words it
# separated, as python-chess does.
_TIME = r"(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)"
_CLOCK = re.compile(r"(?P<prefix>\s?)\[%clk\s" + _TIME + r"\](?P<suffix>\s?)")
_EMT = re.compile(r"(?P<prefix>\s?)\[%emt\s" + _TIME + r"\](?P<suffix>\s?)")
_EVAL = re.compile(
    r"(?P<prefix>\s?)\[%eval\s"
    r"(?:#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)"
)
_ARROW = r"[RGYB][a-h][1-8](?:[a-h][1-8])?"
_ARROWS = re.compile(
    r"(?P<prefix>\s?)\[%(?:csl|cal)\s(?P<arrows>" + _ARROW + r"(?:," + _ARROW + r")*)\](?P<suffix>\s?)"
)


def _replacement(command: str) -> Any:
    # A new command keeps the whitespace around the old one; a removed one leaves a single
    # space only where it had whitespace on both sides.
    def replace(match: "re.Match[str]") -> str:
        if command:
            return match.group("prefix") + command + match.group("suffix")
        return match.group("prefix") and match.group("suffix")

    return replace


def _with_command(
    comment: str, pattern: "re.Pattern[str]", command: str, separators: Tuple[str, ...] = (" ", "\n")
) -> str:
    # Replaces the first occurrence; a command not there yet goes at the end, after a space
    # unless the comment ends with one of the separators (python-chess's [%eval] setter
    # counts only a space).
    comment, found = pattern.subn(_replacement(command), comment, count=1)
    if not found and command:
        if comment and not comment.endswith(separators):
            comment += " "
        comment += command
    return comment


def _seconds(match: "re.Match[str]") -> float:
    hours, minutes, seconds = match.group("hours", "minutes", "seconds")
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


def _time_command(name: str, seconds: Optional[float]) -> str:
    if seconds is None:
        return ""
    if seconds != seconds or seconds in (math.inf, -math.inf):
        raise ValueError(f"[%{name}] needs a finite number of seconds, got {seconds!r}")
    seconds = max(0, seconds)
    hours = int(seconds // 3600)
    minutes = int(seconds % 3600 // 60)
    rest = seconds % 3600 % 60
    text = f"{rest:06.3f}".rstrip("0").rstrip(".")
    return f"[%{name} {hours:d}:{minutes:02d}:{text}]"


def comment_clock(comment: str) -> Optional[float]:
    """The seconds of the first ``[%clk h:mm:ss]`` command (fractions allowed), or ``None``."""
    match = _CLOCK.search(comment)
    return None if match is None else _seconds(match)


def comment_with_clock(comment: str, seconds: Optional[float]) -> str:
    """The comment with its first ``[%clk]`` command set to ``seconds`` (negative: 0; at most
    millisecond precision), added at the end if missing, or removed for ``None``.

    ``ValueError`` for infinite or NaN seconds."""
    return _with_command(comment, _CLOCK, _time_command("clk", seconds))


def comment_emt(comment: str) -> Optional[float]:
    """The seconds of the first ``[%emt h:mm:ss]`` command (elapsed move time), or ``None``."""
    match = _EMT.search(comment)
    return None if match is None else _seconds(match)


def comment_with_emt(comment: str, seconds: Optional[float]) -> str:
    """The comment with its first ``[%emt]`` command set to ``seconds``, as
    ``comment_with_clock`` does for ``[%clk]``."""
    return _with_command(comment, _EMT, _time_command("emt", seconds))


def _centipawns(pawns: str) -> int:
    # Exact decimal arithmetic on the digits (at most two decimals), not through float.
    sign = -1 if pawns.startswith("-") else 1
    whole, _, fraction = pawns.lstrip("+-").partition(".")
    return sign * (int(whole or "0") * 100 + int((fraction + "00")[:2]))


def comment_eval(comment: str, turn: bool = True) -> Optional[PovScore]:
    """The first ``[%eval]`` command's score (White's point of view in the comment: pawns,
    or ``#n`` for mate), as a ``PovScore`` from ``turn``'s point of view; ``None`` if there
    is none.

    Pass the side to move at the node as ``turn``: ``#0`` means that side is mated, so it is
    ``Mate(0)`` for it whichever colour it is.
    """
    match = _EVAL.search(comment)
    if match is None:
        return None
    mate = match.group("mate")
    score: Score
    if mate is not None:
        moves = int(mate)
        if moves == 0:
            return PovScore(Mate(0), turn)
        score = Mate(moves)
    else:
        score = Cp(_centipawns(match.group("cp")))
    return PovScore(score if turn else -score, turn)


def comment_eval_depth(comment: str) -> Optional[int]:
    """The depth of the first ``[%eval score,depth]`` command, or ``None``."""
    match = _EVAL.search(comment)
    if match is None or match.group("depth") is None:
        return None
    return int(match.group("depth"))


def comment_with_eval(comment: str, score: Optional[PovScore], depth: Optional[int] = None) -> str:
    """The comment with its first ``[%eval]`` command set to ``score`` (written from White's
    point of view: ``0.35``, ``#-3``) and ``depth``, added at the end if missing; removed for
    ``None`` or a given mate (which the command cannot write)."""
    command = ""
    if score is not None:
        suffix = "" if depth is None else f",{max(depth, 0):d}"
        white = score.white()
        centipawns = white.score()
        if centipawns is not None:
            command = f"[%eval {float(centipawns) / 100:.2f}{suffix}]"
        elif white.mate():
            command = f"[%eval #{white.mate()}{suffix}]"
    return _with_command(comment, _EVAL, command, (" ",))


def comment_arrows(comment: str) -> List[Arrow]:
    """The arrows and marked squares of every ``[%cal]`` and ``[%csl]`` command, in order."""
    return [
        Arrow.from_pgn(text)
        for match in _ARROWS.finditer(comment)
        for text in match.group("arrows").split(",")
    ]


def comment_with_arrows(comment: str, arrows: Iterable[Any]) -> str:
    """The comment with every ``[%csl]``/``[%cal]`` command removed and the ``arrows``
    (``Arrow`` objects or ``(tail, head)`` pairs) written at the start: marked squares in
    ``[%csl ...]``, then arrows in ``[%cal ...]``."""
    squares: List[str] = []
    lines: List[str] = []
    for arrow in arrows:
        if not isinstance(arrow, Arrow):
            try:
                tail, head = arrow
            except TypeError:
                pass
            else:
                arrow = Arrow(tail, head)
        if not all(hasattr(arrow, name) for name in ("tail", "head", "pgn")):
            raise TypeError(f"expected an Arrow or a (tail, head) pair of squares, got {arrow!r}")
        for square in (arrow.tail, arrow.head):
            if not isinstance(square, int) or not 0 <= square < 64:
                raise ValueError(
                    f"arrow from {arrow.tail!r} to {arrow.head!r}: {square!r} is not a square"
                    " (0 = a1 ... 63 = h8)"
                )
        (squares if arrow.tail == arrow.head else lines).append(arrow.pgn())
    comment = _ARROWS.sub(_replacement(""), comment)
    commands = ""
    if squares:
        commands += f"[%csl {','.join(squares)}]"
    if lines:
        commands += f"[%cal {','.join(lines)}]"
    if commands and comment and not comment.startswith((" ", "\n")):
        return commands + " " + comment
    return commands + comment


class TimeControlType(enum.Enum):
    """How fast a game is, from its first time control: under 3 minutes for the base time
    plus 60 increments ``BULLET``, under 15 ``BLITZ``, under 60 ``RAPID``, else
    ``STANDARD``; ``UNLIMITED`` for ``-``, ``UNKNOWN`` for ``?`` or nothing."""

    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period of a time control: ``moves`` to play (0: the rest of the game) in ``time``
    seconds, with ``increment`` seconds a move (``delay`` is never read from PGN)."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A ``TimeControl`` tag read: its periods in order, and how fast the game is."""

    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def _number(kind: Any, text: str, what: str, whole: str) -> Any:
    try:
        return kind(text)
    except ValueError:
        raise ValueError(f"invalid time control {whole!r}: {what} {text!r} is not a number") from None


def parse_time_control(time_control: str) -> TimeControl:
    """Reads a PGN ``TimeControl`` tag as python-chess does: periods ``moves/seconds`` joined
    by ``:``, the last of them may be ``seconds`` alone (sudden death), each with an optional
    ``+increment``; ``?`` unknown, ``-`` unlimited. ``ValueError`` names what is wrong
    (sandglass ``*`` periods are not read)."""
    if not time_control or time_control.startswith("?"):
        return TimeControl()
    if time_control.startswith("-"):
        return TimeControl(type=TimeControlType.UNLIMITED)
    parts = []
    for text in time_control.split(":"):
        # As python-chess: text after a second "+" or "/" is ignored.
        period, plus, increment = text.partition("+")
        part = TimeControlPart()
        if plus:
            part.increment = _number(float, increment.split("+")[0], "increment", time_control)
        if "/" in period:
            moves, _, seconds = period.partition("/")
            part.moves = _number(int, moves, "move count", time_control)
            part.time = _number(int, seconds.split("/")[0], "time", time_control)
        else:
            part.time = _number(int, period, "time", time_control)
        parts.append(part)
    if any(part.moves == 0 for part in parts[:-1]):
        raise ValueError(
            f"invalid time control {time_control!r}: only the last period may be sudden death"
            " (every other one needs moves/seconds)"
        )
    first = parts[0]
    estimate = first.time + 60 * first.increment
    if estimate < 3 * 60:
        kind = TimeControlType.BULLET
    elif estimate < 15 * 60:
        kind = TimeControlType.BLITZ
    elif estimate < 60 * 60:
        kind = TimeControlType.RAPID
    else:
        kind = TimeControlType.STANDARD
    return TimeControl(parts, kind)


# python-chess's names for the patterns, with the same groups: prefix and suffix (one
# whitespace character each), hours/minutes/seconds, mate/cp/depth, arrows.
TAG_NAME_REGEX = _TAG_NAME

# A tag pair line, ``[Name "value"]``: group 1 the name, group 2 the value as written
# (escapes kept; anything but a carriage return, so a value may hold quotes).
TAG_REGEX = re.compile(r"^\[(" + _TAG_NAME_PATTERN + r")\s+\"([^\r]*)\"\]\s*$")

# One token of movetext, each kind in its own group for programs that tokenise movetext
# themselves: 1 a move (SAN with or without capture mark, dash or promotion sign; a drop;
# a null move in any of its four spellings; castling with letters or zeros), 2 a comment
# from its opening brace to the end of the text, 3 a rest-of-line comment, 4 a NAG, 5 and
# 6 a variation's start and end, 7 a result, 8 move suffix annotations (! ? !! ?? !? ?!).
MOVETEXT_REGEX = re.compile(
    r"""
    (
        [NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?
      | [PNBRQK]?@[a-h][1-8]
      | -- | Z0 | 0000 | @@@@
      | O-O(?:-O)? | 0-0(?:-0)?
    )
    | (\{.*)
    | (;.*)
    | (\$[0-9]+)
    | (\()
    | (\))
    | (\*|1-0|0-1|1/2-1/2)
    | ([?!]{1,2})
    """,
    re.DOTALL | re.VERBOSE,
)

# What a reader skipping a game's movetext must stop at: comment delimiters (a brace or
# semicolon may hide a blank line or a ``[`` that would otherwise end the game).
SKIP_MOVETEXT_REGEX = re.compile(r";|[{}]")
CLOCK_REGEX = _CLOCK
EMT_REGEX = _EMT
EVAL_REGEX = _EVAL
ARROWS_REGEX = _ARROWS
