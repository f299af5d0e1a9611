"""quadboard.pgn on variant games against python-chess's chess.pgn: random games of the seven
lichess variants made and exported by python-chess (set-up starts, comments, NAGs and
variations among them, the ``Variant`` tag in every spelling python-chess reads), read by
both packages and compared node by node (headers, moves, SAN, the board after every move,
the text, the end's outcome), games with illegal moves (the errors and what is read),
``Game.from_board`` and ``Game.setup`` of variant boards. About 70 games in CI;
``QUADBOARD_PGN_VARIANT_GAMES=200`` plays that many games of each variant (1,400 in all)."""

from __future__ import annotations

import copy
import io
import os
import pickle
import random
from typing import Any, List, Optional

import chess
import chess.pgn
import chess.variant
import pytest

import quadboard
import quadboard.pgn as qpgn
import quadboard.variant as qv

GAMES = int(os.environ.get("QUADBOARD_PGN_VARIANT_GAMES", "10"))

NAMES = ["suicide", "giveaway", "antichess", "atomic", "crazyhouse", "horde", "kingofthehill", "racingkings", "3check"]


def spellings(cls: Any) -> List[str]:
    """The names python-chess's ``find_variant`` takes for a class: its aliases in any case."""
    names = []
    for alias in cls.aliases:
        names += [alias, alias.lower(), alias.upper()]
    return names


def random_game(name: str, rng: random.Random, max_plies: int) -> str:
    """A random game of the variant made by python-chess and exported by it: sometimes from a
    set-up start, with comments, NAGs, variations and the ``Variant`` tag respelled."""
    cls = chess.variant.find_variant(name)
    board = cls()
    if rng.random() < 0.25:
        # A start set up by the position after a few random moves (FEN and SetUp tags).
        for _ in range(rng.randrange(1, 12)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
        board = cls(board.fen())
    while not board.is_game_over() and board.ply() < max_plies:
        if rng.random() < 0.01 and not board.is_check():
            board.push(chess.Move.null())  # written `--`
            continue
        board.push(rng.choice(list(board.legal_moves)))
    game = chess.pgn.Game.from_board(board)
    game.headers["Variant"] = rng.choice(spellings(cls))
    game.headers["Event"] = f"random {name}"
    node: chess.pgn.GameNode = game
    if rng.random() < 0.3:
        game.comment = "a game comment"
    while node.variations:
        parent, node = node, node.variations[0]
        roll = rng.random()
        if roll < 0.08:
            node.comment = rng.choice(["good", "a {[%clk 0:01:02]} clock", "two words"])
        elif roll < 0.12:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 10, 14, 146]))
        elif roll < 0.14:
            node.starting_comment = "before"
        if rng.random() < 0.06:
            # A variation of a few random moves from the parent.
            side = parent.board()
            others = [m for m in side.legal_moves if m != node.move]
            if others:
                child = parent.add_variation(rng.choice(others))
                for _ in range(rng.randrange(0, 6)):
                    b = child.board()
                    if b.is_game_over():
                        break
                    child = child.add_variation(rng.choice(list(b.legal_moves)))
    return str(game)


def walk(game: Any) -> List[Any]:
    """Every node of a tree, depth first, main line first."""
    found, stack = [], [game]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(reversed(node.variations))
    return found


def uci_of(node: Any) -> Optional[str]:
    return None if node.move is None else node.move.uci()


def error_facts(game: Any) -> List[Any]:
    return [(type(e).__name__, str(e)) for e in game.errors]


def node_facts(node: Any) -> dict:
    board = node.board()
    found = {
        "fen": board.fen(),
        "ply": node.ply(),
        "turn": node.turn(),
        "comment": node.comment,
        "starting_comment": node.starting_comment,
        "nags": sorted(node.nags),
        "children": [c.move.uci() for c in node.variations],
        "board_class": type(board).__name__,
        "move_stack": [m.uci() for m in board.move_stack],
    }
    if node.parent is not None:
        found["move"] = node.move.uci()
        found["san"] = node.san()
        found["uci"] = node.uci()
        parent = node.parent.board()
        found["lan"] = parent.lan(node.move)
        found["xboard"] = parent.xboard(node.move)
    return found


