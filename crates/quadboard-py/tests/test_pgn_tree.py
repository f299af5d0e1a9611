"""``quadboard.pgn``'s reading and game tree against python-chess 1.11.2's ``chess.pgn``:
games of ``../shared/data/pgn`` read with ``read_game`` (tags, every node's move,
annotations, comment commands, variations, errors, boards, the exported text, the handle's
position), the odd files of ``crates/quadboard-chess/tests/data/pgn-wild``, visitors,
trees built and edited through the API, and bad input.

CI reads a slice of each shared file (``SLICE`` games); ``QUADBOARD_PGN_TREE_FULL=1`` reads
every game (about a minute, most of it python-chess's).
"""

from __future__ import annotations

import io
import logging
import os
from pathlib import Path

import chess
import chess.pgn
import pytest

import quadboard
import quadboard.pgn as qpgn

from conftest import REPO, pgn_paths

FULL = os.environ.get("QUADBOARD_PGN_TREE_FULL") == "1"
SLICE = 60
WILD = REPO / "crates" / "quadboard-chess" / "tests" / "data" / "pgn-wild"

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
logging.getLogger("quadboard.pgn").setLevel(logging.CRITICAL)


def walk(node):
    """Every node below ``node`` in preorder."""
    for child in node.variations:
        yield child
        yield from walk(child)


def error_kinds(game):
    # The messages are the boards' (quadboard's words, not python-chess's); the kinds agree.
    return [type(e).__name__ for e in game.errors]


def assert_same_game(ours, theirs, where, boards=True):
    assert list(ours.headers.items()) == list(theirs.headers.items()), where
    assert error_kinds(ours) == error_kinds(theirs), where
    assert ours.comment == theirs.comment, where
    a_nodes = list(walk(ours))
    b_nodes = list(walk(theirs))
    assert len(a_nodes) == len(b_nodes), where
    for a, b in zip(a_nodes, b_nodes):
        at = f"{where}: {b.parent.board().fen()} {b.move}"
        assert a.move.uci() == b.move.uci(), at
        assert a.comment == b.comment, at
        assert a.starting_comment == b.starting_comment, at
        assert a.nags == b.nags, at
        assert len(a.variations) == len(b.variations), at
        assert a.clock() == b.clock(), at
        assert a.emt() == b.emt(), at
        assert a.eval_depth() == b.eval_depth(), at
        if b.eval() is not None:
            assert str(a.eval()) == str(b.eval()), at
        else:
            assert a.eval() is None, at
        assert a.is_mainline() == b.is_mainline(), at
        assert a.starts_variation() == b.starts_variation(), at
    try:
        theirs.board()
    except ValueError:
        # No start position (a bad FEN): both refuse boards and text alike.
        with pytest.raises(ValueError):
            ours.board()
        with pytest.raises(ValueError):
            str(ours)
        return
    if boards:
        for a, b in zip(ours.mainline(), theirs.mainline()):
            assert a.board().fen() == b.board().fen(), where
            assert a.ply() == b.ply(), where
            assert a.san() == b.san(), where
        end_a, end_b = ours.end().board(), theirs.end().board()
        assert [m.uci() for m in end_a.move_stack] == [m.uci() for m in end_b.move_stack], where
    assert str(ours) == str(theirs), where


def read_both(text_or_path, limit=None, boards=True):
    """Reads games with both libraries from two handles on the same text, comparing each
    game and the handles' positions; returns how many were compared."""
    if isinstance(text_or_path, Path):
        ha = open(text_or_path, encoding="utf-8")
        hb = open(text_or_path, encoding="utf-8")
        where = text_or_path.name
    else:
        ha, hb = io.StringIO(text_or_path), io.StringIO(text_or_path)
        where = "text"
    n = 0
    with ha, hb:
        while limit is None or n < limit:
            a = qpgn.read_game(ha)
            b = chess.pgn.read_game(hb)
            assert ha.tell() == hb.tell(), (where, n)
            if b is None:
                assert a is None, (where, n)
                return n
            assert a is not None, (where, n)
            assert_same_game(a, b, f"{where} game {n + 1}", boards=boards)
            n += 1
    return n


def test_shared_files_read_as_python_chess_reads_them():
    total = 0
    for path in pgn_paths():
        total += read_both(path, limit=None if FULL else SLICE)
    assert total == (1548 if FULL else 2 * SLICE)


def test_the_wild_corpus_reads_as_python_chess_reads_it():
    paths = sorted(WILD.glob("*.pgn"))
    assert len(paths) >= 15
    total = 0
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        total += read_both(text)
    assert total >= 30


