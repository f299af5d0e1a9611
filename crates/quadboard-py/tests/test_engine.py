"""`quadboard.engine` against python-chess's `chess.engine` (the oracle): the same commands
to a fake engine that logs what it receives (tests/fake_uci.py), the same exception classes
from engines that fail, and the same `InfoDict`s and `PlayResult`s from the real Stockfish
at node limits (Threads 1, the default Hash: deterministic), standard and Chess960,
checkmate and stalemate, multipv 3, root moves, the simple, analysis and asyncio forms.

Stockfish is `/usr/games/stockfish` (`apt-get install stockfish`); its tests skip with one
line without it, and fail under CI=true."""

from __future__ import annotations

import asyncio
import os
import random
import re
import sys
import time
from pathlib import Path

import chess
import chess.engine
import pytest

import quadboard
import quadboard.engine as qengine
from engine_common import logged, plain, plain_play, received

HERE = Path(__file__).resolve().parent
FAKE = HERE / "fake_uci.py"
STOCKFISH = os.environ.get("QUADBOARD_STOCKFISH", "/usr/games/stockfish")
PACKAGES = [(chess, chess.engine), (quadboard, qengine)]


@pytest.fixture
def stockfish() -> str:
    if not os.access(STOCKFISH, os.X_OK):
        if os.environ.get("CI") == "true":
            pytest.fail(f"Stockfish missing under CI: {STOCKFISH}")
        pytest.skip(f"Stockfish missing: {STOCKFISH} (apt-get install stockfish)")
    return STOCKFISH


def fake(tmp_path: Path, name: str, mode: str = "normal") -> list:
    return [sys.executable, str(FAKE), str(tmp_path / f"{name}.log"), mode]


# --- The commands sent -------------------------------------------------------------------

