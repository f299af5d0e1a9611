import enum
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

class Outcome:
    """The end of a game: its ``termination`` and ``winner`` (True = white, None = draw)."""

    termination: Termination
    winner: Optional[bool]
    def __init__(self, termination: Termination, winner: Optional[bool]) -> None: ...
    def result(self) -> str: ...
