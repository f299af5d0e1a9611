"""`quadboard.engine` on `quadboard.variant` boards against python-chess's `chess.engine`
on `chess.variant` boards (the oracle), with the real Fairy-Stockfish (`UCI_Variant`;
Threads 1 and node limits: deterministic): for the lichess variants that Fairy-Stockfish
11.1 declares (all but atomic), positions of seeded random games made by python-chess's
boards, reached by moves (the history sent) and from FEN, crazyhouse with pieces in
pocket, drops in the history and in the lines, antichess promoting to a king: the same
`InfoDict`s, `PlayResult`s, multipv lines, root moves, analysis iteration, pondering, and
the same commands in the same order (the engine behind tests/log_pipe.py). Then the
errors python-chess gives: a variant the engine does not declare (atomic), an engine
without `UCI_Variant` (Stockfish).

Fairy-Stockfish is `/usr/games/fairy-stockfish` (`apt-get install fairy-stockfish`); the
tests skip with one line without it, and fail under CI=true."""

from __future__ import annotations

import os
import random

import chess
import chess.engine
import chess.variant
import pytest

import quadboard
import quadboard.engine as qengine
import quadboard.variant
from engine_common import logged, plain, plain_play, received

FAIRY = os.environ.get("QUADBOARD_FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
FAIRYMAX = os.environ.get("QUADBOARD_FAIRYMAX", "/usr/games/fairymax")
STOCKFISH = os.environ.get("QUADBOARD_STOCKFISH", "/usr/games/stockfish")
PACKAGES = [(chess, chess.variant, chess.engine), (quadboard, quadboard.variant, quadboard.engine)]
# The variants Fairy-Stockfish 11.1 declares in UCI_Variant (it has no atomic).
VARIANTS = ["CrazyhouseBoard", "ThreeCheckBoard", "HordeBoard", "RacingKingsBoard", "KingOfTheHillBoard",
            "AntichessBoard"]


def engine_path(path: str, what: str) -> str:
    if not os.access(path, os.X_OK):
        if os.environ.get("CI") == "true":
            pytest.fail(f"{what} missing under CI: {path}")
        pytest.skip(f"{what} missing: {path} (apt-get install {what.lower()})")
    return path


@pytest.fixture
def fairy() -> str:
    return engine_path(FAIRY, "Fairy-Stockfish")


@pytest.fixture
def stockfish() -> str:
    return engine_path(STOCKFISH, "Stockfish")


def random_game(name: str, seed: int, plies: int, stop_after_double_step: bool = False) -> tuple:
    """A seeded random game of python-chess's board NAME: (its start FEN, its moves in
    UCI, the FEN reached as python-chess sends it to an engine)."""
    rng = random.Random(seed)
    board = getattr(chess.variant, name)()
    moves = []
    while len(moves) < plies and not board.is_game_over():
        move = rng.choice(sorted(board.legal_moves, key=lambda m: m.uci()))
        double = (board.piece_type_at(move.from_square) == chess.PAWN and not move.drop
                  and abs(move.to_square - move.from_square) == 16)
        board.push(move)
        moves.append(move.uci())
        if stop_after_double_step and double and len(moves) > 6:
            break
    return board.root().fen(), moves, board.fen(en_passant="fen")


def positions() -> list:
    """(class name, FEN, moves, root moves): a game by its moves and a position from FEN
    (just after a double step, its en passant square written) per variant, and the cases
    that need a position of their own."""
    out = []
    for i, name in enumerate(VARIANTS):
        start, moves, _ = random_game(name, 100 + i, 24 + 3 * i)
        out.append((name, start, moves, None))
        _, _, fen = random_game(name, 200 + i, 30, stop_after_double_step=True)
        out.append((name, fen, [], None))
    # Pieces in pocket: the engine's line drops one (and the history has drops).
    out.append(("CrazyhouseBoard", "r1bqkbnr/ppp2ppp/2n5/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 4", [],
                None))
    out.append(("CrazyhouseBoard", "k7/8/1K6/8/8/8/8/8[Qq] w - - 0 1", [], None))
    # A promotion to a king, searched alone and among the others.
    out.append(("AntichessBoard", "8/4P3/8/8/8/8/1p6/8 w - - 0 1", [], ["e7e8k"]))
    out.append(("AntichessBoard", "8/4P3/8/8/8/8/1p6/8 w - - 0 1", [], ["e7e8k", "e7e8q", "e7e8n"]))
    # Won already: black's king on the hill.
    out.append(("KingOfTheHillBoard", "rnbq1bnr/pppppppp/8/4k3/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", [], None))
    return out


def board_of(variant, name: str, fen: str, moves: list):
    board = getattr(variant, name)(fen)
    for uci in moves:
        board.push_uci(uci)
    return board


def session(pkg, variant, eng, command: list) -> list:
    seen = []
    with eng.SimpleEngine.popen_uci(command) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        for i, (name, fen, moves, root_moves) in enumerate(positions()):
            board = board_of(variant, name, fen, moves)
            seen.append((name, board.fen()))
            if board.is_game_over():
                seen.append(plain(engine.analyse(board, eng.Limit(depth=3), game=i)))
                continue
            if root_moves is not None:
                roots = [pkg.Move.from_uci(m) for m in root_moves]
                seen.append(plain(engine.analyse(board, eng.Limit(nodes=2000), root_moves=roots, game=i)))
                continue
            seen.append(plain(engine.analyse(board, eng.Limit(nodes=3000), info=eng.Info.ALL, game=i)))
            seen.append([plain(x) for x in engine.analyse(board, eng.Limit(nodes=3000), multipv=2, game=i)])
            legal = sorted(board.legal_moves, key=lambda m: m.uci())[:3]
            seen.append(plain(engine.analyse(board, eng.Limit(nodes=1500), root_moves=legal, game=i)))
            seen.append(plain_play(engine.play(board, eng.Limit(nodes=3000), info=eng.Info.ALL, game=i)))
            with engine.analysis(board, eng.Limit(depth=4), game=("a", i)) as analysis:
                seen.append([plain(x) for x in analysis])
                best = analysis.wait()
                seen.append((best.move and best.move.uci(), best.ponder and best.ponder.uci()))
        # Back to chess: UCI_Variant is set to chess again.
        seen.append(plain(engine.analyse(pkg.Board(), eng.Limit(nodes=1000), game="chess")))
    return seen


def ponder_session(variant, eng, command: list, name: str, fen: str, moves: list) -> tuple:
    """play(ponder=True), then a play of another game, which stops the ponder search."""
    with eng.SimpleEngine.popen_uci(command) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        board = board_of(variant, name, fen, moves)
        first = plain_play(engine.play(board, eng.Limit(nodes=2000), ponder=True, game=1))
        # What this search gives depends on when the ponder search was stopped (its hash
        # entries stay): only that it is legal.
        after = engine.play(board, eng.Limit(nodes=500), game=2)
        assert after.move in board.legal_moves
        return first


def test_pondering_as_python_chess(tmp_path, fairy):
    # An engine of its own per position: a stopped ponder search leaves hash entries that
    # depend on when it stopped, and Fairy-Stockfish's later searches then differ.
    cases = [(name, fen, moves) for name, fen, moves, roots in positions()[0:12:2]]
    for i, (name, fen, moves) in enumerate(cases):
        theirs = ponder_session(chess.variant, chess.engine, logged(tmp_path, fairy, f"theirs{i}"), name, fen, moves)
        ours = ponder_session(quadboard.variant, quadboard.engine, logged(tmp_path, fairy, f"ours{i}"), name, fen,
                              moves)
        assert ours == theirs, name
        expected = received(tmp_path, f"theirs{i}")
        assert received(tmp_path, f"ours{i}") == expected, name
        # The ponder search: position after the move and the move expected, go ponder,
        # then the stop that the next play sends before its own commands.
        ponder_line = next(k for k, line in enumerate(expected) if line.startswith("go ponder"))
        assert expected[ponder_line - 1].endswith(f"{theirs[0]} {theirs[1]}")
        assert expected[ponder_line + 1] == "stop"


def test_same_infos_moves_and_commands_as_python_chess(tmp_path, fairy):
    theirs = session(*PACKAGES[0], logged(tmp_path, fairy, "theirs"))
    ours = session(*PACKAGES[1], logged(tmp_path, fairy, "ours"))
    assert len(ours) == len(theirs)
    for i, (a, b) in enumerate(zip(ours, theirs)):
        assert a == b, i
    expected = received(tmp_path, "theirs")
    assert received(tmp_path, "ours") == expected
    text = "\n".join(expected)
    # What the comparison covers: each variant set, drops sent in the history and in the
    # engine's lines, a king promotion, pondering, and the en passant square of a FEN.
    for name in ["crazyhouse", "3check", "horde", "racingkings", "kingofthehill", "antichess", "chess"]:
        assert f"setoption name UCI_Variant value {name}" in text
    assert any(line.startswith("position") and "@" in line.split(" moves ")[-1] for line in expected)
    assert "searchmoves e7e8k" in text
    assert any(line.startswith("position fen") and line.split()[5] != "-" for line in expected)
    lines = list(pvs(theirs))
    assert any(any("@" in m for m in pv) for pv in lines)
    assert any(pv and pv[0] == "e7e8k" for pv in lines)


def pvs(seen):
    """Every pv in what a session saw (InfoDicts as `plain` pairs, nested in lists)."""
    for entry in seen:
        if isinstance(entry, tuple) and len(entry) == 2 and entry[0] == "pv":
            yield entry[1]
        elif isinstance(entry, (list, tuple)):
            yield from pvs(entry)


def error_session(variant, eng, command: list, name: str) -> tuple:
    with eng.SimpleEngine.popen_uci(command) as engine:
        with pytest.raises(eng.EngineError) as info:
            engine.analyse(getattr(variant, name)(), eng.Limit(nodes=100))
        # The engine is still usable after the refusal.
        engine.ping()
        return type(info.value).__name__, str(info.value)


@pytest.mark.parametrize("engine,name", [("fairy", "AtomicBoard"), ("stockfish", "CrazyhouseBoard")])
def test_refused_variants_as_python_chess(tmp_path, request, engine, name):
    path = request.getfixturevalue(engine)
    theirs = error_session(chess.variant, chess.engine, logged(tmp_path, path, "theirs"), name)
    ours = error_session(quadboard.variant, quadboard.engine, logged(tmp_path, path, "ours"), name)
    assert ours == theirs
    if engine == "stockfish":
        assert theirs[1] == "engine does not support UCI_Variant"
    assert received(tmp_path, "ours") == received(tmp_path, "theirs")


def xboard_refusal(variant, eng, command: list) -> list:
    out = []
    with eng.SimpleEngine.popen_xboard(command) as engine:
        for name in VARIANTS + ["AtomicBoard"]:
            with pytest.raises(eng.EngineError) as info:
                engine.play(getattr(variant, name)(), eng.Limit(depth=1))
            out.append(str(info.value))
    return out


def test_xboard_variants_fairy_max_lacks_as_python_chess(tmp_path):
    # Fairy-Max lists none of python-chess's XBoard names for the lichess variants (its
    # king of the hill is `king-of-the-hill`): both packages refuse each board with the
    # same message. (python-chess sends `new` before it refuses; quadboard sends nothing.)
    # Behind the pipe that reads Fairy-Max's `setboard=0` as `setboard=1`, which
    # python-chess requires.
    path = engine_path(FAIRYMAX, "Fairy-Max")
    theirs = xboard_refusal(chess.variant, chess.engine, logged(tmp_path, path, "theirs", "setboard=0", "setboard=1"))
    ours = xboard_refusal(quadboard.variant, quadboard.engine, logged(tmp_path, path, "ours", "setboard=0", "setboard=1"))
    assert ours == theirs
    assert theirs[0].startswith("unsupported xboard variant: crazyhouse (available: normal, nocastle,")
