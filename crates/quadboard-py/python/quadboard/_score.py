"""Engine scores as python-chess's ``chess.engine`` has them: ``Cp``, ``Mate``, ``MateGiven``
and ``PovScore``, the values that ``GameNode.eval()`` returns and ``set_eval`` accepts, and
the win/draw/loss estimates ``Wdl`` and ``PovWdl`` that ``Score.wdl()`` makes from them.

The models of ``wdl()`` are Stockfish's win rate models of releases 12 to 16.1 (the
polynomials in ``win_rate_model`` of each release's ``src/uci.cpp``) and the formula of
lichess's analysis board (lila's ``ui/ceval/src/winningChances.ts``). Where python-chess
1.11 reads them differently from the engine, these read them as python-chess does, so that
a program gets the same numbers from either package: noted at each place."""

from __future__ import annotations

import abc
import dataclasses
import math
from typing import Any, Callable, Dict, Iterator, Literal, Optional, Tuple

__all__ = ["Score", "Cp", "Mate", "MateGivenType", "MateGiven", "PovScore", "Wdl", "PovWdl",
           "WdlModel"]

# The names python-chess gives its models; "sf" is the newest.
WdlModel = Literal["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]


@dataclasses.dataclass
class Wdl:
    """Win, draw and loss counts (engines give them per mille) from one side's point of view."""

    wins: int
    """The wins."""

    draws: int
    """The draws."""

    losses: int
    """The losses."""

    def total(self) -> int:
        """``wins + draws + losses`` (1000 for an engine's per mille figures)."""
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        """The share of wins (``ZeroDivisionError`` when all three are 0)."""
        return self.wins / self.total()

    def drawing_chance(self) -> float:
        """The share of draws."""
        return self.draws / self.total()

    def losing_chance(self) -> float:
        """The share of losses."""
        return self.losses / self.total()

    def expectation(self) -> float:
        """The expected score, a win counting 1 and a draw one half."""
        return (self.wins + 0.5 * self.draws) / self.total()

    def __bool__(self) -> bool:
        return bool(self.total())

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))

    def __reversed__(self) -> Iterator[int]:
        return iter((self.losses, self.draws, self.wins))

    def __pos__(self) -> "Wdl":
        return self

    def __neg__(self) -> "Wdl":
        return Wdl(self.losses, self.draws, self.wins)


class PovWdl:
    """A ``Wdl`` (``relative``) from the point of view of ``turn`` (``WHITE`` is ``True``)."""

    def __init__(self, relative: Wdl, turn: Any) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Wdl:
        """The counts from White's point of view."""
        return self.pov(True)

    def black(self) -> Wdl:
        """The counts from Black's point of view."""
        return self.pov(False)

    def pov(self, color: Any) -> Wdl:
        """The counts from ``color``'s point of view."""
        return self.relative if self.turn == color else -self.relative

    # Before python-chess 1.x a PovWdl was a (wins, draws, losses) tuple of the relative
    # counts; programs still index and unpack it, and python-chess keeps that working.
    def __bool__(self) -> bool:
        return bool(self.relative)

    def __iter__(self) -> Iterator[int]:
        return iter(self.relative)

    def __len__(self) -> int:
        return 3

    def __getitem__(self, idx: int) -> int:
        return tuple(self.relative)[idx]

    def __repr__(self) -> str:
        return f"PovWdl({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovWdl):
            return self.white() == other.white()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


def _per_mille(x: float) -> int:
    # Stockfish rounds its win rate with int(0.5 + x), not to even.
    return int(0.5 + x)


def _stockfish_model(alphas: Tuple[float, float, float, float], betas: Tuple[float, float, float, float],
                     m: float, x: float) -> int:
    # The win rate per mille of one side at internal eval x: a logistic curve whose centre a
    # and spread b are cubic polynomials in the game-phase variable m.
    a = ((alphas[0] * m + alphas[1]) * m + alphas[2]) * m + alphas[3]
    b = ((betas[0] * m + betas[1]) * m + betas[2]) * m + betas[3]
    return _per_mille(1000 / (1 + math.exp((a - x) / b)))


def _clamp(bound: float, x: float) -> float:
    # In this argument order a NaN reads as +bound, as in python-chess (min(b, nan) is b).
    return max(-bound, min(bound, x))


def _old_phase(ply: Any) -> float:
    # Releases 12 to 16: the ply, capped at 240, over 64 (python-chess also floors it at 0).
    return max(0, min(240, ply)) / 64


