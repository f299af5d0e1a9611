"""Bad input at every entry point: a ValueError (or the python-chess subclass) naming what
is wrong, IndexError for an empty move stack, OSError for a missing file; never a crash."""

from __future__ import annotations

import pytest

import quadboard
from quadboard import AmbiguousMoveError, Board, IllegalMoveError, InvalidMoveError, Move

# Knights on b1 and f3 can both reach d2.
AMBIGUOUS = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"


def test_errors_are_value_errors():
    for error in (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(error, ValueError)


@pytest.mark.parametrize(
    "fen, words",
    [
        ("", "fen"),
        ("garbage", "fen"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "fen"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "illegal position"),
        ("4k3/8/8/8/8/8/8/4K2R b - - 0 1 extra", "fen"),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "illegal position"),
    ],
)
def test_bad_fen(fen, words):
    if words == "illegal position":
        # python-chess's Board holds any placement (status() says what is wrong); perft
        # and the batch functions need legal positions.
        assert not Board(fen).is_valid()
    else:
        with pytest.raises(ValueError, match=words):
            Board(fen)
    with pytest.raises(ValueError, match=words):
        quadboard.perft(fen, 1)
    with pytest.raises(ValueError, match=r"fens\[1\]"):
        quadboard.legal_move_counts([quadboard.STARTING_FEN, fen])


def test_board_none():
    board = Board(None)
    assert board.fen() == "8/8/8/8/8/8/8/8 w - - 0 1"
    assert board.status() == quadboard.STATUS_NO_WHITE_KING | quadboard.STATUS_NO_BLACK_KING | quadboard.STATUS_EMPTY


def test_push_illegal():
    board = Board()
    with pytest.raises(IllegalMoveError, match="e2e5"):
        board.push(Move.from_uci("e2e5"))
    with pytest.raises(IllegalMoveError):
        board.push(Move.from_uci("e7e5"))  # not white's piece
    with pytest.raises(IllegalMoveError):
        board.push(Move.from_uci("e1g1"))  # castling through pieces
    with pytest.raises(IllegalMoveError):
        board.push(Move(quadboard.A2, quadboard.A3, quadboard.QUEEN))
    with pytest.raises(TypeError):
        board.push("e2e4")
    assert board.fen() == quadboard.STARTING_FEN
    assert board.move_stack == []


def test_push_uci():
    board = Board()
    for text in ("", "e2", "e2e4e", "i2i4", "e9e4", "e2e2", "E2E4", "e2-e4", "e7e8Q"):
        with pytest.raises(InvalidMoveError, match="uci"):
            board.push_uci(text)
    # UCI to python-chess, never legal: promotions to a pawn or king, drops.
    for text in ("e2e5", "e2e4k", "e2e4p", "Q@e4"):
        with pytest.raises(IllegalMoveError):
            board.push_uci(text)
    with pytest.raises(IllegalMoveError):
        board.parse_uci("a7a8q")
    assert board.fen() == quadboard.STARTING_FEN


def test_push_san():
    board = Board()
    for text in ("", "Xe4", "e9", "Nf", "O-O-O-O", "e4!!?x"):
        with pytest.raises(InvalidMoveError):
            board.push_san(text)
    with pytest.raises(IllegalMoveError, match="Nf4"):
        board.push_san("Nf4")
    with pytest.raises(IllegalMoveError):
        board.push_san("O-O")
    with pytest.raises(AmbiguousMoveError, match="^ambiguous san: 'Nd2' in "):
        Board(AMBIGUOUS).push_san("Nd2")
    assert Board(AMBIGUOUS).push_san("Nbd2") == Move.from_uci("b1d2")
    assert board.fen() == quadboard.STARTING_FEN


def test_null_move_in_check():
    # python-chess's push takes a null move in check; the board then has the side not to
    # move in check, as python-chess's does.
    board = Board("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1")
    board.push(Move.null())
    assert board.fen() == "4k3/4R3/8/8/8/8/8/4K3 w - - 1 2"
    assert board.status() == quadboard.STATUS_OPPOSITE_CHECK
    board.pop()
    board.push_uci("0000")
    assert len(board.move_stack) == 1


