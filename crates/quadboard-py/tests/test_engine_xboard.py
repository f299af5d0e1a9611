"""`quadboard.engine`'s XBoard protocol against python-chess's `chess.engine` (the oracle)
with the real Fairy-Max (`apt-get install fairymax`): the same commands in the same order
for the same calls, the same `PlayResult`s and `InfoDict`s for depth-limited searches, the
same exceptions; the simple and the asyncio form.

python-chess refuses Fairy-Max as it is (Fairy-Max 5.0b declares `setboard=0`, and
python-chess requires `setboard`), so both packages drive it through a shell pipe that
changes that one feature to `setboard=1` and logs the commands the engine receives; every
position is reached by moves from the standard start, so neither package sends `setboard`.
quadboard drives Fairy-Max without the pipe too (the last tests). Skips with one line
without Fairy-Max; fails under CI=true."""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import stat
import sys
from pathlib import Path

import chess
import chess.engine
import pytest

import quadboard
import quadboard.engine as qengine

LOG_PIPE = Path(__file__).resolve().parent / "log_pipe.py"
FAIRYMAX = os.environ.get("QUADBOARD_FAIRYMAX", "/usr/games/fairymax")
PACKAGES = [(chess, chess.engine), (quadboard, qengine)]


@pytest.fixture
def fairymax() -> str:
    if not os.access(FAIRYMAX, os.X_OK):
        if os.environ.get("CI") == "true":
            pytest.fail(f"Fairy-Max missing under CI: {FAIRYMAX}")
        pytest.skip(f"Fairy-Max missing: {FAIRYMAX} (apt-get install fairymax)")
    return FAIRYMAX


def wrapper(tmp_path: Path, fairymax: str, name: str) -> list:
    """Fairy-Max behind a pipe (tests/log_pipe.py): its input logged to NAME.log,
    `setboard=0` read as `setboard=1` (the only change); the pipe exits when Fairy-Max does."""
    return [sys.executable, str(LOG_PIPE), str(tmp_path / f"{name}.log"), fairymax, "setboard=0", "setboard=1"]


def commands(tmp_path: Path, name: str) -> list:
    """The commands the engine received, ping numbers left out; without the handshake's
    `accepted`/`rejected` replies (python-chess sends none, quadboard answers each feature
    as the protocol asks)."""
    lines = (tmp_path / f"{name}.log").read_text().splitlines()
    lines = [re.sub(r"^ping \d+$", "ping N", line) for line in lines]
    return [line for line in lines if not line.startswith(("accepted ", "rejected "))]


def plain(info: dict) -> list:
    """An InfoDict as comparable values, in key order, without the time (Fairy-Max's own
    clock)."""
    out = []
    for key, value in info.items():
        if key == "time":
            assert isinstance(value, float)
            continue
        if key == "score":
            value = (repr(value.relative), value.turn)
        elif key == "pv":
            value = [m.uci() for m in value]
        out.append((key, value))
    return out


def plain_play(result) -> tuple:
    return (result.move and result.move.uci(), result.ponder and result.ponder.uci(), plain(result.info),
            result.draw_offered, result.resigned)


