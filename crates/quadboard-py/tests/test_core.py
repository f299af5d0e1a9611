"""python-chess's core module against quadboard: constants, square functions, BB_* masks,
SquareSet, and Board's queries, edits, transforms and copies, on random positions from
standard and Chess960 games and on boards edited square by square (no kings, two kings,
pawns on the back rank, the side not to move in check).

The size of the random runs is scaled by QUADBOARD_DIFF_SCALE (1 in CI; the larger runs:
`QUADBOARD_DIFF_SCALE=20 python -m pytest -q tests/test_core.py`).
"""

from __future__ import annotations

import copy
import os
import pickle
import random

import chess
import pytest

import quadboard

SCALE = int(os.environ.get("QUADBOARD_DIFF_SCALE", "1"))

# ---------------------------------------------------------------- constants and functions

CONSTANT_NAMES = [
    "COLORS", "COLOR_NAMES", "PIECE_TYPES", "PIECE_SYMBOLS", "PIECE_NAMES",
    "UNICODE_PIECE_SYMBOLS", "FILE_NAMES", "RANK_NAMES", "STARTING_FEN",
    "STARTING_BOARD_FEN", "SQUARES", "SQUARES_180", "SQUARE_NAMES", "BB_EMPTY", "BB_ALL",
    "BB_SQUARES", "BB_FILES", "BB_RANKS", "BB_LIGHT_SQUARES", "BB_DARK_SQUARES",
    "BB_CORNERS", "BB_CENTER", "BB_BACKRANKS", "BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS",
    "BB_PAWN_ATTACKS", "BB_RAYS",
]


def test_constants_and_masks_equal_python_chess():
    for name in CONSTANT_NAMES:
        assert getattr(quadboard, name) == getattr(chess, name), name
    named = [n for n in dir(chess) if n.startswith(("BB_", "STATUS_")) or
             (len(n) == 2 and n[0] in "ABCDEFGH" and n[1] in "12345678")]
    for name in named:
        if isinstance(getattr(chess, name), int):
            assert int(getattr(quadboard, name)) == int(getattr(chess, name)), name
    for flag in chess.Status:
        assert int(getattr(quadboard.Status, flag.name)) == int(flag)


def test_square_functions_equal_python_chess():
    for a in range(64):
        assert quadboard.square_file(a) == chess.square_file(a)
        assert quadboard.square_rank(a) == chess.square_rank(a)
        assert quadboard.square_mirror(a) == chess.square_mirror(a)
        assert quadboard.square_name(a) == chess.square_name(a)
        for b in range(64):
            for f in ("square_distance", "square_manhattan_distance", "square_knight_distance"):
                assert getattr(quadboard, f)(a, b) == getattr(chess, f)(a, b), (f, a, b)
            assert quadboard.ray(a, b) == chess.ray(a, b), (a, b)
            assert quadboard.between(a, b) == chess.between(a, b), (a, b)


BITBOARD_FUNCTIONS = [
    "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal", "shift_down",
    "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right", "shift_left",
    "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left", "shift_down_right",
    "lsb", "msb", "popcount",
]


def test_bitboard_functions_equal_python_chess():
    rng = random.Random(3)
    masks = [0, 1, 1 << 63, chess.BB_ALL, chess.BB_FILE_A, chess.BB_FILE_H, chess.BB_RANK_1]
    masks += [rng.getrandbits(64) & rng.getrandbits(64) for _ in range(300)]
    for mask in masks:
        for name in BITBOARD_FUNCTIONS:
            assert getattr(quadboard, name)(mask) == getattr(chess, name)(mask), (name, mask)
        assert list(quadboard.scan_forward(mask)) == list(chess.scan_forward(mask))
        assert list(quadboard.scan_reversed(mask)) == list(chess.scan_reversed(mask))


# ---------------------------------------------------------------- SquareSet


def same(ours, theirs):
    """Equal as sets and in their text forms."""
    assert int(ours) == int(theirs)
    assert repr(ours) == repr(theirs)
    assert str(ours) == str(theirs)
    assert list(ours) == list(theirs)


def test_squareset_matches_python_chess():
    rng = random.Random(11)
    for _ in range(200 * SCALE):
        a, b = rng.getrandbits(64) & rng.getrandbits(64), rng.getrandbits(64)
        squares = rng.sample(range(64), rng.randrange(6))
        qa, ca = quadboard.SquareSet(a), chess.SquareSet(a)
        same(qa, ca)
        same(quadboard.SquareSet(squares), chess.SquareSet(squares))
        for other in (b, squares, quadboard.SquareSet(b)):
            theirs_other = chess.SquareSet(b) if isinstance(other, quadboard.SquareSet) else other
            for op in ("__or__", "__and__", "__sub__", "__xor__", "union", "intersection",
                       "difference", "symmetric_difference"):
                same(getattr(qa, op)(other), getattr(ca, op)(theirs_other))
            for op in ("isdisjoint", "issubset", "issuperset"):
                assert getattr(qa, op)(other) == getattr(ca, op)(theirs_other), op
            assert (qa == other) == (ca == theirs_other)
        same(~qa, ~ca)
        shift = rng.randrange(70)
        same(qa << shift, ca << shift)
        same(qa >> shift, ca >> shift)
        same(qa.mirror(), ca.mirror())
        assert list(reversed(qa)) == list(reversed(ca))
        assert qa.tolist() == ca.tolist()
        assert len(qa) == len(ca) and bool(qa) == bool(ca)
        assert all((s in qa) == (s in ca) for s in range(64))
        small = quadboard.SquareSet(a & 0x0F0F)
        assert list(small.carry_rippler()) == list(chess.SquareSet(a & 0x0F0F).carry_rippler())
        # In-place operators and mutators, step by step.
        qm, cm = quadboard.SquareSet(a), chess.SquareSet(a)
        for step in range(8):
            sq = rng.randrange(64)
            op = rng.choice(["add", "discard", "ior", "iand", "isub", "ixor", "update", "pop",
                             "remove", "clear", "ilshift", "irshift"])
            if op in ("add", "discard"):
                getattr(qm, op)(sq)
                getattr(cm, op)(sq)
            elif op == "remove":
                if sq in cm:
                    qm.remove(sq)
                    cm.remove(sq)
                else:
                    with pytest.raises(KeyError):
                        qm.remove(sq)
            elif op == "pop":
                if cm:
                    assert qm.pop() == cm.pop()
                else:
                    with pytest.raises(KeyError):
                        qm.pop()
            elif op == "clear":
                qm.clear()
                cm.clear()
            elif op == "update":
                qm.update(squares, b & 0xFF)
                cm.update(squares, b & 0xFF)
            elif op == "ilshift":
                qm <<= 3
                cm <<= 3
            elif op == "irshift":
                qm >>= 5
                cm >>= 5
            else:
                other = rng.getrandbits(64)
                qm = getattr(qm, f"__{op}__")(other)
                cm = getattr(cm, f"__{op}__")(other)
            same(qm, cm)
    for a in (0, 9, 63):
        for b in (0, 27, 54):
            same(quadboard.SquareSet.ray(a, b), chess.SquareSet.ray(a, b))
            same(quadboard.SquareSet.between(a, b), chess.SquareSet.between(a, b))
        same(quadboard.SquareSet.from_square(a), chess.SquareSet.from_square(a))