def _sf12_wins(cp: Any, ply: Any) -> int:
    # Stockfish 12 and 14/15 convert eval to centipawns (100 * v / PawnValueEg) before the
    # model: a program's centipawns go in as they are, clamped.
    return _stockfish_model((-8.24404295, 64.23892342, -95.73056462, 153.86478679),
                            (-3.37154371, 28.44489198, -56.67657741, 72.05858751),
                            _old_phase(ply), _clamp(1000, cp))


def _sf14_wins(cp: Any, ply: Any) -> int:
    return _stockfish_model((-3.68389304, 30.07065921, -60.52878723, 149.53378557),
                            (-2.0181857, 15.85685038, -29.83452023, 47.59078827),
                            _old_phase(ply), _clamp(2000, cp))


def _sf15_wins(cp: Any, ply: Any) -> int:
    return _stockfish_model((-1.17202460e-01, 5.94729104e-01, 1.12065546e+01, 1.22606222e+02),
                            (-1.79066759, 11.30759193, -17.43677612, 36.47147479),
                            _old_phase(ply), _clamp(2000, cp))


def _sf15_1_wins(cp: Any, ply: Any) -> int:
    # From 15.1 the model takes the internal eval: centipawns times NormalizeToPawnValue
    # (361 in 15.1) over 100, as exact integer arithmetic until the one division.
    return _stockfish_model((-0.58270499, 2.68512549, 15.24638015, 344.49745382),
                            (-2.65734562, 15.96509799, -20.69040836, 73.61029937),
                            _old_phase(ply), _clamp(4000, cp * 361 / 100))


def _sf16_wins(cp: Any, ply: Any) -> int:
    return _stockfish_model((0.38036525, -2.82015070, 23.17882135, 307.36768407),
                            (-2.29434733, 13.27689788, -14.26828904, 63.45318330),
                            _old_phase(ply), _clamp(4000, cp * 328 / 100))


def _sf16_1_wins(cp: Any, ply: Any) -> int:
    # 16.1 anchors the model at move 32 of moves 8 to 120. The engine takes ply / 2 in
    # integers; python-chess divides exactly (an odd ply gives a half move), and keeps
    # 16's clamp of the eval, which 16.1 dropped (it spares exp() an overflow).
    m = min(120, max(8, ply / 2 + 1)) / 32
    return _stockfish_model((-1.06249702, 7.42016937, 0.89425629, 348.60356174),
                            (-5.33122190, 39.57831533, -90.84473771, 123.40620748),
                            m, _clamp(4000, cp * 356 / 100))


_STOCKFISH_MODELS: Dict[str, Callable[[Any, Any], int]] = {
    "sf12": _sf12_wins, "sf14": _sf14_wins, "sf15": _sf15_wins, "sf15.1": _sf15_1_wins,
    "sf16": _sf16_wins, "sf16.1": _sf16_1_wins,
}


def _lichess_wins(cp: Any) -> int:
    # lichess's winning chances, 2 / (1 + exp(-0.00368208 * cp)) - 1 in [-1, 1], as the
    # wins per mille of a game without draws.
    return round(1000 / (1 + math.exp(-0.00368208 * cp)))


def _cp_wdl(cp: Any, model: str, ply: Any) -> Wdl:
    if model == "lichess":
        wins = _lichess_wins(min(1000, max(-1000, cp)))
        return Wdl(wins, 0, 1000 - wins)
    # Any other name, "sf" among them, is the newest model (as in python-chess).
    wins_of = _STOCKFISH_MODELS.get(model, _sf16_1_wins)
    wins = wins_of(cp, ply)
    losses = wins_of(-cp, ply)
    return Wdl(wins, 1000 - wins - losses, losses)


def _mate_wdl(moves: Any, model: str) -> Wdl:
    if model == "lichess":
        # lichess scores a mate in n as (21 - min(10, n)) pawns, past its clamp of 10 pawns.
        cp = (21 - min(10, abs(moves))) * 100
        wins = _lichess_wins(cp if moves > 0 else -cp)
        return Wdl(wins, 0, 1000 - wins)
    # Stockfish's models call every mate a certain result.
    return Wdl(1000, 0, 0) if moves > 0 else Wdl(0, 0, 1000)


