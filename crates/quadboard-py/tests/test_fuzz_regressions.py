"""Differences from python-chess 1.11 that tests/fuzz_api.py found, one test each, with
python-chess as the oracle."""

from __future__ import annotations

import pickle

import chess
import pytest

import quadboard

# White's e2 rook is pinned by the e8 rook; black's king can step into the e-file.
PINNED = "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1"


def both(fen=chess.STARTING_FEN, chess960=False):
    return chess.Board(fen, chess960=chess960), quadboard.Board(fen, chess960=chess960)


def test_san_lan_and_gives_check_of_pseudo_legal_moves():
    theirs, ours = both(PINNED)
    illegal = [m for m in theirs.pseudo_legal_moves if not theirs.is_legal(m)]
    assert illegal
    for m in illegal:
        q = quadboard.Move.from_uci(m.uci())
        assert ours.san(q) == theirs.san(m)
        assert ours.lan(q) == theirs.lan(m)
        assert ours.gives_check(q) == theirs.gives_check(m)


def test_san_and_push():
    theirs, ours = both()
    for uci in ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]:
        assert ours.san_and_push(quadboard.Move.from_uci(uci)) == \
            theirs.san_and_push(chess.Move.from_uci(uci))
    assert ours.fen() == theirs.fen()


def test_en_passant_generators_take_masks():
    fen = "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2"
    theirs, ours = both(fen)
    for masks in [(), (chess.BB_C5,), (chess.BB_ALL, chess.BB_E6), (chess.BB_E5, chess.BB_D6)]:
        assert [m.uci() for m in ours.generate_legal_ep(*masks)] == \
            [m.uci() for m in theirs.generate_legal_ep(*masks)]
        assert [m.uci() for m in ours.generate_pseudo_legal_ep(*masks)] == \
            [m.uci() for m in theirs.generate_pseudo_legal_ep(*masks)]


def test_chess960_flag_can_be_assigned():
    fen = chess.Board.from_chess960_pos(0).fen()
    theirs, ours = both(fen, chess960=True)
    theirs.chess960 = ours.chess960 = False
    assert ours.chess960 is False
    assert ours.fen() == theirs.fen()
    assert ours.castling_rights == theirs.castling_rights


def test_variant_class_attributes():
    for name in ["aliases", "tbw_suffix", "tbz_suffix", "tbw_magic", "tbz_magic",
                 "pawnless_tbw_suffix", "pawnless_tbz_suffix", "pawnless_tbw_magic",
                 "pawnless_tbz_magic", "connected_kings", "one_king", "captures_compulsory"]:
        assert getattr(quadboard.Board, name) == getattr(chess.Board, name), name


def test_move_xboard_and_hash():
    for uci in ["e2e4", "e7e8q", "a2a1n", "0000"]:
        ours, theirs = quadboard.Move.from_uci(uci), chess.Move.from_uci(uci)
        assert ours.xboard() == theirs.xboard()
        # Sets and dicts of moves iterate in the same order only with the same hash.
        assert hash(ours) == hash(theirs)


def test_move_generator_reprs_write_san_for_legal_moves_only():
    theirs, ours = both(PINNED)
    strip = lambda r: r[r.index(" ("):]  # noqa: E731  (python-chess writes its address)
    assert strip(repr(ours.pseudo_legal_moves)) == strip(repr(theirs.pseudo_legal_moves))
    theirs, ours = both("4k3/8/8/8/8/8/8/8 b - - 0 1")  # no white king: a loose board
    assert strip(repr(ours.legal_moves)) == strip(repr(theirs.legal_moves))


def test_set_piece_at_takes_any_promoted_flag():
    theirs, ours = both()
    for promoted in [None, 0, 1]:
        theirs.set_piece_at(chess.E4, chess.Piece(chess.QUEEN, True), promoted)
        ours.set_piece_at(quadboard.E4, quadboard.Piece(quadboard.QUEEN, True), promoted)
        assert ours.promoted == theirs.promoted
        assert ours.fen(promoted=True) == theirs.fen(promoted=True)