def test_squareset_copies_and_bad_input():
    s = quadboard.SquareSet([1, 2, 63])
    for twin in (copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s)), s.copy()):
        assert twin == s and twin is not s
        twin.add(5)
        assert 5 not in s
    assert s == [1, 2, 63] and s == (1 << 1 | 1 << 2 | 1 << 63) and s != "abc" and s != None  # noqa: E711
    assert [10, 20, 30, 40][quadboard.SquareSet(2)] == 30
    # In-place operators change the set itself, as python-chess's do.
    alias = t = quadboard.SquareSet([1, 2])
    t |= [3]
    t &= 0b1110
    t -= quadboard.SquareSet([2])
    t ^= [60]
    t <<= 1
    assert t is alias and t == [2, 4, 61]
    t.mask = 1 << 7
    assert alias == [7] and list(reversed(quadboard.SquareSet([0, 9, 63]))) == [63, 9, 0]
    assert quadboard.SquareSet(-1) == quadboard.BB_ALL
    with pytest.raises(TypeError):
        hash(s)
    with pytest.raises(ValueError, match="64"):
        quadboard.SquareSet([64])
    with pytest.raises(ValueError, match="-1"):
        s.add(-1)
    with pytest.raises(TypeError):
        quadboard.SquareSet(["a1"])


# ---------------------------------------------------------------- boards


def random_positions(seed: int, games: int, chess960: bool):
    """Boards (python-chess and quadboard twins) along random games."""
    rng = random.Random(seed)
    for _ in range(games):
        if chess960:
            n = rng.randrange(960)
            theirs = chess.Board.from_chess960_pos(n)
            ours = quadboard.Board.from_chess960_pos(n)
            assert ours.fen() == theirs.fen()
        else:
            theirs, ours = chess.Board(), quadboard.Board()
        for _ in range(rng.randrange(20, 120)):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            yield rng, ours, theirs
            move = rng.choice(moves)
            theirs.push(move)
            ours.push(quadboard.Move.from_uci(move.uci()))


def uci_list(moves):
    return [m.uci() for m in moves]


def compare_queries(ours: quadboard.Board, theirs: chess.Board, rng: random.Random) -> None:
    fen = theirs.fen()
    assert ours.fen() == fen
    assert ours.board_fen() == theirs.board_fen()
    assert ours.epd() == theirs.epd(), fen
    assert ours.ep_square == theirs.ep_square, fen
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant(), fen
    # Kingless and several-king boards included: the rights as set, the rights that hold
    # and every status flag by python-chess's rules.
    assert ours.castling_rights == theirs.castling_rights, fen
    assert ours.clean_castling_rights() == theirs.clean_castling_rights(), fen
    assert int(ours.status()) == int(theirs.status()), fen
    assert ours.is_valid() == theirs.is_valid(), fen
    # Moves in python-chess's order (programs index and sample them).
    assert uci_list(ours.legal_moves) == uci_list(theirs.legal_moves), fen
    assert uci_list(ours.pseudo_legal_moves) == uci_list(theirs.pseudo_legal_moves), fen
    assert ours.legal_moves.count() == theirs.legal_moves.count(), fen
    assert ours.pseudo_legal_moves.count() == theirs.pseudo_legal_moves.count(), fen
    assert uci_list(ours.generate_legal_captures()) == uci_list(theirs.generate_legal_captures())
    assert uci_list(ours.generate_castling_moves()) == uci_list(theirs.generate_castling_moves())
    from_mask, to_mask = rng.getrandbits(64), rng.getrandbits(64)
    assert uci_list(ours.generate_legal_moves(from_mask, to_mask)) == uci_list(
        theirs.generate_legal_moves(from_mask, to_mask)), fen
    assert ours.is_check() == theirs.is_check(), fen
    assert ours.checkers_mask() == theirs.checkers_mask(), fen
    assert ours.was_into_check() == theirs.was_into_check(), fen
    assert ours.is_checkmate() == theirs.is_checkmate(), fen
    assert ours.is_stalemate() == theirs.is_stalemate(), fen
    assert ours.outcome() == theirs.outcome() or (
        ours.outcome().termination.name, ours.outcome().winner) == (
        theirs.outcome().termination.name, theirs.outcome().winner), fen
    assert {s: p.symbol() for s, p in ours.piece_map().items()} == {
        s: p.symbol() for s, p in theirs.piece_map().items()}
    assert list(ours.piece_map()) == list(theirs.piece_map())
    mask = rng.getrandbits(64)
    assert list(ours.piece_map(mask=mask)) == list(theirs.piece_map(mask=mask))
    assert ours.occupied == theirs.occupied
    assert list(ours.occupied_co) == list(theirs.occupied_co)
    for name in ("pawns", "knights", "bishops", "rooks", "queens", "kings"):
        assert getattr(ours, name) == getattr(theirs, name), name
    for color in chess.COLORS:
        assert ours.king(color) == theirs.king(color), fen
        for piece_type in chess.PIECE_TYPES:
            assert ours.pieces_mask(piece_type, color) == theirs.pieces_mask(piece_type, color)
            same(ours.pieces(piece_type, color), theirs.pieces(piece_type, color))
    for square in chess.SQUARES:
        assert ours.color_at(square) == theirs.color_at(square)
        assert ours.attacks_mask(square) == theirs.attacks_mask(square), (fen, square)
        for color in chess.COLORS:
            assert ours.attackers_mask(color, square) == theirs.attackers_mask(color, square)
            assert ours.pin_mask(color, square) == theirs.pin_mask(color, square), (fen, square)
            assert ours.is_pinned(color, square) == theirs.is_pinned(color, square)
    occupied = rng.getrandbits(64)
    square = rng.randrange(64)
    same(ours.attackers(True, square, occupied), theirs.attackers(True, square, occupied))
    assert ours.is_attacked_by(False, square) == theirs.is_attacked_by(False, square)
    for move in list(theirs.pseudo_legal_moves)[:12]:
        ours_move = quadboard.Move.from_uci(move.uci())
        assert ours.is_pseudo_legal(ours_move), (fen, move)
        assert ours.is_into_check(ours_move) == theirs.is_into_check(move), (fen, move)
        assert ours.is_zeroing(ours_move) == theirs.is_zeroing(move), (fen, move)
        assert ours.is_irreversible(ours_move) == theirs.is_irreversible(move), (fen, move)
    for move in list(theirs.legal_moves)[:8]:
        ours_move = quadboard.Move.from_uci(move.uci())
        assert ours.is_kingside_castling(ours_move) == theirs.is_kingside_castling(move)
        assert ours.is_queenside_castling(ours_move) == theirs.is_queenside_castling(move)
        assert ours.lan(ours_move) == theirs.lan(move), (fen, move)
        assert ours.san(ours_move) == theirs.san(move), (fen, move)
        found = theirs.find_move(move.from_square, move.to_square, move.promotion)
        assert ours.find_move(move.from_square, move.to_square, move.promotion).uci() == found.uci()
    assert ours.chess960_pos() == theirs.chess960_pos(), fen
    assert ours.has_chess960_castling_rights() == theirs.has_chess960_castling_rights(), fen


