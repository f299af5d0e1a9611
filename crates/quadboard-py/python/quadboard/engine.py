"""python-chess's ``chess.engine`` (1.11): every public name, for ``import chess.engine``.

Here today: what does not talk to an engine, exactly as python-chess has it. Scores
(``Score``, ``Cp``, ``Mate``, ``MateGiven``, ``PovScore``, the same objects that
``quadboard.pgn`` hands out) and their win/draw/loss estimates (``Score.wdl()`` with
python-chess's models, ``Wdl``, ``PovWdl``); search limits (``Limit``); results
(``PlayResult``, ``BestMove``, ``InfoDict``, the ``Info`` flags); engine options
(``Option`` with ``parse`` and ``is_managed``, ``UciOptionMap``); ``Opponent``; the
exceptions; the type names; ``run_in_background`` and ``EventLoopPolicy``.

Not here yet: the engine protocols. They will be built on quadboard's Rust UCI/XBoard
client (``crates/quadboard-engine``), one home for the protocol. Until then the names
that need them (``SimpleEngine``, ``popen_uci``, ``popen_xboard``, ``UciProtocol``,
``XBoardProtocol``, ``Protocol``, ``AnalysisResult``, ``SimpleAnalysisResult``,
``BaseCommand``, ``MockTransport``) exist, so that programs import, and raise
``NotImplementedError`` naming what is missing when called.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import enum
import logging
import re
import threading
import warnings
from types import TracebackType
from typing import (Any, Callable, Coroutine, Dict, Generic, Iterable, Iterator, List, Mapping,
                    MutableMapping, Optional, Tuple, Type, TypeVar, TypedDict, Union)

from . import Move
from ._core import Color
from ._score import Cp, Mate, MateGiven, MateGivenType, PovScore, PovWdl, Score, Wdl, WdlModel

__all__ = [
    "AnalysisComplete", "AnalysisResult", "BaseCommand", "BestMove", "Color", "CommandState",
    "ConfigMapping", "ConfigValue", "Cp", "EngineError", "EngineTerminatedError",
    "EventLoopPolicy", "F", "INFO_ALL", "INFO_BASIC", "INFO_CURRLINE", "INFO_NONE", "INFO_PV",
    "INFO_REFUTATION", "INFO_SCORE", "Info", "InfoDict", "LOGGER", "Limit", "MANAGED_OPTIONS",
    "Mate", "MateGiven", "MateGivenType", "MockTransport", "Opponent", "Option", "PlayResult",
    "PovScore", "PovWdl", "Protocol", "ProtocolT", "Score", "SimpleAnalysisResult",
    "SimpleEngine", "T", "UCI_REGEX", "UciOptionMap", "UciProtocol", "Wdl", "WdlModel",
    "XBOARD_ERROR_REGEX", "XBoardProtocol", "override", "popen_uci", "popen_xboard",
    "run_in_background",
]

LOGGER = logging.getLogger("quadboard.engine")

T = TypeVar("T")
ProtocolT = TypeVar("ProtocolT", bound="Protocol")
F = TypeVar("F", bound=Callable[..., Any])

ConfigValue = Union[str, int, bool, None]
ConfigMapping = Mapping[str, ConfigValue]

# Options that the protocol sets itself, from the arguments of a search (``multipv``,
# ``ponder``) or from the board (Chess960, variant), rather than from a program's options.
MANAGED_OPTIONS = ["uci_chess960", "uci_variant", "multipv", "ponder"]

# A move as UCI writes it (drops and the null move too), and the start of an XBoard error
# line.
UCI_REGEX = re.compile(r"^[a-h][1-8][a-h][1-8][pnbrqk]?|[PNBRQK]@[a-h][1-8]|0000\Z")
XBOARD_ERROR_REGEX = re.compile(r"^\s*(Error|Illegal move)(\s*\([^()]+\))?\s*:")

# python-chess 1.11's EventLoopPolicy is asyncio's default policy (the tests compare them).
# Python 3.14 deprecates the policy classes: the name stays, without a warning at import.
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    EventLoopPolicy = asyncio.DefaultEventLoopPolicy


def override(fn: F, /) -> F:
    """Marks a method as overriding one of its base class (``typing.override`` of Python
    3.12, for older Pythons); returns ``fn`` unchanged."""
    return fn


def run_in_background(coroutine: Callable[[concurrent.futures.Future[T]], Coroutine[Any, Any, None]], *,
                      name: Optional[str] = None, debug: Optional[bool] = None) -> T:
    """Runs ``coroutine(future)`` in a new event loop on a thread of its own and returns
    the result the coroutine sets on ``future`` as soon as it sets one (the coroutine may
    go on running in the background). Raises what the coroutine raises before that;
    ``concurrent.futures.CancelledError`` when it ends without a result."""
    future: concurrent.futures.Future[T] = concurrent.futures.Future()

    def background() -> None:
        try:
            asyncio.run(coroutine(future), debug=debug)
            future.cancel()
        except Exception as exc:
            # A result already handed back stays; the error only reaches a caller still
            # waiting.
            if not future.done():
                future.set_exception(exc)

    threading.Thread(target=background, name=name).start()
    return future.result()


class EngineError(RuntimeError):
    """An engine's error, or a request the engine cannot take (an unknown option, a bad
    value)."""


class EngineTerminatedError(EngineError):
    """The engine process ended unexpectedly."""


class AnalysisComplete(Exception):
    """An analysis has ended and every info it sent has been read."""


@dataclasses.dataclass
class Limit:
    """When a search ends: after ``time`` seconds, at ``depth`` plies, after ``nodes``
    nodes, on finding a mate in ``mate`` moves, or by the clocks (``white_clock`` and
    ``black_clock`` with increments ``white_inc``, ``black_inc`` in seconds, and
    ``remaining_moves`` to the next time control). ``clock_id`` tells an XBoard engine when the
    time control changed: a new id sends the new control, the same id only the clocks."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None
    clock_id: object = None

    def __repr__(self) -> str:
        # The limits that are set, in field order; clock_id is bookkeeping and not shown.
        shown = ", ".join(f"{field.name}={getattr(self, field.name)!r}"
                          for field in dataclasses.fields(self)
                          if field.name != "clock_id" and getattr(self, field.name) is not None)
        return f"{type(self).__name__}({shown})"


