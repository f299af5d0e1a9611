"""``quadboard._pgn_text`` and ``quadboard._score`` against python-chess 1.11.2: the export
format, comment commands, ``Headers``, visitors and score types.

The exporters are driven by python-chess's own ``Game.accept()`` (its boards have ``san()``,
``turn`` and ``fullmove_number``, all an exporter reads), so the text is compared without
quadboard's game tree. CI runs a slice of ``../shared/data/pgn`` and a few hundred generated
trees; ``QUADBOARD_DIFF_SCALE=20`` runs more trees and comments, and
``QUADBOARD_PGN_TEXT_FULL=1`` every game of the shared files (a few minutes).
"""

from __future__ import annotations

import copy
import io
import itertools
import os
import pickle
import random

import chess
import chess.engine
import chess.pgn
import chess.svg
import pytest

import quadboard
from quadboard import _pgn_text as qp
from quadboard import _score as qs
from quadboard._arrow import Arrow

from conftest import pgn_paths

SCALE = int(os.environ.get("QUADBOARD_DIFF_SCALE", "1"))
FULL = os.environ.get("QUADBOARD_PGN_TEXT_FULL") == "1"
# Games per shared file in the default run: enough for clocks, evals, long lines and odd
# results; the rest when FULL.
SLICE = 40

COLUMNS = [None, 80, 30, 7, 1]
FLAGS = list(itertools.product([True, False], repeat=3))


# -- the export format ------------------------------------------------------------------


class _Recorder(chess.pgn.BaseVisitor):
    """Records what python-chess's ``Game.accept`` calls, with each move's SAN, so that a
    game can be replayed into many exporters without python-chess's move generation."""

    def __init__(self):
        self.events = []
        self.open = []

    def begin_game(self):
        self.events.append(("begin_game",))

    def begin_headers(self):
        self.events.append(("begin_headers",))

    def visit_header(self, tagname, tagvalue):
        self.events.append(("visit_header", tagname, tagvalue))

    def end_headers(self):
        self.events.append(("end_headers",))

    def visit_move(self, board, move):
        self.events.append(("visit_move", board.turn, board.fullmove_number, board.san(move)))

    def visit_comment(self, comment):
        self.events.append(("visit_comment", comment))

    def visit_nag(self, nag):
        self.events.append(("visit_nag", nag))

    def begin_variation(self):
        self.open.append(len(self.events))
        self.events.append(["begin_variation", None])

    def end_variation(self):
        self.events[self.open.pop()][1] = len(self.events)
        self.events.append(("end_variation",))

    def visit_result(self, result):
        self.events.append(("visit_result", result))

    def end_game(self):
        self.events.append(("end_game",))

    def result(self):
        return self.events


class _ReplayBoard:
    """What an exporter reads of a board: the side to move, the move number and SAN."""

    def __init__(self, turn, fullmove_number):
        self.turn = turn
        self.fullmove_number = fullmove_number

    def san(self, move):
        return move


def _replay(events, visitor, skip):
    # As Game.accept: a skipped variation still gets its end_variation call.
    index = 0
    while index < len(events):
        event = events[index]
        name = event[0]
        if name == "begin_variation":
            if visitor.begin_variation() is skip:
                index = event[1]
                continue
        elif name == "visit_move":
            visitor.visit_move(_ReplayBoard(event[1], event[2]), event[3])
        else:
            getattr(visitor, name)(*event[1:])
        index += 1
    return visitor.result()


def assert_same_export(game, columns, headers, comments, variations):
    """Both exporters driven by python-chess's Game.accept: the same text and counts."""
    options = dict(columns=columns, headers=headers, comments=comments, variations=variations)
    theirs = game.accept(chess.pgn.StringExporter(**options))
    ours = game.accept(qp.StringExporter(**options))
    assert ours == theirs, options
    their_handle, our_handle = io.StringIO(), io.StringIO()
    their_count = game.accept(chess.pgn.FileExporter(their_handle, **options))
    our_count = game.accept(qp.FileExporter(our_handle, **options))
    assert our_handle.getvalue() == their_handle.getvalue(), options
    assert our_count == their_count, options