def test_read_headers_and_skip_game_leave_the_handle_as_python_chess():
    for path in pgn_paths():
        with open(path, encoding="utf-8") as ha, open(path, encoding="utf-8") as hb:
            offsets = []
            while True:
                offsets.append(ha.tell())
                a = qpgn.read_headers(ha)
                b = chess.pgn.read_headers(hb)
                assert ha.tell() == hb.tell()
                if b is None:
                    assert a is None
                    break
                assert list(a.items()) == list(b.items())
            assert len(offsets) > 400
            # Seek back to a few games and read them whole.
            for offset in offsets[1:-1:97]:
                ha.seek(offset)
                hb.seek(offset)
                assert_same_game(qpgn.read_game(ha), chess.pgn.read_game(hb), f"{path.name}@{offset}")
                assert ha.tell() == hb.tell()
            ha.seek(0)
            hb.seek(0)
            skipped = 0
            while qpgn.skip_game(ha):
                assert chess.pgn.skip_game(hb)
                assert ha.tell() == hb.tell()
                skipped += 1
            assert not chess.pgn.skip_game(hb)
            assert skipped == len(offsets) - 1


ODD = [
    "",
    "\n\n\n",
    # Suicide and giveaway, played by quadboard.variant's boards.
    '[Variant "Suicide"]\n\n1. e4 *',
    '[Variant "Giveaway"]\n\n1. e3 b5 2. Bxb5 *',
    "1. e4 e5 2. Nf3 *",
    "1. e4 e5 2. Ke2?? Kxx 3. Qxf7 Nc6 *\n\n1. d4 *",
    '[Event "a"]\n[White "x"]\n\n1. e4 e5 2. Nf3 Ke7 3. Qxf7 Nc6 *\n\n[Event "b"]\n\n1. d4 d5 *\n',
    "1. e4 (1. d4 Kxx) e5 *",
    "1. e4 (1. d4 Nf6 2. Qxx) Nf3 *",
    "1. e4 ( ) {y} e5 *",
    "1. e4 ( {x} ) e5 *",
    "1. e4 e5 1-0 2. Nf3 *",
    "{a} {b} 1. e4 {c} {d} $1 $1 $3 ( {s} 1. d4 {t} ) *",
    "1. e4 {  two  spaces  } e5 {x\n\nstill a comment} 2. Nf3 ; rest {of line\n2... Nc6 *",
    "( 1. e4 ) 1. d4 e5 (",
    '[FEN "not a fen"]\n\n1. e4 *\n\n1. d4 *',
    '[Variant "Chess960"]\n[FEN "bnrqkrnb/pppppppp/8/8/8/8/PPPPPPPP/BNRQKRNB w KQkq - 0 1"]\n\n1. O-O O-O *',
    '[SetUp "1"]\n[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n\n1. O-O O-O-O 2. Rf2 {x} *',
    "1. e4 -- 2. Nf3 Z0 3. Bc4 *",
    '[Event "x"]\n[Bad tag line\n[Site "y"]\n\n\n\n1. e4 *',
    "%escape\n; comment\n[Event \"z\"]\n%x\n\n1. e4\n%mid\ne5 *",
    "1. e4 e5 {unterminated",
    "1. f3 e5 2. g4 Qh4# 0-1",
    "1. e4 e5 2. Nf3 $100 Nc6 *",
    "1. e4 * e5 1-0 2. Nf3 0-1",
    '[Result "0-1"]\n\n1. e4 * e5 1-0',
    "( =Q ?! Nc6 0-1 a6 exd6 [Bad\n $1 Nf3 ) *",
    "1. e4 (1. d4 *) e5 *",
    "1. e4 e5 Kxx ) Nf3 ) Nc6 *",
    '1. e4 e5\n[Event "inside"]\n2. Nf3 *',
    # Drops: python-chess's pattern reads them as moves, which its board refuses.
    "1. P@e4 e5 *",
    "1. e4 e5 2. N@f3 Nc6 (2... d6) 3. Bc4 *",
    "1. e4 (1. @d4 d5) e5 2. Q@@h5 *",
] + [
    # Comments after a result: python-chess reads them as the last node's (the library's
    # reader drops them; the binding gives them back).
    "1. e4 e5 1-0 {after the result}",
    "{a} 1-0 {b}  {c}\n\n1. d4 *",
    "1. e4 e5 1-0 {a} 2. Nf3 {b} * {c}",
    "1. e4 Kxx 1-0 {skipped with the rest}",
    "1. e4 {says 1-0} {x} *",
    '1. e4 1-0 { x }\n[Event "n"]\n\n1. d4 0-1 {y}',
    "1. e4 (1. d4 {v}) 1/2-1/2 {w}",
]
# The drops and the comments after a result, for the visitors too.
LATE = ODD[-10:]


@pytest.mark.parametrize("text", ODD)
def test_odd_and_broken_input_reads_as_python_chess_reads_it(text):
    read_both(text)