def session(pkg, eng, command: list) -> list:
    """A program's calls, the same for both packages; what they return, comparable."""
    seen = []
    with eng.SimpleEngine.popen_xboard(command) as engine:
        seen.append(dict(engine.id))
        engine.configure({"memory": 32})
        engine.configure({"memory": 32})
        board = pkg.Board()
        result = engine.play(board, eng.Limit(depth=3), info=eng.INFO_ALL)
        seen.append(plain_play(result))
        board.push(result.move)
        board.push_san("e5" if board.is_legal(board.parse_uci("e7e5")) else "d5")
        # The game goes on: only the new moves are sent.
        result = engine.play(board, eng.Limit(depth=3), info=eng.INFO_BASIC)
        seen.append(plain_play(result))
        # Back two moves and another line: `remove`, then the moves.
        board.pop()
        board.pop()
        board.push_san("c4")
        board.push_san("c5")
        seen.append(plain_play(engine.play(board, eng.Limit(depth=2))))
        board.pop()
        board.push_san("Nf6")
        seen.append(plain_play(engine.play(board, eng.Limit(depth=2), info=eng.INFO_SCORE)))
        engine.ping()
        # Clocks and a time control, then the same clock id (no new `level`).
        board = pkg.Board()
        board.push_san("d4")
        limit = eng.Limit(white_clock=30, black_clock=20.5, white_inc=1, black_inc=2, remaining_moves=40,
                          depth=2, clock_id="tc")
        seen.append(plain_play(engine.play(board, limit, game="g2")))
        board.push_san("d5")
        limit = eng.Limit(white_clock=29, black_clock=20, white_inc=1, black_inc=2, depth=2, clock_id="tc")
        seen.append(plain_play(engine.play(board, limit, game="g2")))
        seen.append(plain_play(engine.play(board, eng.Limit(time=0.05, depth=1), game="g2")) [0] is not None)
        # An opponent, then a new game for it (Fairy-Max knows neither `name`, `rating` nor
        # `computer`: an opponent without them).
        engine.send_opponent_information(opponent=eng.Opponent(None, None, None, False))
        board = pkg.Board()
        board.push_san("e4")
        seen.append(plain_play(engine.play(board, eng.Limit(depth=2), game="g3",
                                           opponent=eng.Opponent(None, None, None, False))))
        # Errors: refused before anything is sent.
        board = pkg.Board()
        for call in (lambda: engine.analyse(board, eng.Limit(depth=1), multipv=2),
                     lambda: engine.play(board, eng.Limit(depth=1), root_moves=[board.parse_uci("e2e4")]),
                     lambda: engine.analysis(board, eng.Limit(white_clock=1)),
                     lambda: engine.configure({"nonsense": 1}),
                     lambda: engine.configure({"ponder": True}),
                     lambda: engine.send_game_result(board, game_ending="a {b}")):
            with pytest.raises(eng.EngineError) as err:
                call()
            seen.append(str(err.value))
        # Pondering after the move: `hard`, then `easy` and a ping before the next command
        # (after which Fairy-Max gives an analysis no output: none follows here).
        board = pkg.Board()
        board.push_san("e4")
        seen.append(plain_play(engine.play(board, eng.Limit(depth=2), game="g3", ponder=True)))
        # The game's end (Fairy-Max answers `result` with an error line, which nothing
        # reads before `quit`).
        board = pkg.Board()
        for san in ["f3", "e5", "g4", "Qh4#"]:
            board.push_san(san)
        engine.send_game_result(board)
        engine.send_game_result(board, chess.WHITE, "White resigns... no")
        engine.send_game_result(board, game_complete=False)
        engine.quit()
    return seen


def test_same_commands_and_results(tmp_path, fairymax):
    """Both packages send Fairy-Max the same commands for the same calls and get the same
    moves and infos back."""
    results = {}
    for pkg, eng in PACKAGES:
        name = pkg.__name__
        results[name] = session(pkg, eng, wrapper(tmp_path, fairymax, name))
    assert results["quadboard"] == results["chess"]
    sent_chess, sent_quadboard = commands(tmp_path, "chess"), commands(tmp_path, "quadboard")
    assert sent_quadboard == sent_chess
    # What the session sends, so that a change in it shows.
    assert "memory 32" in sent_chess and sent_chess.count("memory 32") == 1
    for line in ["remove", "sd 3", "level 40 0:20 2", "sd 2", "otim 3000", "time 2050", "hard", "easy",
                 "result 0-1 {Black mates}", "result 1-0 {White resigns... no}", "result *",
                 "st 0.05", "quit"]:
        assert line in sent_chess, line


