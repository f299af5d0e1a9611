"""The API itself: names, values and formats as python-chess has them."""

from __future__ import annotations

import chess
import chess.polyglot

import quadboard
from quadboard import Board, Move


def test_constants_are_python_chess_values():
    assert quadboard.E4 == chess.E4 == 28
    assert quadboard.A1 == 0 and quadboard.H8 == 63
    assert quadboard.PAWN == 1 and quadboard.KING == 6
    assert quadboard.PIECE_TYPES == chess.PIECE_TYPES
    assert quadboard.SQUARES == list(chess.SQUARES)
    assert quadboard.SQUARE_NAMES == chess.SQUARE_NAMES
    assert quadboard.WHITE is True and quadboard.BLACK is False
    assert quadboard.STARTING_FEN == chess.STARTING_FEN
    assert quadboard.STARTING_BOARD_FEN == chess.STARTING_BOARD_FEN
    for square in chess.SQUARES:
        name = chess.square_name(square)
        assert quadboard.square_name(square) == name
        assert quadboard.parse_square(name) == square
        assert getattr(quadboard, name.upper()) == square
        assert quadboard.square_file(square) == chess.square_file(square)
        assert quadboard.square_rank(square) == chess.square_rank(square)
        assert quadboard.square(chess.square_file(square), chess.square_rank(square)) == square


def test_san_and_castling_regexes_match_as_python_chess_s():
    # Random strings over the alphabets the grammars use (and a few they do not), plus
    # every legal SAN of some positions: the same matches and the same groups.
    import random

    rng = random.Random(11)
    san_chars = "KQRBNkqrbnabcdefgh12345678x-=+#@ "
    castling_chars = "KQkqABCDEFGHabcdefgh-Xx "
    texts = ["".join(rng.choice(san_chars) for _ in range(rng.randrange(1, 9)))
             for _ in range(60_000)]
    board = chess.Board()
    for _ in range(200):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            board = chess.Board()
            continue
        texts.extend(board.san(m) for m in moves)
        board.push(rng.choice(moves))
    assert sum(1 for t in texts if chess.SAN_REGEX.match(t)) > 5_000
    for text in texts + [t + "\n" for t in texts[:2_000]]:
        ours, theirs = quadboard.SAN_REGEX.match(text), chess.SAN_REGEX.match(text)
        assert (ours and ours.groups()) == (theirs and theirs.groups()), repr(text)
    fields = ["".join(rng.choice(castling_chars) for _ in range(rng.randrange(0, 6)))
              for _ in range(40_000)] + ["-", "KQkq", "HAha", "Kk", "", "-\n", "KQkq\n"]
    assert sum(1 for f in fields if chess.FEN_CASTLING_REGEX.match(f)) > 1_000
    for field in fields:
        assert bool(quadboard.FEN_CASTLING_REGEX.match(field)) == bool(
            chess.FEN_CASTLING_REGEX.match(field)), repr(field)


def test_slider_tables_are_python_chess_s():
    # Masks and every attack of every subset: 10,368 entries; a wrong edge or a ray that
    # runs past a blocker changes some.
    for lines in ("DIAG", "FILE", "RANK"):
        for kind in ("MASKS", "ATTACKS"):
            name = f"BB_{lines}_{kind}"
            assert getattr(quadboard, name) == getattr(chess, name), name


def test_type_names_are_python_chess_s():
    # Programs annotate with them, and annotations are evaluated at definition.
    import chess.pgn

    import quadboard.pgn

    for name in ("Color", "PieceType", "Square", "Bitboard", "ColorName", "IntoSquareSet",
                 "EnPassantSpec"):
        assert getattr(quadboard, name) == getattr(chess, name), name
    for name in ("BoardT", "BaseBoardT"):
        assert getattr(quadboard, name).__name__ == name
    for name in ("GameT", "HeadersT", "MainlineMapT", "ResultT", "Color", "Square", "LOGGER"):
        assert hasattr(quadboard.pgn, name), name