class InfoDict(TypedDict, total=False):
    """What an engine says about its search: every key is optional. ``score`` and ``wdl``
    are from the point of view of the side to move in the searched position; ``pv``,
    ``refutation`` and ``currline`` hold moves."""

    score: PovScore
    pv: List[Move]
    depth: int
    seldepth: int
    time: float
    nodes: int
    nps: int
    tbhits: int
    multipv: int
    currmove: Move
    currmovenumber: int
    hashfull: int
    cpuload: int
    refutation: Dict[Move, List[Move]]
    currline: Dict[int, List[Move]]
    ebf: float
    wdl: PovWdl
    string: str


class PlayResult:
    """What ``play()`` returns: the engine's ``move`` (``None`` when it has none), the move
    it would ``ponder`` on, the ``info`` it gave with the move, and whether it offered a
    draw (``draw_offered``) or resigned (``resigned``)."""

    def __init__(self, move: Optional[Move], ponder: Optional[Move], info: Optional[InfoDict] = None, *,
                 draw_offered: bool = False, resigned: bool = False) -> None:
        self.move = move
        self.ponder = ponder
        # An empty dict passed in is replaced by a new one, as in python-chess.
        self.info: InfoDict = info or {}
        self.draw_offered = draw_offered
        self.resigned = resigned

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} at {id(self):#x} (move={self.move}, ponder={self.ponder}, "
                f"info={self.info}, draw_offered={self.draw_offered}, resigned={self.resigned})>")


class BestMove:
    """An engine's best ``move`` at the end of a search (``None`` when it has none) and the
    move it expects in reply (``ponder``)."""

    def __init__(self, move: Optional[Move], ponder: Optional[Move]):
        self.move = move
        self.ponder = ponder

    def __repr__(self) -> str:
        # Without the closing parenthesis, as python-chess 1.11 writes it.
        return f"<{type(self).__name__} at {id(self):#x} (move={self.move}, ponder={self.ponder}>"