KNOWN_DIFFERENCES = [
    # python-chess raises IndexError (its builder's stack runs empty at the second `)`).
    "( 1. e4 ) 1. d4 ) e5 (",
    # NAGs above 255: the library's NAG is a byte.
    "1. e4 e5 2. Nf3 $1000 Nc6 *",
    # No king: quadboard's board refuses SAN (ValueError); python-chess says IllegalMoveError.
    '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *',
    # A `(` before the first move: python-chess ignores it (no move to branch from), the
    # library's reader opens a variation, so the result after it reads as a move there
    # (`invalid san: '*'`; variant games alike).
    "( f3 ( 1. g4 c6 ) 1... b5 *",
]


@pytest.mark.parametrize("text", KNOWN_DIFFERENCES)
def test_what_reads_differently_still_reads(text):
    game = qpgn.read_game(io.StringIO(text))
    assert isinstance(game, qpgn.Game)
    assert all(isinstance(e, ValueError) for e in game.errors)
    try:
        str(game)
    except ValueError:
        assert "Variant" in game.headers


class Recorder:
    """Records every callback with its arguments."""

    def __init__(self):
        self.calls = []

    def begin_game(self):
        self.calls.append("begin_game")

    def begin_headers(self):
        self.calls.append("begin_headers")

    def visit_header(self, name, value):
        self.calls.append(("header", name, value))

    def end_headers(self):
        self.calls.append("end_headers")

    def begin_parse_san(self, board, san):
        self.calls.append(("parse", board.fen(), san))

    def visit_move(self, board, move):
        self.calls.append(("move", board.fen(), move.uci()))

    def visit_board(self, board):
        self.calls.append(("board", board.fen()))

    def visit_comment(self, comment):
        self.calls.append(("comment", comment))

    def visit_nag(self, nag):
        self.calls.append(("nag", nag))

    def begin_variation(self):
        self.calls.append("begin_variation")
        return self.skip_variations

    def end_variation(self):
        self.calls.append("end_variation")

    def visit_result(self, result):
        self.calls.append(("result", result))

    def end_game(self):
        self.calls.append("end_game")

    def handle_error(self, error):
        self.calls.append(("error", type(error).__name__))

    def result(self):
        return self.calls


def recorder(base, skip_variations):
    class R(Recorder, base):
        pass

    skip = (qpgn.SKIP if base is qpgn.BaseVisitor else chess.pgn.SKIP) if skip_variations else None

    def make():
        r = R()
        r.skip_variations = skip
        return r

    return make


@pytest.mark.parametrize("skip", [False, True])
@pytest.mark.parametrize("text", ODD[2:14] + ODD[18:20] + LATE)
def test_a_visitor_gets_python_chess_callbacks_in_order(text, skip):
    ours = qpgn.read_game(io.StringIO(text), Visitor=recorder(qpgn.BaseVisitor, skip))
    theirs = chess.pgn.read_game(io.StringIO(text), Visitor=recorder(chess.pgn.BaseVisitor, skip))
    assert ours == theirs


def test_accept_calls_back_as_python_chess():
    text = "{a} 1. e4 $1 {b} (1. d4 {c} d5 (1... Nf6 2. c4) 2. c4) 1... e5 2. Nf3 (2. f4) *"
    ours = qpgn.read_game(io.StringIO(text))
    theirs = chess.pgn.read_game(io.StringIO(text))
    for skip in (False, True):
        a = ours.accept(recorder(qpgn.BaseVisitor, skip)())
        b = theirs.accept(recorder(chess.pgn.BaseVisitor, skip)())
        assert a == b
        node_a = ours.variations[0].variations[0]
        node_b = theirs.variations[0].variations[0]
        assert node_a.accept(recorder(qpgn.BaseVisitor, skip)()) == node_b.accept(
            recorder(chess.pgn.BaseVisitor, skip)())
    assert str(ours.mainline()) == str(theirs.mainline())
    assert repr(ours.variations[0]).split(" (")[1] == repr(theirs.variations[0]).split(" (")[1]


def test_a_subclass_parse_san_and_handle_error_are_used():
    class Lenient(qpgn.GameBuilder):
        def parse_san(self, board, san):
            return board.parse_san("e4" if san == "Ke2" else san)

        def handle_error(self, error):
            self.game.errors.append("seen")

    game = qpgn.read_game(io.StringIO("1. Ke2 Nf6 *"), Visitor=Lenient)
    assert game.errors == []
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "g8f6"]
    game = qpgn.read_game(io.StringIO("1. e4 Nf3 2. d4 *"), Visitor=Lenient)
    assert game.errors == ["seen"]
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4"]


def test_board_builder_and_headers_builder():
    text = '[Event "e"]\n\n1. e4 (1. d4 d5) e5 2. Nf3 *'
    board = qpgn.read_game(io.StringIO(text), Visitor=qpgn.BoardBuilder)
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5", "g1f3"]
    headers = qpgn.read_game(io.StringIO(text), Visitor=qpgn.HeadersBuilder)
    assert dict(headers) == {"Event": "e"}
    assert qpgn.read_game(io.StringIO(""), Visitor=qpgn.HeadersBuilder) is None


