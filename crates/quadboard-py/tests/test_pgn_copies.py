"""Games of ``quadboard.pgn`` pickled and copied as python-chess's are: a tree as read
keeps its moves in Rust until they are asked for, and a pickle must hold the tree itself
(nodes, parents, comments, NAGs, headers, errors), whichever nodes were made before."""

from __future__ import annotations

import copy
import io
import pickle

import chess.pgn
import pytest

import quadboard.pgn as qpgn

TEXT = """[Event "Pickled"]
[White "W"]
[Result "1-0"]

{ root } 1. e4 { [%clk 0:03:00] } e5 $1 ( 1... c5 2. Nf3 { side } ( 2. c3 ) d6 ) 2. Nf3 Nc6
3. Bb5 a6 $2 4. Ba4 Kxe4 1-0
"""


def summary(game):
    nodes = []
    stack = [game]
    while stack:
        node = stack.pop()
        nodes.append((node.move and node.move.uci(), node.comment, node.starting_comment,
                       sorted(node.nags), node.board().fen(), node.ply()))
        stack.extend(reversed(node.variations))
    return (str(game), dict(game.headers), [str(e) for e in game.errors], nodes)


# What was made of the tree before the copy: nothing, the end only (parents still lazy), or
# one side line.
PREPARE = [lambda g: None, lambda g: g.end(), lambda g: g.next().variations[1].end().parent]


@pytest.mark.parametrize("prepare", PREPARE)
@pytest.mark.parametrize("protocol", [0, pickle.HIGHEST_PROTOCOL])
def test_a_read_game_pickles_as_python_chess(prepare, protocol):
    theirs = chess.pgn.read_game(io.StringIO(TEXT))
    ours = qpgn.read_game(io.StringIO(TEXT))
    prepare(ours)
    back = pickle.loads(pickle.dumps(ours, protocol=protocol))
    expected = summary(pickle.loads(pickle.dumps(theirs, protocol=protocol)))
    assert summary(back) == expected
    # The original still reads as before, and the two are independent.
    back.next().comment = "changed"
    back.variations[0].variations.clear()
    assert summary(ours) == expected


def test_a_node_pickles_with_its_whole_tree():
    ours = qpgn.read_game(io.StringIO(TEXT))
    end = pickle.loads(pickle.dumps(ours.end()))
    assert end.board().fen() == chess.pgn.read_game(io.StringIO(TEXT)).end().board().fen()
    assert str(end.game()) == str(chess.pgn.read_game(io.StringIO(TEXT)))


def test_deep_copies_still_share_the_read_data():
    ours = qpgn.read_game(io.StringIO(TEXT))
    twin = copy.deepcopy(ours)
    assert twin._src is not None and twin._src.data is ours._src.data
    assert summary(twin) == summary(chess.pgn.read_game(io.StringIO(TEXT)))


def test_shallow_copies_share_children_as_python_chess():
    theirs = chess.pgn.read_game(io.StringIO(TEXT))
    ours = qpgn.read_game(io.StringIO(TEXT))
    for game in (theirs, ours):
        twin = copy.copy(game)
        assert twin.variations is game.variations and twin.headers is game.headers
        end = copy.copy(game.end())
        assert end.parent is game.end().parent
    assert copy.copy(ours.end()).board().fen() == copy.copy(theirs.end()).board().fen()
    assert str(copy.copy(ours)) == str(copy.copy(theirs))
