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

NAMES = ["suicide", "giveaway", "antichess", "atomic", "crazyhouse", "horde", "kingofthehill", "racingkings", "3check"]


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
    if board.ply() % 4 == 0:
        # Every fourth position (python-chess's LAN costs as much as its SAN): LAN, XBoard,
        # and LAN and UCI text read back as SAN (python-chess's parse_san takes both).
        found["lan"] = sorted(board.lan(m) for m in board.legal_moves)
        found["xboard"] = sorted(board.xboard(m) for m in board.legal_moves)
        found["parse_lan"] = sorted(board.parse_san(board.lan(m)).uci() for m in board.legal_moves)
        found["parse_xboard"] = sorted(board.parse_xboard(m.uci()).uci() for m in board.legal_moves)
    if hasattr(board, "pockets"):
        found["pockets"] = [str(board.pockets[c]) for c in chess.COLORS]
    if hasattr(board, "remaining_checks"):
        found["checks"] = list(board.remaining_checks)
    return found


def play_game(name: str, rng: random.Random, max_plies: int, chess960: Optional[int] = None,
              fen: Optional[str] = None, fen960: bool = False) -> int:
    if fen is not None:
        theirs = chess.variant.find_variant(name)(fen, chess960=fen960)
        ours = qv.find_variant(name)(fen, chess960=fen960)
    elif chess960 is None:
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


@pytest.mark.parametrize("name", [n for n in ("kingofthehill", "3check", "crazyhouse", "suicide", "giveaway",
                                              "antichess") if n in PLAYED])
def test_chess960_games_against_python_chess(name):
    # Castling written king-takes-rook, from python-chess's Chess960 starts of the variant.
    rng = random.Random(f"variant 960 {name}")
    positions = 0
    for _ in range(4 * SCALE):
        positions += play_game(name, rng, 80, chess960=rng.randrange(960))
    assert positions > 100


# Positions with castling rights for the antichess family (python-chess castles in all three,
# its AntichessBoard too from a FEN with rights): kings and rooks at home with the way free or
# soon free, Chess960 placements read in either mode, promoted kings (`K~`) that may not
# castle, several kings, pawns about to promote onto a rook's square, and a king that is
# captured on its own back rank.
CASTLING_FENS = [
    ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", False),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", False),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", False),
    ("rn2k2r/p6p/8/8/8/8/P6P/R3K1NR w KQkq - 0 1", False),
    ("r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1", False),
    ("r3k2r/8/8/8/8/8/8/R3K~2R w KQkq - 0 1", False),
    ("r3k2r/8/8/8/8/8/8/RK~2K2R w KQkq - 0 1", False),
    ("r3k2r/8/8/8/8/8/8/RK2K2R w KQkq - 0 1", False),
    ("r3k2r/8/8/8/8/4q3/8/R3K2R w KQkq - 0 1", False),
    ("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1", True),
    ("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1", False),
    ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", True),
    ("r5kr/8/8/8/8/8/8/R5KR w KQkq - 0 1", True),
    ("rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1", True),
    ("2r1kr2/3P4/8/8/8/8/8/2R1KR2 w KQkq - 0 1", True),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", False),
    ("1r2k1r1/1p4p1/8/8/8/8/1P2K~1P1/1R2K1R1 w KQkq - 0 1", True),
    ("r3k2r/p6p/8/8/8/8/P5KP/R3K2R w KQkq - 0 1", False),
    ("r3k2r/p6p/4k3/8/8/8/P6P/RK2K2R b KQkq - 0 1", False),
    ("rk2k2r/pppppppp/8/8/8/8/PPPPPPPP/RK2K2R w KQkq - 0 1", True),
]


@pytest.mark.parametrize("name", [n for n in ("suicide", "giveaway", "antichess") if n in PLAYED])
def test_castling_positions_against_python_chess(name):
    rng = random.Random(f"variant castling {name}")
    positions = 0
    for _ in range(2 * SCALE):
        for fen, chess960 in CASTLING_FENS:
            positions += play_game(name, rng, 60, fen=fen, fen960=chess960)
    assert positions > 300