def test_queries_on_random_positions_match_python_chess():
    count = 0
    for chess960 in (False, True):
        for rng, ours, theirs in random_positions(5 + chess960, 6 * SCALE, chess960):
            if rng.random() < 0.15:
                compare_queries(ours, theirs, rng)
                count += 1
    assert count >= 40 * SCALE


def test_variation_san_lan_and_root():
    theirs, ours = chess.Board(), quadboard.Board()
    rng = random.Random(2)
    line = []
    for _ in range(30):
        move = rng.choice(list(theirs.legal_moves))
        line.append(move)
        theirs.push(move)
        ours.push(quadboard.Move.from_uci(move.uci()))
    ours_line = [quadboard.Move.from_uci(m.uci()) for m in line]
    assert quadboard.Board().variation_san(ours_line) == chess.Board().variation_san(line)
    after_one = chess.Board()
    after_one.push(line[0])
    ours_one = quadboard.Board()
    ours_one.push(ours_line[0])
    assert ours_one.variation_san(ours_line[1:]) == after_one.variation_san(line[1:])
    with pytest.raises(ValueError, match="illegal move"):
        quadboard.Board().variation_san(ours_line[1:])
    assert ours.root().fen() == theirs.root().fen()
    assert [m.uci() for m in ours.copy(stack=3).move_stack] == [m.uci() for m in line[-3:]]


def test_copies_and_pickles_keep_the_stack():
    board = quadboard.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]:
        board.push_san(san)
    for twin in (board.copy(), copy.copy(board), copy.deepcopy(board),
                 pickle.loads(pickle.dumps(board))):
        assert twin.fen() == board.fen()
        assert twin.move_stack == board.move_stack
        twin.pop()
        assert twin.fen() != board.fen()
    for value in (quadboard.Move.from_uci("e7e8q"), quadboard.Piece(3, False)):
        assert pickle.loads(pickle.dumps(value)) == value
    # Rights as set and any en passant square travel with the pickle.
    edited = quadboard.Board()
    edited.remove_piece_at(quadboard.A1)
    edited.ep_square = quadboard.H8
    twin = pickle.loads(pickle.dumps(edited))
    assert (twin.castling_rights, twin.ep_square, twin.fen()) == (
        edited.castling_rights, edited.ep_square, edited.fen())
    odd = quadboard.Board(None)
    odd.set_piece_at(quadboard.E4, quadboard.Piece(quadboard.KING, True))
    odd.push(quadboard.Move.from_uci("e4e5"))
    assert pickle.loads(pickle.dumps(odd)).fen() == odd.fen()


def test_mirror_unicode_epd_transform_chess960():
    rng = random.Random(9)
    for _, ours, theirs in random_positions(21, 2 * SCALE, False):
        if rng.random() > 0.1:
            continue
        assert ours.mirror().fen() == theirs.mirror().fen()
        for kwargs in ({}, {"invert_color": True, "borders": True},
                       {"orientation": False, "empty_square": "."}):
            assert ours.unicode(**kwargs) == theirs.unicode(**kwargs)
        for f in ("flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"):
            assert ours.transform(getattr(quadboard, f)).fen() == theirs.transform(
                getattr(chess, f)).fen(), f
        moves = list(theirs.legal_moves)[:2]
        ops = dict(bm=[quadboard.Move.from_uci(m.uci()) for m in moves], id='a "b"; c',
                   hmvc=theirs.halfmove_clock, c0=1.5, noop=None)
        theirs_ops = dict(ops, bm=moves)
        text = ours.epd(**ops)
        assert text == theirs.epd(**theirs_ops)
        ours_copy, theirs_copy = ours.copy(), theirs.copy()
        parsed, expected = ours_copy.set_epd(text), theirs_copy.set_epd(text)
        assert {k: [m.uci() for m in v] if isinstance(v, list) else v for k, v in parsed.items()} == {
            k: [m.uci() for m in v] if isinstance(v, list) else v for k, v in expected.items()}
        assert ours_copy.fen() == theirs_copy.fen()
        mirrored = ours.copy()
        mirrored.apply_mirror()
        assert mirrored.fen() == theirs.mirror().fen()
    for n in (0, 518, 959):
        board = quadboard.Board.from_chess960_pos(n)
        assert board.fen() == chess.Board.from_chess960_pos(n).fen()
        assert board.chess960_pos() == n
        board.set_chess960_pos((n + 1) % 960)
        assert board.chess960_pos() == (n + 1) % 960
    assert quadboard.Board().chess960_pos() == 518
    with pytest.raises(ValueError, match="960"):
        quadboard.Board.from_chess960_pos(960)