def assert_same_replayed_export(events, columns, headers, comments, variations):
    options = dict(columns=columns, headers=headers, comments=comments, variations=variations)
    theirs = _replay(events, chess.pgn.StringExporter(**options), chess.pgn.SKIP)
    ours = _replay(events, qp.StringExporter(**options), qp.SKIP)
    assert ours == theirs, options


def _shared_games():
    for path in pgn_paths():
        with open(path, encoding="utf-8") as handle:
            for index in itertools.count():
                if not FULL and index >= SLICE:
                    break
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                yield game


def test_export_shared_games_all_options():
    games = list(_shared_games())
    assert games
    for number, game in enumerate(games):
        if number % 8 == 0:
            # Driven by Game.accept itself, both exporters, now and then.
            assert_same_export(game, 80, True, True, True)
            assert_same_export(game, None, True, False, True)
        events = game.accept(_Recorder())
        for columns in COLUMNS:
            for headers, comments, variations in FLAGS:
                assert_same_replayed_export(events, columns, headers, comments, variations)


_WORDS = ["good", "move", "}", "{", "  ", "\n", "a}b", "[%clk 0:01:02]", "[%eval 0.35]",
          "x" * 90, "Ne5!?", "\t", ";", "(", ")", "1-0", ""]


def _random_comment(rng):
    return "".join(rng.choice(_WORDS) + rng.choice(["", " ", "  ", "\n"]) for _ in range(rng.randrange(4)))


def _grow(rng, node, board, plies, depth):
    """Plays random moves below node, with comments, NAGs and nested variations."""
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return
        picks = rng.sample(moves, min(len(moves), 1 + (rng.random() < 0.3) + (rng.random() < 0.1)))
        children = []
        for move in picks:
            child = node.add_variation(move)
            if rng.random() < 0.3:
                child.comment = _random_comment(rng)
            if rng.random() < 0.1:
                child.starting_comment = _random_comment(rng)
            for _ in range(rng.choice([0, 0, 0, 1, 2])):
                child.nags.add(rng.choice([1, 2, 3, 14, 146, 255]))
            children.append(child)
        for child in children[1:]:
            if depth < 3:
                line = board.copy()
                line.push(child.move)
                _grow(rng, child, line, rng.randrange(6), depth + 1)
        node = children[0]
        board.push(node.move)


_STARTS = [
    chess.STARTING_FEN,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 37",
    "8/P6k/8/8/8/8/6Kp/8 w - - 0 60",
]


def _random_game(rng):
    fen = rng.choice(_STARTS)
    game = chess.pgn.Game()
    if fen != chess.STARTING_FEN:
        game.setup(chess.Board(fen))
    if rng.random() < 0.2:
        game.comment = _random_comment(rng)
    if rng.random() < 0.3:
        game.headers["Annotator"] = "x y"
    game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    if rng.random() < 0.2:
        del game.headers["Site"]
    _grow(rng, game, game.board(), rng.randrange(40), 0)
    return game


def test_export_generated_trees_all_options():
    rng = random.Random(34)
    for number in range(60 * SCALE):
        game = _random_game(rng)
        if number % 10 == 0:
            for columns, (headers, comments, variations) in zip(COLUMNS * 2, FLAGS):
                assert_same_export(game, columns, headers, comments, variations)
        events = game.accept(_Recorder())
        for columns in COLUMNS:
            for headers, comments, variations in FLAGS:
                assert_same_replayed_export(events, columns, headers, comments, variations)