def test_fen_of_a_loose_board_writes_the_rights_that_hold():
    theirs, ours = both(chess.Board.from_chess960_pos(162).fen(), chess960=True)
    theirs.clear_board()
    ours.clear_board()
    assert ours.fen() == theirs.fen()
    theirs, ours = both()
    for board in (theirs, ours):
        board.push_uci("g1f3")
        board.clear_board()
        board.castling_rights = chess.BB_A1 | chess.BB_H1
    assert ours.fen() == theirs.fen()
    assert ours.castling_rights == theirs.castling_rights


@pytest.mark.parametrize("edit", ["assign", "fen", "set_piece_at", "reset_board"])
def test_ep_square_is_kept_as_set(edit):
    theirs, ours = both()
    for board in (theirs, ours):
        if edit == "assign":
            board.ep_square = chess.C3
        elif edit == "fen":
            board.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1")
        else:
            board.push_uci("a2a4")
            if edit == "set_piece_at":
                board.set_piece_at(chess.A4, chess.Piece(chess.ROOK, True))
            else:
                board.reset_board()
    assert ours.ep_square == theirs.ep_square is not None
    assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen")
    assert ours.fen() == theirs.fen()
    twin = pickle.loads(pickle.dumps(ours))
    assert twin.ep_square == ours.ep_square


def test_carry_rippler_is_lazy():
    # 2**64 subsets: a list of them never finishes.
    subsets = quadboard.SquareSet(quadboard.BB_ALL).carry_rippler()
    assert [next(subsets) for _ in range(3)] == [0, 1, 2]
    small = quadboard.SquareSet(0b1011)
    assert list(small.carry_rippler()) == list(chess.SquareSet(0b1011).carry_rippler())


def test_san_naming_both_squares_is_read_as_find_move():
    fen = "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1"
    for text in ["a1a8", "a1-a8+", "e1g1", "b7b8q", "b7b8=Q+", "b7b8", "h1h2", "e1e3"]:
        results = []
        for mod in (chess, quadboard):
            try:
                results.append(mod.Board(fen).parse_san(text).uci())
            except ValueError as err:
                results.append(type(err).__name__)
        assert results[0] == results[1], text


def test_rights_assigned_after_a_move_are_written_as_set():
    # python-chess trusts the rights as set once the stack holds a move.
    fen = "bqrkrnnb/pppppppp/8/8/8/4P3/PPPP1PPP/BQRKRNNB b KQkq - 0 1"
    theirs, ours = both(fen)
    for board in (theirs, ours):
        board.push_uci("b7b6")
        board.castling_rights = chess.BB_H1 | chess.BB_A8
    assert ours.fen() == theirs.fen()
    assert ours.castling_shredder_fen() == theirs.castling_shredder_fen()
    assert ours.clean_castling_rights() == theirs.clean_castling_rights()


def test_status_flags_an_en_passant_square_kept_by_an_edit():
    theirs, ours = both()
    for board in (theirs, ours):
        board.push_uci("e2e4")
        board.set_board_fen(chess.STARTING_BOARD_FEN)
    assert int(ours.status()) == int(theirs.status()) != 0
    assert ours.is_valid() == theirs.is_valid()


def test_gives_check_of_the_null_move_and_turn_from_an_int():
    # Black to move, the white king in check: the null move "gives check".
    fen = "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1"
    theirs, ours = both(fen)
    assert ours.gives_check(quadboard.Move.null()) == theirs.gives_check(chess.Move.null())
    theirs.turn = ours.turn = 1
    assert ours.fen() == theirs.fen()


def test_en_passant_square_on_any_rank_and_pop_restores_a_kept_one():
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq a1 0 1"
    theirs, ours = both(fen)
    assert ours.ep_square == theirs.ep_square
    theirs, ours = both()
    for board in (theirs, ours):
        board.ep_square = chess.E6
        board.push_uci("g1f3")
        board.pop()
    assert ours.ep_square == theirs.ep_square == chess.E6


def test_ply_after_fullmove_number_zero_and_pickle_after_assignments():
    theirs, ours = both()
    for board in (theirs, ours):
        board.push_uci("e2e4")
        board.fullmove_number = 0
        board.castling_rights = chess.BB_A1
    assert ours.ply() == theirs.ply() < 0
    twin = pickle.loads(pickle.dumps(ours))
    assert (twin.fen(), twin.castling_rights, twin.ply()) == \
        (theirs.fen(), theirs.castling_rights, theirs.ply())


