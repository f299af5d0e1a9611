"""quadboard.syzygy's table-name helpers against python-chess's, without tables."""

from __future__ import annotations

import chess
import chess.syzygy

import quadboard
import quadboard.syzygy as qsyzygy


def test_names_without_tables():
    assert issubclass(qsyzygy.MissingTableError, KeyError)
    for name in ("KQvK", "KvKQ", "KRvKB", "KBvKR", "KvK", "KQRBNPvK", "KQRBNvKP", "K", "PvK", "KQvKQ"):
        assert qsyzygy.is_tablename(name) == chess.syzygy.is_tablename(name), name
        if "v" in name:
            for mirror in (False, True):
                assert qsyzygy.normalize_tablename(name, mirror=mirror) == chess.syzygy.normalize_tablename(name, mirror=mirror)
    for fen in ("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", "8/8/2k5/8/8/2K5/4RPR1/8 w - - 0 1", "8/8/qk6/8/8/8/8/K7 b - - 0 1"):
        for mirror in (False, True):
            assert qsyzygy.calc_key(quadboard.Board(fen), mirror=mirror) == chess.syzygy.calc_key(chess.Board(fen), mirror=mirror)