# Positions at or near the antichess family's endings: stalemates with fewer, as many and
# more pieces than the opponent (suicide's win, draw and loss; giveaway's and antichess's
# win), a side without pieces, the material rules, and moves into those endings (SAN `#`).
ENDING_FENS = [
    "8/8/8/8/8/p7/P7/8 w - - 0 1",
    "8/8/8/8/p6p/P6P/7P/8 w - - 0 1",
    "8/8/8/8/p6p/P6P/8/6N1 w - - 0 1",
    "8/8/8/8/p7/P7/8/7b w - - 0 1",
    "8/8/8/8/p7/P7/6P1/8 w - - 0 1",
    "8/8/8/8/p7/P7/6P1/8 b - - 0 1",
    "8/8/8/8/8/1p6/1P6/k7 b - - 0 1",
    "8/8/8/8/8/1p6/1P6/k7 w - - 0 1",
    "8/8/8/8/8/8/8/4K3 w - - 0 1",
    "8/8/8/8/8/8/8/4K3 b - - 0 1",
    "8/8/8/8/8/8/b7/1B6 w - - 0 1",
    "8/8/8/8/3n4/8/8/N7 w - - 0 1",
    "8/8/8/p7/P7/8/1p6/8 w - - 0 1",
    "8/8/8/8/1p6/1P6/6k1/8 b - - 0 1",
    "8/8/8/8/1p6/1P6/6k1/8 w - - 0 1",
    "8/6p1/8/8/1p6/1P6/8/8 b - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
]