class Score(abc.ABC):
    """A score from one side's point of view: centipawns (``Cp``) or a mate (``Mate``,
    ``MateGiven``).

    Scores are ordered from worst to best for that side: being mated now (``Mate(0)``), being
    mated in 1, in 2, ..., any centipawn score in order, ..., mating in 2, in 1, and having
    mated (``MateGiven``).
    """

    @abc.abstractmethod
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centipawns; for a mate ``None``, or, given ``mate_score``, ``mate_score`` less
        the moves to mate (``-mate_score`` less them when being mated)."""

    @abc.abstractmethod
    def mate(self) -> Optional[int]:
        """The moves to mate: positive when mating, negative (or 0 for ``Mate(0)``) when being
        mated, 0 for ``MateGiven``; ``None`` for a centipawn score."""

    def is_mate(self) -> bool:
        """Whether this is a mate score (``mate()`` is not ``None``)."""
        return self.mate() is not None

    @abc.abstractmethod
    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        """The expected wins, draws and losses per mille at this score after ``ply`` plies,
        by ``model``: Stockfish's of release ``"sf16.1"``, ``"sf16"``, ``"sf15.1"``,
        ``"sf15"``, ``"sf14"`` or ``"sf12"`` (``"sf"`` is the newest; the engine's own
        numbers come from its ``wdl`` output), or lichess's (``"lichess"``: no draws, the
        ply ignored). Mates are a certain win or loss in Stockfish's models."""

    @abc.abstractmethod
    def __neg__(self) -> "Score":
        """The same score from the other side's point of view."""

    @abc.abstractmethod
    def __pos__(self) -> "Score":
        """The score itself."""

    @abc.abstractmethod
    def __abs__(self) -> "Score":
        """The score as if it were good for this side."""

    def _order_key(self) -> Tuple[int, int]:
        # A tier (being mated, centipawns, mating, mate given) and a rank within it, so that
        # one tuple comparison orders every pair of scores.
        if isinstance(self, MateGivenType):
            return (3, 0)
        moves = self.mate()
        if moves is None:
            return (1, self.score() or 0)
        if moves > 0:
            return (2, -moves)
        return (0, -moves)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order_key() == other._order_key()
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order_key() < other._order_key()
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order_key() <= other._order_key()
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order_key() > other._order_key()
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order_key() >= other._order_key()
        return NotImplemented

    # Equal scores of different types (none today) would need equal hashes: as python-chess,
    # scores are not hashable.
    __hash__ = None  # type: ignore[assignment]


class Cp(Score):
    """A score in centipawns: ``Cp(20)`` is a fifth of a pawn better for the side."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def mate(self) -> None:
        """``None``: a centipawn score is not a mate."""
        return None

    def score(self, *, mate_score: Optional[int] = None) -> int:
        """The centipawns (``mate_score`` is not needed)."""
        return self.cp

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        """The expected wins, draws and losses per mille (see ``Score.wdl``)."""
        return _cp_wdl(self.cp, model, ply)

    def __str__(self) -> str:
        return f"+{self.cp:d}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __pos__(self) -> "Cp":
        return Cp(self.cp)

    def __abs__(self) -> "Cp":
        return Cp(abs(self.cp))


class Mate(Score):
    """Mate in ``moves`` moves: positive when the side mates, negative when it is mated;
    ``Mate(0)`` is the side to move being mated (``-Mate(0)`` is ``MateGiven``)."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def mate(self) -> int:
        """The moves to mate, signed as given."""
        return self.moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """``None``; given ``mate_score``, ``mate_score - moves`` when mating and
        ``-mate_score - moves`` when being mated."""
        if mate_score is None:
            return None
        if self.moves > 0:
            return mate_score - self.moves
        return -mate_score - self.moves

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        """A certain win or loss, or lichess's odds for the mate (see ``Score.wdl``)."""
        return _mate_wdl(self.moves, model)

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return f"Mate({str(self)[1:]})"

    def __neg__(self) -> Score:
        return Mate(-self.moves) if self.moves else MateGiven

    def __pos__(self) -> "Mate":
        return Mate(self.moves)

    def __abs__(self) -> Score:
        return Mate(abs(self.moves)) if self.moves else MateGiven


class MateGivenType(Score):
    """The type of ``MateGiven``: the side has already mated its opponent."""

    def mate(self) -> int:
        """0: the mate has been given."""
        return 0

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """``mate_score`` itself (``None`` when not given)."""
        return mate_score

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        """A won game: ``Wdl(1000, 0, 0)``."""
        return Wdl(1000, 0, 0)

    def __neg__(self) -> "Mate":
        return Mate(0)

    def __pos__(self) -> "MateGivenType":
        return self

    def __abs__(self) -> "MateGivenType":
        return self

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = MateGivenType()


class PovScore:
    """A score (``relative``) from the point of view of ``turn`` (``WHITE`` is ``True``)."""

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        """The score from White's point of view."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from Black's point of view."""
        return self.pov(False)

    def pov(self, color: Any) -> Score:
        """The score from ``color``'s point of view."""
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        """Whether the score is a mate score."""
        return self.relative.is_mate()

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> PovWdl:
        """The relative score's ``wdl()`` from the same point of view."""
        return PovWdl(self.relative.wdl(model=model, ply=ply), self.turn)

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]