class Info(enum.IntFlag):
    """Which parts of an engine's info lines to read (``analyse``, ``play``): the cheap
    numbers (``BASIC``), the score, the principal variation, refutations, current lines."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_REFUTATION = Info.REFUTATION
INFO_CURRLINE = Info.CURRLINE
INFO_ALL = Info.ALL


@dataclasses.dataclass(frozen=True)
class Option:
    """An option an engine declares: its ``name``, ``type`` (UCI's ``check``, ``spin``,
    ``combo``, ``button``, ``string``; XBoard's ``file``, ``path``, ``reset``, ``save``),
    ``default`` value, ``min`` and ``max`` (spin) and the choices ``var`` (combo)."""

    name: str
    type: str
    default: ConfigValue
    min: Optional[int]
    max: Optional[int]
    var: Optional[List[str]]

    def parse(self, value: ConfigValue) -> ConfigValue:
        """``value`` as the engine is to be sent it: a check's truth (the string
        ``"false"`` is false), a spin's integer within ``min`` and ``max``, one of a
        combo's ``var``, a string option's text without line breaks, ``None`` for a button;
        ``EngineError`` naming the option otherwise."""
        if self.type == "check":
            # A falsy value is passed on as it is (None, 0, ""), as python-chess does.
            return value and value != "false"
        if self.type == "spin":
            try:
                number = int(value)  # type: ignore[arg-type]
            except ValueError:
                raise EngineError(f"expected integer for spin option {self.name!r}, got: {value!r}")
            if self.min is not None and number < self.min:
                raise EngineError(f"expected value for option {self.name!r} to be at least {self.min}, got: {number}")
            if self.max is not None and self.max < number:
                raise EngineError(f"expected value for option {self.name!r} to be at most {self.max}, got: {number}")
            return number
        if self.type == "combo":
            # The choices are listed before the test: a non-str choice fails even for a
            # value among them, as in python-chess.
            choices = ", ".join(self.var) if self.var else "-"
            if value in (self.var or []):
                return value
            raise EngineError(f"invalid value for combo option {self.name!r}, got: {value} (available: {choices})")
        if self.type in ("button", "reset", "save"):
            return None
        if self.type in ("string", "file", "path"):
            text = str(value)
            if "\n" in text or "\r" in text:
                raise EngineError(f"invalid line-break in string option {self.name!r}: {text!r}")
            return text
        raise EngineError(f"unknown option type: {self.type!r}")

    def is_managed(self) -> bool:
        """Whether the protocol sets this option itself (``MANAGED_OPTIONS``, any case)."""
        return self.name.lower() in MANAGED_OPTIONS


@dataclasses.dataclass
class Opponent:
    """The opponent an engine is told about: ``name``, ``title`` (``"GM"``, ``"BOT"``...),
    ``rating`` and whether it ``is_engine``."""

    name: Optional[str]
    title: Optional[str]
    rating: Optional[int]
    is_engine: Optional[bool]


class CommandState(enum.Enum):
    """Where a command to an engine is: not started, running, being cancelled, done."""

    NEW = enum.auto()
    ACTIVE = enum.auto()
    CANCELLING = enum.auto()
    DONE = enum.auto()


class UciOptionMap(MutableMapping[str, T]):
    """A dict of engine options whose keys ignore case, as UCI's option names do; each key
    keeps the spelling it was last set with."""

    def __init__(self, data: Optional[Iterable[Tuple[str, T]]] = None, **kwargs: T) -> None:
        self._store: Dict[str, Tuple[str, T]] = {}
        if data is None:
            data = {}
        self.update(data, **kwargs)

    def __setitem__(self, key: str, value: T) -> None:
        self._store[key.lower()] = (key, value)

    def __getitem__(self, key: str) -> T:
        return self._store[key.lower()][1]

    def __delitem__(self, key: str) -> None:
        del self._store[key.lower()]

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self._store.values())

    def __len__(self) -> int:
        return len(self._store)

    def __eq__(self, other: object) -> bool:
        # Equal when each side holds the other's keys with equal values, each side looking
        # keys up its own way (so against a plain dict the spelling counts).
        try:
            for key, value in self.items():
                if key not in other or other[key] != value:  # type: ignore[operator,index]
                    return False
            for key, value in other.items():  # type: ignore[attr-defined]
                if key not in self or self[key] != value:
                    return False
        except (AttributeError, TypeError):
            return NotImplemented
        return True

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> "UciOptionMap[T]":
        """A shallow copy."""
        return type(self)(self._store.values())

    def __copy__(self) -> "UciOptionMap[T]":
        return self.copy()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.items())!r})"


# --- The engine protocols: to come on the Rust client (crates/quadboard-engine). ---

_MISSING = ("quadboard.engine has no engine protocol yet: {} needs the UCI/XBoard layer that "
            "will be built on quadboard's Rust engine client (crates/quadboard-engine)")


def _missing(what: str) -> NotImplementedError:
    return NotImplementedError(_MISSING.format(what))


class _NotBuilt:
    # The methods of the classes below name themselves in their NotImplementedError.
    def _method(self, name: str) -> NotImplementedError:
        return _missing(f"{type(self).__name__}.{name}")


class Protocol(_NotBuilt, asyncio.SubprocessProtocol):
    """An engine protocol on asyncio (python-chess's base of ``UciProtocol`` and
    ``XBoardProtocol``), with python-chess's methods. Not built yet: making one, and each
    method, raises ``NotImplementedError``."""

    def __init__(self) -> None:
        raise _missing(type(self).__name__)

    @classmethod
    async def popen(cls, command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, Any]:
        """Would start the engine ``command`` and return its transport and protocol."""
        raise _missing(f"{cls.__name__}.popen")

    def send_line(self, line: str) -> None:
        """Would send ``line`` to the engine."""
        raise self._method("send_line")

    def line_received(self, line: str) -> None:
        """Would handle a line of the engine's output."""
        raise self._method("line_received")

    def error_line_received(self, line: str) -> None:
        """Would handle a line of the engine's stderr."""
        raise self._method("error_line_received")

    async def communicate(self, command_factory: Callable[[Any], "BaseCommand[T]"]) -> T:
        """Would run one command."""
        raise self._method("communicate")

    async def initialize(self) -> None:
        """Would do the handshake (``uci``, ``xboard``/``protover 2``)."""
        raise self._method("initialize")

    async def ping(self) -> None:
        """Would wait until the engine answers (``isready``, ``ping``)."""
        raise self._method("ping")

    async def configure(self, options: ConfigMapping) -> None:
        """Would set engine options."""
        raise self._method("configure")

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        """Would tell the engine about its opponent."""
        raise self._method("send_opponent_information")

    async def play(self, board: Any, limit: Limit, *, game: object = None, info: Info = Info.NONE,
                   ponder: bool = False, draw_offered: bool = False, root_moves: Optional[Iterable[Move]] = None,
                   options: ConfigMapping = {}, opponent: Optional[Opponent] = None) -> PlayResult:
        """Would have the engine play a move on ``board``."""
        raise self._method("play")

    async def analyse(self, board: Any, limit: Limit, *, multipv: Optional[int] = None, game: object = None,
                      info: Info = Info.ALL, root_moves: Optional[Iterable[Move]] = None,
                      options: ConfigMapping = {}) -> Union[List[InfoDict], InfoDict]:
        """Would analyse ``board`` until ``limit``."""
        raise self._method("analyse")

    async def analysis(self, board: Any, limit: Optional[Limit] = None, *, multipv: Optional[int] = None,
                       game: object = None, info: Info = Info.ALL, root_moves: Optional[Iterable[Move]] = None,
                       options: ConfigMapping = {}) -> "AnalysisResult":
        """Would start an analysis of ``board`` whose infos are read as they come."""
        raise self._method("analysis")

    async def send_game_result(self, board: Any, winner: Optional[Color] = None, game_ending: Optional[str] = None,
                               game_complete: bool = True) -> None:
        """Would tell the engine how the game ended."""
        raise self._method("send_game_result")

    async def quit(self) -> None:
        """Would ask the engine to quit and wait for it."""
        raise self._method("quit")


