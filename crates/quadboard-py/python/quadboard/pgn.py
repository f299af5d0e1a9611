"""Reading PGN files: ``read_games(path, *, threads=1)`` yields ``Game`` objects."""

from ._quadboard import Game, GameReader, read_games

__all__ = ["Game", "GameReader", "read_games"]
