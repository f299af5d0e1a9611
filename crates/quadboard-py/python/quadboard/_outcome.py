"""How a game ended: python-chess's ``Termination`` and ``Outcome``."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional


class Termination(enum.Enum):
    """Why a game ended; the names and values are python-chess's."""

    CHECKMATE = 1
    STALEMATE = 2
    INSUFFICIENT_MATERIAL = 3
    SEVENTYFIVE_MOVES = 4
    FIVEFOLD_REPETITION = 5
    FIFTY_MOVES = 6
    THREEFOLD_REPETITION = 7
    VARIANT_WIN = 8
    VARIANT_LOSS = 9
    VARIANT_DRAW = 10


# Not frozen, as python-chess's: its fields can be assigned and it is unhashable.
@dataclass
class Outcome:
    """The end of a game: its ``termination`` and ``winner`` (True = white, None = draw)."""

    termination: Termination
    winner: Optional[bool]

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")
