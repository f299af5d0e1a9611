"""The C fast paths against what they stand in for: `SquareSet`'s slots for `|`, `&`, `-`,
`len`, `in` and `iter` (written into PyO3's type at import), and `Board.push`, `Board.pop`
and `Board.pieces` as C methods. Each takes only the common operands (exact `SquareSet`s
and ints, an exact `Move`, no arguments, piece types 1 to 6 with a bool colour) and hands
every other call to PyO3's implementation, so the cases here are the ones split off:
int subclasses, bools, negative and huge ints, iterables, foreign types, subclasses of
`SquareSet` and `Board`, wrong argument counts and keywords, a board already borrowed.
Each is compared with python-chess where the two packages agree, and with PyO3's own
slot (the `__or__`, `__len__`, ... descriptors, which still call it) everywhere.
"""

from __future__ import annotations

import enum
import operator
import random

import chess
import pytest

import quadboard

OPERATORS = [("|", operator.or_, "__or__"), ("&", operator.and_, "__and__"),
             ("-", operator.sub, "__sub__")]


class Square(enum.IntEnum):
    E4 = 28
    H8 = 63


class MyInt(int):
    pass


class WithInt:
    def __int__(self) -> int:
        return 0xF0


class Reflected:
    """A foreign operand with reflected operators."""

    def __ror__(self, other):
        return "ror"

    def __rand__(self, other):
        return "rand"

    def __rsub__(self, other):
        return "rsub"


def operands(module):
    """Right-hand operands of every kind, built for one package."""
    return [
        module.SquareSet(0x0F0F),
        module.SquareSet(0),
        0x00FF_0000_0000_00FF,
        0,
        -1,
        -0x100,
        2**64 + 5,
        2**70 + 3,
        -(2**70),
        True,
        False,
        MyInt(0x3C),
        Square.E4,
        [0, 9, 63],
        (27, 28),
        {35, 36},
        range(8),
        WithInt(),
        2.5,
        "ab",
        None,
        object(),
        Reflected(),
    ]


def outcome(call):
    """What a call gives: its value (a set as its type name and mask), or its error class."""
    try:
        value = call()
    except Exception as err:  # noqa: BLE001 - the class is the outcome
        return ("raises", type(err).__name__)
    if isinstance(value, (quadboard.SquareSet, chess.SquareSet)):
        return (type(value).__name__, int(value))
    return ("value", value)


def test_operators_match_python_chess_and_pyo3():
    ours_left = [quadboard.SquareSet(0xFF00_0000_0000_FF0F), quadboard.SquareSet(0)]
    theirs_left = [chess.SquareSet(0xFF00_0000_0000_FF0F), chess.SquareSet(0)]
    for left, peer_left in zip(ours_left, theirs_left):
        for right, peer_right in zip(operands(quadboard), operands(chess)):
            for symbol, op, name in OPERATORS:
                ours = outcome(lambda: op(left, right))
                assert ours == outcome(lambda: op(peer_left, peer_right)), (symbol, right)
                # The reflected form (int | set, foreign | set) goes through the same slot.
                reflected = outcome(lambda: op(right, left))
                assert reflected == outcome(lambda: op(peer_right, peer_left)), (symbol, right)
                # PyO3's slot, as the type's descriptor calls it: NotImplemented is an
                # operator's TypeError (no operand here has a reflected method but one).
                pyo3 = outcome(lambda: getattr(quadboard.SquareSet, name)(left, right))
                if pyo3 == ("value", NotImplemented):
                    assert ours[0] == "raises" or isinstance(right, Reflected), (symbol, right)
                else:
                    assert ours == pyo3, (symbol, right)


def test_operators_on_random_masks():
    rng = random.Random(33)
    for _ in range(2_000):
        a, b = rng.getrandbits(64), rng.getrandbits(64)
        x, y = quadboard.SquareSet(a), quadboard.SquareSet(b)
        assert int(x | y) == a | b and int(x | b) == a | b
        assert int(x & y) == a & b and int(x & b) == a & b
        assert int(x - y) == a & ~b & (2**64 - 1) and int(x - b) == a & ~b & (2**64 - 1)
        assert type(x | y) is quadboard.SquareSet
        # Negative ints are their low 64 bits, as python-chess's `& BB_ALL` keeps them.
        assert int(x & -b) == a & -b & (2**64 - 1)
        assert int(x | (b - 2**63)) == int(chess.SquareSet(a) | (b - 2**63))
        # The operands are unchanged, though results come from a pool of reused objects.
        assert (int(x), int(y)) == (a, b)