def test_boards_along_a_walk_are_independent_and_share_nothing_visible():
    text = "1. e4 e5 2. Nf3 (2. Bc4 Nf6) Nc6 3. Bb5 a6 *"
    game = qpgn.read_game(io.StringIO(text))
    boards = [node.board() for node in game.mainline()]
    boards[0].push_san("d5")
    boards[1].pop()
    assert [b.fen() for b in (n.board() for n in game.mainline())] == [
        n.board().fen() for n in chess.pgn.read_game(io.StringIO(text)).mainline()
    ]
    side = game.variations[0].variations[0].variations[1].variations[0]
    assert side.san() == "Nf6"
    assert [m.uci() for m in side.board().move_stack] == ["e2e4", "e7e5", "f1c4", "g8f6"]


def edit(pgn):
    """The same edits on a game of either library; returns the game."""
    game = pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 (2. Bc4 Nf6) Nc6 3. Bb5 a6 *"))
    e4 = game.next()
    e5 = e4.next()
    e5.promote_to_main(e5.variation(1).move)
    e5.demote(0)
    e5.promote(1)
    nc3 = e5.add_variation(chess.Move.from_uci("b1c3") if pgn is chess.pgn else quadboard.Move.from_uci("b1c3"),
                           comment="new", starting_comment="start", nags=[3, 1])
    line_end = nc3.add_line([type(nc3.move).from_uci(u) for u in ("g8f6", "f1c4")], comment="end", nags=[5])
    line_end.set_clock(65.5)
    line_end.set_eval(None)
    nc3.parent.add_main_variation(type(nc3.move).from_uci("d2d4"), comment="main")
    e5.remove_variation(type(nc3.move).from_uci("f1c4"))
    game.headers["White"] = "W"
    game.variations[0].comment = "changed"
    return game


def test_trees_edited_through_the_api_match_python_chess():
    ours, theirs = edit(qpgn), edit(chess.pgn)
    assert_same_game(ours, theirs, "edited")
    # The first move changed after reading: boards follow the tree.
    ours.next().move = quadboard.Move.from_uci("d2d4")
    theirs.next().move = chess.Move.from_uci("d2d4")
    ours.next().variations.clear()
    theirs.next().variations.clear()
    ours.next().add_variation(quadboard.Move.from_uci("d7d5"))
    theirs.next().add_variation(chess.Move.from_uci("d7d5"))
    assert str(ours) == str(theirs)
    assert ours.end().board().fen() == theirs.end().board().fen()


def test_games_built_from_nothing_and_from_boards():
    for pgn, lib in ((qpgn, quadboard), (chess.pgn, chess)):
        pass
    ours = qpgn.Game()
    theirs = chess.pgn.Game()
    for game, lib in ((ours, quadboard), (theirs, chess)):
        node = game
        for uci in ("e2e4", "e7e5", "g1f3"):
            node = node.add_variation(lib.Move.from_uci(uci))
        game.setup(lib.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
    assert str(ours) == str(theirs)
    assert [n.board().fen() for n in ours.mainline()] == [n.board().fen() for n in theirs.mainline()]
    board_a = quadboard.Board()
    board_b = chess.Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        board_a.push_san(san)
        board_b.push_san(san)
    assert str(qpgn.Game.from_board(board_a)) == str(chess.pgn.Game.from_board(board_b))
    assert list(qpgn.Game.without_tag_roster().headers) == []
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    a, b = qpgn.Game(), chess.pgn.Game()
    a.setup(fen)
    b.setup(fen)
    a.add_variation(quadboard.Move.from_uci("e1g1"))
    b.add_variation(chess.Move.from_uci("e1g1"))
    assert str(a) == str(b)
    assert a.next().ply() == b.next().ply() and a.next().turn() == b.next().turn()
    assert a.next().board().fen() == b.next().board().fen()


def test_read_games_yields_the_same_trees_as_read_game(tmp_path):
    path = pgn_paths()[0]
    with open(path, encoding="utf-8") as f:
        expected = [str(qpgn.read_game(f)) for _ in range(SLICE)]
    got = [str(g) for _, g in zip(range(SLICE), qpgn.read_games(path, threads=2))]
    assert got == expected
    odd = tmp_path / "odd.pgn"
    odd.write_text('[Event "a"]\n[SetUp "1"]\n[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 0"]\n\n1. 0-0 0-0-0 *\n\n'
                   '[Event "b"]\n\n1. e4 e5 2. Ke2 Ke7 3. Qxf7 *\n')
    a, b = qpgn.read_games(odd)
    assert [m.uci() for m in a.mainline_moves()] == ["e1g1", "e8c8"]
    assert a.warnings and not a.errors
    assert [type(e).__name__ for e in b.errors] == ["IllegalMoveError"]
    assert str(b) == str(chess.pgn.read_game(io.StringIO(odd.read_text().split("\n\n", 2)[2])))


def test_read_games_keeps_comments_after_a_result(tmp_path):
    text = '[Event "a"]\n\n1. e4 e5 1-0 {mate soon} {really}\n\n[Event "b"]\n\n{only} * {this}\n'
    path = tmp_path / "trailing.pgn"
    path.write_text(text)
    stream = io.StringIO(text)
    expected = [str(chess.pgn.read_game(stream)) for _ in range(2)]
    assert "{ mate soon really }" in expected[0]
    assert [str(g) for g in qpgn.read_games(path)] == expected


def test_a_read_game_copies_deeply():
    import copy

    text = "1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 *"
    game = qpgn.read_game(io.StringIO(text))
    twin = copy.deepcopy(game)
    twin.next().comment = "changed"
    twin.next().variations[1].variations.clear()
    assert str(game) == str(chess.pgn.read_game(io.StringIO(text)))
    assert twin.next().next().board().fen() == game.next().next().board().fen()
    assert "{ changed }" in str(twin) and "( 1... c5 )" in str(twin)


def test_mainline_moves_follow_edits():
    text = "1. e4 (1. d4 d5) 1... e5 2. Nf3 *"
    for pgn in (qpgn, chess.pgn):
        pass
    ours = qpgn.read_game(io.StringIO(text))
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
    assert [m.uci() for m in reversed(ours.mainline_moves())] == ["g1f3", "e7e5", "e2e4"]
    ours.promote_to_main(1)
    theirs.promote_to_main(1)
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()] == ["d2d4", "d7d5"]
    assert bool(ours.mainline()) and not ours.end().mainline()


