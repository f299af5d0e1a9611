"""quadboard.pgn.read_games against chess.pgn on the two files of ../shared/data/pgn."""

from __future__ import annotations

import bz2
import gzip

import chess
import chess.pgn

import quadboard
from conftest import pgn_paths


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
            assert a.headers == dict(b.headers), where
            assert [m.uci() for m in a.moves] == [m.uci() for m in b.mainline_moves()], where
            end = b.end().board()
            board = a.board()
            assert board.fen() == end.fen(), where
            assert [m.uci() for m in board.move_stack] == [m.uci() for m in end.move_stack], where
            assert not a.errors, (where, a.errors)
            assert not b.errors, where
            total += 1
    assert total == 1548


def test_threads_and_compression_give_the_same_games(tmp_path):
    path = pgn_paths()[1]
    data = path.read_bytes()
    one = [(g.headers, g.moves) for g in quadboard.pgn.read_games(path)]
    two = [(g.headers, g.moves) for g in quadboard.pgn.read_games(str(path), threads=2)]
    assert one == two
    gz = tmp_path / "games.pgn.gz"
    gz.write_bytes(gzip.compress(data))
    bz = tmp_path / "games.pgn.bz2"
    bz.write_bytes(bz2.compress(data))
    assert [(g.headers, g.moves) for g in quadboard.pgn.read_games(gz)] == one
    assert [(g.headers, g.moves) for g in quadboard.pgn.read_games(bz, threads=2)] == one


def test_a_game_with_errors_keeps_what_it_could_read(tmp_path):
    path = tmp_path / "broken.pgn"
    path.write_text(
        '[Event "a"]\n[White "x"]\n\n1. e4 e5 2. Nf3 Ke7?? 3. Qxf7 Nc6 *\n\n'
        '[Event "b"]\n\n1. d4 d5 *\n'
    )
    games = list(quadboard.pgn.read_games(path))
    assert len(games) == 2
    first, second = games
    assert first.headers["Event"] == "a" and first.headers["White"] == "x"
    assert first.headers["Black"] == "?" and first.headers["Date"] == "????.??.??"
    assert [m.uci() for m in first.moves] == ["e2e4", "e7e5", "g1f3", "e8e7"]
    assert len(first.errors) == 1 and "Qxf7" in first.errors[0]
    assert first.board().fen() == chess.Board("rnbq1bnr/ppppkppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQ - 2 3").fen()
    assert [m.uci() for m in second.moves] == ["d2d4", "d7d5"]
    assert not second.errors
    assert "Game" in repr(first)


def test_warnings_for_what_is_forgiven(tmp_path):
    """A puzzle's FEN with full-move number 0 and castling written with zeros are read,
    each with a warning and no error; python-chess reads the same moves."""
    text = (
        '[Event "puzzle"]\n[SetUp "1"]\n'
        '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 0"]\n\n1. 0-0 0-0-0 *\n\n'
        '[Event "clean"]\n\n1. e4 e5 *\n'
    )
    path = tmp_path / "wild.pgn"
    path.write_text(text)
    puzzle, clean = quadboard.pgn.read_games(path)
    assert not puzzle.errors and len(puzzle.warnings) == 2, puzzle.warnings
    assert not clean.errors and not clean.warnings
    import io
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert [m.uci() for m in puzzle.moves] == [m.uci() for m in theirs.mainline_moves()]
    assert puzzle.board().fen() == theirs.end().board().fen()
