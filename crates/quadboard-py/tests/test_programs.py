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


def start(program: Path, shim: bool) -> subprocess.Popen:
    env = dict(os.environ)
    if shim:
        env["PYTHONPATH"] = str(HERE / "shim") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.Popen([sys.executable, str(program)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(process: subprocess.Popen) -> str:
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    return out


def test_the_shim_is_quadboard():
    code = "import chess, quadboard; print(chess.Board is quadboard.Board)"
    env = dict(os.environ, PYTHONPATH=str(HERE / "shim"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "True", out.stderr


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_prints_the_same(program):
    # Both runs at once: most of each is interpreter start-up, which overlaps on two cores.
    theirs, ours = start(program, shim=False), start(program, shim=True)
    try:
        expected = finish(theirs)
        assert expected.strip(), "the program printed nothing"
        assert finish(ours) == expected
    finally:
        ours.kill()
        ours.communicate()