def test_base_board_is_its_own_class():
    theirs, ours = chess.BaseBoard(), quadboard.BaseBoard()
    assert repr(ours) == repr(theirs)
    assert repr(quadboard.BaseBoard(None)) == repr(chess.BaseBoard(None))
    assert isinstance(quadboard.Board(), quadboard.BaseBoard)
    assert (ours == quadboard.Board()) == (theirs == chess.Board())
    assert (quadboard.Board() == ours) == (chess.Board() == theirs)
    assert repr(ours.copy()) == repr(theirs.copy())
    assert repr(pickle.loads(pickle.dumps(ours))) == repr(theirs)


def test_colours_and_flags_read_by_their_truth():
    theirs, ours = both("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    for color in (0, 1):
        assert int(ours.pieces(quadboard.PAWN, color)) == int(theirs.pieces(chess.PAWN, color))
        assert ours.king(color) == theirs.king(color)
        assert ours.has_kingside_castling_rights(color) == \
            theirs.has_kingside_castling_rights(color)
        assert int(ours.attackers(color, quadboard.E5)) == int(theirs.attackers(color, chess.E5))
        assert ours.is_pinned(color, quadboard.C3) == theirs.is_pinned(color, chess.C3)
    assert ours.outcome(claim_draw=1) == theirs.outcome(claim_draw=1)
    assert ours.result(claim_draw=0) == theirs.result(claim_draw=0)
    assert ours.unicode(borders=1, orientation=0) == theirs.unicode(borders=1, orientation=0)


def test_polyglot_key_of_boards_off_the_fast_path_and_root_keeps_the_en_passant_square():
    import chess.polyglot
    import quadboard.polyglot
    theirs, ours = both()
    for board in (theirs, ours):
        board.push_uci("g1f3")
        # Kept as set after a move, though no rook stands on b1: python-chess keys it.
        board.castling_rights = chess.BB_B1 | chess.BB_H8
    assert quadboard.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs)
    theirs, ours = both()
    for board in (theirs, ours):
        board.ep_square = chess.E6  # no pawn passed it: kept, and not keyed
        board.push_uci("g1f3")
    assert ours.root().ep_square == theirs.root().ep_square == chess.E6


@pytest.mark.parametrize("method,text", [
    ("parse_san", "e8=K"), ("parse_san", "Pe4"), ("parse_san", "e4!?"), ("parse_san", "nf3"),
    ("parse_san", "Kg1"), ("parse_san", "exd6e.p."), ("parse_san", "e8Q"),
    ("push_uci", "a7a8Q"), ("push_uci", "e7e8k"), ("push_uci", "e7e8p"), ("push_uci", "Q@e4"),
    ("parse_uci", "E2E4"),
])
def test_san_and_uci_errors_have_python_chess_classes(method, text):
    fen = "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    outcomes = []
    for mod in (chess, quadboard):
        try:
            outcomes.append(getattr(mod.Board(fen), method)(text).uci())
        except ValueError as err:
            outcomes.append(type(err).__name__)
    assert outcomes[0] == outcomes[1]


def test_chess960_pos_refuses_a_kept_en_passant_square():
    theirs, ours = chess.Board.from_chess960_pos(642), quadboard.Board.from_chess960_pos(642)
    assert ours.chess960_pos() == theirs.chess960_pos() == 642
    theirs.ep_square = ours.ep_square = chess.D6
    assert ours.chess960_pos() == theirs.chess960_pos()


def test_draw_claims_replay_the_moves_after_an_assignment():
    # python-chess's threefold claim takes back moves and makes them again: counters and
    # the side assigned after the moves are recomputed from them.
    results = []
    for mod in (chess, quadboard):
        board = mod.Board()
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3"]:
            board.push_uci(uci)
        board.halfmove_clock, board.fullmove_number = 40, 9
        first = (board.can_claim_threefold_repetition(), board.fen())
        board.fullmove_number = 20
        results.append((first, board.outcome(claim_draw=True), board.fen()))
    assert results[0] == results[1]