def end_facts(board: Any) -> dict:
    outcome = board.outcome()
    return {
        "fen": board.fen(),
        "variant_end": board.is_variant_end(),
        "game_over": board.is_game_over(),
        "outcome": None if outcome is None else (outcome.termination.name, outcome.winner),
        "result": board.result(),
        "legal": sorted(m.uci() for m in board.legal_moves),
    }


def called(f: Any) -> Any:
    """What ``f()`` returns, or the type and message of the ``ValueError`` it raises."""
    try:
        return f()
    except ValueError as error:
        return type(error).__name__, str(error)


def built(pgn: Any, text: str) -> Any:
    """The FEN of the board ``BoardBuilder`` reads, or the error it raises."""
    try:
        return pgn.read_game(io.StringIO(text), Visitor=pgn.BoardBuilder).fen()
    except ValueError as error:
        return type(error).__name__, str(error)


def compare_text(text: str) -> Optional[Any]:
    """Reads ``text`` with both packages and asserts that they agree; python-chess's game."""
    theirs = chess.pgn.read_game(io.StringIO(text))
    ours = qpgn.read_game(io.StringIO(text))
    if theirs is None:
        assert ours is None
        return None
    assert list(ours.headers.items()) == list(theirs.headers.items())
    assert error_facts(ours) == error_facts(theirs), text
    assert called(lambda: ours.headers.variant().__name__) == called(lambda: theirs.headers.variant().__name__)
    assert called(lambda: type(ours.board()).__name__) == called(lambda: type(theirs.board()).__name__)
    nodes_theirs, nodes_ours = walk(theirs), walk(ours)
    assert [uci_of(n) for n in nodes_ours] == [uci_of(n) for n in nodes_theirs]
    if isinstance(called(theirs.board), tuple):
        # No start position (an unknown variant, a bad FEN): the text is the same error.
        assert called(lambda: str(ours)) == called(lambda: str(theirs))
        return theirs
    if any(n.move and n.move not in n.parent.board().legal_moves for n in nodes_theirs[1:]):
        # Known difference: after an error inside a variation python-chess reads on from the
        # variation's board (it does not pop its board stack), so its tree holds moves that
        # are illegal where they stand; its boards make them anyway. A variant board cannot:
        # the same tree, and the text raises the error naming the move.
        with pytest.raises(quadboard.IllegalMoveError):
            str(ours)
        return theirs
    assert str(ours) == str(theirs), text
    for kwargs in ({"headers": False, "comments": False}, {"variations": False, "columns": 40}):
        exported = ours.accept(qpgn.StringExporter(**kwargs))
        assert exported == theirs.accept(chess.pgn.StringExporter(**kwargs))
    assert len(nodes_ours) == len(nodes_theirs)
    for a, b in zip(nodes_ours, nodes_theirs):
        assert node_facts(a) == node_facts(b), text
    moves = list(theirs.mainline_moves())
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in moves]
    ours_moves = [quadboard.Move.from_uci(m.uci()) for m in moves]
    # (A null move in the line is an IllegalMoveError of variation_san, in both.)
    assert called(lambda: ours.board().variation_san(ours_moves)) == \
        called(lambda: theirs.board().variation_san(moves))
    assert end_facts(ours.end().board()) == end_facts(theirs.end().board())
    # BoardBuilder raises the first error (BaseVisitor.handle_error), in both.
    assert built(qpgn, text) == built(chess.pgn, text)
    return theirs


@pytest.mark.parametrize("name", NAMES)
def test_random_variant_games_read_as_python_chess_reads_them(name):
    rng = random.Random(f"pgn {name}")
    plies = 0
    for _ in range(GAMES):
        theirs = compare_text(random_game(name, rng, max_plies=rng.choice([20, 60, 200])))
        plies += len(walk(theirs)) - 1
    # Shown with ``pytest -s`` (the numbers of a larger run).
    print(f"{name}: {GAMES} games, {plies} moves")
    assert plies > 0