class _OnQuadboardBoards(chess.pgn.BaseVisitor):
    """Forwards Game.accept's calls to one of our exporters, with each move on a quadboard
    Board (as quadboard's own tree passes them) instead of python-chess's."""

    def __init__(self, exporter):
        self.exporter = exporter

    def __getattribute__(self, name):
        if name in ("exporter", "visit_move", "begin_variation", "result", "__class__"):
            return object.__getattribute__(self, name)
        return getattr(object.__getattribute__(self, "exporter"), name)

    def begin_variation(self):
        return chess.pgn.SKIP if self.exporter.begin_variation() is qp.SKIP else None

    def visit_move(self, board, move):
        ours = quadboard.Board(board.fen(), chess960=board.chess960)
        self.exporter.visit_move(ours, quadboard.Move.from_uci(move.uci()))

    def result(self):
        return self.exporter.result()


def test_export_with_quadboard_boards():
    rng = random.Random(8)
    games = list(itertools.islice(_shared_games(), 6)) + [_random_game(rng) for _ in range(12)]
    for game in games:
        for headers, comments, variations in FLAGS[::3]:
            options = dict(columns=80, headers=headers, comments=comments, variations=variations)
            ours = game.accept(_OnQuadboardBoards(qp.StringExporter(**options)))
            assert ours == game.accept(chess.pgn.StringExporter(**options)), options


def test_export_reused_exporter_over_several_games():
    """One exporter for many games: the text accumulates (StringExporter) and the count is
    per game (FileExporter), as python-chess's."""
    rng = random.Random(7)
    games = [_random_game(rng) for _ in range(12)]
    ours, theirs = qp.StringExporter(columns=40), chess.pgn.StringExporter(columns=40)
    our_handle, their_handle = io.StringIO(), io.StringIO()
    our_file, their_file = qp.FileExporter(our_handle), chess.pgn.FileExporter(their_handle)
    for game in games:
        assert game.accept(ours) == game.accept(theirs)
        assert game.accept(our_file) == game.accept(their_file)
    assert our_handle.getvalue() == their_handle.getvalue()
    assert str(ours) == str(theirs)


def test_exporter_skips_variations_when_asked():
    assert qp.StringExporter(variations=False).begin_variation() is qp.SKIP
    assert qp.StringExporter().begin_variation() is None
    assert repr(qp.FileExporter(io.StringIO())).startswith("<FileExporter at 0x")


def test_export_tag_values_as_written():
    game = chess.pgn.Game()
    game.headers["White"] = 'x"y'
    game.headers["Foo"] = "a\\b"
    game.add_main_variation(chess.Move.from_uci("e2e4"))
    assert_same_export(game, 80, True, True, True)
    assert '[White "x"y"]' in game.accept(qp.StringExporter())


# -- comment commands -------------------------------------------------------------------

_FRAGMENTS = [
    "", " ", "  ", "\n", "\t", "text", "two words", "}", "[%", "]",
    "[%clk 1:02:03]", "[%clk 0:00:07.5]", "[%clk 12:3:4.]", "[%clk 0:05:00.123]", "[%clk 1:2]",
    "[%clk  0:01:00]", "[%clk 0:01:00 ]", "[%clk\n0:00:10]", "[%clk -0:00:01]", "[%clk 100:00:00]",
    "[%emt 0:00:05]", "[%emt 0:00:01.25]", "[%emt 1:00]", "[%emt 0:0:0]",
    "[%eval 0.35]", "[%eval -1.5,20]", "[%eval #3]", "[%eval #-2,30]", "[%eval #0]", "[%eval #-0]",
    "[%eval .5]", "[%eval 12345678901.0]", "[%eval 1.234]", "[%eval +3]", "[%eval 3.]", "[%eval -0.01]",
    "[%eval 0.29]", "[%eval 1.13,0]", "[%eval x]", "[%eval 0.5,]", "[%eval #+4]", "[%eval 99999.99,5]",
    "[%csl Ga1,Rb2]", "[%cal Ge2e4,Bd1h5]", "[%cal Ge2e4,]", "[%csl Xa1]", "[%csl Ya8]",
    "[%cal Rh1h8,Gh1h8]", "[%csl Ba1a1]", "[%cal ge2e4]", "[%csl Gi9]", "[%cal Ge2e4][%csl Rd4]",
    "[%clk 0:00:01][%eval 0.1]", "[%other 1]",
]


