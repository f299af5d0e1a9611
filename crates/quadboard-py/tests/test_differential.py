"""quadboard against python-chess (the oracle) on positions from random games.

Standard games from the start position and Chess960 games from random starts; some games
prefer quiet piece moves, so that repetitions, the fifty- and seventy-five-move rules and
claims come up; some start with the halfmove clock near 100 or 150. In every position: the legal moves (as sets, and `len`, `in`), FEN,
Polyglot key, check, outcome, claims, repetitions, insufficient material and the pieces;
SAN of every legal move (and outcomes with draw claims) in every eighth position and of the move played in all; the
FEN after each move, after `pop` and all the way back to the start.
"""

from __future__ import annotations

import random

import chess
import chess.polyglot
import pytest

import quadboard

GAMES = 84
MAX_PLIES = 260
# Middlegame starts with the halfmove clock near the end of the fifty- and
# seventy-five-move rules.
LATE_STARTS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - {} 40",
    "2r2rk1/1bqnbppp/pp1ppn2/8/2PNP3/1PN1BP2/P2QB1PP/2RR2K1 w - - {} 30",
]


def random_game(seed: int):
    """A python-chess board and its quadboard twin, then the moves of a random game."""
    rng = random.Random(seed)
    chess960 = seed % 3 == 1
    late = seed % 6 == 5
    if late:
        fen = LATE_STARTS[seed % 2].format(rng.choice([95, 97, 140, 146]))
        ours = quadboard.Board(fen)
        theirs = chess.Board(fen)
    elif chess960:
        start = chess.Board.from_chess960_pos(rng.randrange(960))
        fen = start.fen()
        ours = quadboard.Board(fen, chess960=True)
        theirs = chess.Board(fen, chess960=True)
    else:
        ours = quadboard.Board()
        theirs = chess.Board()
    # Repetitions: quiet piece moves, often taking back the side's last move.
    if seed % 4 == 3 and not late:
        return rng, ours, theirs, "repeat"
    return rng, ours, theirs, "quiet" if late else "any"


def outcome_pair(outcome):
    return None if outcome is None else (outcome.termination.name, outcome.winner)


def compare(ours: quadboard.Board, theirs: chess.Board, fen: str, all_san: bool) -> None:
    assert ours.fen() == fen
    assert ours.turn == theirs.turn, fen
    assert ours.ply() == theirs.ply(), fen
    assert ours.fullmove_number == theirs.fullmove_number, fen
    assert ours.halfmove_clock == theirs.halfmove_clock, fen
    assert ours.castling_rights == theirs.clean_castling_rights(), fen
    expected = {m.uci() for m in theirs.legal_moves}
    got = [m.uci() for m in ours.legal_moves]
    assert len(got) == len(set(got)), fen
    assert set(got) == expected, fen
    assert len(ours.legal_moves) == len(expected), fen
    assert bool(ours.legal_moves) == bool(expected), fen
    for uci in expected:
        assert quadboard.Move.from_uci(uci) in ours.legal_moves, (fen, uci)
    if all_san:
        for m in theirs.legal_moves:
            assert ours.san(quadboard.Move.from_uci(m.uci())) == theirs.san(m), (fen, m)
    assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs), fen
    assert ours.is_check() == theirs.is_check(), fen
    assert ours.is_checkmate() == theirs.is_checkmate(), fen
    assert ours.is_stalemate() == theirs.is_stalemate(), fen
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), fen
    assert outcome_pair(ours.outcome()) == outcome_pair(theirs.outcome()), fen
    assert ours.is_game_over() == theirs.is_game_over(), fen
    assert ours.result() == theirs.result(), fen
    assert ours.is_repetition() == theirs.is_repetition(), fen
    assert ours.is_repetition(2) == theirs.is_repetition(2), fen
    assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition(), fen
    assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves(), fen
    assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves(), fen
    assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), fen
    if all_san:
        assert outcome_pair(ours.outcome(claim_draw=True)) == outcome_pair(
            theirs.outcome(claim_draw=True)
        ), fen
        assert ours.can_claim_draw() == theirs.can_claim_draw(), fen
    for color in (chess.WHITE, chess.BLACK):
        assert ours.king(color) == theirs.king(color), fen
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(color), fen
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(color), fen