@pytest.mark.parametrize("name", NAMES)
def test_illegal_variant_moves_are_the_same_errors(name):
    rng = random.Random(f"illegal {name}")
    for _ in range(max(2, GAMES // 2)):
        text = random_game(name, rng, max_plies=40)
        head, _, movetext = text.partition("\n\n")
        tokens = movetext.split(" ")
        moves = [i for i, t in enumerate(tokens) if t and t[0].isalpha() or t.startswith("@")]
        if not moves:
            continue
        at = rng.choice(moves)
        # A move of another position, a drop outside crazyhouse, a king promotion outside
        # antichess, or text that is no move at all.
        tokens[at] = rng.choice(["Ke2", "N@f3", "@e4", "P@e4", "Q@h8", "e8=K", "a1=K", "Nf3", "O-O",
                                 "exd6", "Kxe1", "Qh9", "zz", "e4", "K@e4", "n@f3", "e2e4"])
        compare_text(head + "\n\n" + " ".join(tokens))


def test_variant_names_as_python_chess_reads_them():
    for cls in chess.variant.VARIANTS:
        for spelling in spellings(cls) + ["Chess960", "wild/3", "From Position"]:
            theirs = chess.pgn.Headers(Variant=spelling)
            ours = qpgn.Headers(Variant=spelling)
            assert ours.variant().__name__ == theirs.variant().__name__
    for spelling in ["Fairy", "Losers", ""]:
        with pytest.raises(ValueError) as theirs:
            chess.pgn.Headers(Variant=spelling).variant()
        with pytest.raises(ValueError) as ours:
            qpgn.Headers(Variant=spelling).variant()
        assert str(ours.value) == str(theirs.value)
    # An unknown variant is an error, then the game is read as standard chess.
    compare_text('[Variant "Fairy"]\n\n1. e4 e5 2. Nf3 *\n')
    # A bad FEN is a ValueError and the game's moves are skipped, in both (the messages are
    # each package's: python-chess's crazyhouse FEN error is an unpacking error's).
    for variant in ["Crazyhouse", "Atomic", "Three-check", "Horde"]:
        text = f'[Variant "{variant}"]\n[FEN "bad"]\n\n1. e4 *\n'
        theirs, ours = (pgn.read_game(io.StringIO(text)) for pgn in (chess.pgn, qpgn))
        assert [type(e) for e in ours.errors] == [ValueError] and len(theirs.errors) == 1
        assert not ours.variations and not theirs.variations


def test_suicide_and_giveaway_castle_as_python_chess():
    # python-chess's suicide and giveaway castle (captures first) and score stalemates by
    # their own rules; the moves, SAN and outcome of both packages' games agree.
    for name in ["Suicide", "Giveaway"]:
        compare_text(f'[Variant "{name}"]\n\n1. e3 b5 2. Bxb5 *\n')
        compare_text(f'[Variant "{name}"]\n[FEN "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1"]\n[SetUp "1"]\n\n'
                     '1. O-O O-O-O 2. Rf2 *\n')


def test_drops_and_king_promotions_by_hand():
    compare_text('[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e6 N@f3+ '
                 '5. gxf3 @e4 6. fxe4 { drops } P@h3 7. Bxh3 Qxa2 8. Rxa2 Q@e1# 0-1\n')
    compare_text('[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @e6 P@f3 *\n')
    compare_text('[Variant "Antichess"]\n[FEN "8/4P3/8/8/8/8/8/k7 w - - 0 1"]\n[SetUp "1"]\n\n'
                 '1. e8=K Kb1 2. Kd7 (2. Kf7) *\n')
    compare_text('[Variant "Atomic"]\n\n1. Nf3 d5 2. Ng5 e6 3. Nxf7 { boom } Qh4 *\n')
    compare_text('[Variant "Three-check"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qxg6+ *\n')
    compare_text('[Variant "King of the Hill"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kd3 d5 5. Kd4 *\n')
    compare_text('[Variant "Racing Kings"]\n\n1. Kh3 Ka3 2. Kg4 Kb4 3. Kf5 Kc5 *\n')
    compare_text('[Variant "Horde"]\n\n1. e5 d6 2. exd6 cxd6 3. f5 *\n')


def same_board(board: Any) -> Any:
    """quadboard's board of python-chess's variant board: its root and its moves."""
    ours = qv.find_variant(board.uci_variant)(board.root().fen())
    for move in board.move_stack:
        ours.push(quadboard.Move.from_uci(move.uci()))
    return ours


@pytest.mark.parametrize("name", NAMES)
def test_from_board_and_setup_of_variant_boards(name):
    rng = random.Random(f"from_board {name}")
    for _ in range(3):
        cls = chess.variant.find_variant(name)
        board = cls()
        for _ in range(rng.randrange(0, 30)):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        if rng.random() < 0.5:
            board = cls(board.fen())
            for _ in range(rng.randrange(0, 10)):
                if board.is_game_over():
                    break
                board.push(rng.choice(list(board.legal_moves)))
        ours = same_board(board)
        assert str(qpgn.Game.from_board(ours)) == str(chess.pgn.Game.from_board(board))
        theirs_game, ours_game = chess.pgn.Game(), qpgn.Game()
        theirs_game.setup(board)
        ours_game.setup(ours)
        assert list(ours_game.headers.items()) == list(theirs_game.headers.items())
        assert ours_game.board().fen() == theirs_game.board().fen()
        # A variant game set up again as standard chess loses its Variant tag.
        theirs_game.setup(chess.Board())
        ours_game.setup(quadboard.Board())
        assert list(ours_game.headers.items()) == list(theirs_game.headers.items())
        compare_text(str(chess.pgn.Game.from_board(board)))


def test_read_games_copies_and_pickles_of_variant_games(tmp_path):
    # read_games over a file of variant games (each handed to read_game) gives python-chess's
    # games; copies and pickles of them write the same text and boards.
    rng = random.Random("read_games")
    texts = [random_game(name, rng, max_plies=30) for name in NAMES for _ in range(2)]
    texts.append('[Event "standard"]\n\n1. e4 e5 2. Nf3 *')
    path = tmp_path / "variants.pgn"
    path.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    with open(path, encoding="utf-8") as f:
        theirs = []
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            theirs.append(game)
    ours = list(qpgn.read_games(str(path)))
    assert [str(g) for g in ours] == [str(g) for g in theirs]
    for game, expected in zip(ours, theirs):
        for twin in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
            assert str(twin) == str(expected)
            assert twin.end().board().fen() == expected.end().board().fen()
            assert type(twin.end().board()).__name__ == type(expected.end().board()).__name__


def test_null_moves_in_variant_games():
    # Null moves (`--`, `Z0`) read and written as python-chess's, the random games above
    # make some; a null move by a side in check leaves a position the library does not hold:
    # an error there, where python-chess plays it (known difference).
    compare_text('[Variant "Crazyhouse"]\n\n1. e4 -- 2. d4 Z0 3. exd5 *\n')
    compare_text('[Variant "Atomic"]\n\n1. e4 e5 ( 1... -- 2. d4 ) 2. -- d5 *\n')
    ours = qpgn.read_game(io.StringIO('[Variant "Three-check"]\n\n1. e4 f6 2. Qh5+ -- 3. Qe8# *\n'))
    assert [type(e).__name__ for e in ours.errors] == ["IllegalMoveError"]
    assert "null move" in str(ours.errors[0])
    assert [m.uci() for m in ours.mainline_moves()] == ["e2e4", "f7f6", "d1h5"]


@pytest.mark.parametrize("name", ["crazyhouse", "kingofthehill", "3check", "atomic"])
def test_chess960_starts_of_variants(name):
    # A variant game from a Chess960 start: python-chess writes the Variant and FEN tags
    # only, and a reader finds Chess960 from the castling rights.
    rng = random.Random(f"960 {name}")
    for _ in range(3):
        n = rng.randrange(960)
        theirs = chess.variant.find_variant(name).from_chess960_pos(n)
        ours = qv.find_variant(name).from_chess960_pos(n)
        for _ in range(rng.randrange(10, 40)):
            moves = list(theirs.legal_moves)
            if not moves or theirs.is_game_over():
                break
            move = rng.choice(moves)
            theirs.push(move)
            ours.push(quadboard.Move.from_uci(move.uci()))
        text = str(chess.pgn.Game.from_board(theirs))
        assert str(qpgn.Game.from_board(ours)) == text
        game = compare_text(text)
        assert qpgn.read_game(io.StringIO(text)).board().chess960 == game.board().chess960
