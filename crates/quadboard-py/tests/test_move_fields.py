"""Moves whose fields a program assigns, as python-chess's moves allow (a GUI builds
``Move(a, b)`` and sets ``promotion`` when the user picks a piece), compared with
python-chess 1.11; and the shared move objects that boards hand out stay right when a
program changes one it holds."""

from __future__ import annotations

import copy
import pickle
import random

import chess
import pytest

import quadboard

PROMOTING = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"


@pytest.mark.parametrize("lib", [chess, quadboard], ids=["python-chess", "quadboard"])
def test_promotion_assigned_after_the_move_is_made(lib):
    board = lib.Board(PROMOTING)
    move = lib.Move(lib.E7, lib.E8)
    assert move not in board.legal_moves
    move.promotion = lib.QUEEN
    assert move in board.legal_moves
    assert board.san(move) == "e8=Q"
    board.push(move)
    assert board.fen() == "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1"


def test_each_field_assigned_reads_back_as_python_chess():
    for lib in (chess, quadboard):
        move = lib.Move.from_uci("a2a4")
        move.from_square = lib.B2
        move.to_square = lib.B1
        move.promotion = lib.KNIGHT
        assert move.uci() == "b2b1n"
        assert (move.from_square, move.to_square, move.promotion, move.drop) == (9, 1, 2, None)
        move.promotion = None
        assert move.uci() == "b2b1" and move.promotion is None and bool(move)
    ours, theirs = quadboard.Move(8, 16), chess.Move(8, 16)
    ours.to_square = theirs.to_square = 24
    assert hash(ours) == hash(theirs) and repr(ours) == repr(theirs)
    assert ours == quadboard.Move.from_uci("a2a4") and ours != quadboard.Move(8, 16)


def test_a_changed_shared_move_changes_no_later_listing():
    # Boards hand out shared objects; changing one a program holds must not change what
    # any board lists, parses or keeps afterwards.
    board = quadboard.Board()
    before = [m.uci() for m in board.legal_moves]
    held = list(board.legal_moves)
    for m in held:
        m.to_square = (m.to_square + 7) % 64
        m.promotion = quadboard.QUEEN
    assert [m.uci() for m in board.legal_moves] == before
    assert [m.uci() for m in quadboard.Board().generate_legal_moves()] == before
    assert board.parse_san("e4").uci() == "e2e4"
    # move_stack is one list, as python-chess's: a move of it that the program changes
    # shows there changed (and in peek() and pop(), which return its objects), but the
    # board's position and its later listings are not changed.
    for module, b in ((quadboard, board), (chess, chess.Board())):
        b.push_san("e4")
        b.push_san("e5")
        stack = b.move_stack
        stack[0].from_square = 0
        assert [m.uci() for m in b.move_stack] == ["a1e4", "e7e5"], module
        assert b.pop().uci() == "e7e5" and b.peek().uci() == "a1e4", module
        assert b.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        assert b.parse_san("e5").uci() == "e7e5" and b.pop().uci() == "a1e4"
    assert [m.uci() for m in quadboard.Board().legal_moves] == before
    # The changed objects keep what the program gave them.
    assert held[0].promotion == quadboard.QUEEN


def test_copies_and_pickles_are_objects_of_their_own():
    for lib in (chess, quadboard):
        move = lib.Move.from_uci("g1f3")
        for twin in (copy.copy(move), copy.deepcopy(move), pickle.loads(pickle.dumps(move))):
            assert twin == move
            twin.to_square = lib.H3
            assert move.uci() == "g1f3" and twin.uci() == "g1h3"


def test_random_assignments_agree_with_python_chess():
    rng = random.Random(11)
    for _ in range(2_000):
        a, b = rng.randrange(64), rng.randrange(64)
        ours, theirs = quadboard.Move(a, b), chess.Move(a, b)
        for _ in range(3):
            field = rng.choice(["from_square", "to_square", "promotion"])
            value = rng.choice([None, 2, 3, 4, 5]) if field == "promotion" else rng.randrange(64)
            setattr(ours, field, value)
            setattr(theirs, field, value)
        assert ours.uci() == theirs.uci() and hash(ours) == hash(theirs)
        assert bool(ours) == bool(theirs) and str(ours) == str(theirs)


@pytest.mark.parametrize(
    "field, value",
    [("from_square", 64), ("to_square", -1), ("promotion", 7), ("promotion", 1), ("drop", 6),
     ("from_square", "e2")],
)
def test_values_no_move_can_hold_are_refused(field, value):
    # python-chess stores anything; quadboard refuses what no move can hold, naming it,
    # and keeps the move as it was.
    move = quadboard.Move.from_uci("e2e4")
    with pytest.raises((ValueError, TypeError)):
        setattr(move, field, value)
    assert move.uci() == "e2e4"