_NAMES = ["clk", "emt", "eval", "csl", "cal", "CLK", "clock", "eval2"]
_SEPARATORS = [" ", " ", "\n", "\t", "", "  ", "\r"]
_VALUES = [
    "0:00:00", "1:2:3", "10:59:59.999", "0:00:05.", "0:00:.5", "01:02:03", "1:02", "1:02:03:04",
    "-1:00:00", "1:-2:03", "\u0663:00:00", "0:00:1e3", "999999:0:0.0000001",
    "0", "-0", "+0.5", ".5", "5.", "1.2.3", "#", "#+", "#--1", "1e3", "\u0663.\u0665", "-.01",
    "0.00,", ",5", "1,2,3", "#7,99", "0.5,0", "1234567890.12", "12345678901", "-1234567890.",
    "Ga1", "Ga1,Rb2", "Ge2e4,Yh8a1", "Ga1,", "Ga9", "ga1", "G a1", "Ga1Rb2", "Ga1,,Rb2", "Bh8h8",
]


def _command(rng):
    """A comment command, often almost well-formed, to probe where the patterns stop."""
    return "".join([
        rng.choice(["[%", "[%", "[%", "[", "% "]),
        rng.choice(_NAMES),
        rng.choice(_SEPARATORS),
        rng.choice(_VALUES),
        rng.choice(["]", "]", "]", "", " ]"]),
    ])


def _comments(rng, count):
    yield ""
    yield from _FRAGMENTS
    for _ in range(count):
        parts = []
        for _ in range(rng.randrange(1, 6)):
            parts.append(_command(rng) if rng.random() < 0.4 else rng.choice(_FRAGMENTS))
        yield "".join(parts)


def _their_node(comment, turn):
    """A python-chess node with that comment and that side to move."""
    game = chess.pgn.Game()
    node = game.add_main_variation(chess.Move.from_uci("e2e4"))
    if turn == chess.WHITE:
        node = node.add_main_variation(chess.Move.from_uci("e7e5"))
    node.comment = comment
    return node


def _same_score(ours, theirs):
    if theirs is None:
        return ours is None
    return ours is not None and repr(ours) == repr(theirs) and ours.turn == theirs.turn


def _arrow_key(arrow):
    return (arrow.tail, arrow.head, arrow.color)


def test_comment_getters_against_python_chess():
    rng = random.Random(1)
    for comment in _comments(rng, 3000 * SCALE):
        for turn in (chess.WHITE, chess.BLACK):
            node = _their_node(comment, turn)
            assert qp.comment_clock(comment) == node.clock(), comment
            assert qp.comment_emt(comment) == node.emt(), comment
            assert _same_score(qp.comment_eval(comment, turn), node.eval()), (comment, turn)
            assert qp.comment_eval_depth(comment) == node.eval_depth(), comment
        assert [_arrow_key(a) for a in qp.comment_arrows(comment)] == [
            _arrow_key(a) for a in node.arrows()
        ], comment


_SECONDS = [None, 0, 0.0, 1, 59.9999, 60, 3599.5, 3600, 86399.999, 123456.789, -5, 0.0004, 0.0005,
            7.25, 1e-9, 2.5e5]


def test_comment_time_setters_against_python_chess():
    rng = random.Random(2)
    for comment in _comments(rng, 1000 * SCALE):
        node = _their_node(comment, chess.WHITE)
        seconds = None if rng.random() < 0.25 else rng.choice(_SECONDS)
        node.set_clock(seconds)
        assert qp.comment_with_clock(comment, seconds) == node.comment, (comment, seconds)
        node.comment = comment
        node.set_emt(seconds)
        assert qp.comment_with_emt(comment, seconds) == node.comment, (comment, seconds)