class UciProtocol(Protocol):
    """The UCI protocol (not built yet: ``NotImplementedError``)."""

    def debug(self, on: bool = True) -> None:
        """Would switch the engine's debug mode (``debug on``/``debug off``)."""
        raise self._method("debug")


class XBoardProtocol(Protocol):
    """The XBoard protocol (not built yet: ``NotImplementedError``)."""


async def popen_uci(command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, UciProtocol]:
    """Would start a UCI engine and return its transport and protocol; raises
    ``NotImplementedError`` when awaited (no protocol yet)."""
    raise _missing("popen_uci")


async def popen_xboard(command: Union[str, List[str]], *, setpgrp: bool = False,
                       **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, XBoardProtocol]:
    """Would start an XBoard engine and return its transport and protocol; raises
    ``NotImplementedError`` when awaited (no protocol yet)."""
    raise _missing("popen_xboard")


class BaseCommand(_NotBuilt, Generic[T]):
    """A command to an engine (python-chess's protocol machinery; not built yet)."""

    def __init__(self, engine: Protocol) -> None:
        raise _missing("BaseCommand")

    def add_finished_callback(self, callback: Callable[[], None]) -> None:
        """Would call ``callback`` when the command is done."""
        raise self._method("add_finished_callback")

    def set_finished(self) -> None:
        """Would mark the command done."""
        raise self._method("set_finished")

    def cancel(self) -> None:
        """Would cancel the command."""
        raise self._method("cancel")

    def check_initialized(self) -> None:
        """Would check that the engine is initialised."""
        raise self._method("check_initialized")

    def start(self) -> None:
        """Would send the command."""
        raise self._method("start")

    def line_received(self, line: str) -> None:
        """Would handle a line of the engine's answer."""
        raise self._method("line_received")

    def engine_terminated(self, exc: Exception) -> None:
        """Would fail the command with ``exc``."""
        raise self._method("engine_terminated")


