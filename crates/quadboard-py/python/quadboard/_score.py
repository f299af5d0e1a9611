"""Engine scores as python-chess's ``chess.engine`` has them: ``Cp``, ``Mate``, ``MateGiven``
and ``PovScore``, the values that ``GameNode.eval()`` returns and ``set_eval`` accepts."""

from __future__ import annotations

import abc
from typing import Any, Optional, Tuple

__all__ = ["Score", "Cp", "Mate", "MateGivenType", "MateGiven", "PovScore"]


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

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]