def test_held_results_survive_the_pool():
    base = quadboard.SquareSet(1)
    held = [base | (1 << (i % 64)) for i in range(300)]
    held += [base & (2**64 - 1) for _ in range(100)]
    held += [quadboard.SquareSet(2**64 - 1) - (1 << (i % 64)) for i in range(300)]
    assert [int(s) for s in held[:300]] == [1 | 1 << (i % 64) for i in range(300)]
    assert all(int(s) == 1 for s in held[300:400])
    assert [int(s) for s in held[400:]] == [(2**64 - 1) & ~(1 << (i % 64)) for i in range(300)]
    # A result is a set of its own: mutating it changes no other.
    held[0].add(40)
    assert int(held[1]) == 3 and 40 in held[0]


@pytest.mark.parametrize("item", [-65, -1, 0, 27, 63, 64, 2**63, 2**70, -(2**70), True, False,
                                  MyInt(27), Square.E4, Square.H8, 27.0, "a", None, (27,)])
def test_contains_matches_pyo3(item):
    for mask in (0, 1 << 27 | 1 << 63 | 1, 2**64 - 1):
        s = quadboard.SquareSet(mask)
        assert outcome(lambda: item in s) == outcome(
            lambda: quadboard.SquareSet.__contains__(s, item))
        if isinstance(item, int) and 0 <= item < 64:
            assert (item in s) == (item in chess.SquareSet(mask))


def test_len_and_iter_match_python_chess():
    rng = random.Random(34)
    for _ in range(500):
        mask = rng.getrandbits(64) & rng.getrandbits(64)
        ours, theirs = quadboard.SquareSet(mask), chess.SquareSet(mask)
        assert len(ours) == len(theirs) == quadboard.SquareSet.__len__(ours)
        assert list(ours) == list(theirs) == list(quadboard.SquareSet.__iter__(ours))
        assert [s for s in ours if s in ours] == list(theirs)


def test_subclasses_keep_their_own_methods():
    for module in (quadboard, chess):
        class Plain(module.SquareSet):
            pass

        class Odd(module.SquareSet):
            def __len__(self):
                return 99

            def __contains__(self, square):
                return True

            def __iter__(self):
                return iter([7])

            def __or__(self, other):
                return "or"

        plain, odd = Plain(0b1010), Odd(0b1010)
        assert (len(plain), 1 in plain, 0 in plain, list(plain)) == (2, True, False, [1, 3])
        assert outcome(lambda: plain | 1) == ("SquareSet", 0b1011), module
        assert outcome(lambda: plain & module.SquareSet(2)) == ("SquareSet", 2), module
        assert outcome(lambda: module.SquareSet(0b1111) - plain) == ("SquareSet", 0b0101)
        assert (len(odd), 0 in odd, list(odd), odd | 1) == (99, True, [7], "or")
        assert outcome(lambda: odd & 2) == ("SquareSet", 2), module


def random_pairs(count: int, seed: int):
    """(quadboard, python-chess) boards after random games, Chess960 ones among them."""
    rng = random.Random(seed)
    pairs = []
    for i in range(count):
        peer = chess.Board.from_chess960_pos(rng.randrange(960)) if i % 4 == 0 else chess.Board()
        for _ in range(rng.randrange(0, 80)):
            moves = list(peer.legal_moves)
            if not moves:
                break
            peer.push(rng.choice(moves))
        ours = quadboard.Board(peer.fen(), chess960=peer.chess960)
        pairs.append((ours, chess.Board(peer.fen(), chess960=peer.chess960)))
    return pairs


def ucis(moves):
    return [m.uci() for m in moves]


