"""python-chess's ``chess.engine`` (1.11): every public name, for ``import chess.engine``.

Here today: what does not talk to an engine, exactly as python-chess has it. Scores
(``Score``, ``Cp``, ``Mate``, ``MateGiven``, ``PovScore``, the same objects that
``quadboard.pgn`` hands out) and their win/draw/loss estimates (``Score.wdl()`` with
python-chess's models, ``Wdl``, ``PovWdl``); search limits (``Limit``); results
(``PlayResult``, ``BestMove``, ``InfoDict``, the ``Info`` flags); engine options
(``Option`` with ``parse`` and ``is_managed``, ``UciOptionMap``); ``Opponent``; the
exceptions; the type names; ``run_in_background`` and ``EventLoopPolicy``.

UCI engines run on quadboard's Rust client (``crates/quadboard-engine``, through
``_quadboard.UciClient``): ``SimpleEngine.popen_uci`` with ``analyse``, ``analysis``,
``play``, ``configure``, ``ping``, ``quit``; ``popen_uci`` and ``UciProtocol`` on asyncio,
whose coroutines run the blocking client in the loop's default executor. The protocol
(lines, deadlines) is the Rust client's; python-chess's bookkeeping of which commands to
send (option values, new games) is here, so that an engine receives the same commands.

XBoard engines run on the Rust XBoard client (``_quadboard.XboardClient``):
``SimpleEngine.popen_xboard``, ``popen_xboard`` and ``XBoardProtocol``, with python-chess's
commands (the game kept in the engine, ``undo``/``remove``, ``analyze``).

Not here: python-chess's line-level machinery (``BaseCommand`` and ``communicate`` for
commands of a program's own, ``MockTransport``, ``line_received``), which has no place on
a client whose protocol is in Rust: they raise ``NotImplementedError``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import copy
import dataclasses
import enum
import logging
import re
import threading
import time
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

_MISSING = ("{} is python-chess's line-level protocol machinery, which quadboard.engine does not "
            "have: its UCI and XBoard protocols are in quadboard's Rust engine client "
            "(crates/quadboard-engine)")


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



# --- UCI on the Rust client (crates/quadboard-engine through `_quadboard.UciClient`). ---
#
# The protocol (the handshake, `info` and `bestmove` lines, every wait's deadline) is the
# Rust client's. What stays here is python-chess's bookkeeping of which commands to send:
# the option values it believes the engine has (`config`), the ones a program asked for
# (`target_config`), when a new game starts, so that the engine receives the same commands
# in the same order as from python-chess.

_STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


def _chain_config(a: ConfigMapping, b: ConfigMapping) -> Iterator[Tuple[str, ConfigValue]]:
    for name, value in a.items():
        yield name, value
    for name, value in b.items():
        if name not in a:
            yield name, value


# The keyword arguments of ``subprocess.Popen`` that python-chess passes on (``popen_args``)
# and the Rust launcher cannot honour, with the reason; others it honours (``cwd``, ``env``,
# ``stderr``, ``process_group``) or takes at their defaults (``close_fds=True``,
# ``restore_signals=True``, ``bufsize=0``).
_POPEN_REFUSED = {
    "stdin": "the engine's stdin carries the protocol",
    "stdout": "the engine's stdout carries the protocol",
    "start_new_session": "the launcher cannot start a session (setsid); setpgrp=True or process_group=0 "
                         "gives the engine a process group of its own, which keeps a terminal's Ctrl-C away too",
    "executable": "the launcher runs the command's first word",
    "preexec_fn": "no Python code can run in the child",
    "pass_fds": "the launcher passes no other file descriptors",
    "user": "the launcher does not change the user",
    "group": "the launcher does not change the group",
    "extra_groups": "the launcher does not change the groups",
    "umask": "the launcher does not change the umask",
    "startupinfo": "a Windows setting",
    "creationflags": "a Windows setting",
    "pipesize": "the launcher's pipes have the system's size",
    "encoding": "the protocol is read as UTF-8 lines",
    "errors": "the protocol is read as UTF-8 lines",
    "text": "the protocol is read as UTF-8 lines",
    "universal_newlines": "the protocol is read as UTF-8 lines",
    "limit": "the launcher reads lines of up to 1 MiB",
}
_POPEN_DEFAULTS = {"close_fds": True, "restore_signals": True, "bufsize": 0}


def _launch(popen_args: Mapping[str, Any], setpgrp: bool) -> Dict[str, Any]:
    """python-chess's ``setpgrp`` and ``popen_args`` as the Rust launcher takes them: the
    working folder, the whole environment, where stderr goes (``None``: kept for error
    messages, as python-chess reads it into its log; ``-3``: discarded; a duplicated file
    descriptor) and the process group. An argument it cannot honour raises
    ``NotImplementedError`` naming it; an unknown one ``TypeError``, as ``Popen`` does."""
    import os
    import subprocess
    how: Dict[str, Any] = {"cwd": None, "env": None, "stderr": None, "process_group": None}
    for name, value in popen_args.items():
        if name == "cwd":
            how["cwd"] = None if value is None else os.fsdecode(value)
        elif name == "env":
            how["env"] = None if value is None else [(os.fsdecode(k), os.fsdecode(v)) for k, v in value.items()]
        elif name == "process_group":
            how["process_group"] = None if value is None else int(value)
        elif name == "stderr":
            continue
        elif name in _POPEN_DEFAULTS:
            if value != _POPEN_DEFAULTS[name]:
                raise NotImplementedError(f"popen_args {name}={value!r}: quadboard's engine launcher "
                                          f"supports only {name}={_POPEN_DEFAULTS[name]!r}")
        elif name in _POPEN_REFUSED:
            if name == "start_new_session" and not value:
                continue
            raise NotImplementedError(f"popen_args {name}={value!r}: not supported by quadboard's engine "
                                      f"launcher ({_POPEN_REFUSED[name]})")
        else:
            raise TypeError(f"popen_args: unexpected keyword argument {name!r}")
    if setpgrp:
        # python-chess's setpgrp is process_group=0 from Python 3.11 (start_new_session
        # before): a process group of the engine's own.
        how["process_group"] = 0
    stderr = popen_args.get("stderr", subprocess.PIPE)
    if stderr == subprocess.PIPE:
        pass
    elif stderr == subprocess.DEVNULL:
        how["stderr"] = -3
    elif stderr == subprocess.STDOUT:
        raise NotImplementedError("popen_args stderr=subprocess.STDOUT: not supported by quadboard's engine "
                                  "launcher (the engine's stdout carries the protocol)")
    else:
        # None inherits this process's stderr, as subprocess does.
        fd = 2 if stderr is None else stderr if isinstance(stderr, int) else stderr.fileno()
        if not isinstance(fd, int) or fd < 0:
            raise ValueError(f"popen_args stderr={stderr!r}: not a file descriptor or a file")
        how["stderr"] = os.dup(fd)
    return how


def _start(client_class: Any, command: Union[str, List[str]], timeout: Optional[float],
           popen_args: Mapping[str, Any], setpgrp: bool) -> Any:
    program, args = _command_parts(command)
    how = _launch(popen_args, setpgrp)
    # The duplicated descriptor is the Rust client's from here on (it closes it).
    return client_class(program, args, how, timeout)


def _command_parts(command: Union[str, List[str]]) -> Tuple[str, List[str]]:
    if isinstance(command, (str, bytes)) or hasattr(command, "__fspath__"):
        import os
        return os.fsdecode(command), []
    parts = [str(part) for part in command]
    if not parts:
        raise ValueError("empty engine command")
    return parts[0], parts[1:]


class _UciCore:
    """One UCI engine and python-chess's bookkeeping of it, blocking calls only; the
    asyncio and the simple API both drive it. Commands are serialised by a lock."""

    def __init__(self, command: Union[str, List[str]], timeout: Optional[float], popen_args: Mapping[str, Any],
                 setpgrp: bool = False) -> None:
        from ._quadboard import UciClient
        self.lock = threading.RLock()
        self.client = _start(UciClient, command, timeout, popen_args, setpgrp)
        self.returncode: Optional[int] = None
        self.options: UciOptionMap[Option] = UciOptionMap()
        self.config: UciOptionMap[ConfigValue] = UciOptionMap()
        self.target_config: UciOptionMap[ConfigValue] = UciOptionMap()
        self.id: Dict[str, str] = dict(self.client.id())
        self.game: object = None
        self.first_game = True
        # The board the engine ponders on (after play(..., ponder=True)), until the next
        # command sends ponderhit or stop.
        self.pondering: Optional[Any] = None
        # Whether target_config may hold a value that config lacks: until a configure,
        # the engine has every target value and the loop over them can be skipped.
        self._dirty = True
        for name, type_, default, min_, max_, var in self.client.options():
            without_default = Option(name, type_, None, min_, max_, list(var))
            option = Option(name, type_, without_default.parse(default if default is not None else ""),
                            min_, max_, list(var))
            self.options[option.name] = option
            if option.default is not None:
                self.config[option.name] = option.default
            if option.default is not None and not option.is_managed() and option.name.lower() != "uci_analysemode":
                self.target_config[option.name] = option.default

    # python-chess's option bookkeeping (UciProtocol._setoption, _configure).
    def _setoption(self, name: str, value: ConfigValue) -> None:
        try:
            value = self.options[name].parse(value)
        except KeyError:
            raise EngineError("engine does not support option {} (available options: {})".format(name, ", ".join(self.options)))
        if value is None or value != self.config.get(name):
            if value is False:
                text = "false"
            elif value is True:
                text = "true"
            elif value is None:
                text = ""
            else:
                text = str(value)
            if name != "UCI_Opponent":
                self.client.set_option(name, text)
            self.config[name] = value

    def _configure(self, options: ConfigMapping) -> None:
        if not options and not self._dirty:
            return
        for name, value in _chain_config(options, self.target_config):
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError("cannot set {} which is automatically managed".format(name))
            self._setoption(name, value)
        self._dirty = bool(options)

    def configure(self, options: ConfigMapping) -> None:
        with self.lock:
            self._end_pondering()
            self._dirty = True
            self._configure(options)
            self.target_config.update({name: value for name, value in options.items() if value is not None})

    def ping(self) -> None:
        with self.lock:
            self._end_pondering()
            self.client.is_ready()

    def send_opponent_information(self, opponent: Optional[Opponent], engine_rating: Optional[int]) -> None:
        """``UCI_Opponent``, when the engine declares it (python-chess's UCI form: a
        ``configure``, so that a ponder search is stopped even when nothing is set)."""
        self.configure(self._opponent_configuration(opponent))

    def _opponent_configuration(self, opponent: Optional[Opponent]) -> Dict[str, ConfigValue]:
        if opponent and opponent.name and "UCI_Opponent" in self.options:
            rating = opponent.rating or "none"
            title = opponent.title or "none"
            player_type = "computer" if opponent.is_engine else "human"
            return {"UCI_Opponent": f"{title} {rating} {player_type} {opponent.name}"}
        return {}

    def send_game_result(self, board: Any, winner: Optional[Color], game_ending: Optional[str],
                         game_complete: bool) -> None:
        """Nothing for UCI (python-chess sends nothing either)."""

    def play_with(self, board: Any, limit: Limit, game: object, info: Info, ponder: bool, draw_offered: bool,
                  root_moves: Optional[Iterable[Move]], options: ConfigMapping,
                  opponent: Optional[Opponent]) -> PlayResult:
        new_options = dict(options)
        new_options.update(self._opponent_configuration(opponent))
        return self.play(board, limit, game, info, ponder, root_moves, new_options)

    def _new(self, game: object, opponent_changed: bool = False) -> None:
        if self.first_game or self.game != game or opponent_changed:
            self.game = game
            self.first_game = False
            # python-chess's _ucinewgame: the opponent goes between `ucinewgame` and
            # `isready` (configure only records it, and the Rust client sends nothing for it).
            opponent = self.config.get("UCI_Opponent") or self.target_config.get("UCI_Opponent")
            if opponent:
                self.client.stop_search()
                self.client.send_line("ucinewgame")
                self.client.send_line(f"setoption name UCI_Opponent value {opponent}")
                self.client.is_ready()
            else:
                self.client.new_game()

    def _go(self, board: Any, limit: Optional[Limit], root_moves: Optional[Iterable[Move]], infinite: bool,
            ponder: bool = False) -> None:
        """python-chess's UciProtocol._position and _go: UCI_Variant, UCI_Chess960, the
        position from the root and the move stack, then ``go``."""
        uci_variant = getattr(type(board), "uci_variant", "chess")
        if "UCI_Variant" in self.options:
            self._setoption("UCI_Variant", uci_variant)
        elif uci_variant != "chess":
            raise EngineError("engine does not support UCI_Variant")
        chess960 = board.chess960
        if "UCI_Chess960" in self.options:
            self._setoption("UCI_Chess960", chess960)
        elif chess960:
            raise EngineError("engine does not support UCI_Chess960")
        stack = board.move_stack
        safe_history = all(stack)
        if not safe_history:
            LOGGER.warning("Not transmitting history with null moves to UCI engine")
            moves: List[str] = []
        else:
            moves = [move.uci() for move in stack]
        if limit is None:
            limit = Limit()
        def clock(value: Optional[float]) -> Optional[int]:
            return None if value is None else max(1, _ms(value))
        def count(value: Optional[int]) -> Optional[int]:
            return None if value is None else max(1, int(value))
        remaining = limit.remaining_moves
        if uci_variant != "chess":
            # A quadboard.variant board: the Rust side reads its position (before the
            # first move when the history is sent) and writes its FEN as python-chess does.
            start: Tuple[Any, ...] = (board, safe_history and bool(stack), moves)
            go = self.client.go_variant
        else:
            root = board.root() if safe_history and stack else board
            fen = root.fen(shredder=chess960, en_passant="fen")
            position = "startpos" if fen == _STARTING_FEN else "fen " + fen
            start = (fen, chess960, position, moves)
            go = self.client.go
        go(
            *start,
            count(limit.depth), count(limit.nodes), count(limit.mate), clock(limit.time),
            clock(limit.white_clock), clock(limit.black_clock),
            None if limit.white_inc is None else _ms(limit.white_inc),
            None if limit.black_inc is None else _ms(limit.black_inc),
            int(remaining) if remaining is not None and int(remaining) > 0 else None,
            infinite,
            None if root_moves is None else [move.uci() for move in root_moves],
            int(self.config.get("MultiPV") or 1), ponder)

    # --- Pondering, as python-chess's UciPlayCommand: after ``play(..., ponder=True)`` the
    # engine ponders on the position after its move and the move it expects; the next
    # command sends ``ponderhit`` when it is a ``play`` of that very position in the same
    # game with the same options, else ``stop`` (and reads the ``bestmove``) before its own
    # commands. ``quit`` sends only ``quit``.

    def _changed_options(self, options: ConfigMapping) -> bool:
        return any(value is None or value != self.config.get(name) for name, value in _chain_config(options, self.target_config))

    def _end_pondering(self) -> None:
        """The ``stop`` that python-chess's next command sends to a ponder search."""
        if self.pondering is not None:
            self.pondering = None
            self.client.stop_search()

    def _ponder(self, board: Any, best: Move, ponder_move: Move, limit: Limit, start_time: float) -> None:
        """``position ... <best> <ponder>`` and ``go ponder`` with the clocks as python-chess
        sets them: the increment added, the time used taken from the side that moved."""
        pondering = board.copy()
        pondering.push(best)
        pondering.push(ponder_move)
        time_used = time.perf_counter() - start_time
        ponder_limit = copy.copy(limit)
        if ponder_limit.white_clock is not None:
            ponder_limit.white_clock += (ponder_limit.white_inc or 0.0)
            if pondering.turn:
                ponder_limit.white_clock -= time_used
        if ponder_limit.black_clock is not None:
            ponder_limit.black_clock += (ponder_limit.black_inc or 0.0)
            if not pondering.turn:
                ponder_limit.black_clock -= time_used
        if ponder_limit.remaining_moves:
            ponder_limit.remaining_moves -= 1
        self._go(pondering, ponder_limit, None, False, ponder=True)
        self.pondering = pondering

    def start_analysis(self, board: Any, limit: Optional[Limit], multipv: Optional[int], game: object,
                       root_moves: Optional[Iterable[Move]], options: ConfigMapping) -> None:
        """python-chess's UciAnalysisCommand.start and _readyok: the commands up to `go`."""
        self._end_pondering()
        if "Ponder" in self.options:
            self._setoption("Ponder", False)
        if "UCI_AnalyseMode" in self.options and "UCI_AnalyseMode" not in self.target_config and all(name.lower() != "uci_analysemode" for name in options):
            self._setoption("UCI_AnalyseMode", True)
        if "MultiPV" in self.options or (multipv and multipv > 1):
            self._setoption("MultiPV", 1 if multipv is None else multipv)
        self._configure(options)
        self._new(game)
        self._go(board, limit, root_moves, not limit)

    def analyse(self, board: Any, limit: Limit, multipv: Optional[int], game: object, info: Info,
                root_moves: Optional[Iterable[Move]], options: ConfigMapping) -> Union[InfoDict, List[InfoDict]]:
        with self.lock:
            self.start_analysis(board, limit, multipv, game, root_moves, options)
            _best, _ponder, infos = self.client.wait(int(info))
        lines: List[InfoDict] = [{}]
        for item in infos:
            if not item:
                continue
            k = item.get("multipv", 1)
            while len(lines) < k:
                lines.append({})
            lines[k - 1].update(item)
        return lines[0] if multipv is None else lines

    def play(self, board: Any, limit: Limit, game: object, info: Info, ponder: bool,
             root_moves: Optional[Iterable[Move]], options: ConfigMapping) -> PlayResult:
        with self.lock:
            new_options = dict(options)
            start_time = time.perf_counter()
            # python-chess decides before it stops the ponder search: the same game, the
            # same options, and the board the engine ponders on.
            may_ponderhit = (ponder and not self.first_game and game == self.game
                             and not self._changed_options(new_options))
            pondering, self.pondering = self.pondering, None
            hit = (may_ponderhit and pondering is not None and board.move_stack == pondering.move_stack
                   and board == pondering and self.client.ponderhit())
            if not hit:
                if pondering is not None:
                    self.client.stop_search()
                if "UCI_AnalyseMode" in self.options and "UCI_AnalyseMode" not in self.target_config and all(name.lower() != "uci_analysemode" for name in new_options):
                    self._setoption("UCI_AnalyseMode", False)
                if "Ponder" in self.options:
                    self._setoption("Ponder", ponder)
                if "MultiPV" in self.options:
                    self._setoption("MultiPV", self.options["MultiPV"].default)
                new_opponent = new_options.get("UCI_Opponent") or self.target_config.get("UCI_Opponent")
                opponent_changed = new_opponent != self.config.get("UCI_Opponent")
                self._configure(new_options)
                self._new(game, opponent_changed)
                self._go(board, limit, root_moves, False)
            best, ponder_move, infos = self.client.wait(int(info))
            merged: InfoDict = {}
            for item in infos:
                merged.update(item)  # type: ignore[typeddict-item]
            if ponder and best and ponder_move:
                self._ponder(board, best, ponder_move, limit, start_time)
        return PlayResult(best, ponder_move, merged)

    def quit(self) -> None:
        # The stop first, not under the lock: quit also ends a search another thread
        # waits on (a search that has ended is not sent one). A ponder search has no one
        # waiting on it: python-chess sends it only `quit`.
        if self.pondering is None:
            self.client.stop()
        with self.lock:
            self.pondering = None
            if not self.client.is_gone():
                self.returncode = self.client.quit()

    def kill(self) -> None:
        """Ends the process without ``quit``, as python-chess's ``close()``."""
        if self.pondering is None:
            self.client.stop()
        with self.lock:
            self.pondering = None
            if not self.client.is_gone():
                self.returncode = self.client.kill()

    def debug(self, on: bool) -> None:
        """``debug on``/``debug off`` at once, a search running or not (python-chess's
        ``UciProtocol.debug``)."""
        self.client.send_line("debug on" if on else "debug off")