SOUP = ["1.", "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "(", ")", "{c}", "{ x\n\ny }", "$1", "!", "?!",
        "*", "1-0", "0-1", "1/2-1/2", "O-O", "0-0", "--", "Kxx", "e4e5", "\n", "\n\n",
        '[Event "x"]\n', '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n', "; rest\n", "%esc\n", "{", "}",
        "d4", "d5", "Qh5", "Qxf7#", "\ufeff", "[Bad\n", "2...", "Z0", "e8=Q", "exd6", "e.p."]


def test_token_soup_never_fails():
    """Random token soup: every game read, printed and walked without an exception (other
    than the ValueError of a game without a start position); most read as python-chess."""
    import random

    rng = random.Random(34)
    same = total = 0
    for _ in range(300):
        text = " ".join(rng.choice(SOUP) for _ in range(rng.randint(0, 30)))
        handle = io.StringIO(text)
        ours = []
        while (game := qpgn.read_game(handle)) is not None:
            try:
                ours.append(str(game))
                for node in walk(game):
                    node.board()
            except ValueError:
                assert game.errors
        try:
            theirs = []
            handle = io.StringIO(text)
            while (game := chess.pgn.read_game(handle)) is not None:
                try:
                    theirs.append(str(game))
                except ValueError:
                    pass
        except (IndexError, AssertionError):
            continue
        total += 1
        same += ours == theirs
    assert same >= 0.9 * total


@pytest.mark.parametrize("tag", [None, "", "?", "-", "40/7200:3600", "300+2", "5400+30"])
def test_time_control_of_the_tag_as_python_chess(tag):
    ours, theirs = quadboard.pgn.Game(), chess.pgn.Game()
    if tag is not None:
        ours.headers["TimeControl"] = theirs.headers["TimeControl"] = tag
    assert repr(ours.time_control()) == repr(theirs.time_control())


def test_time_control_that_cannot_be_read_is_a_value_error():
    game = quadboard.pgn.Game()
    game.headers["TimeControl"] = "40/abc"
    with pytest.raises(ValueError):
        game.time_control()


@pytest.mark.parametrize("silenced", ["chess.pgn", "quadboard.pgn", None])
def test_errors_are_logged_unless_either_logger_is_silenced(silenced, caplog):
    # The module silences both names for the other tests: restore them here.
    levels = {name: logging.getLogger(name).level for name in ("chess.pgn", "quadboard.pgn")}
    try:
        for name in levels:
            logging.getLogger(name).setLevel(logging.CRITICAL if name == silenced else logging.NOTSET)
        caplog.clear()
        game = qpgn.read_game(io.StringIO("1. e4 e5 2. Ke3 *\n"))
        assert len(game.errors) == 1
        logged = [r for r in caplog.records if r.name == "quadboard.pgn"]
        assert len(logged) == (0 if silenced else 1)
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


# -- nodes made when first reached ----------------------------------------------------------
# A tree as read makes its node objects when they are first reached: down through
# ``variations``, or ``end()`` alone, whose parents are made when asked for. Whichever way,
# one node is one object, and edits made on it are the tree's.

LAZY_TEXT = "1. e4 {a} e5 (1... c5 {side} 2. Nf3 d6 $1) 2. Nf3 Nc6 3. Bb5 a6 {[%clk 0:01:05]} *"


def both(text=LAZY_TEXT):
    return qpgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text))


def uci_stack(board):
    return [m.uci() for m in board.move_stack]