def _score_pair(rng):
    kind = rng.randrange(5)
    if kind == 0:
        return None, None
    turn = rng.choice([chess.WHITE, chess.BLACK])
    if kind == 1:
        cp = rng.choice([0, 1, -1, 35, -150, 99999, rng.randrange(-3000, 3000)])
        return qs.PovScore(qs.Cp(cp), turn), chess.engine.PovScore(chess.engine.Cp(cp), turn)
    if kind == 2:
        moves = rng.choice([1, -1, 3, -7, 0])
        return qs.PovScore(qs.Mate(moves), turn), chess.engine.PovScore(chess.engine.Mate(moves), turn)
    return qs.PovScore(qs.MateGiven, turn), chess.engine.PovScore(chess.engine.MateGiven, turn)


def test_comment_eval_setter_against_python_chess():
    rng = random.Random(3)
    for comment in _comments(rng, 1000 * SCALE):
        node = _their_node(comment, rng.choice([chess.WHITE, chess.BLACK]))
        ours, theirs = _score_pair(rng)
        depth = rng.choice([None, None, 0, 12, -3])
        node.set_eval(theirs, depth)
        assert qp.comment_with_eval(comment, ours, depth) == node.comment, (comment, theirs, depth)


def _arrow_pairs(rng):
    ours, theirs = [], []
    for _ in range(rng.randrange(4)):
        tail, head = rng.randrange(64), rng.choice([None, rng.randrange(64)])
        head = tail if head is None else head
        if rng.random() < 0.3:
            ours.append((tail, head))
            theirs.append((tail, head))
        else:
            color = rng.choice(["green", "red", "yellow", "blue", "purple"])
            ours.append(Arrow(tail, head, color=color))
            theirs.append(chess.svg.Arrow(tail, head, color=color))
    return ours, theirs


def test_comment_arrows_setter_against_python_chess():
    rng = random.Random(4)
    for comment in _comments(rng, 1000 * SCALE):
        node = _their_node(comment, chess.WHITE)
        ours, theirs = _arrow_pairs(rng)
        node.set_arrows(theirs)
        assert qp.comment_with_arrows(comment, ours) == node.comment, (comment, theirs)


def test_comment_commands_examples():
    assert qp.comment_clock("[%clk 1:02:03.5]") == 3723.5
    assert qp.comment_with_clock("good [%clk 0:00:01] move", None) == "good move"
    assert qp.comment_with_clock("good", 3723.25) == "good [%clk 1:02:03.25]"
    assert qp.comment_with_eval("", qs.PovScore(qs.Mate(-2), chess.BLACK), 20) == "[%eval #2,20]"
    assert repr(qp.comment_eval("[%eval #0]", chess.BLACK)) == "PovScore(Mate(-0), BLACK)"
    assert qp.comment_with_arrows("x", [(0, 0), Arrow(12, 28, color="red")]) == "[%csl Ga1][%cal Re2e4] x"


# -- Headers ----------------------------------------------------------------------------

_TAGS = ["Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN", "Variant",
         "ECO", "Annotator", "x_+#=:-", "1a", "a b", "_x", "", "Ä", "Tag\n"]
_TAG_VALUES = ["", "?", "x", 'a"b', "a\nb", "a\rb", "Chess960", "wild/3"]


def _apply(headers, op, rng):
    if op == "set":
        headers[rng.choice(_TAGS)] = rng.choice(_TAG_VALUES)
    elif op == "del":
        del headers[rng.choice(_TAGS)]
    elif op == "pop":
        return headers.pop(rng.choice(_TAGS), None)
    elif op == "setdefault":
        return headers.setdefault(rng.choice(_TAGS), rng.choice(_TAG_VALUES))
    elif op == "update":
        headers.update({rng.choice(_TAGS): rng.choice(_TAG_VALUES)}, Opening="x")
    elif op == "clear":
        headers.clear()
    return None


