"""Helpers of the engine tests (test_engine.py, test_engine_variant.py): InfoDicts and
PlayResults as comparable values, and engines behind the logging pipe (log_pipe.py)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def plain(info: dict) -> list:
    """An InfoDict as comparable values, in key order, without the timing keys."""
    out = []
    for key, value in info.items():
        if key in ("time", "nps", "hashfull"):
            continue
        if key == "score":
            value = (repr(value.relative), value.turn)
        elif key == "wdl":
            value = (tuple(value.relative), value.turn)
        elif key == "pv":
            value = [m.uci() for m in value]
        elif key == "currmove":
            value = value.uci()
        elif key in ("refutation", "currline"):
            value = {getattr(k, "uci", lambda: k)(): [m.uci() for m in v] for k, v in value.items()}
        out.append((key, value))
    return out


def plain_play(result) -> tuple:
    return (result.move and result.move.uci(), result.ponder and result.ponder.uci(), plain(result.info))


def logged(tmp_path: Path, program: str, name: str, *replace: str) -> list:
    """PROGRAM behind a pipe (tests/log_pipe.py) that appends what it receives to
    NAME.log and exits when the program does; `replace` (OLD, NEW) changes its output."""
    return [sys.executable, str(HERE / "log_pipe.py"), str(tmp_path / f"{name}.log"), program, *replace]


def received(tmp_path: Path, name: str) -> list:
    """The lines the program behind `logged(tmp_path, _, name)` received."""
    return (tmp_path / f"{name}.log").read_text().splitlines()