def test_end_alone_is_the_node_a_walk_down_reaches():
    ours, theirs = both()
    end = ours.end()
    assert end.move.uci() == "a7a6" and end.comment == "{[%clk 0:01:05]}"[1:-1]
    assert end.clock() == theirs.end().clock() == 65
    # Asked for before anything above it is made: the same board, ply and stack.
    assert uci_stack(end.board()) == uci_stack(theirs.end().board())
    assert end.ply() == theirs.end().ply() == 6 and end.turn() == theirs.end().turn()
    assert end.root() is ours and end.game() is ours
    assert end.is_mainline() and end.is_main_variation() and not end.starts_variation()
    parents = []
    node = end
    while node.parent is not None:
        parents.append(node.parent)
        node = node.parent
    assert node is ours and len(parents) == 6
    assert end.parent is parents[0]  # looked up once
    # Walking down reaches the very same objects.
    down = [ours]
    while down[-1].variations:
        down.append(down[-1].variations[0])
    assert down[-1] is end
    assert down[:-1] == list(reversed(parents)) and all(a is b for a, b in zip(down[:-1], reversed(parents)))
    assert ours.end() is end and ours.next().end() is end
    assert [n.move.uci() for n in reversed(ours.mainline())] == [m.uci() for m in reversed(list(theirs.mainline_moves()))]
    assert str(ours) == str(theirs)


def test_end_of_a_side_line_and_its_parents():
    ours, theirs = both()
    side, side_theirs = ours.next().variations[1], theirs.next().variations[1]
    end = side.end()
    assert end.move.uci() == "d7d6" and end.nags == {1}
    assert end.parent.parent is side and not end.is_mainline() and not end.starts_variation()
    assert end.parent.starts_variation() is False and side.starts_variation() is True
    assert uci_stack(end.board()) == uci_stack(side_theirs.end().board())
    assert end.ply() == side_theirs.end().ply()


def test_edits_on_a_lazy_end_and_its_parents_are_the_trees():
    ours, theirs = both()
    for game, lib in ((ours, quadboard), (theirs, chess)):
        end = game.end()
        end.comment = "edited"
        end.nags.add(4)
        parent = end.parent
        parent.add_variation(lib.Move.from_uci("g7g6"), comment="new")
        end.parent.parent.parent.starting_comment = "start"
        del end, parent  # only the tree holds them now
    assert str(ours) == str(theirs)
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
    assert ours.end().comment == "edited" and 4 in ours.end().nags


def test_a_lazy_node_moved_or_its_move_set_reads_as_python_chess():
    ours, theirs = both()
    for game, lib in ((ours, quadboard), (theirs, chess)):
        end = game.end()
        end.move = lib.Move.from_uci("g8f6")
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
    assert uci_stack(ours.end().board()) == uci_stack(theirs.end().board())
    assert ours.end().san() == theirs.end().san() == "Nf6"
    ours, theirs = both()
    for game in (ours, theirs):
        # Moved under the first move (still listed by its old parent, as python-chess
        # leaves it): its ply, root and board follow its new parent.
        game.end().parent = game.next()
    a, b = ours.end(), theirs.end()
    assert a.parent is ours.next() and b.parent is theirs.next()
    assert a.ply() == b.ply() == 2 and a.root() is ours
    assert a.is_mainline() == b.is_mainline()
    assert uci_stack(a.board()) == uci_stack(b.board()) == ["e2e4", "a7a6"]


def test_end_after_edits_above_it_follows_the_objects():
    ours, theirs = both()
    for game in (ours, theirs):
        last = game.end()
        game.next().promote_to_main(1)  # the side line becomes the main one
        assert game.end() is not last
    assert ours.end().move.uci() == theirs.end().move.uci() == "d7d6"
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
    assert uci_stack(ours.end().board()) == uci_stack(theirs.end().board())
    ours, theirs = both()
    for game in (ours, theirs):
        mid = game.end().parent.parent  # 2... Nc6, made from below
        mid.variations.clear()
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()] == [
        "e2e4", "e7e5", "g1f3", "b8c6"]
    assert ours.end().move.uci() == "b8c6" and ours.end() is ours.next().next().next().next()
    assert str(ours) == str(theirs)


def test_a_game_copied_after_a_lazy_end():
    import copy
    import pickle

    ours, theirs = both()
    end = ours.end()
    twin = copy.deepcopy(ours)
    assert twin.end() is not end and twin.end().root() is twin
    assert twin.end().parent.move == end.parent.move and twin.end().parent is not end.parent
    twin.end().parent.comment = "twin"
    assert "twin" not in str(ours) and "twin" in str(twin)
    from quadboard import _pgn_tree

    assert pickle.loads(pickle.dumps(_pgn_tree._LAZY)) is _pgn_tree._LAZY
    assert copy.copy(_pgn_tree._LAZY) is _pgn_tree._LAZY