class AnalysisResult(_NotBuilt):
    """The infos of a running analysis (``Protocol.analysis``; not built yet)."""

    def __init__(self, stop: Optional[Callable[[], None]] = None):
        raise _missing("AnalysisResult")

    def post(self, info: InfoDict) -> None:
        """Would add an info."""
        raise self._method("post")

    def set_finished(self, best: BestMove) -> None:
        """Would end the analysis with ``best``."""
        raise self._method("set_finished")

    def set_exception(self, exc: Exception) -> None:
        """Would end the analysis with ``exc``."""
        raise self._method("set_exception")

    @property
    def info(self) -> InfoDict:
        """Would be the infos of the first line, merged."""
        raise self._method("info")

    @property
    def multipv(self) -> List[InfoDict]:
        """Would be the merged infos of each line."""
        raise self._method("multipv")

    def stop(self) -> None:
        """Would stop the analysis."""
        raise self._method("stop")

    async def wait(self) -> BestMove:
        """Would wait for the best move."""
        raise self._method("wait")

    async def get(self) -> InfoDict:
        """Would wait for the next info (``AnalysisComplete`` at the end)."""
        raise self._method("get")

    def would_block(self) -> bool:
        """Would say whether ``get()`` has to wait."""
        raise self._method("would_block")

    def empty(self) -> bool:
        """Would say whether no info is waiting."""
        raise self._method("empty")

    async def next(self) -> Optional[InfoDict]:
        """Would wait for the next info (``None`` at the end)."""
        raise self._method("next")

    def __aiter__(self) -> "AnalysisResult":
        raise self._method("__aiter__")

    async def __anext__(self) -> InfoDict:
        raise self._method("__anext__")

    def __enter__(self) -> "AnalysisResult":
        raise self._method("__enter__")

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        raise self._method("__exit__")


class SimpleAnalysisResult(_NotBuilt):
    """``AnalysisResult`` for ``SimpleEngine`` (not built yet)."""

    def __init__(self, simple_engine: "SimpleEngine", inner: AnalysisResult) -> None:
        raise _missing("SimpleAnalysisResult")

    @property
    def info(self) -> InfoDict:
        """Would be the infos of the first line, merged."""
        raise self._method("info")

    @property
    def multipv(self) -> List[InfoDict]:
        """Would be the merged infos of each line."""
        raise self._method("multipv")

    def stop(self) -> None:
        """Would stop the analysis."""
        raise self._method("stop")

    def wait(self) -> BestMove:
        """Would wait for the best move."""
        raise self._method("wait")

    def would_block(self) -> bool:
        """Would say whether ``get()`` has to wait."""
        raise self._method("would_block")

    def empty(self) -> bool:
        """Would say whether no info is waiting."""
        raise self._method("empty")

    def get(self) -> InfoDict:
        """Would wait for the next info (``AnalysisComplete`` at the end)."""
        raise self._method("get")

    def next(self) -> Optional[InfoDict]:
        """Would wait for the next info (``None`` at the end)."""
        raise self._method("next")

    def __iter__(self) -> Iterator[InfoDict]:
        raise self._method("__iter__")

    def __next__(self) -> InfoDict:
        raise self._method("__next__")

    def __enter__(self) -> "SimpleAnalysisResult":
        raise self._method("__enter__")

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        raise self._method("__exit__")