def test_headers_operations_against_python_chess():
    rng = random.Random(5)
    for _ in range(300 * SCALE):
        ours, theirs = qp.Headers(), chess.pgn.Headers()
        if rng.random() < 0.3:
            pairs = [(rng.choice(_TAGS[:12]), rng.choice(_TAG_VALUES[:4])) for _ in range(3)]
            ours, theirs = qp.Headers(pairs, Round="3"), chess.pgn.Headers(pairs, Round="3")
        for _ in range(rng.randrange(12)):
            op = rng.choice(["set", "set", "del", "pop", "setdefault", "update", "clear"])
            state = rng.getstate()
            try:
                their_value, their_error = _apply(theirs, op, rng), None
            except Exception as error:  # noqa: BLE001 (the same type is what is compared)
                their_value, their_error = None, type(error)
            rng.setstate(state)
            try:
                our_value, our_error = _apply(ours, op, rng), None
            except Exception as error:  # noqa: BLE001
                our_value, our_error = None, type(error)
            assert our_error == their_error, op
            assert our_value == their_value
            assert list(ours.items()) == list(theirs.items())
            assert repr(ours) == repr(theirs)
            assert len(ours) == len(theirs)
            assert ours == dict(theirs) and (ours != theirs) is False
            assert ours.is_chess960() == theirs.is_chess960()
            assert ours.is_wild() == theirs.is_wild()
        copy = ours.copy()
        assert type(copy) is qp.Headers and copy == ours and copy is not ours
        copy["Zz"] = "1"
        assert "Zz" not in ours


_VARIANTS = ["Standard", "chess", "From Position", "from position", "Illegal", "Chess960",
             "chess 960", "Fischer Random", "fischerandom", "960", "wild/0", "Wild/8a", "wild/9",
             "Atomic", "Crazyhouse", "fromposition", "", "foo"]


@pytest.mark.parametrize("variant", _VARIANTS)
def test_headers_variants_against_python_chess(variant):
    ours, theirs = qp.Headers(Variant=variant), chess.pgn.Headers(Variant=variant)
    assert ours.is_chess960() == theirs.is_chess960()
    assert ours.is_wild() == theirs.is_wild()
    try:
        their_class = theirs.variant()
    except ValueError:
        their_class = None
    if their_class is chess.Board:
        assert ours.variant() is quadboard.Board
    elif their_class is not None:
        # A variant: quadboard.variant's class of the same name.
        assert ours.variant().__name__ == their_class.__name__
        assert issubclass(ours.variant(), quadboard.Board)
    else:
        with pytest.raises(ValueError, match="unsupported variant"):
            ours.variant()


_FENS = [
    None,
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1",
    "rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 b - - 5 40",
]


@pytest.mark.parametrize("fen", _FENS)
@pytest.mark.parametrize("variant", [None, "Chess960", "Standard"])
def test_headers_board_against_python_chess(fen, variant):
    tags = {}
    if fen is not None:
        tags["FEN"] = fen
    if variant is not None:
        tags["Variant"] = variant
    theirs = chess.pgn.Headers(**tags).board()
    ours = qp.Headers(**tags).board()
    assert ours.fen() == theirs.fen()
    assert ours.chess960 == theirs.chess960


def test_headers_and_scores_copy_and_pickle():
    headers = qp.Headers(White="a", Foo="b")
    for copied in (copy.copy(headers), copy.deepcopy(headers), pickle.loads(pickle.dumps(headers))):
        assert type(copied) is qp.Headers and list(copied.items()) == list(headers.items())
        copied["Bar"] = "c"
        assert "Bar" not in headers
    for score in (qs.Cp(5), qs.Mate(-2), qs.PovScore(qs.Mate(3), False)):
        assert repr(pickle.loads(pickle.dumps(score))) == repr(score)
    assert pickle.loads(pickle.dumps(qs.PovScore(qs.Cp(7), True))) == qs.PovScore(qs.Cp(7), True)


