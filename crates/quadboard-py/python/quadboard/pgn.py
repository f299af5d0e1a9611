"""python-chess's ``chess.pgn`` (1.11) on quadboard: reading games (``read_game``,
``read_headers``, ``skip_game``) into trees (``Game``, ``GameNode``, ``ChildNode``),
visitors and exporters, and ``read_games(path, *, threads=1)``, the fast batch reader
over a file name (compressed files, threads) that yields the same ``Game`` trees."""

from ._pgn_text import *  # noqa: F401,F403
from ._pgn_text import __all__ as _TEXT_NAMES
from ._pgn_tree import (
    BoardBuilder,
    ChildNode,
    Game,
    GameBuilder,
    GameNode,
    HeadersBuilder,
    Mainline,
    read_game,
    read_games,
    read_headers,
    skip_game,
)

# python-chess's logger of reading errors (here ``quadboard.pgn``; setting either it or
# ``chess.pgn``'s logger above ERROR silences them), and its type names for annotations.
from typing import TypeVar

from ._core import Color, Square
from ._pgn_text import ResultT
from ._pgn_tree import LOGGER

GameT = TypeVar("GameT", bound="Game")
HeadersT = TypeVar("HeadersT", bound="Headers")
MainlineMapT = TypeVar("MainlineMapT")

__all__ = [
    "LOGGER", "Color", "Square", "ResultT", "GameT", "HeadersT", "MainlineMapT",
    "BoardBuilder", "ChildNode", "Game", "GameBuilder", "GameNode", "HeadersBuilder",
    "Mainline", "read_game", "read_games", "read_headers", "skip_game",
] + list(_TEXT_NAMES)