class SimpleEngine(_NotBuilt):
    """The blocking engine API (``SimpleEngine.popen_uci(path)``, ``analyse``, ``play``...),
    with python-chess's methods. Not built yet: starting one raises
    ``NotImplementedError``."""

    def __init__(self, transport: asyncio.SubprocessTransport, protocol: Protocol, *,
                 timeout: Optional[float] = 10.0) -> None:
        raise _missing("SimpleEngine")

    @classmethod
    def popen(cls, Protocol: Any, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
              debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Would start the engine ``command`` with the protocol class ``Protocol``."""
        raise _missing("SimpleEngine.popen")

    @classmethod
    def popen_uci(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                  debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Would start the UCI engine ``command``."""
        raise _missing("SimpleEngine.popen_uci")

    @classmethod
    def popen_xboard(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                     debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Would start the XBoard engine ``command``."""
        raise _missing("SimpleEngine.popen_xboard")

    @property
    def options(self) -> MutableMapping[str, Option]:
        """Would be the options the engine declared."""
        raise self._method("options")

    @property
    def id(self) -> Mapping[str, str]:
        """Would be the engine's ``id`` (name, author)."""
        raise self._method("id")

    def communicate(self, command_factory: Callable[[Protocol], BaseCommand[T]]) -> T:
        """Would run one command."""
        raise self._method("communicate")

    def configure(self, options: ConfigMapping) -> None:
        """Would set engine options."""
        raise self._method("configure")

    def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                  engine_rating: Optional[int] = None) -> None:
        """Would tell the engine about its opponent."""
        raise self._method("send_opponent_information")

    def ping(self) -> None:
        """Would wait until the engine answers."""
        raise self._method("ping")

    def play(self, board: Any, limit: Limit, *, game: object = None, info: Info = Info.NONE, ponder: bool = False,
             draw_offered: bool = False, root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {},
             opponent: Optional[Opponent] = None) -> PlayResult:
        """Would have the engine play a move on ``board``."""
        raise self._method("play")

    def analyse(self, board: Any, limit: Limit, *, multipv: Optional[int] = None, game: object = None,
                info: Info = Info.ALL, root_moves: Optional[Iterable[Move]] = None,
                options: ConfigMapping = {}) -> Union[InfoDict, List[InfoDict]]:
        """Would analyse ``board`` until ``limit``."""
        raise self._method("analyse")

    def analysis(self, board: Any, limit: Optional[Limit] = None, *, multipv: Optional[int] = None,
                 game: object = None, info: Info = Info.ALL, root_moves: Optional[Iterable[Move]] = None,
                 options: ConfigMapping = {}) -> SimpleAnalysisResult:
        """Would start an analysis of ``board`` whose infos are read as they come."""
        raise self._method("analysis")

    def send_game_result(self, board: Any, winner: Optional[Color] = None, game_ending: Optional[str] = None,
                         game_complete: bool = True) -> None:
        """Would tell the engine how the game ended."""
        raise self._method("send_game_result")

    def quit(self) -> None:
        """Would ask the engine to quit and wait for it."""
        raise self._method("quit")

    def close(self) -> None:
        """Would quit the engine and end its event loop."""
        raise self._method("close")

    def __enter__(self) -> "SimpleEngine":
        raise self._method("__enter__")

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        raise self._method("__exit__")


class MockTransport(_NotBuilt, asyncio.SubprocessTransport):
    """python-chess's scripted transport for testing protocols (not built yet)."""

    def __init__(self, protocol: Protocol) -> None:
        raise _missing("MockTransport")

    def expect(self, expectation: str, responses: List[str] = []) -> None:
        """Would expect the line ``expectation`` and answer ``responses``."""
        raise self._method("expect")

    def expect_ping(self) -> None:
        """Would expect a ping and answer it."""
        raise self._method("expect_ping")

    def assert_done(self) -> None:
        """Would check that every expected line came."""
        raise self._method("assert_done")

    def get_pipe_transport(self, fd: int) -> Optional[asyncio.BaseTransport]:
        """Would be the pipe's transport (none)."""
        raise self._method("get_pipe_transport")

    def write(self, data: bytes) -> None:
        """Would check ``data`` against the expected lines."""
        raise self._method("write")

    def get_pid(self) -> int:
        """Would be the process id."""
        raise self._method("get_pid")

    def get_returncode(self) -> Optional[int]:
        """Would be the exit code."""
        raise self._method("get_returncode")
