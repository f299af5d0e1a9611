"""quadboard.variant against python-chess's chess.variant: random games of every variant the
library plays, compared position by position (legal move sets, FEN, check, the variant's
endings, insufficient material, outcomes, pockets and check counts, the placement), with
moves taken back and made again. About 4,000 positions in CI;
``QUADBOARD_VARIANT_SCALE=20`` for twenty times as many games."""

from __future__ import annotations

import copy
import os
import pickle
import random
from typing import Optional

import chess
import chess.variant
import pytest

import quadboard
import quadboard.variant as qv

SCALE = int(os.environ.get("QUADBOARD_VARIANT_SCALE", "1"))

NAMES = ["antichess", "atomic", "crazyhouse", "horde", "kingofthehill", "racingkings", "3check"]


def implemented(name: str) -> bool:
    """Whether the library plays the variant yet (atomic and horde are being added)."""
    try:
        qv.find_variant(name)()
    except ValueError as error:
        assert "not implemented" in str(error), error
        return False
    return True


PLAYED = [name for name in NAMES if implemented(name)]


def outcome_of(board) -> object:
    outcome = board.outcome()
    return None if outcome is None else (outcome.termination.name, outcome.winner)


def facts(board) -> dict:
    """What the two boards must agree on in a position."""
    found = {
        "fen": board.fen(),
        "board_fen": board.board_fen(),
        "turn": board.turn,
        "legal": sorted(m.uci() for m in board.legal_moves),
        "san": sorted(board.san(m) for m in board.legal_moves),
        "count": board.legal_moves.count(),
        "check": board.is_check(),
        "variant_end": board.is_variant_end(),
        "variant_win": board.is_variant_win(),
        "variant_loss": board.is_variant_loss(),
        "variant_draw": board.is_variant_draw(),
        "insufficient": board.is_insufficient_material(),
        "white_insufficient": board.has_insufficient_material(chess.WHITE),
        "black_insufficient": board.has_insufficient_material(chess.BLACK),
        "checkmate": board.is_checkmate(),
        "stalemate": board.is_stalemate(),
        "outcome": outcome_of(board),
        "game_over": board.is_game_over(),
        "result": board.result(),
        "halfmove": board.halfmove_clock,
        "fullmove": board.fullmove_number,
        "ply": board.ply(),
        "occupied": int(board.occupied),
        "kings": int(board.kings),
    }
    if hasattr(board, "pockets"):
        found["pockets"] = [str(board.pockets[c]) for c in chess.COLORS]
    if hasattr(board, "remaining_checks"):
        found["checks"] = list(board.remaining_checks)
    return found