# ---------------------------------------------------------------- edited boards

EDIT_PIECES = "PNBRQKpnbrqk"


def edit_twins(seed: int, several_kings: bool = False):
    """Boards edited square by square, each edit made on both, then the pair (at most one
    king a side unless `several_kings`)."""
    rng = random.Random(seed)
    start = rng.choice([None, chess.STARTING_FEN, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"])
    theirs, ours = chess.Board(start), quadboard.Board(start)
    for _ in range(rng.randrange(3, 14)):
        square = rng.randrange(64)
        kind = rng.random()
        if kind < 0.2:
            assert (ours.remove_piece_at(square) is None) == (theirs.remove_piece_at(square) is None)
        else:
            symbol = rng.choice(EDIT_PIECES)
            piece = chess.Piece.from_symbol(symbol)
            if piece.piece_type == chess.KING and theirs.king(piece.color) is not None \
                    and not several_kings:
                continue
            ours.set_piece_at(square, quadboard.Piece.from_symbol(symbol))
            theirs.set_piece_at(square, chess.Piece.from_symbol(symbol))
        if rng.random() < 0.2:
            ours.turn = theirs.turn = not theirs.turn
    return rng, ours, theirs


def test_edited_boards_match_python_chess():
    """No kings, two kings, pawns on the back rank, the side not to move in check: status,
    moves (in python-chess's order), checks, outcomes and pushes of legal, pseudo-legal
    and null moves, then pop back."""
    kinds = set()
    for seed in range(150 * SCALE):
        rng, ours, theirs = edit_twins(seed)
        kinds.add(int(theirs.status()))
        for _ in range(6):
            compare_queries(ours, theirs, rng)
            choices = list(theirs.pseudo_legal_moves) + [chess.Move.null()]
            move = rng.choice(choices)
            if move and theirs.piece_type_at(move.from_square) == chess.KING and \
                    theirs.is_castling(move) and not theirs.is_legal(move):
                continue
            theirs.push(move)
            ours.push(quadboard.Move.from_uci(move.uci()))
            assert ours.fen() == theirs.fen(), [m.uci() for m in theirs.move_stack]
        while theirs.move_stack:
            assert ours.pop().uci() == theirs.pop().uci()
            assert ours.fen() == theirs.fen()
    # The runs met boards of each kind.
    flags = 0
    for status in kinds:
        flags |= status
    for flag in (chess.STATUS_NO_WHITE_KING,
                 chess.STATUS_PAWNS_ON_BACKRANK, chess.STATUS_OPPOSITE_CHECK):
        assert flags & flag, flag


def test_boards_with_several_kings():
    """Several kings of a side: python-chess's king is the highest-square one; moves,
    checks, the placement, status flags and castling rights (as set and as they hold)
    match, castling included."""
    seen = 0
    for seed in range(40 * SCALE):
        rng, ours, theirs = edit_twins(1000 + seed, several_kings=True)
        for _ in range(4):
            seen += bin(theirs.kings).count("1") > 2
            assert ours.fen() == theirs.fen()
            assert int(ours.status()) == int(theirs.status()), theirs.fen()
            assert ours.castling_rights == theirs.castling_rights, theirs.fen()
            assert ours.clean_castling_rights() == theirs.clean_castling_rights()
            assert uci_list(ours.legal_moves) == uci_list(theirs.legal_moves), theirs.fen()
            assert uci_list(ours.pseudo_legal_moves) == uci_list(theirs.pseudo_legal_moves)
            assert ours.checkers_mask() == theirs.checkers_mask()
            for color in chess.COLORS:
                assert ours.king(color) == theirs.king(color)
            moves = list(theirs.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            theirs.push(move)
            ours.push(quadboard.Move.from_uci(move.uci()))
    assert seen


def test_board_none_and_edits():
    board = quadboard.Board(None)
    assert board.fen() == chess.Board(None).fen()
    assert board.status() == quadboard.STATUS_NO_WHITE_KING | quadboard.STATUS_NO_BLACK_KING | quadboard.STATUS_EMPTY
    assert not board.is_valid() and not list(board.legal_moves)
    board.set_piece_map({quadboard.E1: quadboard.Piece(quadboard.KING, True),
                         quadboard.E8: quadboard.Piece(quadboard.KING, False),
                         quadboard.A1: quadboard.Piece(quadboard.ROOK, True)})
    assert board.fen() == "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" and board.is_valid()
    board.castling_rights = quadboard.BB_A1
    assert board.fen() == "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
    assert "e1c1" in [m.uci() for m in board.legal_moves]
    board.set_board_fen("8/8/8/8/8/8/8/8")
    assert board.occupied == 0
    board.reset()
    assert board.fen() == chess.STARTING_FEN
    board.clear()
    assert board.fen() == chess.Board.empty().fen()
    assert quadboard.Board.empty().fen() == chess.Board.empty().fen()
    # A side not to move in check: python-chess reads it, reports it and plays on.
    fen = "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"
    fen_white = fen.replace(" b ", " w ")
    ours, theirs = quadboard.Board(fen_white), chess.Board(fen_white)
    assert ours.status() == theirs.status() == quadboard.STATUS_OPPOSITE_CHECK
    assert uci_list(ours.legal_moves) == uci_list(theirs.legal_moves)
    ours.push_uci("e2e8") if False else ours.push(quadboard.Move.from_uci("e2e8"))
    theirs.push(chess.Move.from_uci("e2e8"))
    assert ours.fen() == theirs.fen()
    # Castling letters as python-chess writes them with a second king beside the rooks.
    for square in (quadboard.A4, quadboard.H4):
        ours, theirs = quadboard.Board(), chess.Board()
        ours.set_piece_at(square, quadboard.Piece(quadboard.KING, True))
        theirs.set_piece_at(square, chess.Piece(chess.KING, True))
        assert ours.fen() == theirs.fen()
    # A FEN as python-chess reads it: placement alone, fullmove 0.
    assert quadboard.Board("8/8/8/8/8/8/8/K6k").fen() == chess.Board("8/8/8/8/8/8/8/K6k").fen()
    assert quadboard.Board("k7/8/8/8/8/8/8/K7 w - - 0 0").fen() == "k7/8/8/8/8/8/8/K7 w - - 0 1"


def test_push_takes_what_python_chess_push_takes():
    board = quadboard.Board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    # A pseudo-legal move that leaves the king in check is made, as python-chess makes it.
    board.push(quadboard.Move.from_uci("e1d2"))
    assert board.fen() == "4k3/8/8/8/8/8/3Kr3/8 b - - 1 1"
    assert board.was_into_check() and board.status() == quadboard.STATUS_OPPOSITE_CHECK
    board.pop()
    # A null move in check, too.
    board.push(quadboard.Move.null())
    assert board.fen() == "4k3/8/8/8/8/8/4r3/4K3 b - - 1 1"
    board.pop()
    # Anything else is refused with the move named.
    with pytest.raises(ValueError, match="a1a8"):
        board.push(quadboard.Move.from_uci("a1a8"))
    with pytest.raises(ValueError, match="e1e3"):
        board.push(quadboard.Move.from_uci("e1e3"))
    with pytest.raises(ValueError, match="invalid piece type"):
        board.pieces(7, True)
    with pytest.raises(ValueError, match="960"):
        board.set_chess960_pos(-1)
    with pytest.raises(ValueError, match="fen"):
        board.set_fen("not a fen at all x y z")


def test_push_after_listing_checks_the_position_it_is_made_in():
    # `legal_moves` remembers what it listed so that pushing a listed move skips the
    # legality check: the memory must hold only while the position is the one listed.
    board = quadboard.Board()
    theirs = chess.Board()
    listed = list(board.legal_moves)
    knight = quadboard.Move.from_uci("g1f3")
    assert knight in listed
    board.push(quadboard.Move.from_uci("e2e4"))
    theirs.push(chess.Move.from_uci("e2e4"))
    # Black to move: the white knight move listed before is not even pseudo-legal now.
    with pytest.raises(ValueError, match="g1f3"):
        board.push(knight)
    # Back in the listed position: every listed move plays as python-chess plays it.
    board.pop()
    theirs.pop()
    for move in board.legal_moves:
        board.push(move)
        theirs.push(chess.Move.from_uci(move.uci()))
        assert board.fen() == theirs.fen()
        board.pop()
        theirs.pop()
    # An edit that keeps the stack: the listed knight move lost its knight.
    list(board.legal_moves)
    board.remove_piece_at(quadboard.G1)
    with pytest.raises(ValueError, match="g1f3"):
        board.push(knight)
    # A copy made after a listing plays and checks on its own.
    board = quadboard.Board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    assert [m.uci() for m in board.legal_moves] == ["e1e2", "e1f1", "e1d1"]
    twin = board.copy()
    twin.push(quadboard.Move.from_uci("e1e2"))
    assert twin.fen() == "4k3/8/8/8/8/8/4K3/8 b - - 0 1"
    assert board.fen() == "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"


def test_pushing_every_listed_move_matches_python_chess():
    # The loop the push/pop benchmark times, on standard and Chess960 games: each listed
    # move pushed (through the remembered listing), the board compared, and popped.
    for chess960 in (False, True):
        for rng, ours, theirs in random_positions(41 + chess960, 3 * SCALE, chess960):
            if rng.random() < 0.7:
                continue
            for move, twin in zip(ours.legal_moves, theirs.legal_moves):
                assert move.uci() == twin.uci()
                ours.push(move)
                theirs.push(twin)
                assert ours.fen() == theirs.fen() and ours.castling_rights == theirs.castling_rights
                assert ours.move_stack[-1] == move and ours.peek().uci() == twin.uci()
                assert ours.pop() == move and theirs.pop() == twin
            assert ours.fen() == theirs.fen()


def test_equality_as_python_chess():
    """Boards compare as python-chess's do: by position and counters, not by move stack;
    an en passant square without a legal capture does not count; not equal to other types."""
    sequences = [
        ([], []),
        (["g1f3", "g8f6", "f3g1", "f6g8"], []),  # same placement, other counters
        (["e2e4"], ["e2e3", "e7e6", "e3e4"]),  # e3 without a legal capture vs none
        (["e2e4", "d7d5", "e4e5", "f7f5"], ["e2e4", "f7f5", "e4e5", "d7d5"]),  # ep differs
        (["g1f3", "b8c6", "f3g1", "c6b8", "g1f3"], ["g1f3"]),
        (["e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"], ["e2e4", "e7e5"]),  # rights lost
    ]
    for a_moves, b_moves in sequences:
        ours, theirs = [], []
        for moves in (a_moves, b_moves):
            q, c = quadboard.Board(), chess.Board()
            for uci in moves:
                q.push_uci(uci)
                c.push_uci(uci)
            ours.append(q)
            theirs.append(c)
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1]), (a_moves, b_moves)
        assert (ours[0] != ours[1]) == (theirs[0] != theirs[1]), (a_moves, b_moves)
        assert ours[0] == ours[0].copy() and ours[0] == copy.deepcopy(ours[0])
    board = quadboard.Board()
    assert board != board.fen() and not (board == 0) and board == quadboard.Board()
    edited = quadboard.Board(None)
    assert edited != board and edited == quadboard.Board(None)
    assert (chess.Board(None) == chess.Board(None)) is True
    with pytest.raises(TypeError):
        hash(board)  # as python-chess's: equality by value, so no hash


# ------------------------------------------------ every Board method on edited boards

def normal(value):
    """A value both packages can compare: moves as UCI, sets as ints, pieces as symbols."""
    if isinstance(value, (chess.Move, quadboard.Move)):
        return value.uci()
    if isinstance(value, (chess.SquareSet, quadboard.SquareSet)):
        return int(value)
    if isinstance(value, (chess.Piece, quadboard.Piece)):
        return value.symbol()
    if isinstance(value, (chess.Outcome, quadboard.Outcome)):
        return value.termination.name, value.winner
    if isinstance(value, (chess.Status, quadboard.Status)):
        return int(value)
    if isinstance(value, dict):
        return [(normal(k), normal(v)) for k, v in value.items()]
    if isinstance(value, (list, tuple)) or hasattr(value, "__next__") or \
            type(value).__name__.endswith("MoveGenerator"):
        return [normal(v) for v in value]
    return value


def outcome_of(call):
    """("ok", value) or ("error", whether it is a ValueError)."""
    try:
        return "ok", normal(call())
    except ValueError:
        return "error", True
    except Exception as e:  # noqa: BLE001 - a crash of either side is a finding
        return "error", type(e).__name__


def twin_call(ours, theirs, name, *args, **kwargs):
    """Calls the method on both boards (moves and pieces given as python-chess's, turned
    into quadboard's), compares the results and the boards after the call."""
    def convert(a):
        if isinstance(a, chess.Move):
            return quadboard.Move.from_uci(a.uci())
        if isinstance(a, list):
            return [convert(x) for x in a]
        return a

    def call(board, argv):
        attr = getattr(board, name)
        return attr(*argv, **kwargs) if callable(attr) else attr

    got = outcome_of(lambda: call(ours, [convert(a) for a in args]))
    want = outcome_of(lambda: call(theirs, list(args)))
    context = (name, [normal(a) for a in args], kwargs, theirs.fen())
    assert got == want, context
    assert ours.fen() == theirs.fen() and ours.promoted == theirs.promoted, context
    assert normal(ours.move_stack) == normal(theirs.move_stack), context
    return want


BOARD_QUERIES = [
    ("fen",), ("fen", {"promoted": True}), ("fen", {"en_passant": "fen"}),
    ("fen", {"en_passant": "xfen"}), ("fen", {"shredder": True}), ("board_fen",),
    ("board_fen", {"promoted": True}), ("epd",), ("status",), ("is_valid",), ("is_check",),
    ("is_checkmate",), ("is_stalemate",), ("is_insufficient_material",), ("is_game_over",),
    ("result",), ("outcome",), ("can_claim_draw",), ("can_claim_fifty_moves",),
    ("can_claim_threefold_repetition",), ("is_fifty_moves",), ("is_seventyfive_moves",),
    ("is_fivefold_repetition",), ("is_repetition",), ("has_legal_en_passant",),
    ("castling_rights",), ("clean_castling_rights",), ("has_chess960_castling_rights",),
    ("chess960_pos",), ("checkers_mask",), ("checkers",), ("was_into_check",),
    ("promoted",), ("ply",), ("legal_moves",), ("pseudo_legal_moves",),
    ("generate_legal_captures",), ("generate_castling_moves",), ("piece_map",),
    ("occupied",), ("occupied_co",), ("ep_square",), ("turn",), ("halfmove_clock",),
    ("fullmove_number",), ("__str__",), ("unicode",), ("__repr__",),
]
COLOR_QUERIES = ["king", "has_insufficient_material", "has_castling_rights",
                 "has_kingside_castling_rights", "has_queenside_castling_rights"]
MOVE_QUERIES = ["is_legal", "is_pseudo_legal", "is_capture", "is_zeroing", "is_irreversible",
                "is_castling", "is_kingside_castling", "is_queenside_castling",
                "is_en_passant", "is_into_check", "uci"]
LEGAL_MOVE_QUERIES = ["san", "lan", "gives_check"]


def compare_every_method(ours, theirs, rng):
    for query in BOARD_QUERIES:
        twin_call(ours, theirs, query[0], **(query[1] if len(query) > 1 else {}))
    for color in chess.COLORS:
        for name in COLOR_QUERIES:
            twin_call(ours, theirs, name, color)
    legal = list(theirs.legal_moves)
    pseudo = list(theirs.pseudo_legal_moves)
    odd = [chess.Move(rng.randrange(64), rng.randrange(64)) for _ in range(3)]
    for move in rng.sample(pseudo, min(6, len(pseudo))) + odd:
        if move.from_square == move.to_square:
            continue
        for name in MOVE_QUERIES:
            twin_call(ours, theirs, name, move)
    for move in rng.sample(legal, min(6, len(legal))):
        for name in LEGAL_MOVE_QUERIES:
            twin_call(ours, theirs, name, move)
        kind, san = twin_call(ours, theirs, "san", move)
        twin_call(ours, theirs, "parse_san", san)
        twin_call(ours, theirs, "variation_san", [move])
        twin_call(ours, theirs, "push_san", san)
        twin_call(ours, theirs, "pop")
    if legal:
        line = [rng.choice(legal)]
        probe = theirs.copy()
        probe.push(line[0])
        replies = list(probe.legal_moves)
        if replies:
            line.append(rng.choice(replies))
        twin_call(ours, theirs, "variation_san", line)
    for square in rng.sample(range(64), 8):
        twin_call(ours, theirs, "piece_at", square)
        twin_call(ours, theirs, "attacks_mask", square)
        for color in chess.COLORS:
            twin_call(ours, theirs, "attackers_mask", color, square)
            twin_call(ours, theirs, "pin_mask", color, square)
    for name in ("mirror", "copy", "root"):
        assert getattr(ours, name)().fen(promoted=True) == getattr(theirs, name)().fen(promoted=True)
        assert getattr(ours, name)().promoted == getattr(theirs, name)().promoted


def test_every_board_method_on_edited_boards():
    """Every query on boards edited square by square (no kings, several kings, pawns on
    the back rank, the side not to move in check), then on the boards after a few moves:
    the same results, SAN and LAN included, and the same board after each call."""
    flags = 0
    for seed in range(40 * SCALE):
        rng, ours, theirs = edit_twins(5000 + seed, several_kings=seed % 4 == 0)
        flags |= int(theirs.status())
        for _ in range(3):
            compare_every_method(ours, theirs, rng)
            choices = list(theirs.pseudo_legal_moves) + [chess.Move.null()]
            move = rng.choice(choices)
            if move and theirs.is_castling(move) and not theirs.is_legal(move):
                break
            twin_call(ours, theirs, "push", move)
    for flag in (chess.STATUS_NO_WHITE_KING, chess.STATUS_TOO_MANY_KINGS,
                 chess.STATUS_PAWNS_ON_BACKRANK, chess.STATUS_OPPOSITE_CHECK):
        assert flags & flag, flag


def test_status_on_kingless_and_several_king_boards():
    """The flags python-chess sets where kings are missing or many: impossible checks
    judged against every king of the side, castling rights cleaned as python-chess does."""
    fens = [
        "8/8/8/8/8/8/8/R3K2R w KQ - 0 1",  # no black king
        "4k3/8/8/8/8/8/8/R6R w KQ - 0 1",  # no white king: the rights do not hold
        "r3k2r/8/8/8/8/8/8/4K2K w kq - 0 1",  # two white kings
        "4k3/8/8/8/8/8/8/K3K2R w K - 0 1",  # two white kings, one on e1
        "K3k3/8/8/8/1q6/8/8/K2r4 w - - 0 1",  # checks on two kings in one line
        "4k3/8/8/8/8/2b5/8/K3K2r w - - 0 1",  # the highest king checked by two
        "4k3/8/8/8/1Pp5/8/8/2K1K3 b - b3 0 1",  # a double push beside two kings
        "4k3/8/8/4r3/4Pp2/8/8/4K3 b - e3 0 1",  # a check not from the pushed pawn
        "4k3/8/8/8/3pP3/8/8/3K4 b - e3 0 1",
    ]
    for fen in fens:
        ours, theirs = quadboard.Board(fen), chess.Board(fen)
        assert int(ours.status()) == int(theirs.status()), fen
        assert ours.clean_castling_rights() == theirs.clean_castling_rights(), fen
        assert ours.castling_rights == theirs.castling_rights, fen
        assert uci_list(ours.legal_moves) == uci_list(theirs.legal_moves), fen
        for move in list(theirs.legal_moves)[:10]:
            assert ours.san(quadboard.Move.from_uci(move.uci())) == theirs.san(move), fen
    # Chess960: the outermost rook on each side of the highest back-rank king.
    for fen in ("1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1", "4k3/8/8/8/8/8/8/RK1K2R1 w AG - 0 1"):
        ours, theirs = quadboard.Board(fen, chess960=True), chess.Board(fen, chess960=True)
        assert ours.clean_castling_rights() == theirs.clean_castling_rights(), fen
        assert int(ours.status()) == int(theirs.status()), fen


def test_san_and_lan_on_boards_python_chess_plays_on():
    """SAN and LAN, written and read, where the library's Position refuses the board:
    disambiguation among the legal moves (kings too, when a side has several), check and
    mate suffixes by python-chess's rules, exact promotions when reading."""
    fens = [
        "8/8/8/8/8/8/8/RN2K2R w - - 0 1",  # no black king: no check suffix ever
        "k7/8/8/8/8/8/8/K1K5 w - - 0 1",  # two kings reach b2: Kab2, Kcb2
        "k7/8/8/8/8/8/5K2/K7 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2P w - - 0 1",  # a pawn on the back rank
        "kq6/8/1K6/8/8/8/8/7R w - - 0 1",  # black in check with white to move
        "7k/P7/8/8/8/8/8/K7 w - - 0 1",
        "3k4/8/3K4/8/8/8/8/R6R w - - 0 1",  # mate: Ra8#, Rh8# by rook
    ]
    for fen in fens:
        ours, theirs = quadboard.Board(fen), chess.Board(fen)
        for move in theirs.legal_moves:
            ours_move = quadboard.Move.from_uci(move.uci())
            san = theirs.san(move)
            assert ours.san(ours_move) == san, (fen, move)
            assert ours.lan(ours_move) == theirs.lan(move), (fen, move)
            assert ours.parse_san(san) == ours_move, (fen, san)
        assert ours.variation_san(list(ours.legal_moves)[:1]) == theirs.variation_san(
            list(theirs.legal_moves)[:1])
    board = quadboard.Board("k7/8/8/8/8/8/8/K1K5 w - - 0 1")
    with pytest.raises(quadboard.AmbiguousMoveError):
        board.parse_san("Kb2")
    with pytest.raises(quadboard.IllegalMoveError):
        board.parse_san("Qd4")
    with pytest.raises(quadboard.InvalidMoveError):
        board.parse_san("K??x")
    assert quadboard.Board("7k/P7/8/8/8/8/8/K7 w - - 0 1").san(
        quadboard.Move.from_uci("a7a8q")) == "a8=Q+"


# ------------------------------------------------------------------ promoted pieces

def test_promoted_pieces_as_python_chess_tracks_them():
    """``promoted``: set by a promotion, moved with the piece, cleared when it is taken or
    its square edited, restored by ``pop``; written as ``Q~`` with ``promoted=True``;
    kept by copies, ``root()``, pickles and transforms; equality ignores it."""
    fen = "r3k3/1P4P1/8/8/8/8/1p4p1/R3K2R w KQq - 0 1"
    rng = random.Random(7)
    for _ in range(30 * SCALE):
        ours, theirs = quadboard.Board(fen), chess.Board(fen)
        for _ in range(rng.randrange(4, 24)):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            promotions = [m for m in moves if m.promotion]
            move = rng.choice(promotions if promotions and rng.random() < 0.5 else moves)
            twin_call(ours, theirs, "push", move)
            twin_call(ours, theirs, "fen", promoted=True)
            twin_call(ours, theirs, "epd", promoted=True)
            twin_call(ours, theirs, "board_fen", promoted=True)
            keep = rng.randrange(len(theirs.move_stack) + 1)
            a, b = ours.copy(stack=keep), theirs.copy(stack=keep)
            while b.move_stack:
                twin_call(a, b, "pop")
            assert a.root().promoted == b.root().promoted
            assert ours.mirror().promoted == theirs.mirror().promoted
            assert ours.transform(chess.flip_horizontal).promoted == theirs.transform(
                chess.flip_horizontal).promoted
            assert pickle.loads(pickle.dumps(ours)).promoted == theirs.promoted
        while theirs.move_stack:
            twin_call(ours, theirs, "pop")
    # Edits: set_piece_at(..., promoted=True) marks, an edit of the square clears.
    ours, theirs = quadboard.Board(), chess.Board()
    for board, piece in ((ours, quadboard.Piece(quadboard.QUEEN, True)),
                         (theirs, chess.Piece(chess.QUEEN, True))):
        board.set_piece_at(chess.D4, piece, promoted=True)
        board.set_piece_at(chess.E4, piece, promoted=True)
        board.remove_piece_at(chess.E4)
    assert ours.promoted == theirs.promoted == chess.BB_D4
    assert ours.fen(promoted=True) == theirs.fen(promoted=True)
    assert ours.fen() == theirs.fen() and ours.chess960_pos() == theirs.chess960_pos()
    plain = quadboard.Board(ours.fen())
    assert plain == ours and plain.promoted == 0
    # Read back from `Q~`, as python-chess reads it, by every FEN entry point.
    marked = ours.fen(promoted=True)
    assert quadboard.Board(marked).promoted == chess.Board(marked).promoted == chess.BB_D4
    for name, text in (("set_fen", marked), ("set_board_fen", marked.split()[0])):
        a, b = quadboard.Board(), chess.Board()
        getattr(a, name)(text)
        getattr(b, name)(text)
        assert a.promoted == b.promoted and a.fen(promoted=True) == b.fen(promoted=True)
    with pytest.raises(ValueError):
        quadboard.Board("~8/8/8/8/8/8/8/K6k w - - 0 1")


# ------------------------------------------------------------------------- pieces

def test_pieces_are_values_as_python_chess():
    """Piece: equal and hashed by value as python-chess's (its hash values too), mutable;
    boards hand out shared objects, and changing one changes no board."""
    board = quadboard.Board()
    for symbol in "PNBRQKpnbrqk":
        ours, theirs = quadboard.Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
        assert (ours.piece_type, ours.color) == (theirs.piece_type, theirs.color)
        assert hash(ours) == hash(theirs) and repr(ours) == repr(theirs)
        assert str(ours) == str(theirs) and ours.symbol() == theirs.symbol()
        for invert in (False, True):
            assert ours.unicode_symbol(invert_color=invert) == theirs.unicode_symbol(invert_color=invert)
        assert quadboard.Piece(ours.piece_type, ours.color) == ours
        assert pickle.loads(pickle.dumps(ours)) == ours
        assert copy.deepcopy(ours) == ours and copy.copy(ours) == ours
    assert board.piece_at(chess.A1) is board.piece_map()[chess.A1]
    assert {quadboard.Piece(1, True): 1}[board.piece_at(chess.A2)] == 1
    assert quadboard.Piece(1, True) != quadboard.Piece(1, False)
    assert isinstance(board.piece_at(0), quadboard.Piece)
    # Changing a piece the board handed out (as public code does to swap colours) changes
    # that object only: the board and later answers keep the piece.
    rook = board.piece_at(chess.A1)
    other = board.piece_map()[chess.H1]
    rook.color = not rook.color
    assert rook == quadboard.Piece(chess.ROOK, False) and rook.symbol() == "r"
    assert board.piece_at(chess.A1) == quadboard.Piece(chess.ROOK, True)
    assert board.piece_at(chess.H1).symbol() == "R" and board.fen() == chess.STARTING_FEN
    assert other is rook  # one shared object before the change (python-chess: two)
    board.set_piece_at(chess.E4, rook)
    assert board.piece_at(chess.E4).symbol() == "r"
    twin = quadboard.Piece.from_symbol("Q")
    twin.piece_type = chess.KNIGHT
    assert quadboard.Piece.from_symbol("Q").symbol() == "Q" and twin.symbol() == "N"
    # A python-chess piece is read by its fields.
    board.set_piece_at(chess.E4, chess.Piece(chess.KNIGHT, False))
    assert board.piece_at(chess.E4) == quadboard.Piece(chess.KNIGHT, False)
    with pytest.raises(TypeError, match="Piece"):
        board.set_piece_at(chess.E4, "N")
    for bad in (0, 7, "1", None, 1.5):
        with pytest.raises(ValueError, match="piece type"):
            quadboard.Piece(bad, True)
    # python-chess's message (its lookup's), which programs print.
    with pytest.raises(ValueError, match="^'x' is not in list$"):
        quadboard.Piece.from_symbol("x")
    # The notebook hook, as python-chess's: the piece alone, 45 pixels.
    from quadboard import svg as quadboard_svg

    svg = quadboard.Piece.from_symbol("N")._repr_svg_()
    assert svg == str(quadboard_svg.piece(quadboard.Piece.from_symbol("N"), size=45))
    assert 'width="45"' in svg and 'width="45"' in chess.Piece.from_symbol("N")._repr_svg_()


def test_subclasses_as_python_chess():
    """``class MyBoard(chess.Board)``, with its own ``__init__`` and fields: copies,
    mirrors, roots, ``empty()`` and Chess960 starts are of the subclass, made as
    python-chess makes them (``cls(None)``, so the subclass's defaults apply)."""
    def make(mod):
        class Tagged(mod.Board):
            def __init__(self, fen=mod.STARTING_FEN, *, chess960=False, tag="default"):
                super().__init__(fen, chess960=chess960)
                self.tag = tag

            def material(self):
                return sum(len(self.pieces(t, c)) for t in range(1, 6) for c in (True, False))
        return Tagged

    ours_cls, theirs_cls = make(quadboard), make(chess)
    ours, theirs = ours_cls(tag="mine"), theirs_cls(tag="mine")
    for board in (ours, theirs):
        board.push_san("e4")
        board.push_san("d5")
        board.push_san("exd5")
    for name in ("copy", "mirror", "root", "__copy__"):
        a, b = getattr(ours, name)(), getattr(theirs, name)()
        assert type(a) is ours_cls and type(b) is theirs_cls, name
        assert (a.tag, a.fen(), a.material()) == (b.tag, b.fen(), b.material()), name
    a, b = copy.deepcopy(ours), copy.deepcopy(theirs)
    assert type(a) is ours_cls and a.fen() == b.fen() and a.tag == b.tag == "default"
    for name, args in (("empty", ()), ("from_chess960_pos", (100,))):
        a, b = getattr(ours_cls, name)(*args), getattr(theirs_cls, name)(*args)
        assert type(a) is ours_cls and a.fen() == b.fen() and a.tag == b.tag, name
    assert pickle.loads(pickle.dumps(quadboard.Board())).fen() == chess.STARTING_FEN
    with pytest.raises(TypeError):
        quadboard.Board(chess.STARTING_FEN, "junk")
    with pytest.raises(TypeError):
        quadboard.Board(tag="x")