def test_xboard_notation_as_python_chess_writes_and_reads_it():
    # Standard and Chess960 games: every legal move and the null move written in both
    # modes, read back, and pushed.
    import random

    rng = random.Random(5)
    checked = castles = 0
    for game in range(60):
        start = rng.randrange(960) if game % 2 else None
        ours = quadboard.Board.from_chess960_pos(start) if start is not None else quadboard.Board()
        theirs = chess.Board.from_chess960_pos(start) if start is not None else chess.Board()
        for _ in range(60):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            for m in moves + [chess.Move.null()]:
                q = quadboard.Move.from_uci(m.uci())
                for mode in (None, True, False):
                    text = theirs.xboard(m, chess960=mode)
                    assert ours.xboard(q, chess960=mode) == text, (theirs.fen(), m, mode)
                    castles += text.startswith("O-O")
                text = theirs.xboard(m)
                assert ours.parse_xboard(text).uci() == theirs.parse_xboard(text).uci()
                checked += 1
            m = rng.choice(moves)
            text = theirs.xboard(m)
            assert ours.push_xboard(text).uci() == theirs.push_xboard(text).uci()
            assert ours.fen() == theirs.fen()
    assert checked > 20_000 and castles > 50


def test_move_values():
    m = Move.from_uci("e2e4")
    assert (m.from_square, m.to_square, m.promotion, m.drop) == (12, 28, None, None)
    assert repr(m) == "Move.from_uci('e2e4')" == repr(chess.Move.from_uci("e2e4"))
    assert str(m) == m.uci() == "e2e4"
    assert m == Move(quadboard.E2, quadboard.E4) and hash(m) == hash(Move(12, 28))
    assert m != Move.from_uci("e2e3")
    promo = Move.from_uci("a7a8n")
    assert promo.promotion == quadboard.KNIGHT and promo.uci() == "a7a8n"
    assert Move(quadboard.A7, quadboard.A8, quadboard.QUEEN).uci() == "a7a8q"
    assert Move.null().uci() == "0000" == Move.from_uci("0000").uci()
    assert not Move.null() and m
    assert len({Move.from_uci("e2e4"), Move.from_uci("e2e4"), Move.null()}) == 2


def test_castling_uci_standard_and_chess960():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    standard = Board(fen)
    assert {"e1g1", "e1c1"} <= {m.uci() for m in standard.legal_moves}
    assert standard.san(Move.from_uci("e1g1")) == "O-O"
    assert Move.from_uci("e1h1") in standard.legal_moves  # python-chess accepts both
    standard.push_uci("e1h1")
    assert standard.peek().uci() == "e1g1"
    assert standard.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    c960 = Board(fen, chess960=True)
    assert {"e1h1", "e1a1"} <= {m.uci() for m in c960.legal_moves}
    assert c960.push_san("O-O-O").uci() == "e1a1"
    assert c960.fen() == "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    assert repr(c960) == "Board('r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1', chess960=True)"
    # X-FEN: a file letter for a castling rook that is not the outermost.
    xfen = "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w GBgb - 0 1"
    theirs = chess.Board(xfen, chess960=True)
    assert Board(xfen, chess960=True).fen() == theirs.fen()
    assert Board(xfen, chess960=True).fen(shredder=True) == theirs.fen(shredder=True)


def test_en_passant_only_when_legal():
    board = Board("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")
    board.push_san("e4")
    assert board.fen() == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"
    assert board.ep_square == quadboard.E3
    board.push_san("Kd7")
    board.push_san("Kd2")
    board.push_san("Kc7")
    board.push_san("Kc1")  # no en passant square after a king move
    assert " - 4 3" in board.fen()
    pinned = Board("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1")
    pinned.push_san("e4")
    assert pinned.fen().split(" ")[3] == "-"
    assert pinned.fen() == chess.Board("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").fen()
    assert pinned.zobrist_hash() == chess.polyglot.zobrist_hash(chess.Board("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1"))