def test_empty_stack():
    board = Board()
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_move_constructor():
    for args in ((64, 0), (-1, 0), (0, 64), (0, 8, 1), (0, 8, 7)):
        with pytest.raises(ValueError):
            Move(*args)
    for drop in (0, 6, 7):
        with pytest.raises(ValueError):
            Move(0, 0, None, drop)  # only a pawn ... queen may be dropped
    # Promotions to king (antichess) and drops (crazyhouse) are moves of the variants.
    assert Move(52, 60, 6).uci() == "e7e8k" and Move(28, 28, None, 1).uci() == "P@e4"
    for text in ("", "a1", "a1a1", "a1b2c3", "h9h8", "0000 "):
        with pytest.raises(InvalidMoveError):
            Move.from_uci(text)


def test_moves_that_need_a_legal_move():
    board = Board()
    bad = Move.from_uci("e2e5")
    for method in (board.san, board.gives_check, board.see):
        with pytest.raises(IllegalMoveError, match="e2e5"):
            method(bad)
    assert not board.is_legal(bad)
    assert bad not in board.legal_moves
    assert "e2e4" not in board.legal_moves
    assert not board.is_capture(bad)
    assert board.uci(bad) == "e2e5"


def test_squares_and_pieces():
    board = Board()
    for square in (-1, 64, 1000):
        with pytest.raises(ValueError, match="out of range"):
            board.piece_at(square)
        with pytest.raises(ValueError):
            quadboard.square_name(square)
    for name in ("", "i1", "a9", "A1", "e44"):
        with pytest.raises(ValueError, match="is not in list"):
            quadboard.parse_square(name)
    for symbol in ("", "x", "PP", "1"):
        with pytest.raises(ValueError, match="is not in list"):
            quadboard.Piece.from_symbol(symbol)
    with pytest.raises(ValueError):
        quadboard.Piece(7, True)
    with pytest.raises(ValueError):
        quadboard.piece_symbol(0)


def test_bad_arguments():
    # An en_passant value python-chess does not name is read as "legal", as python-chess
    # reads it (programs pass such values and print the FEN): a square without a legal
    # capture is left out, where "fen" keeps it.
    board = Board("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2")
    assert board.fen(en_passant="sometimes") == board.fen() != board.fen(en_passant="fen")
    assert board.epd(en_passant="fullmove") == board.epd()
    assert board.shredder_fen(en_passant="x") == board.shredder_fen()
    with pytest.raises(ValueError, match="negative"):
        board.copy(stack=-1)
    with pytest.raises(ValueError, match="depth"):
        quadboard.perft(quadboard.STARTING_FEN, -1)
    with pytest.raises(ValueError, match="depth"):
        quadboard.perft(quadboard.STARTING_FEN, 99)
    for threads in (0, -3, 5000):
        with pytest.raises(ValueError, match="threads"):
            quadboard.perft(quadboard.STARTING_FEN, 1, threads=threads)
        with pytest.raises(ValueError, match="threads"):
            quadboard.legal_move_counts([quadboard.STARTING_FEN], threads=threads)
        with pytest.raises(ValueError, match="threads"):
            quadboard.pgn.read_games("whatever.pgn", threads=threads)
    with pytest.raises(TypeError):
        quadboard.legal_move_counts(quadboard.STARTING_FEN.split(" ")[0:1] + [3])


def test_read_games_bad_files(tmp_path):
    with pytest.raises(OSError, match="missing.pgn"):
        quadboard.pgn.read_games(tmp_path / "missing.pgn")
    with pytest.raises(OSError):
        quadboard.pgn.read_games(tmp_path)  # a directory
    broken = tmp_path / "broken.pgn.gz"
    broken.write_bytes(b"not gzip at all")
    with pytest.raises(OSError, match="broken.pgn.gz"):
        list(quadboard.pgn.read_games(broken))
    noise = tmp_path / "noise.pgn"
    noise.write_bytes(bytes(range(256)) * 40 + b"\n[Event \"x\"\n1. e4 e5 2. Qh9 {open")
    games = list(quadboard.pgn.read_games(noise))
    # Noise is read as python-chess reads it: what looks like no move is skipped.
    assert games and all(isinstance(e, ValueError) for game in games for e in game.errors)
    assert all(str(game) for game in games)
    bad_fen = tmp_path / "fen.pgn"
    bad_fen.write_text('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n')
    (game,) = quadboard.pgn.read_games(bad_fen)
    assert list(game.mainline_moves()) == [] and isinstance(game.errors[0], ValueError)
