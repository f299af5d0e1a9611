"""quadboard.pgn.read_games (the batch reader over file names) against chess.pgn on the
two files of ../shared/data/pgn: the same ``Game`` trees as python-chess's ``read_game``
reads, with threads and compressed files."""

from __future__ import annotations

import bz2
import gzip
import io
import logging

import chess
import chess.pgn

import quadboard
from conftest import pgn_paths

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
logging.getLogger("quadboard.pgn").setLevel(logging.CRITICAL)


def python_chess_games(path):
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            yield game


def test_read_games_matches_chess_pgn():
    total = 0
    for path in pgn_paths():
        ours = list(quadboard.pgn.read_games(path))
        theirs = list(python_chess_games(path))
        assert len(ours) == len(theirs), path
        for i, (a, b) in enumerate(zip(ours, theirs)):
            where = f"{path.name} game {i + 1}"
            assert isinstance(a, quadboard.pgn.Game), where
            assert list(a.headers.items()) == list(b.headers.items()), where
            assert [m.uci() for m in a.mainline_moves()] == [m.uci() for m in b.mainline_moves()], where
            end = b.end().board()
            board = a.end().board()
            assert board.fen() == end.fen(), where
            assert [m.uci() for m in board.move_stack] == [m.uci() for m in end.move_stack], where
            assert not a.errors and not b.errors, where
            assert not a.warnings, (where, a.warnings)
            total += 1
    assert total == 1548


def test_threads_and_compression_give_the_same_games(tmp_path):
    path = pgn_paths()[1]
    data = path.read_bytes()

    def texts(games):
        return [str(g) for g in games]

    one = texts(quadboard.pgn.read_games(path))
    assert texts(quadboard.pgn.read_games(str(path), threads=2)) == one
    gz = tmp_path / "games.pgn.gz"
    gz.write_bytes(gzip.compress(data))
    bz = tmp_path / "games.pgn.bz2"
    bz.write_bytes(bz2.compress(data))
    assert texts(quadboard.pgn.read_games(gz)) == one
    assert texts(quadboard.pgn.read_games(bz, threads=2)) == one


def test_a_game_with_errors_keeps_what_it_could_read(tmp_path):
    path = tmp_path / "broken.pgn"
    text = (
        '[Event "a"]\n[White "x"]\n\n1. e4 e5 2. Nf3 Ke7?? 3. Qxf7 Nc6 *\n\n'
        '[Event "b"]\n\n1. d4 d5 *\n'
    )
    path.write_text(text)
    games = list(quadboard.pgn.read_games(path))
    assert len(games) == 2
    first, second = games
    assert first.headers["Event"] == "a" and first.headers["White"] == "x"
    assert first.headers["Black"] == "?" and first.headers["Date"] == "????.??.??"
    assert [m.uci() for m in first.mainline_moves()] == ["e2e4", "e7e5", "g1f3", "e8e7"]
    assert [type(e) for e in first.errors] == [quadboard.IllegalMoveError]
    assert "Qxf7" in str(first.errors[0])
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert first.end().board().fen() == theirs.end().board().fen()
    assert str(first) == str(theirs)
    assert [m.uci() for m in second.mainline_moves()] == ["d2d4", "d7d5"]
    assert not second.errors
    assert "Game" in repr(first) and "1 errors" in repr(first)


def test_warnings_for_what_is_forgiven(tmp_path):
    """A puzzle's FEN with full-move number 0 and castling written with zeros are read,
    castling with a warning and no error; python-chess reads the same moves."""
    text = (
        '[Event "puzzle"]\n[SetUp "1"]\n'
        '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 0"]\n\n1. 0-0 0-0-0 *\n\n'
        '[Event "clean"]\n\n1. e4 e5 *\n'
    )
    path = tmp_path / "wild.pgn"
    path.write_text(text)
    puzzle, clean = quadboard.pgn.read_games(path)
    assert not puzzle.errors and any("zeros" in w for w in puzzle.warnings), puzzle.warnings
    assert not clean.errors and not clean.warnings
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert [m.uci() for m in puzzle.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
    assert puzzle.end().board().fen() == theirs.end().board().fen()