def test_analysis(tmp_path, fairymax):
    """Analysis: to a depth, with root moves (`exclude`, `include`), iterated; the commands
    python-chess's XBoardProtocol sends for them (from its source: it cannot be run as the
    oracle here, as Fairy-Max answers the stop's `.` with `Error (unknown command): .`, on
    which python-chess's analysis fails after returning and never ends; quadboard reads on
    to the stop's `pong`). Fairy-Max also keeps a play's `sd` in analysis mode: its
    analysis then stops at that depth, and only a time limit ends it."""
    with qengine.SimpleEngine.popen_xboard(wrapper(tmp_path, fairymax, "an")) as engine:
        board = quadboard.Board()
        info = engine.analyse(board, qengine.Limit(depth=3), game="g4")
        assert list(info) == ["depth", "time", "nodes", "score", "pv"] and info["depth"] >= 3
        assert isinstance(info["time"], float) and info["pv"][0] in board.legal_moves
        roots = [board.parse_uci("g1f3"), board.parse_uci("b1c3")]
        info = engine.analyse(board, qengine.Limit(depth=2), game="g4", root_moves=roots)
        assert info["depth"] >= 2
        board.push_san("e4")
        with engine.analysis(board, qengine.Limit(depth=3), game="g4") as analysis:
            depths = [item.get("depth") for item in analysis]
        assert depths[-1] >= 3 and analysis.wait().move in board.legal_moves
        assert engine.play(board, qengine.Limit(depth=2)).move in board.legal_moves
        # Its analysis stops at depth 2 and waits: a time limit ends it (as python-chess's).
        info = engine.analyse(board, qengine.Limit(depth=4, time=0.5))
        assert info["depth"] == 2, "Fairy-Max's sd 2 holds in analysis"
        engine.quit()
    stop = [".", "exit", "ping N"]
    assert commands(tmp_path, "an") == [
        "xboard", "protover 2", "new", "force", "post", "analyze", *stop,
        "force", "exclude all", "include g1f3", "include b1c3", "post", "analyze", *stop,
        "force", "e2e4", "post", "analyze", *stop,
        "new", "force", "e2e4", "sd 2", "nopost", "easy", "go", "ping N",
        "force", "undo", "post", "analyze", *stop, "quit"]


def positions(count: int, seed: int) -> list:
    """Move lists of random games from the start (python-chess's moves, a fixed seed)."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        board = chess.Board()
        for _ in range(rng.randrange(0, 40)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        games.append([m.uci() for m in board.move_stack])
    return games


def test_play_and_analyse_differential(tmp_path, fairymax):
    """30 random positions: the same PlayResult at depth 3 from both packages (one engine
    each, the same calls in the same order, so that Fairy-Max's hash holds the same)."""
    games = positions(30, 45)
    results = {}
    for pkg, eng in PACKAGES:
        out = []
        with eng.SimpleEngine.popen_xboard(wrapper(tmp_path, fairymax, pkg.__name__ + "-diff")) as engine:
            for i, moves in enumerate(games):
                board = pkg.Board()
                for move in moves:
                    board.push_uci(move)
                if board.is_game_over():
                    out.append("over")
                    continue
                out.append(plain_play(engine.play(board, eng.Limit(depth=3), game=i, info=eng.INFO_ALL)))
            engine.quit()
        results[pkg.__name__] = out
    assert results["quadboard"] == results["chess"]
    assert commands(tmp_path, "quadboard-diff") == commands(tmp_path, "chess-diff")


def test_asyncio_form(tmp_path, fairymax):
    """`popen_xboard` and `XBoardProtocol` on asyncio give what the simple form gives."""
    async def run(pkg, eng, command):
        transport, engine = await eng.popen_xboard(command)
        assert isinstance(engine, eng.XBoardProtocol) and transport.get_pid() > 0
        board = pkg.Board()
        board.push_san("e4")
        result = await engine.play(board, eng.Limit(depth=3), info=eng.INFO_ALL)
        seen = True
        if eng is qengine:
            # python-chess's XBoard analysis never ends on Fairy-Max (test_analysis).
            analysis = await engine.analysis(board, eng.Limit(depth=2))
            seen = [item.get("depth") async for item in analysis][-1] >= 2
        await engine.ping()
        await engine.send_game_result(board, game_complete=False)
        await engine.quit()
        return plain_play(result), seen, transport.get_returncode()

    got = {pkg.__name__: asyncio.run(run(pkg, eng, wrapper(tmp_path, fairymax, pkg.__name__ + "-async")))
           for pkg, eng in PACKAGES}
    assert got["quadboard"] == got["chess"]
    ours, theirs = commands(tmp_path, "quadboard-async"), commands(tmp_path, "chess-async")
    # The analysis (quadboard's only) goes back to the position before the engine's move.
    at = ours.index("analyze") - 3
    assert ours[at:at + 7] == ["force", "undo", "post", "analyze", ".", "exit", "ping N"]
    assert ours[:at] == theirs[:at]
    assert ours[-2:] == theirs[-2:] == ["result *", "quit"]


def test_fairymax_without_the_pipe(fairymax):
    """quadboard takes Fairy-Max as it is (python-chess refuses it: no setboard): games
    from the standard start work, another start is refused by name."""
    with pytest.raises(chess.engine.EngineError, match="setboard"):
        chess.engine.SimpleEngine.popen_xboard(fairymax)
    with qengine.SimpleEngine.popen_xboard(fairymax) as engine:
        assert engine.id["name"] == "Fairy-Max 5.0b"
        assert engine.protocol.features["ping"] == 1 and engine.protocol.features["setboard"] == 0
        board = quadboard.Board()
        board.push_san("e4")
        assert engine.play(board, qengine.Limit(depth=2)).move in board.legal_moves
        with pytest.raises(qengine.EngineError, match="setboard"):
            engine.play(quadboard.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), qengine.Limit(depth=2))
        # The refusal leaves the engine usable.
        assert engine.play(board, qengine.Limit(depth=2)).move in board.legal_moves
        engine.quit()