def test_read_games_lazy_ends_and_errors_match_python_chess(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(LAZY_TEXT + "\n\n" + '[White "x"]\n\n1. e4 e5 2. Ke3 Nf6 *\n\n' + "1. d4 d5 2. c4 *\n")
    with open(path, encoding="utf-8") as f:
        expected = [chess.pgn.read_game(f) for _ in range(3)]
    for ours, theirs in zip(qpgn.read_games(path), expected):
        assert error_kinds(ours) == error_kinds(theirs)
        assert list(ours.headers.items()) == list(theirs.headers.items())
        end_a, end_b = ours.end(), theirs.end()
        assert uci_stack(end_a.board()) == uci_stack(end_b.board())
        assert end_a.ply() == end_b.ply() and end_a.is_mainline() == end_b.is_mainline()
        assert str(ours) == str(theirs)


def test_shared_games_ends_first_then_the_walk():
    # The benchmark's order on real games: headers, mainline moves, end().board(), then
    # every node, all as python-chess gives them.
    path = pgn_paths()[0]
    with open(path, encoding="utf-8") as f:
        expected = [chess.pgn.read_game(f) for _ in range(SLICE // 2)]
    for n, (ours, theirs) in enumerate(zip(qpgn.read_games(path), expected)):
        assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()], n
        end_a, end_b = ours.end(), theirs.end()
        assert end_a.board().fen() == end_b.board().fen() and uci_stack(end_a.board()) == uci_stack(end_b.board()), n
        assert end_a.comment == end_b.comment and end_a.ply() == end_b.ply(), n
        assert_same_game(ours, theirs, f"game {n + 1}")
        assert ours.end() is end_a, n


def test_read_games_headers_kept_in_rust_until_used_behave_as_python_chess(tmp_path):
    # The headers of read_games make their dicts when first used: every way in (reading,
    # editing, copying, pickling, comparing) must see python-chess's tags, and a start tag
    # set before the first board() must move the board.
    import copy
    import pickle

    path = pgn_paths()[0]
    with open(path, encoding="utf-8") as f:
        expected = [chess.pgn.read_game(f) for _ in range(8)]
    games = list(zip(qpgn.read_games(path), expected))
    uses = [
        lambda h: list(h.items()),
        lambda h: [h[k] for k in h],
        lambda h: (len(h), "Site" in h, h.get("ECO"), h.get("Nope", "-")),
        lambda h: list(copy.deepcopy(h).items()),
        lambda h: list(copy.copy(h).items()),
        lambda h: list(pickle.loads(pickle.dumps(h)).items()),
        lambda h: repr(h).replace("Headers(", "")[:200],
        lambda h: h == dict(h),
    ]
    for n, ((ours, theirs), use) in enumerate(zip(games, uses)):
        want = use(theirs.headers)
        if n == 6:
            want = repr(theirs.headers).replace("Headers(", "")[:200]
        assert use(ours.headers) == want, n
        assert list(ours.headers.items()) == list(theirs.headers.items()), n
        assert str(ours) == str(theirs), n
    ours, theirs = next(iter(qpgn.read_games(path))), expected[0]
    ours.headers["White"] = theirs.headers["White"] = "someone"
    del ours.headers["Event"], theirs.headers["Event"]
    assert list(ours.headers.items()) == list(theirs.headers.items())
    game = next(iter(qpgn.read_games(path)))
    pickled = pickle.loads(pickle.dumps(game.headers))
    assert type(pickled) is qpgn.Headers and "_tags" not in vars(pickled)
    fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    edited = next(iter(qpgn.read_games(path)))
    edited.headers["FEN"] = fen
    with open(path, encoding="utf-8") as f:
        theirs = chess.pgn.read_game(f)
    theirs.headers["FEN"] = fen
    assert edited.board().fen() == theirs.board().fen() == fen
    # python-chess's replay asserts; ours raises its IllegalMoveError: neither gives the
    # board as read.
    with pytest.raises(AssertionError):
        theirs.end().board()
    with pytest.raises(ValueError, match="e2e4 is not a pseudo-legal move"):
        edited.end().board()
    assert not hasattr(qpgn.Headers(), "_roster_") and qpgn.Headers()._tags is None


def test_read_games_tag_values_decoded_when_asked_for_as_read_game_reads_them(tmp_path):
    # Tag values are kept as written until the headers are used: escapes stay as
    # python-chess leaves them (read_games unescaped them before), non-ASCII text is
    # itself, and bytes that are not UTF-8 (which python-chess cannot read) are read as
    # Windows-1252 and unescaped, as the library's reader decodes them.
    text = ('[Event "a \\"quoted\\" b"]\n[Site "back\\\\slash"]\n[Annotator "C:\\path"]\n'
            '[White "Ærøskøbing Šić"]\n[Black "x"]\n\n1. e4 *\n')
    path = tmp_path / "tags.pgn"
    path.write_text(text, encoding="utf-8")
    ours = next(iter(qpgn.read_games(path)))
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert list(ours.headers.items()) == list(theirs.headers.items())
    assert ours.headers["Event"] == 'a \\"quoted\\" b' and ours.headers["Site"] == "back\\\\slash"
    latin = tmp_path / "latin.pgn"
    latin.write_bytes(b'[White "M\xfcller \\"Jr\\""]\n[Black "\xc6"]\n\n1. e4 *\n')
    game = next(iter(qpgn.read_games(latin)))
    assert (game.headers["White"], game.headers["Black"]) == ('Müller "Jr"', "Æ")


def test_read_games_objects_without_references_are_not_tracked_by_the_collector(tmp_path):
    import gc

    path = tmp_path / "g.pgn"
    path.write_text("1. e4 e5 2. Nf3 *\n")
    game = next(iter(qpgn.read_games(path)))
    moves = list(game.mainline_moves())
    assert [m.uci() for m in moves] == ["e2e4", "e7e5", "g1f3"]
    assert not any(gc.is_tracked(m) for m in moves)
    assert not gc.is_tracked(game._src.data) and gc.is_tracked(game)
    gc.collect()
    assert moves[0] == quadboard.Move.from_uci("e2e4") and game.end().board().fen() == \
        chess.pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 *")).end().board().fen()


def test_nags_errors_and_warnings_made_when_asked_for_behave_as_lists_and_sets():
    # Nodes without NAGs and games without errors hold no set or list until asked: what is
    # asked for is then one object, kept, and edits on it are the game's.
    text = "1. e4 $1 e5 2. Nf3 Nc6 *"
    ours, theirs = both(text)
    for game in (ours, theirs):
        e5 = game.next().next()
        assert e5.nags == set() and e5.nags is e5.nags
        e5.nags.add(2)
        game.end().nags = {4}
        assert game.next().nags == {1}
        assert game.errors == [] and game.errors is game.errors
    assert str(ours) == str(theirs)
    assert ours.warnings == [] and ours.warnings is ours.warnings
    ours.warnings.append("mine")
    assert ours.warnings == ["mine"]
    fresh = qpgn.Game()
    assert fresh.errors == [] and fresh.nags == set() and fresh.warnings == []
    fresh.errors.append(ValueError("x"))
    assert len(fresh.errors) == 1 and "1 errors" in repr(fresh)


def test_read_games_nags_errors_and_warnings(tmp_path):
    path = tmp_path / "g.pgn"
    path.write_text("1. e4 $1 e5 $2 $2 2. Nf3 *\n\n1. e4 e5 2. Ke3 *\n\n1. 0-0 *\n")
    with open(path, encoding="utf-8") as f:
        expected = [chess.pgn.read_game(f) for _ in range(3)]
    ours = list(qpgn.read_games(path))
    assert [str(g) for g in ours] == [str(g) for g in expected]
    assert [error_kinds(g) for g in ours] == [error_kinds(g) for g in expected]
    assert ours[0].next().nags == {1} and ours[0].next().next().nags == {2} and ours[0].end().nags == set()
    assert ours[0].warnings == [] and ours[0].errors == []
    ours[0].errors.append(ValueError("added"))
    assert len(ours[0].errors) == 1


def test_read_games_with_threads_reads_ahead_and_stops_cleanly(tmp_path):
    # More than one thread: a thread of the reader's own parses batches (256 KB) ahead.
    # The games and their order are those of one thread; an error in the middle of the
    # input comes after the games before it; a reader left early does not hang.
    import gzip

    path = pgn_paths()[0]
    data = path.read_bytes()
    big = tmp_path / "big.pgn"
    big.write_bytes(data + b"\n\n" + data)  # eight batches or so
    one = [(g.headers.get("Site"), [m.uci() for m in g.mainline_moves()]) for g in qpgn.read_games(big)]
    for threads in (2, 3):
        assert [(g.headers.get("Site"), [m.uci() for m in g.mainline_moves()])
                for g in qpgn.read_games(big, threads=threads)] == one
    assert len(one) == 2 * sum(1 for _ in qpgn.read_games(path)) > 800
    for _ in range(3):
        reader = qpgn.read_games(big, threads=2)
        first = [next(reader) for _ in range(5)]
        del reader  # the thread stops at its next batch
        assert [g.headers.get("Site") for g in first] == [site for site, _ in one[:5]]
    cut = tmp_path / "cut.pgn.gz"
    whole = gzip.compress(data)
    cut.write_bytes(whole[: len(whole) * 9 // 10])
    counts = []
    for threads in (1, 2):
        reader = qpgn.read_games(cut, threads=threads)
        got = []
        with pytest.raises(OSError, match="cut.pgn.gz"):
            for game in reader:
                got.append(game.headers.get("Site"))
        assert got and got == [site for site, _ in one[: len(got)]]
        counts.append(len(got))
    assert counts[0] == counts[1]  # the same whole batches before the error
    assert list(reader) == []  # the reader is over after its error