def test_push_pop_of_every_legal_move_keeps_the_stack():
    for ours, theirs in random_pairs(40, 35):
        assert ucis(ours.legal_moves) == ucis(theirs.legal_moves)
        for move in ours.legal_moves:
            assert ours.push(move) is None
            theirs.push(chess.Move.from_uci(move.uci()))
            assert ours.fen() == theirs.fen()
            assert ours.peek() == move and ours.peek().uci() == theirs.peek().uci()
            assert ucis(ours.move_stack) == ucis(theirs.move_stack)
            popped = ours.pop()
            assert popped == move and popped.uci() == theirs.pop().uci()
            assert ours.fen() == theirs.fen() and ours.move_stack == []
        # Moves made from their UCI (objects not from `legal_moves`), a null move, and the
        # whole stack taken back one by one.
        made = []
        for i in range(4):
            moves = list(theirs.legal_moves)
            move = moves[len(moves) // 2] if i < 3 and moves else chess.Move.null()
            ours.push(quadboard.Move.from_uci(move.uci()))
            theirs.push(move)
            made.append(move.uci())
            assert ours.fen() == theirs.fen()
        while made:
            assert ours.pop().uci() == theirs.pop().uci() == made.pop()
            assert ours.fen() == theirs.fen()


# Every call the fast paths hand to PyO3, with what PyO3's methods answered before the
# fast paths existed (recorded from the previous build; the messages are PyO3's and
# CPython's). The keyword is python-chess's, `move`.
REFUSED = [
    (lambda b, m: b.push(m=m), "TypeError", "unexpected keyword argument 'm'"),
    (lambda b, m: b.push(), "TypeError", "missing 1 required positional argument: 'move'"),
    (lambda b, m: b.push(m, m), "TypeError", "takes 1 positional arguments but 2 were given"),
    (lambda b, m: b.push("e2e4"), "TypeError", "'str' object is not an instance of 'Move'"),
    (lambda b, m: b.push(None), "TypeError", "'None' is not an instance of 'Move'"),
    (lambda b, m: b.push(chess.Move.from_uci("e2e4")), "TypeError",
     "'Move' object is not an instance of 'Move'"),
    (lambda b, m: b.push(quadboard.Move.from_uci("e2e5")), "IllegalMoveError",
     "push: e2e5 is not a pseudo-legal move in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
    (lambda b, m: b.pop(1), "TypeError", "Board.pop() takes no arguments (1 given)"),
    (lambda b, m: b.pop(m=1), "TypeError", "Board.pop() takes no keyword arguments"),
]


@pytest.mark.parametrize("call, error, message", REFUSED)
def test_push_and_pop_refuse_what_pyo3_refused(call, error, message):
    board = quadboard.Board()
    move = next(iter(board.legal_moves))
    with pytest.raises(Exception) as caught:
        call(board, move)
    assert type(caught.value).__name__ == error
    assert message in str(caught.value)
    assert board.fen() == chess.STARTING_FEN and board.move_stack == []


def test_push_by_keyword_and_null_moves():
    board = quadboard.Board()
    # PyO3's keyword (the fast path takes positional calls only).
    board.push(move=quadboard.Move.from_uci("e2e4"))
    board.push(quadboard.Move.null())
    assert board.move_stack == [quadboard.Move.from_uci("e2e4"), quadboard.Move.null()]
    assert board.pop() == quadboard.Move.null() and board.turn == chess.BLACK


def test_pop_of_an_empty_stack():
    board = quadboard.Board()
    with pytest.raises(IndexError, match="pop from empty list"):
        board.pop()
    with pytest.raises(TypeError):
        board.pop(1)
    with pytest.raises(TypeError):
        board.push()


def test_push_and_pop_on_board_subclasses():
    class Counting(quadboard.Board):
        pushes = 0

        def push(self, move):
            self.pushes += 1
            super().push(move)

    board = Counting()
    for uci in ("e2e4", "e7e5", "g1f3"):
        board.push(board.parse_uci(uci))
    assert board.pushes == 3 and board.pop() == quadboard.Move.from_uci("g1f3")
    assert board.fen() == chess.Board("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").fen()
    plain = type("Plain", (quadboard.Board,), {})()
    plain.push(quadboard.Move.from_uci("d2d4"))
    assert plain.pop() == quadboard.Move.from_uci("d2d4") and plain.move_stack == []


def test_push_and_pop_on_a_borrowed_board():
    """A board whose own method is running (here `set_piece_map` reading a mapping that
    calls back) cannot be changed: PyO3 raises, nothing crashes, the board is intact."""
    board = quadboard.Board()
    move = quadboard.Move.from_uci("e2e4")
    seen = []

    class Calling(dict):
        def items(self):
            for call in (lambda: board.push(move), board.pop):
                try:
                    call()
                    seen.append("ran")
                except Exception as err:  # noqa: BLE001
                    seen.append(type(err).__name__)
            return super().items()

    board.set_piece_map(Calling(chess.Board().piece_map()))
    assert seen == ["RuntimeError", "RuntimeError"]
    assert board.fen() == chess.STARTING_FEN and board.move_stack == []


PIECE_TYPES = [1, 6, 0, 7, -1, 2**70, True, MyInt(1), chess.PieceType(3), 1.0, "1", None]
COLORS = [True, False, 1, 0, None, "white", MyInt(1)]


def test_pieces_arguments_match_python_chess():
    ours, theirs = quadboard.Board(), chess.Board()
    for piece_type in PIECE_TYPES:
        for color in COLORS:
            got = outcome(lambda: ours.pieces(piece_type, color))
            want = outcome(lambda: theirs.pieces(piece_type, color))
            if want[0] == "SquareSet" and isinstance(piece_type, int):
                assert got == want, (piece_type, color)
            # Where python-chess raises, quadboard may read the argument (colours by truth,
            # as the fuzzer's regressions settled); either way, the same as PyO3's method
            # gives, which a call by keyword reaches.
            by_name = outcome(lambda: ours.pieces(piece_type=piece_type, color=color))
            assert by_name == got, (piece_type, color)