def play_game(name: str, rng: random.Random, max_plies: int, chess960: Optional[int] = None) -> int:
    if chess960 is None:
        theirs = chess.variant.find_variant(name)()
        ours = qv.find_variant(name)()
    else:
        theirs = chess.variant.find_variant(name).from_chess960_pos(chess960)
        ours = qv.find_variant(name).from_chess960_pos(chess960)
        assert ours.chess960 and ours.fen() == theirs.fen()
    positions = 0
    for ply in range(max_plies):
        expected, got = facts(theirs), facts(ours)
        assert got == expected, (name, theirs.fen(), [m.uci() for m in theirs.move_stack])
        positions += 1
        moves = list(theirs.legal_moves)
        if not moves or theirs.is_game_over():
            break
        move = rng.choice(moves)
        mine = quadboard.Move.from_uci(move.uci())
        assert ours.is_legal(mine) and mine in ours.legal_moves
        san = theirs.san(move)
        theirs.push(move)
        if ply % 2:
            assert ours.push_san(san) == mine, (san, ours.fen())
        else:
            ours.push(mine)
        assert ours.peek() == mine and [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
        if ply % 7 == 3:
            # A takeback, then the move again.
            assert ours.pop() == mine
            theirs.pop()
            assert ours.fen() == theirs.fen()
            theirs.push(move)
            ours.push_uci(move.uci())
    # Every move taken back.
    while theirs.move_stack:
        theirs.pop()
        ours.pop()
        assert ours.fen() == theirs.fen()
    return positions


@pytest.mark.parametrize("name", PLAYED)
def test_random_games_against_python_chess(name):
    rng = random.Random(f"variant {name}")
    positions = 0
    for _ in range(12 * SCALE):
        positions += play_game(name, rng, 120)
    assert positions > 300


@pytest.mark.parametrize("name", [n for n in ("kingofthehill", "3check", "crazyhouse") if n in PLAYED])
def test_chess960_games_against_python_chess(name):
    # Castling written king-takes-rook, from python-chess's Chess960 starts of the variant.
    rng = random.Random(f"variant 960 {name}")
    positions = 0
    for _ in range(4 * SCALE):
        positions += play_game(name, rng, 80, chess960=rng.randrange(960))
    assert positions > 100


@pytest.mark.parametrize("name", PLAYED)
def test_copies_pickles_and_fens(name):
    rng = random.Random(name)
    ours = qv.find_variant(name)()
    for _ in range(30):
        moves = list(ours.legal_moves)
        if not moves:
            break
        ours.push(rng.choice(moves))
    for board in (ours.copy(), copy.copy(ours), copy.deepcopy(ours), pickle.loads(pickle.dumps(ours))):
        assert type(board) is type(ours) and board.fen() == ours.fen() and board == ours
        assert board.move_stack == ours.move_stack
    assert ours.copy(stack=False).move_stack == []
    assert ours.root().fen() == type(ours)().fen()
    again = type(ours)(ours.fen())
    assert again.fen() == ours.fen() and again == ours
    theirs = chess.variant.find_variant(name)(ours.fen())
    assert sorted(m.uci() for m in theirs.legal_moves) == sorted(m.uci() for m in again.legal_moves)


def test_names_and_attributes():
    assert [c.__name__ for c in qv.VARIANTS] == [c.__name__ for c in chess.variant.VARIANTS]
    for ours, theirs in zip(qv.VARIANTS[1:], chess.variant.VARIANTS[1:]):
        for attribute in ("aliases", "uci_variant", "xboard_variant", "starting_fen", "tbw_suffix",
                          "tbz_suffix", "tbw_magic", "tbz_magic", "pawnless_tbw_suffix",
                          "pawnless_tbz_suffix", "pawnless_tbw_magic", "pawnless_tbz_magic",
                          "connected_kings", "one_king", "captures_compulsory"):
            assert getattr(ours, attribute) == getattr(theirs, attribute), (ours, attribute)
        assert issubclass(ours, quadboard.Board)
        for alias in theirs.aliases:
            assert qv.find_variant(alias.upper()).__name__ == chess.variant.find_variant(alias).__name__
    assert issubclass(qv.AntichessBoard, qv.GiveawayBoard) and issubclass(qv.GiveawayBoard, qv.SuicideBoard)
    with pytest.raises(ValueError, match="unsupported variant"):
        qv.find_variant("chess960 atomic")


def test_boards_not_played_yet_say_so():
    for cls in (qv.SuicideBoard, qv.GiveawayBoard):
        with pytest.raises(ValueError, match="not implemented"):
            cls()
    for name in set(NAMES) - set(PLAYED):
        with pytest.raises(ValueError, match="not implemented"):
            qv.find_variant(name)()


def test_drops_and_king_promotions():
    for text in ("P@e4", "n@f3", "Q@a1", "e7e8k", "a2a1q"):
        ours, theirs = quadboard.Move.from_uci(text), chess.Move.from_uci(text)
        assert (ours.from_square, ours.to_square, ours.promotion, ours.drop) == (
            theirs.from_square, theirs.to_square, theirs.promotion, theirs.drop)
        assert ours.uci() == theirs.uci() and str(ours) == str(theirs) and hash(ours) == hash(theirs)
        assert bool(ours) and pickle.loads(pickle.dumps(ours)) == ours
    assert quadboard.Move(chess.E4, chess.E4, drop=chess.PAWN) == quadboard.Move.from_uci("P@e4")
    assert quadboard.Move.from_uci("P@a1") != quadboard.Move.null()
    for text in ("K@e4", "X@e4", "P@e9"):
        with pytest.raises(quadboard.InvalidMoveError):
            quadboard.Move.from_uci(text)
    zh = qv.CrazyhouseBoard("r1bqkbnr/pppppppp/2n5/8/8/8/PPPPPPPP/RNBQKBNR[Pn] w KQkq - 0 1")
    assert quadboard.Move.from_uci("P@e4") in zh.legal_moves
    zh.push_uci("P@e4")
    # A drop never resets the halfmove clock in python-chess (in shakmaty a pawn drop does).
    assert zh.fen() == "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 1 1"
    assert zh.piece_at(chess.E4) == quadboard.Piece(chess.PAWN, chess.WHITE)
    assert str(zh.pockets[chess.BLACK]) == "n" and len(zh.pockets[chess.WHITE]) == 0
    with pytest.raises(quadboard.IllegalMoveError):
        zh.push_uci("Q@e5")
    anti = qv.AntichessBoard("8/4P3/8/8/8/8/8/k7 w - - 0 1")
    assert "e7e8k" in {m.uci() for m in anti.legal_moves}
    anti.push(quadboard.Move(chess.E7, chess.E8, promotion=chess.KING))
    assert anti.piece_at(chess.E8) == quadboard.Piece(chess.KING, chess.WHITE)
    # A standard board never takes them.
    board = quadboard.Board()
    for text in ("P@e4", "e2e4k"):
        with pytest.raises(quadboard.IllegalMoveError):
            board.push(quadboard.Move.from_uci(text))


def test_three_check_and_king_of_the_hill_endings():
    three = qv.ThreeCheckBoard("rnbqkbnr/ppp2ppp/3p4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3")
    assert three.remaining_checks == [3, 1]
    three.push_uci("f1b5")
    assert three.remaining_checks == [3, 0] and three.is_variant_end() and three.is_variant_loss()
    assert three.fen() == "rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 1 3"
    assert three.outcome().termination == quadboard.Termination.VARIANT_LOSS and three.result() == "1-0"
    koth = qv.KingOfTheHillBoard("8/8/8/8/8/3K4/8/7k w - - 0 1")
    koth.push_uci("d3d4")
    assert koth.is_variant_loss() and koth.outcome().winner is chess.WHITE


def test_san_parses_and_writes_as_python_chess():
    ours, theirs = qv.CrazyhouseBoard("r3k3/8/8/8/8/8/8/R3K3[Nn] w Qq - 0 1"), chess.variant.CrazyhouseBoard("r3k3/8/8/8/8/8/8/R3K3[Nn] w Qq - 0 1")
    for san in ["N@f3", "O-O-O", "Nd4", "N@b3"]:
        assert ours.san_and_push(ours.parse_san(san)) == theirs.san_and_push(theirs.parse_san(san))
    moves = [m.uci() for m in ours.move_stack]
    start = qv.CrazyhouseBoard("r3k3/8/8/8/8/8/8/R3K3[Nn] w Qq - 0 1")
    assert start.variation_san([quadboard.Move.from_uci(u) for u in moves]) == chess.variant.CrazyhouseBoard(
        "r3k3/8/8/8/8/8/8/R3K3[Nn] w Qq - 0 1").variation_san([chess.Move.from_uci(u) for u in moves])
    anti = qv.AntichessBoard("8/4P3/8/8/8/8/8/k7 w - - 0 1")
    assert anti.san(quadboard.Move.from_uci("e7e8k")) == "e8=K"
    with pytest.raises(quadboard.InvalidMoveError):
        ours.parse_san("Zz9")
    with pytest.raises(quadboard.IllegalMoveError):
        ours.parse_san("Qh5")
    with pytest.raises(NotImplementedError, match="set_fen"):
        ours.set_piece_at(chess.E4, quadboard.Piece(chess.PAWN, chess.WHITE))
    with pytest.raises(NotImplementedError):
        ours.turn = chess.BLACK


def test_bad_fens_name_what_is_wrong():
    with pytest.raises(ValueError, match="invalid"):
        qv.CrazyhouseBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1")
    with pytest.raises(ValueError):
        qv.ThreeCheckBoard("8/8/8 w - - 3+3 0 1")
    with pytest.raises(ValueError, match="empty"):
        qv.RacingKingsBoard(None)