def compare_move(ours: quadboard.Board, theirs: chess.Board, move: chess.Move) -> None:
    ours_move = quadboard.Move.from_uci(move.uci())
    fen = theirs.fen()
    assert ours.san(ours_move) == theirs.san(move), (fen, move)
    assert ours.uci(ours_move) == theirs.uci(move), (fen, move)
    assert ours.is_capture(ours_move) == theirs.is_capture(move), (fen, move)
    assert ours.is_en_passant(ours_move) == theirs.is_en_passant(move), (fen, move)
    assert ours.is_castling(ours_move) == theirs.is_castling(move), (fen, move)
    assert ours.gives_check(ours_move) == theirs.gives_check(move), (fen, move)
    assert ours.is_legal(ours_move), (fen, move)


def pick(rng: random.Random, theirs: chess.Board, mode: str) -> chess.Move:
    moves = list(theirs.legal_moves)
    if mode == "repeat" and len(theirs.move_stack) >= 2 and rng.random() < 0.7:
        last = theirs.move_stack[-2]
        back = chess.Move(last.to_square, last.from_square)
        if back in moves:
            return back
    if mode != "any" and rng.random() < 0.9:
        calm = [
            m
            for m in moves
            if not theirs.is_capture(m) and theirs.piece_type_at(m.from_square) != chess.PAWN
        ]
        if calm:
            return rng.choice(calm)
    return rng.choice(moves)


def test_random_games_match_python_chess():
    positions = 0
    terminations = set()
    for seed in range(GAMES):
        rng, ours, theirs, mode = random_game(seed)
        before = theirs.fen()
        for ply in range(MAX_PLIES):
            compare(ours, theirs, before, all_san=positions % 8 == 0)
            positions += 1
            if theirs.is_game_over():
                terminations.add(theirs.outcome().termination.name)
                break
            move = pick(rng, theirs, mode)
            compare_move(ours, theirs, move)
            ours_move = quadboard.Move.from_uci(move.uci())
            if ply % 3 == 0:
                assert ours.push_san(theirs.san(move)) == ours_move
            elif ply % 3 == 1:
                assert ours.push_uci(move.uci()) == ours_move
            else:
                ours.push(ours_move)
            theirs.push(move)
            after = theirs.fen()
            assert ours.peek() == ours_move
            if ply % 5 == 0:
                # Take back and make again: the position comes back exactly.
                assert ours.pop() == ours_move
                assert ours.fen() == before
                ours.push(ours_move)
            before = after
            assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
        # Undo the whole game on both sides and compare on the way back.
        while theirs.move_stack:
            assert ours.pop().uci() == theirs.pop().uci()
            assert ours.fen() == theirs.fen()
    assert positions >= 10_000, positions
    # The quiet games must have exercised the draw rules.
    assert {"CHECKMATE", "FIVEFOLD_REPETITION", "SEVENTYFIVE_MOVES"} <= terminations, terminations


def test_piece_at_matches_python_chess():
    rng = random.Random(7)
    theirs = chess.Board()
    ours = quadboard.Board()
    for _ in range(80):
        if theirs.is_game_over():
            break
        for square in chess.SQUARES:
            a, b = ours.piece_at(square), theirs.piece_at(square)
            assert (a is None) == (b is None)
            if a is not None:
                assert (a.piece_type, a.color, a.symbol()) == (b.piece_type, b.color, b.symbol())
                assert ours.piece_type_at(square) == theirs.piece_type_at(square)
        move = rng.choice(list(theirs.legal_moves))
        theirs.push(move)
        ours.push_uci(move.uci())
    assert str(ours) == str(theirs)


@pytest.mark.parametrize(
    "fen",
    [
        chess.STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ],
)
def test_perft_and_counts_match_python_chess(fen):
    def chess_perft(board, depth):
        if depth == 0:
            return 1
        total = 0
        for m in board.legal_moves:
            board.push(m)
            total += chess_perft(board, depth - 1)
            board.pop()
        return total

    assert quadboard.perft(fen, 2) == chess_perft(chess.Board(fen), 2)
    assert quadboard.perft(fen, 3, threads=2) == quadboard.perft(fen, 3)
    assert quadboard.legal_move_counts([fen]) == [chess.Board(fen).legal_moves.count()]