def test_board_basics():
    board = Board()
    assert board.turn is True and board.ply() == 0 and board.fullmove_number == 1
    assert str(board) == str(chess.Board())
    assert repr(board) == "Board('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')"
    assert len(board.legal_moves) == 20 and bool(board.legal_moves)
    assert "LegalMoveGenerator" in repr(board.legal_moves) and "Nf3" in repr(board.legal_moves)
    assert board.castling_rights == chess.BB_CORNERS
    assert board.zobrist_hash() == 0x463B96181691FC9C
    e4 = board.push_san("e4")
    assert e4 == Move.from_uci("e2e4") and board.turn is False and board.ply() == 1
    copy = board.copy()
    assert copy.move_stack == [e4] and board.copy(stack=False).move_stack == []
    assert board.copy(stack=0).move_stack == [] and board.copy(stack=5).move_stack == [e4]
    copy.push_san("e5")
    assert board.fen() != copy.fen()
    assert board.board_fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
    piece = board.piece_at(quadboard.E4)
    assert piece == quadboard.Piece(quadboard.PAWN, quadboard.WHITE)
    assert piece.symbol() == "P" and repr(piece) == "Piece.from_symbol('P')"
    assert quadboard.Piece.from_symbol("q").unicode_symbol() == "♛"
    assert board.piece_at(quadboard.E2) is None
    assert board.pop() == e4 and board.fen() == quadboard.STARTING_FEN


def test_outcomes_and_results():
    mate = Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
    outcome = mate.outcome()
    assert outcome.termination == quadboard.Termination.CHECKMATE
    assert outcome.termination.name == "CHECKMATE" and outcome.winner is True
    assert outcome.result() == "1-0" == mate.result() and mate.is_game_over()
    stalemate = Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.outcome().termination.name == "STALEMATE"
    assert stalemate.outcome().winner is None and stalemate.result() == "1/2-1/2"
    bare = Board("8/8/4k3/8/8/2K5/8/8 w - - 0 1")
    assert bare.outcome().termination.name == "INSUFFICIENT_MATERIAL"
    assert Board().outcome() is None and Board().result() == "*"
    fifty = Board("4k3/8/8/8/8/8/8/R3K3 w - - 100 80")
    assert fifty.can_claim_fifty_moves() and fifty.outcome() is None
    assert fifty.outcome(claim_draw=True).termination.name == "FIFTY_MOVES"
    assert fifty.result(claim_draw=True) == "1/2-1/2"
    seventyfive = Board("4k3/8/8/8/8/8/8/R3K3 w - - 150 80")
    assert seventyfive.outcome().termination.name == "SEVENTYFIVE_MOVES"


def test_repetitions():
    board = Board()
    for _ in range(2):
        for san in ("Nf3", "Nf6", "Ng1", "Ng8"):
            board.push_san(san)
    assert board.is_repetition(3) and board.can_claim_threefold_repetition()
    assert not board.is_repetition(4) and board.outcome() is None
    assert board.outcome(claim_draw=True).termination.name == "THREEFOLD_REPETITION"
    for _ in range(2):
        for san in ("Nf3", "Nf6", "Ng1", "Ng8"):
            board.push_san(san)
    assert board.is_fivefold_repetition()
    assert board.outcome().termination.name == "FIVEFOLD_REPETITION"


def test_see_and_checks():
    board = Board("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1")
    takes = Move.from_uci("e3d5")
    assert board.see(takes) == -200 and board.is_capture(takes)
    assert board.gives_check(Move.from_uci("e3f5")) is False
    assert Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").gives_check(Move.from_uci("a1a8"))


def test_batch_functions():
    assert quadboard.perft(quadboard.STARTING_FEN, 0) == 1
    assert quadboard.perft(quadboard.STARTING_FEN, 4) == 197_281
    assert quadboard.perft(quadboard.STARTING_FEN, 5, threads=2) == 4_865_609
    chess960 = chess.Board.from_chess960_pos(518 - 1).fen()
    assert quadboard.perft(chess960, 3, chess960=True) == quadboard.perft(chess960, 3)
    fens = [quadboard.STARTING_FEN, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"] * 40
    assert quadboard.legal_move_counts(fens) == [20, 5] * 40
    assert quadboard.legal_move_counts(fens, threads=2) == [20, 5] * 40
    assert quadboard.legal_move_counts([]) == []
