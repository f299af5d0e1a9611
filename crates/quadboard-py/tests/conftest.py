"""Shared helpers: where the repository's PGN and Syzygy test data are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
# ../shared beside the repository, unless QUADBOARD_SHARED names another (as in the Rust tests).
SHARED = Path(os.environ.get("QUADBOARD_SHARED", REPO.parent / "shared"))
PGN_DIR = SHARED / "data" / "pgn"
PGN_FILES = ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"]


def pgn_paths():
    """The two PGN files of ../shared/data/pgn; skipped when missing, failed under CI=true."""
    paths = [PGN_DIR / name for name in PGN_FILES]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PGN test data missing under CI: {', '.join(missing)}")
        pytest.skip(f"PGN test data missing: {', '.join(missing)}")
    return paths


SYZYGY_DIR = SHARED / "data" / "syzygy"


def syzygy_data_dir():
    """../shared/data/syzygy (tables/ and the public test lists); skipped when missing (a
    whole module when called at its top: one line), failed under CI=true."""
    tables = SYZYGY_DIR / "tables"
    if not tables.is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail(f"Syzygy test data missing under CI: {tables}")
        pytest.skip(f"Syzygy test data missing: {tables}", allow_module_level=True)
    return SYZYGY_DIR
