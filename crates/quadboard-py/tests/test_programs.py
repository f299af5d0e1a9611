"""Programs written the way public code uses python-chess (tests/programs/, each `import
chess`), run once on python-chess and once with `chess` resolving to quadboard (the
re-exporting module in tests/shim/): the output must be identical."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
PROGRAMS = sorted((HERE / "programs").glob("*.py"))


def run(program: Path, shim: bool) -> str:
    env = dict(os.environ)
    if shim:
        env["PYTHONPATH"] = str(HERE / "shim") + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, str(program)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_shim_is_quadboard():
    code = "import chess, quadboard; print(chess.Board is quadboard.Board)"
    env = dict(os.environ, PYTHONPATH=str(HERE / "shim"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "True", out.stderr


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_prints_the_same(program):
    expected = run(program, shim=False)
    assert expected.strip(), "the program printed nothing"
    assert run(program, shim=True) == expected