class _Analysis:
    """python-chess's AnalysisResult state on a running Rust search: the merged lines, the
    infos not yet read, the end."""

    def __init__(self, core: _UciCore, info: Info) -> None:
        self._core = core
        self._flags = int(info)
        self.multipv: List[InfoDict] = [{}]
        self._best: Optional[BestMove] = None
        self._error: Optional[BaseException] = None
        self._queue: List[InfoDict] = []
        self._seen_end = False
        self._stopped = False

    @property
    def done(self) -> bool:
        return self._best is not None or self._error is not None

    def _pull(self, timeout: Optional[float] = None) -> bool:
        """Reads one event; False when `timeout` passed without one."""
        try:
            event = self._core.client.next_event(self._flags, timeout)
        except BaseException as exc:
            self._error = exc
            return True
        if event is None:
            if timeout is not None:
                return False
            # The search is no longer the engine's (another command took it over).
            self._best = BestMove(None, None)
            return True
        if event[0] == "info":
            info = event[1]
            if info:
                k = info.get("multipv", 1)
                while len(self.multipv) < k:
                    self.multipv.append({})
                self.multipv[k - 1].update(info)
                self._queue.append(info)
        else:
            self._best = BestMove(event[1], event[2])
        return True

    def stop(self) -> None:
        if not self._stopped and not self.done:
            self._stopped = True
            self._core.client.stop()

    def wait(self) -> BestMove:
        while not self.done:
            self._pull()
        if self._error is not None:
            raise self._error
        assert self._best is not None
        return self._best

    def get(self) -> InfoDict:
        while True:
            if self._queue:
                return self._queue.pop(0)
            if self.done:
                self._seen_end = True
                if self._error is not None:
                    raise self._error
                raise AnalysisComplete()
            self._pull()

    def would_block(self) -> bool:
        if self._queue or self._seen_end:
            return False
        if self.done:
            return False
        return not self._pull(0.0) or (not self._queue and not self.done)

    def empty(self) -> bool:
        if self._queue:
            return False
        if self._seen_end or self.done:
            return True
        self._pull(0.0)
        return not self._queue