def test_headers_board_bad_fen_is_a_value_error():
    with pytest.raises(ValueError):
        qp.Headers(FEN="not a fen").board()


def test_headers_messages_name_the_tag():
    headers = qp.Headers()
    with pytest.raises(ValueError, match="'a b'"):
        headers["a b"] = "x"
    with pytest.raises(ValueError, match="line break in pgn header Foo"):
        headers["Foo"] = "a\nb"
    headers["Event"] = "a\nb"  # the roster is not checked, as in python-chess
    assert list(headers)[0] == "Event"


# -- visitors ---------------------------------------------------------------------------


class _Minimal(qp.BaseVisitor):
    def result(self):
        return "done"


def test_base_visitor_defaults():
    visitor = _Minimal()
    board = quadboard.Board()
    for callback in (visitor.begin_game, visitor.begin_headers, visitor.end_headers,
                     visitor.begin_variation, visitor.end_variation, visitor.end_game):
        assert callback() is None
    assert visitor.begin_parse_san(board, "e4") is None
    assert visitor.parse_san(board, "e4") == quadboard.Move.from_uci("e2e4")
    castle = quadboard.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert visitor.parse_san(castle, "0-0") == castle.parse_san("O-O")
    assert visitor.parse_san(castle, "0-0-0") == castle.parse_san("O-O-O")
    with pytest.raises(ValueError):
        visitor.parse_san(board, "e5")
    with pytest.raises(KeyError):
        visitor.handle_error(KeyError("x"))
    with pytest.raises(TypeError):
        qp.BaseVisitor()  # result() is abstract


def test_skip_visitor_and_skip():
    visitor = qp.SkipVisitor()
    assert visitor.begin_game() is qp.SKIP
    assert visitor.end_headers() is qp.SKIP
    assert visitor.begin_variation() is qp.SKIP
    assert visitor.result() is True
    assert qp.SKIP.value is None and list(qp.SkipType) == [qp.SKIP]


def test_constants_match_python_chess():
    theirs = {name: getattr(chess.pgn, name) for name in dir(chess.pgn) if name.startswith("NAG_")}
    ours = {name: getattr(qp, name) for name in dir(qp) if name.startswith("NAG_")}
    assert ours == theirs
    assert qp.TAG_ROSTER == chess.pgn.TAG_ROSTER
    assert set(theirs) <= set(qp.__all__)


# -- scores -----------------------------------------------------------------------------


def _score_pairs():
    yield qs.MateGiven, chess.engine.MateGiven
    for moves in (-3, -1, 0, 1, 2, 5):
        yield qs.Mate(moves), chess.engine.Mate(moves)
    for cp in (-500, -1, 0, 1, 20, 9999):
        yield qs.Cp(cp), chess.engine.Cp(cp)


def test_scores_against_chess_engine():
    pairs = list(_score_pairs())
    for ours, theirs in pairs:
        assert (str(ours), repr(ours)) == (str(theirs), repr(theirs))
        assert ours.score() == theirs.score()
        assert ours.score(mate_score=1000) == theirs.score(mate_score=1000)
        assert ours.mate() == theirs.mate()
        assert ours.is_mate() == theirs.is_mate()
        for op in (lambda s: -s, lambda s: +s, abs):
            assert repr(op(ours)) == repr(op(theirs))
        for turn in (chess.WHITE, chess.BLACK):
            our_pov, their_pov = qs.PovScore(ours, turn), chess.engine.PovScore(theirs, turn)
            assert repr(our_pov) == repr(their_pov)
            assert repr(our_pov.white()) == repr(their_pov.white())
            assert repr(our_pov.black()) == repr(their_pov.black())
            assert repr(our_pov.pov(not turn)) == repr(their_pov.pov(not turn))
            assert our_pov.is_mate() == their_pov.is_mate()
            assert our_pov.relative is ours and our_pov.turn == turn
    for (a, their_a), (b, their_b) in itertools.product(pairs, repeat=2):
        assert (a == b, a < b, a <= b, a > b, a >= b) == (
            their_a == their_b, their_a < their_b, their_a <= their_b, their_a > their_b,
            their_a >= their_b,
        ), (their_a, their_b)
        for turn_a, turn_b in itertools.product([True, False], repeat=2):
            assert (qs.PovScore(a, turn_a) == qs.PovScore(b, turn_b)) == (
                chess.engine.PovScore(their_a, turn_a) == chess.engine.PovScore(their_b, turn_b)
            )
    assert qs.Cp(1) != 1 and qs.PovScore(qs.Cp(1), True) != qs.Cp(1)
    with pytest.raises(TypeError):
        qs.Cp(1) < 1  # noqa: B015


