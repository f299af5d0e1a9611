"""The fast paths of SquareSet against python-chess: the pool of reused SquareSet objects
and iterators (an object is reused only when nothing but the pool holds it), the
iterator type with a C `__next__`, `Board.pieces` called without PyO3's wrapper (with
PyO3's method behind it for every other call), and int masks read from their digits.

Each test holds, mutates or interleaves more objects than the pool has (64), so that a
reuse of an object that someone still holds shows up as a wrong mask or square.
"""

from __future__ import annotations

import copy
import random
import weakref

import chess
import pytest

import quadboard

POOL = 64


def random_boards(count: int, seed: int):
    """Pairs of (quadboard, python-chess) boards after random games."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        board = chess.Board()
        for _ in range(rng.randrange(0, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        pairs.append((quadboard.Board(board.fen()), board))
    return pairs


def test_held_sets_keep_their_masks():
    board = quadboard.Board()
    held = []
    for i in range(5 * POOL):
        made = (board.pieces(1 + i % 6, i % 2 == 0), quadboard.SquareSet(i) | i << 8)
        held.append((made, (int(made[0]), i | i << 8)))
        # Sets made and dropped at once, between the held ones, take the pool's turns.
        board.pieces(2, True) & board.pieces(3, False)
    for (pieces, union), (pieces_mask, union_mask) in held:
        assert int(pieces) == pieces_mask
        assert int(union) == union_mask
    ours = [int(board.pieces(t, c)) for t in range(1, 7) for c in (True, False)]
    theirs = [int(chess.Board().pieces(t, c)) for t in range(1, 7) for c in (True, False)]
    assert ours == theirs


def test_a_mutated_set_is_its_own():
    board = quadboard.Board()
    pawns = board.pieces(chess.PAWN, chess.WHITE)
    pawns.add(chess.E4)
    pawns -= quadboard.SquareSet([chess.A2])
    alias = pawns
    fresh = [board.pieces(chess.PAWN, chess.WHITE) for _ in range(3 * POOL)]
    assert int(alias) == (chess.BB_RANK_2 | chess.BB_E4) & ~chess.BB_A2
    assert all(int(s) == chess.BB_RANK_2 for s in fresh)
    # A dropped, mutated set never leaks its squares into a later one.
    for _ in range(3 * POOL):
        s = board.pieces(chess.KING, chess.BLACK)
        assert int(s) == chess.BB_E8
        s.update([0, 1, 2])
        s.clear() if len(s) % 2 else s.add(63)


def test_copies_and_operators_make_distinct_objects():
    a = quadboard.SquareSet([1, 2, 3])
    copies = [copy.copy(a), copy.deepcopy(a), a.copy(), a | 0, a & -1, a - 0, a ^ 0, ~~a, a.mirror().mirror()]
    assert all(c is not a and c == a for c in copies)
    copies[0].add(40)
    copies[2].discard(1)
    assert list(a) == [1, 2, 3] and list(copies[0]) == [1, 2, 3, 40] and list(copies[2]) == [2, 3]
    assert len({id(c) for c in copies}) == len(copies)


def test_iteration_matches_python_chess():
    rng = random.Random(33)
    masks = [0, 1, 1 << 63, chess.BB_ALL, chess.BB_LIGHT_SQUARES] + [rng.getrandbits(64) for _ in range(300)]
    for mask in masks:
        ours, theirs = quadboard.SquareSet(mask), chess.SquareSet(mask)
        assert list(ours) == list(theirs)
        assert list(reversed(ours)) == list(reversed(theirs))
    for ours, theirs in random_boards(30, 7):
        for piece_type in chess.PIECE_TYPES:
            for color in chess.COLORS:
                assert list(ours.pieces(piece_type, color)) == list(theirs.pieces(piece_type, color))


def test_iterators_interleaved_and_held():
    rng = random.Random(5)
    masks = [rng.getrandbits(64) | 1 for _ in range(3 * POOL)]
    iterators = [iter(quadboard.SquareSet(m)) for m in masks]
    firsts = [next(it) for it in iterators]
    # Iterations made and finished meanwhile reuse the pool, never the held iterators.
    for m in masks:
        assert list(quadboard.SquareSet(m)) == list(chess.SquareSet(m))
    assert firsts == [0] * len(masks)
    for it, m in zip(iterators, masks):
        assert [0, *it] == list(chess.SquareSet(m))
    for it in iterators:
        assert list(it) == []
        with pytest.raises(StopIteration):
            next(it)


def test_iteration_is_of_the_set_when_iteration_began():
    ours, theirs = quadboard.SquareSet([3, 20, 40]), chess.SquareSet([3, 20, 40])
    seen_ours, seen_theirs = [], []
    for square in ours:
        seen_ours.append(square)
        ours.discard(40)
        ours.add(50)
    for square in theirs:
        seen_theirs.append(square)
        theirs.discard(40)
        theirs.add(50)
    assert seen_ours == seen_theirs == [3, 20, 40]
    assert ours == theirs


def test_the_pool_stays_unseen():
    # A pooled object is reused when the pool holds its only reference: a weak reference
    # or a subclass instance in the pool would see its mask change under it.
    with pytest.raises(TypeError):
        weakref.ref(quadboard.SquareSet())
    board = quadboard.Board()
    made = [board.pieces(1, True), board.attackers(True, 20), board.pieces(2, False) | 1, iter(board.pieces(1, True))]
    assert [type(m).__name__ for m in made] == ["SquareSet"] * 3 + ["SquareSetIterator"]
    assert all(type(m) is quadboard.SquareSet for m in made[:3])

    class Sub(quadboard.SquareSet):
        pass

    subs = [Sub(i) for i in range(2 * POOL)]
    for i, sub in enumerate(subs):
        sub |= 1 << 40
        assert type(sub | 0) is quadboard.SquareSet and int(board.pieces(1, True)) == chess.BB_RANK_2
    assert [int(s) for s in subs] == [i | 1 << 40 for i in range(2 * POOL)]


def test_iterator_type():
    it = iter(quadboard.SquareSet([5, 9]))
    assert iter(it) is it
    assert next(it) == 5 and next(it) == 9
    with pytest.raises(TypeError):
        type(it)()


def test_pieces_fast_path_agrees_with_the_general_one():
    class Sub(quadboard.Board):
        pass

    class MyInt(int):
        pass

    boards = [quadboard.Board(), Sub(), quadboard.Board(None)] + [b for b, _ in random_boards(5, 11)]
    calls = [(t, c) for t in range(-1, 9) for c in (True, False, 1, 0, None)]
    calls += [(MyInt(2), True), (True, True), (2 ** 70, True), (1.0, True), ("1", True)]
    for board in boards:
        for piece_type, color in calls:
            outcomes = []
            for call in (
                lambda: board.pieces(piece_type, color),
                lambda: board.pieces(piece_type, color=color),
                lambda: board.pieces(piece_type=piece_type, color=color),
            ):
                try:
                    outcomes.append(("ok", int(call())))
                except Exception as error:  # noqa: BLE001 - the outcome compared is the error
                    outcomes.append((type(error), str(error)))
            assert outcomes[0] == outcomes[1] == outcomes[2], (piece_type, color)
            if type(piece_type) is int and 1 <= piece_type <= 6 and type(color) is bool:
                assert outcomes[0] == ("ok", board.pieces_mask(piece_type, color))
    with pytest.raises(TypeError):
        quadboard.Board().pieces(1)
    # Called with no arguments at all (CPython may pass no argument array).
    bound = quadboard.Board().pieces
    with pytest.raises(TypeError):
        bound()
    with pytest.raises(TypeError):
        quadboard.Board.pieces()
    assert list(map(quadboard.Board().pieces, [1, 6], [True, False])) == [chess.BB_RANK_2, chess.BB_E8]
    with pytest.raises(TypeError):
        quadboard.Board().pieces(1, True, 3)
    with pytest.raises(TypeError):
        quadboard.Board().pieces(1, colour=True)
    with pytest.raises(TypeError):
        quadboard.Board.pieces(chess.Board(), 1, True)
    assert quadboard.Board.pieces.__name__ == "pieces"
    assert quadboard.Board.pieces.__text_signature__ == "($self, piece_type, color)"
    assert quadboard.Board.pieces.__doc__


def test_pieces_differential():
    for ours, theirs in random_boards(40, 3):
        for piece_type in chess.PIECE_TYPES:
            for color in chess.COLORS:
                assert int(ours.pieces(piece_type, color)) == int(theirs.pieces(piece_type, color))
        ours.set_piece_at(chess.D4, quadboard.Piece(chess.QUEEN, chess.WHITE))
        theirs.set_piece_at(chess.D4, chess.Piece(chess.QUEEN, chess.WHITE))
        assert list(ours.pieces(chess.QUEEN, chess.WHITE)) == list(theirs.pieces(chess.QUEEN, chess.WHITE))


@pytest.mark.parametrize("other", [
    0, 5, -1, -2, -(1 << 64), -(1 << 64) - 3, (1 << 64) - 1, 1 << 64, (1 << 70) | 0xF0F0, (1 << 200) - 7,
    True, False, chess.BB_LIGHT_SQUARES,
])
def test_int_operands_keep_the_low_64_bits(other):
    a = 0x8142_2418_1824_4281
    ours, theirs = quadboard.SquareSet(a), chess.SquareSet(a)
    assert int(quadboard.SquareSet(other)) == int(chess.SquareSet(other))
    for op in ("__or__", "__and__", "__sub__", "__xor__"):
        assert int(getattr(ours, op)(other)) == int(getattr(theirs, op)(other)), op
    assert (ours == other) == (theirs == other)
    assert ours.isdisjoint(other) == theirs.isdisjoint(other)
    assert ours.issubset(other) == theirs.issubset(other)
    assert ours.issuperset(other) == theirs.issuperset(other)
    ours_in_place, theirs_in_place = quadboard.SquareSet(a), chess.SquareSet(a)
    ours_in_place |= other
    theirs_in_place |= other
    assert int(ours_in_place) == int(theirs_in_place)