class _Transport:
    """The transport ``popen_uci`` hands out beside the protocol: the process's id, its
    exit code once it has one, ``close()`` (quits the engine, killing it after a second)."""

    def __init__(self, core: _UciCore) -> None:
        self._core = core

    def get_pid(self) -> int:
        """The engine process's id."""
        return self._core.client.pid()

    def get_returncode(self) -> Optional[int]:
        """The exit code, ``None`` while the engine runs (the code of a signal negated)."""
        return self._core.returncode

    def close(self) -> None:
        """Ends the engine process (killed, as python-chess's transport does)."""
        self._core.kill()

    def is_closing(self) -> bool:
        """Whether the engine has been quit."""
        return self._core.client.is_gone()


class _CoreProtocol(Protocol):
    """An engine protocol on asyncio over a blocking core (``_UciCore``, ``_XBoardCore``):
    its methods are coroutines that run the core in the event loop's default executor (a
    thread), so that the loop goes on meanwhile."""

    _core_class: Any = None

    def __init__(self) -> None:
        # Made only by popen_uci/popen_xboard (python-chess's protocol is made by the
        # event loop).
        self._core: Any = None
        self.returncode: asyncio.Future[int]

    @classmethod
    async def popen(cls, command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[Any, "UciProtocol"]:
        """Starts the engine ``command`` (handshake included) and returns its transport and
        protocol."""
        loop = asyncio.get_running_loop()
        core = await loop.run_in_executor(None, lambda: cls._core_class(command, None, popen_args, setpgrp))
        protocol = cls()
        protocol._core = core
        return _Transport(core), protocol

    def _run(self, fn: Callable[[], T]) -> "asyncio.Future[T]":
        assert self._core is not None
        return asyncio.get_running_loop().run_in_executor(None, fn)

    @property
    def options(self) -> MutableMapping[str, Option]:
        """The options the engine declared."""
        assert self._core is not None
        return self._core.options

    @property
    def config(self) -> MutableMapping[str, ConfigValue]:
        """The option values the engine has, as far as the protocol knows."""
        assert self._core is not None
        return self._core.config

    @property
    def id(self) -> Dict[str, str]:
        """The engine's ``id`` lines (``name``, ``author``)."""
        assert self._core is not None
        return self._core.id

    async def initialize(self) -> None:
        """The handshake happened in ``popen``: an error, as python-chess's second one."""
        raise EngineError("engine already initialized")

    async def ping(self) -> None:
        """``isready`` ... ``readyok``."""
        core = self._core
        assert core is not None
        await self._run(core.ping)

    async def configure(self, options: ConfigMapping) -> None:
        """Sets engine options (those that changed)."""
        core = self._core
        assert core is not None
        await self._run(lambda: core.configure(options))

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        """Tells the engine about its opponent (UCI: ``UCI_Opponent`` when the engine
        declares it; XBoard: ``name``, ``rating``, ``computer`` at the next new game)."""
        core = self._core
        assert core is not None
        await self._run(lambda: core.send_opponent_information(opponent, engine_rating))

    async def play(self, board: Any, limit: Limit, *, game: object = None, info: Info = Info.NONE,
                   ponder: bool = False, draw_offered: bool = False, root_moves: Optional[Iterable[Move]] = None,
                   options: ConfigMapping = {}, opponent: Optional[Opponent] = None) -> PlayResult:
        """The engine's move on ``board`` within ``limit``."""
        core = self._core
        assert core is not None
        board = board.copy()
        return await self._run(lambda: core.play_with(board, limit, game, info, ponder, draw_offered,
                                                      root_moves, options, opponent))

    async def analyse(self, board: Any, limit: Limit, *, multipv: Optional[int] = None, game: object = None,
                      info: Info = Info.ALL, root_moves: Optional[Iterable[Move]] = None,
                      options: ConfigMapping = {}) -> Union[List[InfoDict], InfoDict]:
        """The engine's analysis of ``board`` to ``limit``: an ``InfoDict``, a list of them
        with ``multipv``."""
        core = self._core
        assert core is not None
        board = board.copy()
        return await self._run(lambda: core.analyse(board, limit, multipv, game, info, root_moves, options))

    async def analysis(self, board: Any, limit: Optional[Limit] = None, *, multipv: Optional[int] = None,
                       game: object = None, info: Info = Info.ALL, root_moves: Optional[Iterable[Move]] = None,
                       options: ConfigMapping = {}) -> "AnalysisResult":
        """Starts an analysis of ``board``, read as it comes (``async for``)."""
        core = self._core
        assert core is not None
        board = board.copy()

        def start() -> _Analysis:
            core.lock.acquire()
            try:
                core.start_analysis(board, limit, multipv, game, root_moves, options)
            finally:
                core.lock.release()
            return _Analysis(core, info)

        return AnalysisResult._of(await self._run(start))

    async def send_game_result(self, board: Any, winner: Optional[Color] = None, game_ending: Optional[str] = None,
                               game_complete: bool = True) -> None:
        """Tells the engine how the game ended (XBoard's ``result``; nothing for UCI, as
        python-chess)."""
        core = self._core
        assert core is not None
        board = board.copy()
        await self._run(lambda: core.send_game_result(board, winner, game_ending, game_complete))

    async def quit(self) -> None:
        """``quit``, then waits for the process to end."""
        core = self._core
        assert core is not None
        await self._run(core.quit)



class UciProtocol(_CoreProtocol):
    """The UCI protocol on asyncio, as python-chess's: made by ``popen_uci``; its methods
    are coroutines that run the blocking Rust client in the event loop's default executor
    (a thread), so that the loop goes on meanwhile."""

    _core_class = _UciCore

    def debug(self, on: bool = True) -> None:
        """Switches the engine's debug mode on or off (``debug on``/``debug off``), at once:
        a search going on is not interrupted."""
        assert self._core is not None
        self._core.debug(on)

    def send_line(self, line: str) -> None:
        """Sends ``line`` to the engine at once, beside the protocol's own commands (which
        do not know what it does: a ``go`` or ``stop`` leaves them out of step)."""
        assert self._core is not None
        self._core.client.send_line(line)


async def popen_uci(command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[Any, UciProtocol]:
    """Starts and initialises a UCI engine; returns its transport (``get_pid``,
    ``get_returncode``, ``close``) and its ``UciProtocol``."""
    return await UciProtocol.popen(command, setpgrp=setpgrp, **popen_args)


_XBOARD_CONTROLS = ["random", "computer", "name", "engine_rating", "opponent_rating"]


class _XBoardCore:
    """One XBoard engine on the Rust client (``_quadboard.XboardClient``) and python-chess's
    bookkeeping of it (``XBoardProtocol``'s options, configuration, game and clock id),
    blocking calls only. The commands (the game kept in the engine with ``undo`` and
    ``remove``, ``play``'s limits, ``analyze`` and its stop) are the Rust client's."""

    def __init__(self, command: Union[str, List[str]], timeout: Optional[float], popen_args: Mapping[str, Any],
                 setpgrp: bool = False) -> None:
        from ._quadboard import XboardClient
        self.lock = threading.RLock()
        self.client = _start(XboardClient, command, timeout, popen_args, setpgrp)
        self.returncode: Optional[int] = None
        self.features: Dict[str, Union[int, str]] = {}
        for name, value in self.client.features():
            try:
                self.features[name] = int(value)
            except ValueError:
                self.features[name] = value
        if not self.features.get("ping", 0):
            self.client.kill()
            raise EngineError("xboard engine did not declare required feature: ping")
        self.id: Dict[str, str] = {}
        if "myname" in self.features:
            self.id["name"] = str(self.features["myname"])
        self.options: Dict[str, Option] = {
            "random": Option("random", "check", False, None, None, None),
            "computer": Option("computer", "check", False, None, None, None),
            "name": Option("name", "string", "", None, None, None),
            "engine_rating": Option("engine_rating", "spin", 0, None, None, None),
            "opponent_rating": Option("opponent_rating", "spin", 0, None, None, None),
        }
        for name, type_, default, min_, max_, var in self.client.options():
            if name in ("random", "computer", "cores", "memory"):
                continue
            value: ConfigValue
            if type_ == "check":
                value = int(default == "true")
            elif type_ == "spin":
                value = None if default is None else int(default)
            elif type_ == "string":
                value = default or ""
            elif type_ == "combo":
                value = default
            else:
                value = None
            self.options[name] = Option(name, type_, value, min_, max_, list(var) if type_ == "combo" else None)
        if self.features.get("memory", 0):
            self.options["memory"] = Option("memory", "spin", 16, 1, None, None)
        if self.features.get("smp", 0):
            self.options["cores"] = Option("cores", "spin", 1, 1, None, None)
        if self.features.get("egt"):
            for egt in str(self.features["egt"]).split(","):
                name = f"egtpath {egt}"
                self.options[name] = Option(name, "path", None, None, None, None)
        self.config: Dict[str, ConfigValue] = {}
        self.target_config: Dict[str, ConfigValue] = {}
        for option in self.options.values():
            if option.default is not None:
                self.config[option.name] = option.default
            if option.default is not None and not option.is_managed():
                self.target_config[option.name] = option.default
        self.game: object = None
        self.clock_id: object = None
        self.first_game = True

    # python-chess's XBoardProtocol._setoption, _configure, _opponent_configuration, _new.
    def _setoption(self, name: str, value: ConfigValue) -> None:
        if value is not None and value == self.config.get(name):
            return
        try:
            option = self.options[name]
        except KeyError:
            raise EngineError(f"unsupported xboard option or command: {name}")
        self.config[name] = value = option.parse(value)
        if name in _XBOARD_CONTROLS:
            pass  # Sent with the next new game.
        elif option.type == "check":
            self.client.set_option(name, "true" if value else "false")
        else:
            self.client.set_option(name, "" if value is None else str(value))

    def _configure(self, options: ConfigMapping) -> None:
        for name, value in _chain_config(options, self.target_config):
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError(f"cannot set {name} which is automatically managed")
            self._setoption(name, value)

    def configure(self, options: ConfigMapping) -> None:
        with self.lock:
            self._configure(options)
            self.target_config.update({name: value for name, value in options.items() if value is not None})

    def _opponent_configuration(self, *, opponent: Optional[Opponent] = None,
                                engine_rating: Optional[int] = None) -> ConfigMapping:
        if opponent is None:
            return {}
        info: Dict[str, Union[int, bool, str]] = {
            "engine_rating": engine_rating or self.target_config.get("engine_rating") or 0,  # type: ignore[dict-item]
            "opponent_rating": opponent.rating or 0,
            "computer": opponent.is_engine or False,
        }
        if opponent.name and self.features.get("name", True):
            info["name"] = f"{opponent.title or ''} {opponent.name}".strip()
        return info

    def send_opponent_information(self, opponent: Optional[Opponent], engine_rating: Optional[int]) -> None:
        self.configure(self._opponent_configuration(opponent=opponent, engine_rating=engine_rating))

    def _new(self, board: Any, game: object, options: ConfigMapping, opponent: Optional[Opponent] = None) -> None:
        self._configure(options)
        self._configure(self._opponent_configuration(opponent=opponent))
        new_options = any(param in options for param in ("random", "computer"))
        new_game = bool(self.first_game or self.game != game or new_options or opponent)
        self.game = game
        self.first_game = False
        variant = getattr(type(board), "xboard_variant", "normal")
        if variant != "normal":
            variants = str(self.features.get("variants", "")).split(",")
            raise EngineError("unsupported xboard variant: {} (available: {})".format(variant, ", ".join(variants)))
        stack = board.move_stack
        root = board.root() if stack else board
        fen = root.fen(shredder=board.chess960, en_passant="fen")
        name = self.config.get("name")
        self.client.set_game(fen, board.chess960, [move.uci() for move in stack], new_game,
                             bool(self.config.get("random")), str(name) if name else None,
                             (int(self.config.get("engine_rating") or 0), int(self.config.get("opponent_rating") or 0)),  # type: ignore[arg-type]
                             bool(self.config.get("computer")))

    def ping(self) -> None:
        with self.lock:
            self.client.ping()

    def play_with(self, board: Any, limit: Limit, game: object, info: Info, ponder: bool, draw_offered: bool,
                  root_moves: Optional[Iterable[Move]], options: ConfigMapping,
                  opponent: Optional[Opponent]) -> PlayResult:
        if root_moves is not None:
            raise EngineError("play with root_moves, but xboard supports 'include' only in analysis mode")
        with self.lock:
            self._new(board, game, options, opponent)
            clock = limit.white_clock if board.turn else limit.black_clock
            increment = limit.white_inc if board.turn else limit.black_inc
            level = st = None
            if limit.clock_id is None or limit.clock_id != self.clock_id:
                if limit.remaining_moves or clock is not None or increment is not None:
                    base_mins, base_secs = divmod(int(clock or 0), 60)
                    level = f"{limit.remaining_moves or 0} {base_mins}:{base_secs:02d} {increment or 0}"
                if limit.time is not None:
                    st = f"{max(0.01, limit.time)}"
            self.clock_id = limit.clock_id
            nodes = None
            if limit.nodes is not None:
                if limit.time is not None or limit.white_clock is not None or limit.black_clock is not None or increment is not None:
                    raise EngineError("xboard does not support mixing node limits with time limits")
                if "nps" not in self.features:
                    LOGGER.warning("%s: Engine did not explicitly declare support for node limits (feature nps=?)", self)
                elif not self.features["nps"]:
                    raise EngineError("xboard engine does not support node limits (feature nps=0)")
                nodes = max(1, int(limit.nodes))
            depth = None if limit.depth is None else max(1, int(limit.depth))
            white = None if limit.white_clock is None else max(1, round(limit.white_clock * 100))
            black = None if limit.black_clock is None else max(1, round(limit.black_clock * 100))
            best, ponder_move, infos, offered, resigned = self.client.play(
                level, st, nodes, depth, white, black, draw_offered, bool(info), ponder, int(info))
        return PlayResult(best, ponder_move, infos, draw_offered=offered, resigned=resigned)

    def start_analysis(self, board: Any, limit: Optional[Limit], multipv: Optional[int], game: object,
                       root_moves: Optional[Iterable[Move]], options: ConfigMapping) -> None:
        if multipv is not None:
            raise EngineError("xboard engine does not support multipv")
        if limit is not None and (limit.white_clock is not None or limit.black_clock is not None):
            raise EngineError("xboard analysis does not support clock limits")
        self._new(board, game, options)
        if root_moves is not None and not self.features.get("exclude", 0):
            raise EngineError("xboard engine does not support root_moves (feature exclude=0)")
        lim = limit or Limit()
        self.client.start_analysis(None if root_moves is None else [move.uci() for move in root_moves],
                                   lim.depth, lim.nodes, lim.time, lim.mate)

    def analyse(self, board: Any, limit: Limit, multipv: Optional[int], game: object, info: Info,
                root_moves: Optional[Iterable[Move]], options: ConfigMapping) -> InfoDict:
        with self.lock:
            self.start_analysis(board, limit, multipv, game, root_moves, options)
            analysis = _Analysis(self, info)  # type: ignore[arg-type]
            analysis.wait()
        return analysis.multipv[0]

    def send_game_result(self, board: Any, winner: Optional[Color], game_ending: Optional[str],
                         game_complete: bool) -> None:
        with self.lock:
            if game_ending and any(c in game_ending for c in "{}\n\r"):
                raise EngineError(f"invalid line break or curly braces in game ending message: {game_ending!r}")
            self._new(board, self.game, {})
            outcome = board.outcome(claim_draw=True)
            if not game_complete:
                result = "*"
                ending = game_ending or ""
            elif winner is not None or game_ending:
                result = "1-0" if winner is True else "0-1" if winner is False else "1/2-1/2"
                ending = game_ending or ""
            elif outcome is not None and outcome.winner is not None:
                result = outcome.result()
                winning_color = "White" if outcome.winner else "Black"
                is_checkmate = outcome.termination.name == "CHECKMATE"
                ending = f"{winning_color} {'mates' if is_checkmate else 'variant win'}"
            elif outcome is not None:
                result = outcome.result()
                ending = outcome.termination.name.capitalize().replace("_", " ")
            else:
                result = "*"
                ending = ""
            self.client.game_result(result, ending)

    def quit(self) -> None:
        self.client.stop()
        with self.lock:
            if not self.client.is_gone():
                self.returncode = self.client.quit()

    def kill(self) -> None:
        self.client.stop()
        with self.lock:
            if not self.client.is_gone():
                self.returncode = self.client.kill()


class XBoardProtocol(_CoreProtocol):
    """The XBoard protocol (CECP 2) on asyncio, as python-chess's: made by
    ``popen_xboard``; coroutines over the blocking Rust client, run in the loop's default
    executor. The engine receives python-chess's commands (``tests/test_engine_xboard.py``)."""

    _core_class = _XBoardCore

    @property
    def features(self) -> Dict[str, Union[int, str]]:
        """The features the engine declared (and the client accepted)."""
        return self._core.features


async def popen_xboard(command: Union[str, List[str]], *, setpgrp: bool = False,
                       **popen_args: Any) -> Tuple[Any, XBoardProtocol]:
    """Starts and initialises an XBoard engine; returns its transport (``get_pid``,
    ``get_returncode``, ``close``) and its ``XBoardProtocol``."""
    return await XBoardProtocol.popen(command, setpgrp=setpgrp, **popen_args)


class BaseCommand(_NotBuilt, Generic[T]):
    """A command to an engine (python-chess's line-level protocol machinery, for commands of
    a program's own): quadboard's protocols are in Rust (``NotImplementedError``)."""

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


class AnalysisResult:
    """A running analysis on asyncio (``await protocol.analysis(...)``): ``async for`` its
    infos, ``info`` and ``multipv`` as merged so far, ``stop()``, ``await wait()``. Each
    read runs the blocking Rust search in the loop's default executor."""

    def __init__(self, stop: Optional[Callable[[], None]] = None):
        raise _missing("AnalysisResult() made by a program (made by UciProtocol.analysis)")

    @classmethod
    def _of(cls, inner: _Analysis) -> "AnalysisResult":
        self = cls.__new__(cls)
        self._inner = inner
        return self

    def post(self, info: InfoDict) -> None:
        """python-chess's protocol posts infos here; the Rust search does (``NotImplementedError``)."""
        raise _missing("AnalysisResult.post")

    def set_finished(self, best: BestMove) -> None:
        """python-chess's protocol ends the analysis here; the Rust search does (``NotImplementedError``)."""
        raise _missing("AnalysisResult.set_finished")

    def set_exception(self, exc: Exception) -> None:
        """python-chess's protocol fails the analysis here; the Rust search does (``NotImplementedError``)."""
        raise _missing("AnalysisResult.set_exception")

    async def _call(self, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(None, fn)

    @property
    def multipv(self) -> List[InfoDict]:
        """The merged infos of each line."""
        return self._inner.multipv

    @property
    def info(self) -> InfoDict:
        """The merged infos of the first line (``multipv[0]``)."""
        return self._inner.multipv[0]

    def stop(self) -> None:
        """Stops the analysis (the engine sends its best move)."""
        self._inner.stop()

    async def wait(self) -> BestMove:
        """Waits for the best move."""
        return await self._call(self._inner.wait)

    async def get(self) -> InfoDict:
        """The next info; ``AnalysisComplete`` once the analysis ended and all are read."""
        return await self._call(self._inner.get)

    def would_block(self) -> bool:
        """Whether the next ``get()`` has to wait for the engine."""
        return self._inner.would_block()

    def empty(self) -> bool:
        """Whether no info is waiting to be read."""
        return self._inner.empty()

    async def next(self) -> Optional[InfoDict]:
        """The next info, ``None`` at the end."""
        try:
            return await self.get()
        except AnalysisComplete:
            return None

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> InfoDict:
        try:
            return await self.get()
        except AnalysisComplete:
            raise StopAsyncIteration

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.stop()


class SimpleAnalysisResult:
    """A running analysis for ``SimpleEngine`` (``engine.analysis(...)``): iterate its
    infos, ``info`` and ``multipv`` as merged so far, ``stop()``, ``wait()``, ``get()``,
    ``next()``; a context manager that stops it."""

    def __init__(self, simple_engine: "SimpleEngine", inner: Any) -> None:
        self.simple_engine = simple_engine
        self.inner = inner

    @property
    def info(self) -> InfoDict:
        """The merged infos of the first line (``multipv[0]``)."""
        return self.inner.multipv[0]

    @property
    def multipv(self) -> List[InfoDict]:
        """The merged infos of each line."""
        return self.inner.multipv

    def stop(self) -> None:
        """Stops the analysis (the engine sends its best move)."""
        self.inner.stop()

    def wait(self) -> BestMove:
        """Waits for the best move."""
        return self.inner.wait()

    def would_block(self) -> bool:
        """Whether the next ``get()`` has to wait for the engine."""
        return self.inner.would_block()

    def empty(self) -> bool:
        """Whether no info is waiting to be read."""
        return self.inner.empty()

    def get(self) -> InfoDict:
        """The next info; ``AnalysisComplete`` once the analysis ended and all are read."""
        return self.inner.get()

    def next(self) -> Optional[InfoDict]:
        """The next info, ``None`` at the end."""
        try:
            return self.inner.get()
        except AnalysisComplete:
            return None

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        try:
            return self.inner.get()
        except AnalysisComplete:
            raise StopIteration

    def __enter__(self) -> "SimpleAnalysisResult":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.inner.stop()


class SimpleEngine:
    """The blocking engine API, as python-chess's: ``SimpleEngine.popen_uci(path)``, then
    ``analyse``, ``analysis``, ``play``, ``configure``, ``ping``, ``quit``; a context manager
    that closes the engine. Calls block on the Rust client with the GIL released (no event
    loop, no background thread); ``timeout`` bounds the start, ``ping`` and the wait beyond a
    search's time limit, as in python-chess (searches by depth or nodes are not bounded)."""

    def __init__(self, transport: Any, protocol: Protocol, *, timeout: Optional[float] = 10.0) -> None:
        self.transport = transport
        self.protocol = protocol
        self.timeout = timeout
        self._core: Any = protocol._core  # type: ignore[attr-defined]

    @classmethod
    def popen(cls, Protocol: Any, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
              debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts the engine ``command`` with the protocol class ``Protocol`` (UCI only)."""
        if not (isinstance(Protocol, type) and issubclass(Protocol, _CoreProtocol)):
            raise _missing(f"SimpleEngine.popen with {getattr(Protocol, '__name__', Protocol)}")
        core = Protocol._core_class(command, timeout, popen_args, setpgrp)
        protocol = Protocol()
        protocol._core = core
        return cls(_Transport(core), protocol, timeout=timeout)

    @classmethod
    def popen_uci(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                  debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts the UCI engine ``command`` (a path, or a list of the path and its
        arguments) and does the handshake within ``timeout`` seconds."""
        return cls.popen(UciProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    @classmethod
    def popen_xboard(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                     debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts the XBoard engine ``command`` (a path, or a list of the path and its
        arguments) and negotiates its features within ``timeout`` seconds."""
        return cls.popen(XBoardProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    @property
    def options(self) -> MutableMapping[str, Option]:
        """The options the engine declared."""
        return self._core.options

    @property
    def id(self) -> Mapping[str, str]:
        """The engine's ``id`` lines (``name``, ``author``)."""
        return self._core.id

    def communicate(self, command_factory: Callable[[Protocol], BaseCommand[T]]) -> T:
        """python-chess's command machinery: not offered (``NotImplementedError``)."""
        raise _missing("SimpleEngine.communicate")

    def configure(self, options: ConfigMapping) -> None:
        """Sets engine options (those that changed)."""
        self._core.configure(options)

    def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                  engine_rating: Optional[int] = None) -> None:
        """Tells the engine about its opponent (UCI: ``UCI_Opponent`` when the engine
        declares it; XBoard: ``name``, ``rating``, ``computer`` at the next new game)."""
        self._core.send_opponent_information(opponent, engine_rating)

    def ping(self) -> None:
        """``isready`` ... ``readyok``, within ``timeout``."""
        self._core.ping()

    def play(self, board: Any, limit: Limit, *, game: object = None, info: Info = Info.NONE, ponder: bool = False,
             draw_offered: bool = False, root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {},
             opponent: Optional[Opponent] = None) -> PlayResult:
        """The engine's move on ``board`` within ``limit`` (the whole move stack is sent)."""
        return self._core.play_with(board, limit, game, info, ponder, draw_offered, root_moves, options, opponent)

    def analyse(self, board: Any, limit: Limit, *, multipv: Optional[int] = None, game: object = None,
                info: Info = Info.ALL, root_moves: Optional[Iterable[Move]] = None,
                options: ConfigMapping = {}) -> Union[InfoDict, List[InfoDict]]:
        """The engine's analysis of ``board`` to ``limit``: an ``InfoDict``, a list of them
        (one per line) with ``multipv``."""
        return self._core.analyse(board, limit, multipv, game, info, root_moves, options)

    def analysis(self, board: Any, limit: Optional[Limit] = None, *, multipv: Optional[int] = None,
                 game: object = None, info: Info = Info.ALL, root_moves: Optional[Iterable[Move]] = None,
                 options: ConfigMapping = {}) -> SimpleAnalysisResult:
        """Starts an analysis of ``board`` (until ``limit``, or until stopped), read as it
        comes."""
        core = self._core
        with core.lock:
            core.start_analysis(board, limit, multipv, game, root_moves, options)
        return SimpleAnalysisResult(self, _Analysis(core, info))

    def send_game_result(self, board: Any, winner: Optional[Color] = None, game_ending: Optional[str] = None,
                         game_complete: bool = True) -> None:
        """Tells the engine how the game ended (XBoard's ``result``; nothing for UCI, as
        python-chess)."""
        self._core.send_game_result(board, winner, game_ending, game_complete)

    def quit(self) -> None:
        """``quit``, then waits for the process to end (killing it after a second)."""
        self._core.quit()

    def close(self) -> None:
        """Ends the engine process at once (no ``quit``, as python-chess's ``close()``)."""
        self._core.kill()

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SimpleEngine (pid={self._core.client.pid()})>"



class MockTransport(_NotBuilt, asyncio.SubprocessTransport, asyncio.WriteTransport):
    """python-chess's scripted transport for testing its line-level protocols; quadboard's
    protocols are in Rust, so there is nothing here to script (``NotImplementedError``)."""

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