def test_errors_of_broken_engines(tmp_path):
    """An engine that dies at start, never answers `ping`, or has no `ping`: the same
    exception classes as python-chess, in bounded time."""
    def script(name: str, body: str) -> str:
        path = tmp_path / name
        path.write_text(f"#!{sys.executable}\nimport sys, time\n{body}\n")
        path.chmod(path.stat().st_mode | stat.S_IEXEC)
        return str(path)

    dies = script("dies.py", "sys.exit(3)")
    deaf = script("deaf.py", "print('feature ping=1 setboard=1 done=1', flush=True)\ntime.sleep(30)")
    noping = script("noping.py", "print('feature setboard=1 done=1', flush=True)\ntime.sleep(30)")
    for _pkg, eng in PACKAGES:
        with pytest.raises(eng.EngineTerminatedError):
            eng.SimpleEngine.popen_xboard(dies, timeout=5)
        engine = eng.SimpleEngine.popen_xboard(deaf, timeout=1)
        with pytest.raises(TimeoutError):
            engine.ping()
        engine.close()
        with pytest.raises(eng.EngineError, match="ping"):
            eng.SimpleEngine.popen_xboard(noping, timeout=5)
    assert shutil.which("sh")


def test_popen_args(tmp_path, fairymax):
    """`env`, `stderr` (a file, DEVNULL), `setpgrp` and `process_group` for an XBoard engine,
    as python-chess passes them to the process: the same environment and stderr, a process
    group of the engine's own, the same commands."""
    import subprocess
    for pkg, eng in PACKAGES:
        name = pkg.__name__
        errors = tmp_path / f"{name}.stderr"
        with open(errors, "w") as sink:
            engine = eng.SimpleEngine.popen_xboard(wrapper(tmp_path, fairymax, name), env={"QB_VALUE": "5"},
                                                   stderr=sink, setpgrp=True)
        try:
            pid = engine.transport.get_pid()
            assert os.getpgid(pid) == pid, name
            engine.ping()
        finally:
            engine.quit()
        assert errors.read_text() == "QB_VALUE=5 HOME=unset\n", name
        engine = eng.SimpleEngine.popen_xboard(wrapper(tmp_path, fairymax, name), stderr=subprocess.DEVNULL,
                                               process_group=0, cwd=str(tmp_path))
        try:
            pid = engine.transport.get_pid()
            assert os.getpgid(pid) == pid and os.path.realpath(f"/proc/{pid}/cwd") == os.path.realpath(tmp_path)
        finally:
            engine.quit()
    assert commands(tmp_path, "quadboard") == commands(tmp_path, "chess")
    assert not hasattr(qengine.XBoardProtocol, "debug")
    with pytest.raises(NotImplementedError, match="pass_fds"):
        qengine.SimpleEngine.popen_xboard(fairymax, pass_fds=(3,))
