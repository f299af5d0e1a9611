"""Reading PGN files."""

import os
from typing import Dict, Iterator, List, Union

from . import Board, Move

class Game:
    """A game read from PGN."""

    headers: Dict[str, str]
    """The tags: the Seven Tag Roster first (``?`` when missing), then the others."""
    moves: List[Move]
    """The mainline's moves."""
    errors: List[str]
    """What went wrong, one message each (a move that cannot be played ends its line)."""
    warnings: List[str]
    """What was read although it departs from the standard, one message each."""
    def board(self) -> Board:
        """The board after the mainline, with the mainline as its move stack."""
    def mainline_moves(self) -> List[Move]: ...

class GameReader(Iterator[Game]):
    def __iter__(self) -> "GameReader": ...
    def __next__(self) -> Game: ...

def read_games(path: Union[str, "os.PathLike[str]"], *, threads: int = 1) -> GameReader:
    """The games of a PGN file (plain, ``.gz``, ``.zst`` or ``.bz2``), parsed in chunks by
    ``threads`` threads without the GIL; ``OSError`` if it cannot be read."""