def test_comment_setters_refuse_bad_input():
    for seconds in (float("inf"), float("-inf"), float("nan")):
        with pytest.raises(ValueError, match="finite"):
            qp.comment_with_clock("x", seconds)
        with pytest.raises(ValueError, match=r"\[%emt\]"):
            qp.comment_with_emt("x", seconds)
    with pytest.raises(TypeError, match="Arrow or a"):
        qp.comment_with_arrows("x", [3])
    with pytest.raises(ValueError, match="not a square"):
        qp.comment_with_arrows("x", [(64, 0)])


# -- time controls ----------------------------------------------------------------------

_TIME_CONTROLS = [
    "", "?", "-", "?+5", "-:60", "300+3", "900+10", "40/7200:3600", "40/5400+30:1800+30", "0",
    "179", "180", "899", "900", "3599", "3600", "0+3", "0+2.99", "170+0.25", "60+60+60",
    "40/60/60", "40/9000:3600:900+30", "0/60:60", "60:40/60:abc", "40/60:60:", "*60", "30.5",
    " 300+3", "300 +3", "60+ 5", " ?", "1_000", "\u0663\u0660\u0660+3", "300+inf", "300+nan", "1/2/3:4",
    "40/60+5/3", "300d5", "40/", "/60", "+5", "5+", ":", "abc",
]


def _same_time_control(text):
    try:
        theirs = chess.pgn.parse_time_control(text)
    except ValueError:
        with pytest.raises(ValueError, match="invalid time control"):
            qp.parse_time_control(text)
        return
    ours = qp.parse_time_control(text)
    assert repr(ours) == repr(theirs), text
    assert [type(part.increment) for part in ours.parts] == [type(part.increment) for part in theirs.parts]


def test_parse_time_control_against_python_chess():
    for text in _TIME_CONTROLS:
        _same_time_control(text)
    rng = random.Random(6)
    for _ in range(2000 * SCALE):
        _same_time_control("".join(rng.choice("0123456789/+:-?. *") for _ in range(rng.randrange(9))))
    assert qp.parse_time_control("300+3").type is qp.TimeControlType.BLITZ
    assert [t.name for t in qp.TimeControlType] == [t.name for t in chess.pgn.TimeControlType]
    assert [t.value for t in qp.TimeControlType] == [t.value for t in chess.pgn.TimeControlType]


def test_patterns_have_python_chess_groups():
    match = qp.CLOCK_REGEX.search("a [%clk 1:02:03.5] b")
    assert match.group("prefix", "hours", "minutes", "seconds", "suffix") == (" ", "1", "02", "03.5", " ")
    match = qp.EVAL_REGEX.search("[%eval #-3,12]")
    assert match.group("mate", "cp", "depth") == ("-3", None, "12")
    assert qp.ARROWS_REGEX.search("[%cal Ge2e4,Rd1d8]").group("arrows") == "Ge2e4,Rd1d8"
    assert qp.EMT_REGEX.search("[%emt 0:00:05]").group("seconds") == "05"
    assert qp.TAG_NAME_REGEX.match("White") and not qp.TAG_NAME_REGEX.match("Wh ite")