def session(pkg, eng, command):
    """The calls of a program, the same for both packages; what they return, comparable."""
    seen = []
    with eng.SimpleEngine.popen_uci(command) as engine:
        seen.append(dict(engine.id))
        seen.append([(o.name, o.type, o.default, o.min, o.max, o.var) for o in engine.options.values()])
        engine.configure({"Hash": 32, "Style": "Risky"})
        engine.configure({"Hash": 32})
        board = pkg.Board()
        seen.append(plain(engine.analyse(board, eng.Limit(nodes=100))))
        board.push_san("e4")
        seen.append(plain(engine.analyse(board, eng.Limit(depth=3))))
        seen.append(plain(engine.analyse(board, eng.Limit(nodes=100), game="g1")))
        seen.append([plain(i) for i in engine.analyse(board, eng.Limit(nodes=100), multipv=2, game="g1")])
        seen.append(plain_play(engine.play(board, eng.Limit(time=0.05), game="g1")))
        seen.append(plain_play(engine.play(board, eng.Limit(white_clock=60, black_clock=55.5, white_inc=1, black_inc=2,
                                                              remaining_moves=20), info=eng.Info.ALL,
                                           options={"Threads": 2}, game="g1")))
        seen.append(plain(engine.analyse(board, eng.Limit(nodes=50), root_moves=[pkg.Move.from_uci("e7e5"),
                                                                                 pkg.Move.from_uci("c7c5")])))
        c960 = pkg.Board.from_chess960_pos(100)
        c960.push_san("e4")
        seen.append(plain(engine.analyse(c960, eng.Limit(nodes=10), info=eng.Info.SCORE)))
        seen.append(plain(engine.analyse(pkg.Board("8/8/8/8/8/5k2/8/5K1q w - - 0 1"), eng.Limit(depth=2))))
        ep = pkg.Board("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
        seen.append(plain(engine.analyse(ep, eng.Limit(mate=2), info=eng.Info.NONE)))
        engine.ping()
        with engine.analysis(pkg.Board(), eng.Limit(depth=2)) as analysis:
            seen.append([plain(i) for i in analysis])
            seen.append(analysis.wait().move.uci())
        # The opponent: recorded by send_opponent_information, sent after the next
        # `ucinewgame`; a play with another opponent starts a new game.
        engine.send_opponent_information(opponent=eng.Opponent("Magnus", "GM", 2850, False))
        seen.append(plain_play(engine.play(board, eng.Limit(nodes=10), game="g2")))
        seen.append(plain_play(engine.play(board, eng.Limit(nodes=10), game="g2",
                                           opponent=eng.Opponent("Bot", None, None, True))))
        seen.append(plain(engine.analyse(board, eng.Limit(nodes=10), game="g3")))
    return seen


def test_the_same_commands_in_the_same_order(tmp_path):
    theirs = session(chess, chess.engine, fake(tmp_path, "theirs"))
    ours = session(quadboard, qengine, fake(tmp_path, "ours"))
    assert ours == theirs
    expected = (tmp_path / "theirs.log").read_text()
    assert "ucinewgame" in expected and "UCI_Chess960 value true" in expected
    assert "ucinewgame\nsetoption name UCI_Opponent value GM 2850 human Magnus\nisready" in expected
    assert "ucinewgame\nsetoption name UCI_Opponent value none none computer Bot\nisready" in expected
    assert (tmp_path / "ours.log").read_text() == expected


# --- Engines that fail -------------------------------------------------------------------

@pytest.mark.parametrize("mode,error", [
    ("die_at_start", "EngineTerminatedError"),
    ("silent", "TimeoutError"),
])
def test_failing_at_start(tmp_path, mode, error):
    for _, eng in PACKAGES:
        start = time.monotonic()
        with pytest.raises(Exception) as info:
            eng.SimpleEngine.popen_uci(fake(tmp_path, "x", mode), timeout=1.0).quit()
        assert time.monotonic() - start < 5
        expected = eng.EngineTerminatedError if error == "EngineTerminatedError" else asyncio.TimeoutError
        assert isinstance(info.value, expected), (eng, info.value)


# Each package in a process of its own: after a search timeout python-chess's background
# event loop never ends (its `set_exception` fails on a finished future), so that the
# interpreter would not exit; the child is killed once it has printed its answer.
SEARCH_FAILURE = """
import sys, time
import {pkg} as pkg, {pkg}.engine as eng
engine = eng.SimpleEngine.popen_uci({command!r}, timeout=1.0)
start = time.monotonic()
try:
    engine.analyse(pkg.Board(), eng.Limit(**{limit!r}))
    print("no error", flush=True)
except Exception as error:
    print(type(error).__name__, isinstance(error, eng.EngineTerminatedError), round(time.monotonic() - start) < 5, flush=True)
engine.close()
"""


@pytest.mark.parametrize("mode,limit,expected", [
    ("die_mid_search", dict(nodes=100), "EngineTerminatedError True True"),
    ("no_bestmove", dict(time=0.2), "TimeoutError False True"),
])
def test_failing_in_a_search(tmp_path, mode, limit, expected):
    import subprocess
    for pkg in ("chess", "quadboard"):
        code = SEARCH_FAILURE.format(pkg=pkg, command=fake(tmp_path, pkg, mode), limit=limit)
        child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        try:
            line = child.stdout.readline().strip()
        finally:
            child.kill()
            child.wait()
        assert line == expected, pkg


def test_unknown_option_and_bad_value(tmp_path):
    for _, eng in PACKAGES:
        with eng.SimpleEngine.popen_uci(fake(tmp_path, "x")) as engine:
            with pytest.raises(eng.EngineError, match="does not support option Nope"):
                engine.configure({"Nope": 1})
            with pytest.raises(eng.EngineError, match="at most 1024"):
                engine.configure({"Hash": 4096})
            with pytest.raises(eng.EngineError, match="automatically managed"):
                engine.configure({"MultiPV": 2})


# --- Stockfish ---------------------------------------------------------------------------

FENS = [
    None,  # the start
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  # checkmate
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",  # mate in one
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
]


def boards(pkg):
    out = []
    for fen in FENS:
        out.append(pkg.Board() if fen is None else pkg.Board(fen))
    game = pkg.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"]:
        game.push_san(san)
    out.append(game)
    for n in (0, 100, 518, 959):
        board = pkg.Board.from_chess960_pos(n)
        out.append(board)
    c960 = pkg.Board.from_chess960_pos(300)
    for uci in ["e2e4", "e7e5", "c1d3", "c8d6"]:
        c960.push_uci(uci)
    out.append(c960)
    return out


def stockfish_run(pkg, eng, path):
    seen = []
    with eng.SimpleEngine.popen_uci(path) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        for i, board in enumerate(boards(pkg)):
            seen.append(plain(engine.analyse(board, eng.Limit(nodes=2000), game=i)))
            seen.append([plain(x) for x in engine.analyse(board, eng.Limit(nodes=3000), multipv=3, game=i)])
            legal = list(board.legal_moves)[:3]
            if legal:
                seen.append(plain(engine.analyse(board, eng.Limit(nodes=1500), root_moves=legal, game=i)))
            seen.append(plain_play(engine.play(board, eng.Limit(nodes=2000), game=i, info=eng.Info.ALL)))
            seen.append(plain_play(engine.play(board, eng.Limit(depth=5), game=i)))
    return seen


def test_stockfish_same_infos_and_moves(stockfish):
    theirs = stockfish_run(chess, chess.engine, stockfish)
    ours = stockfish_run(quadboard, qengine, stockfish)
    assert len(ours) == len(theirs)
    for i, (a, b) in enumerate(zip(ours, theirs)):
        assert a == b, i


def test_stockfish_analysis_iteration_and_stop(stockfish):
    for pkg, eng in PACKAGES:
        with eng.SimpleEngine.popen_uci(stockfish) as engine:
            with engine.analysis(pkg.Board()) as analysis:
                for info in analysis:
                    if info.get("depth", 0) >= 6:
                        break
            best = analysis.wait()
            assert best.move is not None
            assert analysis.info["depth"] >= 6
            # The engine is usable after.
            assert "score" in engine.analyse(pkg.Board(), eng.Limit(depth=3))


def test_stockfish_asyncio(stockfish):
    async def run(pkg, eng):
        transport, protocol = await eng.popen_uci(stockfish)
        try:
            info = await protocol.analyse(pkg.Board(), eng.Limit(nodes=2000))
            lines = []
            with await protocol.analysis(pkg.Board(), eng.Limit(nodes=2000)) as analysis:
                async for item in analysis:
                    lines.append(plain(item))
            result = await protocol.play(pkg.Board(), eng.Limit(nodes=2000))
            assert transport.get_pid() > 0
            return plain(info), [line for line in lines if line and line[0][0] != "string"], plain_play(result)
        finally:
            await protocol.quit()

    theirs = asyncio.run(run(chess, chess.engine))
    ours = asyncio.run(run(quadboard, qengine))
    strip = lambda lines: [[kv for kv in line if kv[0] not in ("time", "nps", "hashfull")] for line in lines]
    assert (ours[0], strip(ours[1]), ours[2]) == (theirs[0], strip(theirs[1]), theirs[2])


def test_stockfish_from_threads(stockfish):
    import concurrent.futures
    with qengine.SimpleEngine.popen_uci(stockfish) as engine:
        boards_ = [quadboard.Board(fen) for fen in FENS[1:4]]
        with concurrent.futures.ThreadPoolExecutor(3) as pool:
            infos = list(pool.map(lambda b: engine.analyse(b, qengine.Limit(nodes=1000)), boards_))
    assert all("score" in info for info in infos)


# --- 200 positions -----------------------------------------------------------------------

def many_positions(pkg) -> list:
    """200 boards: the fixed ones above (mates, stalemates, Chess960), then random games
    (python-chess's `random`, a fixed seed) from the start and from Chess960 starts, with
    their move stacks (so the engine gets `position ... moves ...`), the finished ones kept."""
    out = boards(pkg)
    rng = random.Random(2026)
    while len(out) < 200:
        chess960 = rng.random() < 0.3
        board = pkg.Board.from_chess960_pos(rng.randrange(960)) if chess960 else pkg.Board()
        for _ in range(rng.randrange(0, 120)):
            moves = sorted(board.legal_moves, key=lambda m: m.uci())
            if not moves:
                break
            board.push(rng.choice(moves))
        out.append(board)
    return out


def many_run(pkg, eng, path) -> list:
    seen = []
    with eng.SimpleEngine.popen_uci(path) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        for i, board in enumerate(many_positions(pkg)):
            seen.append(plain(engine.analyse(board, eng.Limit(nodes=600), game=i)))
            if i % 2 == 0:
                seen.append([plain(x) for x in engine.analyse(board, eng.Limit(nodes=600), multipv=3, game=i)])
            legal = sorted(board.legal_moves, key=lambda m: m.uci())[::3]
            if legal and i % 3 == 0:
                seen.append(plain(engine.analyse(board, eng.Limit(nodes=400), root_moves=legal, game=i)))
            seen.append(plain_play(engine.play(board, eng.Limit(nodes=500), game=i, info=eng.Info.ALL)))

        async def asyncio_part():
            transport, protocol = await eng.popen_uci(path)
            out = []
            try:
                await protocol.configure({"Threads": 1, "Hash": 16})
                for i, board in enumerate(many_positions(pkg)[::10]):
                    out.append(plain(await protocol.analyse(board, eng.Limit(nodes=500), game=i)))
                    out.append(plain_play(await protocol.play(board, eng.Limit(nodes=500), game=i)))
            finally:
                await protocol.quit()
            return out

        seen.extend(asyncio.run(asyncio_part()))
    return seen


def test_stockfish_200_positions(stockfish):
    """Both packages on 200 positions (standard and Chess960, checkmates and stalemates
    among them): the same InfoDicts (time, nps and hashfull aside), multipv 3 lines, root
    move restrictions and PlayResults, from the simple and the asyncio API."""
    kinds = many_positions(chess)
    assert len(kinds) == 200
    assert sum(b.chess960 for b in kinds) >= 40
    assert sum(b.is_checkmate() for b in kinds) >= 1 and sum(b.is_stalemate() for b in kinds) >= 1
    theirs = many_run(chess, chess.engine, stockfish)
    ours = many_run(quadboard, qengine, stockfish)
    assert len(ours) == len(theirs)
    for i, (a, b) in enumerate(zip(ours, theirs)):
        assert a == b, i


# --- Pondering, debug, empty root moves, no limit, popen_args: Stockfish's input logged -----

def logged_stockfish(tmp_path: Path, stockfish: str, name: str) -> list:
    return logged(tmp_path, stockfish, name)


def ponder_session(pkg, eng, command) -> dict:
    """play(ponder=True) and what follows it: a ponderhit (the same game, options and the
    position pondered on), then each command that stops the ponder search (another
    position, analyse, configure, ping, send_opponent_information), a clock limit, and
    quit while pondering. Every search after a ponderhit is in a new game (`ucinewgame`
    clears the hash), so that node-limited results do not depend on how long it pondered."""
    out: dict = {"results": []}
    engine = eng.SimpleEngine.popen_uci(command)
    try:
        engine.configure({"Threads": 1, "Hash": 16})
        board = pkg.Board()
        first = engine.play(board, eng.Limit(nodes=3000), ponder=True, game=1)
        out["results"].append(plain_play(first)[:2])
        # The position pondered on, in the same game: ponderhit, no position, no go.
        board.push(first.move)
        board.push(first.ponder)
        hit = engine.play(board, eng.Limit(nodes=3000), ponder=True, game=1)
        assert hit.move in board.legal_moves
        out["hit"] = [hit.move.uci(), hit.ponder.uci() if hit.ponder else None]
        # Another position (a new game): stop, then the usual commands; ponders again.
        other = pkg.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        out["results"].append(plain_play(engine.play(other, eng.Limit(nodes=2000), ponder=True, game=2))[:2])
        # analyse stops it; then a ponder play that analyse's Ponder=false change prevents
        # from ponderhit.
        out["results"].append(plain(engine.analyse(other, eng.Limit(nodes=1000), game=3)))
        out["results"].append(plain_play(engine.play(other, eng.Limit(nodes=1000), ponder=True, game=4))[:2])
        engine.configure({})
        out["results"].append(plain_play(engine.play(other, eng.Limit(nodes=1000), ponder=True, game=5))[:2])
        engine.ping()
        out["results"].append(plain_play(engine.play(other, eng.Limit(nodes=1000), ponder=True, game=6))[:2])
        engine.send_opponent_information(opponent=eng.Opponent("x", None, 2000, False))
        # A clock limit: the ponder search's clocks get the increment, and the mover's
        # clock loses the time used (a depth too, so that the move does not depend on time).
        out["results"].append(plain_play(engine.play(other, eng.Limit(white_clock=6, black_clock=5.5, white_inc=0.1,
                                                                         black_inc=0.2, remaining_moves=20, depth=6),
                                                     ponder=True, game=7))[:2])
        # Pondering with a different option is no ponderhit.
        board = other.copy()
        last = engine.play(board, eng.Limit(nodes=1000), ponder=True, game=8)
        board.push(last.move)
        board.push(last.ponder)
        final = engine.play(board, eng.Limit(nodes=1000), ponder=True, game=8, options={"Hash": 8})
        # In the same game, after a ponder search stopped at a moment that depends on
        # timing: its move and ponder move are named, as the ponderhit's are.
        out["last"] = [final.move.uci(), final.ponder.uci() if final.ponder else None]
        # Quit while pondering: only `quit`.
        engine.quit()
    finally:
        engine.close()
    return out


def test_pondering_the_same_commands_as_python_chess(tmp_path, stockfish):
    theirs = ponder_session(chess, chess.engine, logged_stockfish(tmp_path, stockfish, "theirs"))
    ours = ponder_session(quadboard, qengine, logged_stockfish(tmp_path, stockfish, "ours"))
    assert ours["results"] == theirs["results"]
    logs = {}
    for name, seen in (("theirs", theirs), ("ours", ours)):
        lines = received(tmp_path, name)
        # The move after a ponderhit depends on how long the engine pondered: named.
        hit = " ".join(m for m in seen["hit"] if m)
        lines = [line.replace(hit, "<hit>") for line in lines]
        last = " ".join(m for m in seen["last"] if m)
        lines = [line[: -len(last)] + "<last>" if line.startswith("position") and line.endswith(" " + last) else line
                 for line in lines]
        # The mover's clock after the time it used.
        lines = [re.sub(r"^go ponder wtime \d+", "go ponder wtime <left>", line) for line in lines]
        logs[name] = lines
    assert logs["ours"] == logs["theirs"]
    text = "\n".join(logs["theirs"])
    assert text.count("ponderhit") == 1 and text.count("go ponder") == 9
    assert "go ponder wtime <left> btime 5700 winc 100 binc 200 movestogo 19 depth 6" in text
    assert logs["theirs"][-1] == "quit" and logs["theirs"][-2].startswith("go ponder")
    # The time used was taken from white's clock (6 s and the 0.1 s increment).
    ours_clock = [int(m.group(1)) for line in received(tmp_path, "ours")
                  if (m := re.match(r"^go ponder wtime (\d+)", line))]
    assert len(ours_clock) == 1 and 3000 < ours_clock[0] <= 6100


def test_debug_empty_root_moves_and_no_limit(tmp_path, stockfish):
    async def run(pkg, eng, name):
        transport, protocol = await eng.popen_uci(logged_stockfish(tmp_path, stockfish, name))
        seen = []
        try:
            await protocol.configure({"Threads": 1})
            # root_moves=[]: `searchmoves 0000`, no move found.
            seen.append(plain(await protocol.analyse(pkg.Board(), eng.Limit(nodes=100), root_moves=[])))
            seen.append(plain_play(await protocol.play(pkg.Board(), eng.Limit(nodes=100), root_moves=[])))
            # Limit(): a bare `go`; without a limit: `go infinite`. debug during a search.
            for limit in (eng.Limit(), None):
                with await protocol.analysis(pkg.Board(), limit) as analysis:
                    protocol.debug(True)
                    async for info in analysis:
                        if info.get("depth", 0) >= 2:
                            break
                    protocol.debug(False)
                seen.append((await analysis.wait()).move is not None)
        finally:
            await protocol.quit()
        return seen

    theirs = asyncio.run(run(chess, chess.engine, "theirs"))
    ours = asyncio.run(run(quadboard, qengine, "ours"))
    assert ours == theirs
    assert [kv for kv in theirs[0] if kv[0] != "string"] == [("depth", 0), ("score", ("Cp(0)", True))]
    assert theirs[1] == (None, None, [])
    assert received(tmp_path, "ours") == received(tmp_path, "theirs")
    log = received(tmp_path, "theirs")
    assert "go nodes 100 searchmoves 0000" in log and "go" in log and "go infinite" in log
    assert log.count("debug on") == 2 and log.count("debug off") == 2
    assert not hasattr(qengine.XBoardProtocol, "debug") and not hasattr(chess.engine.XBoardProtocol, "debug")


def test_popen_args_env_stderr_and_process_group(tmp_path, stockfish):
    import subprocess
    for pkg, eng in PACKAGES:
        name = pkg.__name__
        command = logged_stockfish(tmp_path, stockfish, name)
        errors = tmp_path / f"{name}.stderr"
        with open(errors, "w") as sink:
            engine = eng.SimpleEngine.popen_uci(command, env={"QB_VALUE": "42"}, stderr=sink, setpgrp=True)
        try:
            pid = engine.transport.get_pid()
            assert os.getpgid(pid) == pid, name
            engine.ping()
        finally:
            engine.quit()
        assert errors.read_text() == "QB_VALUE=42 HOME=unset\n", name
        # Discarded stderr, another environment, cwd, a process group given.
        engine = eng.SimpleEngine.popen_uci(command, stderr=subprocess.DEVNULL, cwd=str(tmp_path), process_group=0,
                                            env={"QB_VALUE": "7", "HOME": "/nowhere"})
        try:
            pid = engine.transport.get_pid()
            assert os.getpgid(pid) == pid, name
            assert os.path.realpath(f"/proc/{pid}/cwd") == os.path.realpath(tmp_path)
        finally:
            engine.quit()
    assert received(tmp_path, "quadboard") == received(tmp_path, "chess")
    # What the Rust launcher cannot do is refused, naming the argument; unknown names as
    # Popen refuses them.
    for args, error, text in [
        (dict(start_new_session=True), NotImplementedError, "start_new_session=True"),
        (dict(preexec_fn=print), NotImplementedError, "preexec_fn"),
        (dict(stderr=subprocess.STDOUT), NotImplementedError, "stderr=subprocess.STDOUT"),
        (dict(close_fds=False), NotImplementedError, "close_fds=False"),
        (dict(colour="red"), TypeError, "'colour'"),
    ]:
        with pytest.raises(error, match=re.escape(text)):
            qengine.SimpleEngine.popen_uci(stockfish, **args)