def test_promoted_kings_survive_pickling_and_root():
    # Outside Chess960 the FEN does not mark a promoted king; the board keeps it (a
    # promoted king never castles, and its moves keep the rights) through pickling.
    fen = "r3k2r/p6p/8/8/8/8/P2K~3P/R3K2R w KQkq - 0 1"
    ours, theirs = qv.GiveawayBoard(fen), chess.variant.GiveawayBoard(fen)
    for uci in ("d2d1", "a7a6"):
        ours.push_uci(uci)
        theirs.push_uci(uci)
    for board in (pickle.loads(pickle.dumps(ours)), ours.copy(), ours.root()):
        while len(board.move_stack) < 2:
            board.push_uci(["d2d1", "a7a6"][len(board.move_stack)])
        assert board.fen() == theirs.fen()
        assert sorted(m.uci() for m in board.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert "e1g1" in {m.uci() for m in theirs.legal_moves} and "d1a1" not in {m.uci() for m in theirs.legal_moves}


@pytest.mark.parametrize("name", [n for n in ("suicide", "giveaway", "antichess") if n in PLAYED])
def test_endings_against_python_chess(name):
    rng = random.Random(f"variant endings {name}")
    for fen in ENDING_FENS:
        play_game(name, rng, 30, fen=fen)
    # Suicide's stalemate counts the pieces; giveaway's and antichess's always wins.
    expected = {
        "8/8/8/8/8/p7/P7/8 w - - 0 1": ("VARIANT_DRAW", None),
        "8/8/8/8/p7/P7/8/7b w - - 0 1": ("VARIANT_WIN", chess.WHITE),
        "8/8/8/8/p7/P7/6P1/8 b - - 0 1": ("VARIANT_WIN", chess.BLACK),
        "8/8/8/8/p6p/P6P/7P/8 w - - 0 1": ("VARIANT_LOSS", chess.BLACK),
    }
    for fen, (termination, winner) in expected.items():
        board = qv.find_variant(name)(fen)
        if name == "suicide":
            assert outcome_of(board) == (termination, winner), fen
        else:
            assert outcome_of(board) == ("VARIANT_WIN", board.turn), fen
        assert outcome_of(board) == outcome_of(chess.variant.find_variant(name)(fen)), fen
    # A move that leaves the other side stalemated with fewer pieces: `#` (its win).
    board = qv.find_variant(name)("8/8/8/8/p6p/P6P/8/6N1 w - - 0 1")
    assert sorted(board.san(m) for m in board.legal_moves) == ["Ne2#", "Nf3#"]


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
    # Null moves, as python-chess's (in SAN `--`, `Z0`, `0000`, `@@@@`).
    for text in ("--", "Z0", "0000", "@@@@"):
        ours, theirs = qv.AtomicBoard(), chess.variant.AtomicBoard()
        assert ours.parse_san(text) == quadboard.Move.null()
        ours.push(ours.parse_san(text))
        theirs.push(theirs.parse_san(text))
        assert ours.fen() == theirs.fen() and ours.san(quadboard.Move.null()) == "--"
        assert ours.pop() == quadboard.Move.null() and ours.fen() == qv.AtomicBoard().fen()
    zh = qv.CrazyhouseBoard("r3k3/8/8/8/8/8/8/R3K3[Nn] b Qq - 5 9")
    zh.push(quadboard.Move.null())
    assert zh.fen() == "r3k3/8/8/8/8/8/8/R3K3[Nn] w Qq - 6 10"
    check = qv.ThreeCheckBoard("4k3/8/8/8/8/8/8/4K2R w K - 1+2 0 1")
    check.push(quadboard.Move.null())
    assert check.fen() == chess.variant.ThreeCheckBoard("4k3/8/8/8/8/8/8/4K2R b K - 1+2 1 1").fen()
    with pytest.raises(quadboard.IllegalMoveError):
        # The side to move in check: the library does not hold the position a null move leaves.
        qv.KingOfTheHillBoard("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").parse_san("--")


def test_bad_fens_name_what_is_wrong():
    with pytest.raises(ValueError, match="invalid"):
        qv.CrazyhouseBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1")
    with pytest.raises(ValueError):
        qv.ThreeCheckBoard("8/8/8 w - - 3+3 0 1")
    with pytest.raises(ValueError, match="empty"):
        qv.RacingKingsBoard(None)


def _edits(rng: random.Random, name: str) -> list:
    """Random edits with their arguments for both packages: (label, ours, theirs)."""
    square = rng.randrange(64)
    piece_type = rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
    color = rng.choice(chess.COLORS)
    # (A promoted pawn, which python-chess writes `p~`, the library does not hold.)
    promoted = name == "crazyhouse" and piece_type != chess.PAWN and rng.random() < 0.3
    other = chess.variant.find_variant(name)()
    for _ in range(rng.randrange(0, 12)):
        moves = list(other.legal_moves)
        if not moves or other.is_game_over():
            break
        other.push(rng.choice(moves))
    edits = [
        ("set_piece_at", lambda b: b.set_piece_at(square, quadboard.Piece(piece_type, color), promoted),
         lambda b: b.set_piece_at(square, chess.Piece(piece_type, color), promoted)),
        ("remove_piece_at", lambda b: str(b.remove_piece_at(square)), lambda b: str(b.remove_piece_at(square))),
        ("set_board_fen", lambda b: b.set_board_fen(other.board_fen()), lambda b: b.set_board_fen(other.board_fen())),
        ("set_castling_fen", lambda b: b.set_castling_fen("-"), lambda b: b.set_castling_fen("-")),
        ("reset_board", lambda b: b.reset_board(), lambda b: b.reset_board()),
        ("apply_mirror", lambda b: b.apply_mirror(), lambda b: b.apply_mirror()),
        ("mirror", lambda b: b.mirror().fen(), lambda b: b.mirror().fen()),
        ("transform", lambda b: b.transform(chess.flip_horizontal).fen(),
         lambda b: b.transform(chess.flip_horizontal).fen()),
        ("apply_transform", lambda b: b.apply_transform(chess.flip_horizontal),
         lambda b: b.apply_transform(chess.flip_horizontal)),
        ("halfmove_clock", lambda b: setattr(b, "halfmove_clock", 7), lambda b: setattr(b, "halfmove_clock", 7)),
        ("fullmove_number", lambda b: setattr(b, "fullmove_number", 33), lambda b: setattr(b, "fullmove_number", 33)),
        ("turn", lambda b: setattr(b, "turn", not b.turn), lambda b: setattr(b, "turn", not b.turn)),
        ("castling_rights", lambda b: setattr(b, "castling_rights", 0), lambda b: setattr(b, "castling_rights", 0)),
        ("clear", lambda b: b.clear(), lambda b: b.clear()),
    ]
    if name in ("crazyhouse", "kingofthehill", "3check", "suicide", "giveaway", "antichess"):
        n = rng.randrange(960)
        edits.append(("set_chess960_pos", lambda b: b.set_chess960_pos(n), lambda b: b.set_chess960_pos(n)))
    return edits


@pytest.mark.parametrize("name", PLAYED)
def test_edits_against_python_chess(name):
    # Each edit made on both boards: the same position, pockets, check counts and legal
    # moves after it (and after taking back a move where the stack is kept), or ValueError
    # from ours with the board unchanged where the library refuses the position (no king,
    # say), which python-chess's boards hold.
    rng = random.Random(f"edit {name}")
    made, refused = 0, 0
    for _ in range(8 * SCALE):
        theirs = chess.variant.find_variant(name)()
        for _ in range(rng.randrange(0, 20)):
            moves = list(theirs.legal_moves)
            if not moves or theirs.is_game_over():
                break
            theirs.push(rng.choice(moves))
        ours = qv.find_variant(name)()
        for move in theirs.move_stack:
            ours.push(quadboard.Move.from_uci(move.uci()))
        for _ in range(6):
            label, edit_ours, edit_theirs = rng.choice(_edits(rng, name))
            before, stack = ours.fen(), len(ours.move_stack)
            try:
                got = edit_ours(ours)
            except ValueError:
                assert ours.fen() == before and len(ours.move_stack) == stack, label
                refused += 1
                continue
            # Known difference: python-chess keeps castling rights as set (its raw mask, with
            # rights no king and rook back), which a later edit can bring back; a variant
            # board here keeps the position's own rights. Theirs cleaned to compare.
            theirs.castling_rights = theirs.clean_castling_rights()
            expected = edit_theirs(theirs)
            made += 1
            where = (name, label, before)
            assert got == expected, where
            assert ours.fen() == theirs.fen(), where
            assert len(ours.move_stack) == len(theirs.move_stack), where
            assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves), where
            if hasattr(theirs, "pockets"):
                assert [str(p) for p in ours.pockets] == [str(p) for p in theirs.pockets], where
            if theirs.move_stack and rng.random() < 0.5:
                assert ours.pop().uci() == theirs.pop().uci()
                assert ours.fen() == theirs.fen(), where
    print(f"{name}: {made} edits made, {refused} refused")
    assert made > refused, (made, refused)


def test_chess960_assigned_as_python_chess():
    # The mode assigned with moves on the stack: the same position and FEN, castling then
    # written in the new mode (the stack's castling moves read king-takes-rook after).
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    ours, theirs = qv.KingOfTheHillBoard(fen), chess.variant.KingOfTheHillBoard(fen)
    for san in ("O-O", "O-O-O"):
        ours.push_san(san)
        theirs.push_san(san)
    ours.chess960 = theirs.chess960 = True
    assert ours.chess960 and ours.fen() == theirs.fen()
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert ours.pop().uci() == "e8a8" and ours.pop().uci() == "e1h1"
    assert ours.fen() == fen
    odd = qv.AtomicBoard("qrbnkrnb/pppppppp/8/8/8/8/PPPPPPPP/QRBNKRNB w KQkq - 0 1")
    assert odd.has_chess960_castling_rights() and not odd.chess960
