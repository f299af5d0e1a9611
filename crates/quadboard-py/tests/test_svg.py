"""quadboard.svg against python-chess's chess.svg: what style sheets, notebooks and programs
that read the SVG can see (viewBox, size, element types and CSS classes, ids, positions);
the drawings themselves are ours and differ on purpose."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import chess
import chess.svg
import pytest

import quadboard
import quadboard.svg

FENS = [
    chess.STARTING_FEN,
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    "4k3/8/8/8/8/8/8/4K2R b K - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "K7/8/8/3k4/8/8/6P1/4K2Q w - - 0 1",  # two white kings: any placement is drawn
]


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def top_level(root: ET.Element) -> Counter:
    # Element type and class of every child of <svg>: squares, fills, borders, the margin,
    # coordinate groups, pieces and marks (<use>), the check and the arrows.
    return Counter((local(e.tag), e.get("class")) for e in root)


def shape(svg: str) -> dict:
    """What the two libraries must agree on, read back from the SVG text."""
    root = ET.fromstring(svg)
    assert local(root.tag) == "svg"
    defs = [e for e in root if local(e.tag) == "defs"]
    return {
        "viewBox": root.get("viewBox"),
        "width": root.get("width"),
        "height": root.get("height"),
        "top": top_level(root),
        "classes": Counter(
            (local(e.tag), e.get("class")) for e in root.iter() if e.get("class") is not None
        ),
        "defs": [(local(e.tag), e.get("id"), e.get("class")) for d in defs for e in d],
        "squares": {
            e.get("class"): (e.get("x"), e.get("y"))
            for e in root
            if (e.get("class") or "").startswith("square")
        },
        "uses": Counter(
            (
                e.get("href"),
                e.get("{http://www.w3.org/1999/xlink}href"),
                e.get("transform"),
                e.get("x"),
                e.get("y"),
            )
            for e in root
            if local(e.tag) == "use"
        ),
        "check": [(e.get("x"), e.get("y")) for e in root if e.get("class") == "check"],
        "desc": [e.text for e in root.iter() if local(e.tag) == "pre"],
        "style": [e.text for e in root if local(e.tag) == "style"],
    }


def both(fen, **kwargs):
    """The same diagram from python-chess and from quadboard: kwargs name python-chess's
    arguments with plain values (UCI for lastmove, lists of ints for squares)."""
    theirs, ours = dict(kwargs), dict(kwargs)
    if fen is not None:
        theirs["board"] = chess.Board(fen)
        ours["board"] = quadboard.Board(fen)
    if "lastmove" in kwargs:
        theirs["lastmove"] = chess.Move.from_uci(kwargs["lastmove"])
        ours["lastmove"] = quadboard.Move.from_uci(kwargs["lastmove"])
    if "squares" in kwargs:
        theirs["squares"] = chess.SquareSet(kwargs["squares"])
        ours["squares"] = quadboard.SquareSet(kwargs["squares"])
    if "arrows" in kwargs:
        theirs["arrows"] = [
            chess.svg.Arrow(t, h, color=c) if c else (t, h) for t, h, c in kwargs["arrows"]
        ]
        ours["arrows"] = [
            quadboard.svg.Arrow(t, h, color=c) if c else (t, h) for t, h, c in kwargs["arrows"]
        ]
    return chess.svg.board(**theirs), quadboard.svg.board(**ours)


CASES = [
    {},
    {"size": 350},
    {"size": 100.5, "coordinates": False},
    {"coordinates": False},
    {"borders": True},
    {"borders": True, "coordinates": False},
    {"orientation": chess.BLACK},
    {"flipped": True},
    {"orientation": chess.BLACK, "flipped": True},
    {"lastmove": "e2e4"},
    {"lastmove": "0000"},
    {"lastmove": "a7a8q", "orientation": chess.BLACK},
    {"check": chess.E8},
    {"check": chess.A1, "borders": True, "flipped": True},
    {"squares": [chess.A1, chess.E4, chess.H8]},
    {"squares": chess.BB_RANK_4},
    {"fill": {chess.D4: "#ff000080", chess.F7: "blue", chess.A1: "#0f08"}},
    {"arrows": [(chess.E2, chess.E4, None)]},
    {
        "arrows": [
            (chess.E2, chess.E4, "green"),
            (chess.G1, chess.F3, "red"),
            (chess.C3, chess.C3, None),
        ]
    },
    {
        "arrows": [
            (chess.A1, chess.H8, "yellow"),
            (chess.B1, chess.B1, "blue"),
            (chess.H1, chess.A8, "#123"),
        ]
    },
    {"style": ".square.light { fill: #fff; } svg > .arrow { opacity: 0.5 }"},
    {
        "colors": {
            "square light": "#ffffff",
            "square dark": "#00000080",
            "margin": "#0f0",
            "coord": "#f00",
        }
    },
    {
        "colors": {"inner border": "#00f", "outer border": "#0ff", "square light lastmove": "#abc"},
        "borders": True,
        "lastmove": "g1f3",
    },
    {
        "colors": {"arrow green": "#0f0", "arrow purple": "#808"},
        "arrows": [(chess.A2, chess.A4, None), (chess.B2, chess.B4, "purple")],
    },
]


@pytest.mark.parametrize("fen", FENS + [None])
@pytest.mark.parametrize("case", CASES, ids=lambda c: ",".join(sorted(c)) or "plain")
def test_board_matches_python_chess(fen, case):
    theirs, ours = both(fen, **case)
    assert shape(ours) == shape(theirs)


def test_random_argument_combinations():
    rng = random.Random(34)
    pool = [chess.Board(fen) for fen in (FENS[0], FENS[2], FENS[4])]
    for _ in range(60):
        kwargs = {}
        fen = rng.choice(FENS + [None])
        if rng.random() < 0.5:
            kwargs["orientation"] = rng.choice([chess.WHITE, chess.BLACK])
        for flag in ("flipped", "coordinates", "borders"):
            if rng.random() < 0.5:
                kwargs[flag] = rng.random() < 0.5
        if rng.random() < 0.4:
            move = rng.choice(list(rng.choice(pool).legal_moves))
            kwargs["lastmove"] = move.uci()
        if rng.random() < 0.4:
            kwargs["check"] = rng.randrange(64)
        if rng.random() < 0.4:
            kwargs["squares"] = rng.sample(range(64), rng.randrange(1, 6))
        if rng.random() < 0.4:
            kwargs["fill"] = {
                rng.randrange(64): rng.choice(["red", "#12345678", "#abc"]) for _ in range(3)
            }
        if rng.random() < 0.5:
            kwargs["arrows"] = [
                (
                    rng.randrange(64),
                    rng.randrange(64),
                    rng.choice([None, "red", "blue", "yellow", "green"]),
                )
                for _ in range(rng.randrange(1, 4))
            ]
        if rng.random() < 0.3:
            kwargs["size"] = rng.choice([100, 390, 512.5])
        theirs, ours = both(fen, **kwargs)
        assert shape(ours) == shape(theirs), (fen, kwargs)


def test_arrow_forms_agree_and_one_square_arrows_are_circles():
    board = quadboard.Board()
    as_tuples = quadboard.svg.board(board, arrows=[(chess.E2, chess.E4), (chess.D4, chess.D4)])
    as_arrows = quadboard.svg.board(
        board,
        arrows=[quadboard.svg.Arrow(chess.E2, chess.E4), quadboard.svg.Arrow(chess.D4, chess.D4)],
    )
    assert as_tuples == as_arrows
    root = ET.fromstring(as_tuples)
    kinds = Counter(
        (local(e.tag), e.get("class"))
        for e in root
        if local(e.tag) in ("line", "polygon", "circle")
    )
    assert kinds == {("line", "arrow"): 1, ("polygon", "arrow"): 1, ("circle", "circle"): 1}
    # The arrow runs from e2's centre towards e4's: x stays on the e-file, y goes up.
    line = next(e for e in root if local(e.tag) == "line")
    assert line.get("x1") == line.get("x2") == "217.5"
    assert float(line.get("y1")) == 307.5 > float(line.get("y2")) > 217.5


def test_colours_reach_the_elements():
    svg = quadboard.svg.board(
        quadboard.Board(),
        lastmove=quadboard.Move.from_uci("g1f3"),
        fill={chess.D4: "#ff000080"},
        arrows=[quadboard.svg.Arrow(chess.A2, chess.A4, color="purple")],
        colors={
            "square light": "#123456",
            "square dark lastmove": "#654321",
            "coord": "#abcdef",
            "arrow purple": "#808080",
        },
    )
    root = ET.fromstring(svg)
    by_class = {e.get("class"): e for e in root if e.get("class")}
    assert by_class["square light b1"].get("fill") == "#123456"
    assert by_class["square dark lastmove g1"].get("fill") == "#654321"
    assert (
        by_class["square light lastmove f3"].get("fill")
        == quadboard.svg.DEFAULT_COLORS["square light lastmove"]
    )
    overlay = [
        e
        for e in root
        if local(e.tag) == "rect"
        and e.get("class") is None
        and e.get("x") == "150"
        and e.get("y") == "195"
    ]
    # python-chess's opacity: the fraction as Python prints it.
    assert [(e.get("fill"), e.get("opacity")) for e in overlay] == [("#ff0000", str(128 / 255))]
    glyphs = [e for e in root if local(e.tag) == "g"]
    assert len(glyphs) == 32 and all(g.get("fill") == g.get("stroke") == "#abcdef" for g in glyphs)
    assert all(
        e.get("fill", e.get("stroke")) == "#808080" for e in root if e.get("class") == "arrow"
    )


def test_an_arrow_colour_outside_the_palette_is_written_as_given():
    # python-chess splits the alpha off palette colours only; a program reading the
    # arrow's stroke back finds its own string.
    for module in (chess, quadboard):
        arrows = [module.svg.Arrow(chess.A2, chess.A4, color="#ff000080"),
                  module.svg.Arrow(chess.B2, chess.B2, color="#00ff0080"),
                  module.svg.Arrow(chess.C2, chess.C4, color="red")]
        root = ET.fromstring(module.svg.board(module.Board(), arrows=arrows))
        drawn = [(e.get("class"), e.get("stroke") or e.get("fill"), e.get("opacity") is not None)
                 for e in root if e.get("class") in ("arrow", "circle")]
        assert drawn == [("arrow", "#ff000080", False), ("arrow", "#ff000080", False),
                         ("circle", "#00ff0080", False), ("arrow", "#882020", True),
                         ("arrow", "#882020", True)], module


def test_style_is_escaped_and_survives():
    css = "svg > .square.light { fill: #fff } /* a < b & c */"
    root = ET.fromstring(quadboard.svg.board(style=css))
    assert local(root[0].tag) == "style" and root[0].text == css


@pytest.mark.parametrize("symbol", "PNBRQKpnbrqk")
@pytest.mark.parametrize("size", [None, 30, 12.5])
def test_piece_matches_python_chess(symbol, size):
    ours = ET.fromstring(quadboard.svg.piece(quadboard.Piece.from_symbol(symbol), size=size))
    theirs = ET.fromstring(chess.svg.piece(chess.Piece.from_symbol(symbol), size=size))
    for attribute in ("viewBox", "width", "height"):
        assert ours.get(attribute) == theirs.get(attribute)
    assert [(local(e.tag), e.get("id"), e.get("class")) for e in ours] == [
        (local(e.tag), e.get("id"), e.get("class")) for e in theirs
    ]
    assert len(ours[0]) >= 3  # drawn, not an empty group


def test_pieces_differ_from_python_chess_drawings():
    # The drawings are ours: no path of python-chess's pieces appears in quadboard's.
    for symbol in "PNBRQKpnbrqk":
        ours = quadboard.svg.piece(quadboard.Piece.from_symbol(symbol))
        theirs = ET.fromstring(chess.svg.piece(chess.Piece.from_symbol(symbol)))
        for element in theirs.iter():
            if element.get("d"):
                assert element.get("d") not in ours, symbol


@pytest.mark.parametrize(
    "sans",
    [[], ["e4", "f5", "Qh5"], ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"], ["Nf3", "Nf6"]],
)
def test_repr_svg_matches_python_chess(sans):
    # As python-chess's: the last move highlighted, the king of the side to move in check.
    ours, theirs = quadboard.Board(), chess.Board()
    for san in sans:
        ours.push_san(san)
        theirs.push_san(san)
    svg = ours._repr_svg_()
    assert shape(svg) == shape(theirs._repr_svg_())
    assert ET.fromstring(svg).get("width") == "390"


def test_repr_svg_of_edited_boards():
    # No king, or the side to move in check by a null move: no crash, python-chess's shape.
    for fen in ["8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FENS[4]]:
        ours, theirs = quadboard.Board(fen), chess.Board(fen)
        ours.push(quadboard.Move.null())
        theirs.push(chess.Move.null())
        assert shape(ours._repr_svg_()) == shape(theirs._repr_svg_()), fen


def test_wrapper_displays_itself():
    diagram = quadboard.svg.board()
    assert (
        isinstance(diagram, str)
        and diagram._repr_svg_() is diagram
        and diagram._repr_html_() is diagram
    )


def test_empty_board_draws_no_pieces():
    root = ET.fromstring(quadboard.svg.board(None))
    assert not [e for e in root.iter() if local(e.tag) in ("use", "desc")]
    assert not list(next(e for e in root if local(e.tag) == "defs"))


BAD = [
    ({"board": "rnbqkbnr/8/8/8/8/8/8/8"}, TypeError, "board"),
    ({"lastmove": "e2e4"}, TypeError, "lastmove"),
    ({"check": 64}, ValueError, "check"),
    ({"check": "e1"}, TypeError, "check"),
    ({"check": True}, TypeError, "check"),
    ({"arrows": [(0, 64)]}, ValueError, "arrows[0] head"),
    ({"arrows": [(0, 1), (1, 2, 3)]}, TypeError, "arrows[1]"),
    ({"arrows": "e2e4"}, TypeError, "arrows"),
    ({"arrows": [quadboard.svg.Arrow(-1, 3)]}, ValueError, "arrows[0] tail"),
    ({"arrows": [quadboard.svg.Arrow(1, 3, color=None)]}, TypeError, "arrows[0].color"),
    ({"fill": {64: "red"}}, ValueError, "fill key 64"),
    ({"fill": {0: 5}}, TypeError, "fill[0]"),
    ({"fill": [0]}, TypeError, "fill"),
    ({"squares": [65]}, ValueError, "squares"),
    ({"squares": "a1"}, TypeError, "squares"),
    ({"size": 0}, ValueError, "size"),
    ({"size": "390"}, TypeError, "size"),
    ({"size": float("nan")}, ValueError, "size"),
    ({"colors": {"square lite": "#fff"}}, ValueError, "square lite"),
    ({"colors": {"margin": ""}}, ValueError, "margin"),
    ({"colors": {"coord": None}}, TypeError, "coord"),
    ({"colors": "#fff"}, TypeError, "colors"),
    ({"style": 3}, TypeError, "style"),
]


@pytest.mark.parametrize("kwargs,error,name", BAD, ids=[str(b[0])[:40] for b in BAD])
def test_bad_arguments_name_what_is_wrong(kwargs, error, name):
    with pytest.raises(error) as info:
        quadboard.svg.board(**kwargs)
    assert name in str(info.value)


@pytest.mark.parametrize(
    "bad,error", [("N", TypeError), (None, TypeError), (quadboard.Board(), TypeError)]
)
def test_bad_piece(bad, error):
    with pytest.raises(error, match="piece"):
        quadboard.svg.piece(bad)


def test_bad_piece_size():
    with pytest.raises(ValueError, match="size"):
        quadboard.svg.piece(quadboard.Piece.from_symbol("K"), size=-3)


def coordinate_labels(svg):
    """The coordinate glyphs by position: (x, y) of each group -> the character drawn."""
    from quadboard._svg_art import GLYPHS

    by_path = {d: char for char, d in GLYPHS.items()}
    labels = {}
    for group in ET.fromstring(svg):
        transform = group.get("transform", "")
        if local(group.tag) == "g" and transform.startswith("translate("):
            x, y = transform[len("translate(") : transform.index(")")].split(", ")
            labels[(float(x), float(y))] = by_path[group[0].get("d")]
    return labels


@pytest.mark.parametrize("white_bottom", [True, False])
@pytest.mark.parametrize("borders", [False, True])
def test_coordinates_name_the_files_and_ranks_where_they_are(white_bottom, borders):
    svg = quadboard.svg.board(orientation=white_bottom, borders=borders)
    labels = coordinate_labels(svg)
    assert len(labels) == 32
    xs = sorted({x for x, _ in labels})
    ys = sorted({y for _, y in labels})
    top = "".join(labels[(x, ys[0])] for x in xs if (x, ys[0]) in labels)
    left = "".join(labels[(xs[0], y)] for y in ys if (xs[0], y) in labels)
    assert top == ("abcdefgh" if white_bottom else "hgfedcba")
    assert left == ("87654321" if white_bottom else "12345678")
    # Every label sits in the margin, centred on its file or rank.
    size = 8 * 45 + (34 if borders else 30)
    for (x, y), char in labels.items():
        centre_x, centre_y = x + 7.5, y + 7.5
        in_margin = min(centre_x, centre_y) < 17 or max(centre_x, centre_y) > size - 17
        assert in_margin, (char, x, y)


@pytest.mark.parametrize(
    "text", ["Ge2e4", "Re2", "Ye2e4", "Ba1h8", "e2e4", "h8", "Gh8a1"]
)
def test_arrow_text_as_python_chess(text):
    ours = quadboard.svg.Arrow.from_pgn(text)
    theirs = chess.svg.Arrow.from_pgn(text)
    assert (ours.tail, ours.head, ours.color) == (theirs.tail, theirs.head, theirs.color)
    assert (ours.pgn(), str(ours), repr(ours)) == (theirs.pgn(), str(theirs), repr(theirs))


@pytest.mark.parametrize("text", ["", "Xe2e4", "ge2e4", "Ge2e", "Ge2e4x", "Gi9"])
def test_arrow_text_refused_naming_it(text):
    with pytest.raises(ValueError, match="invalid arrow"):
        quadboard.svg.Arrow.from_pgn(text)
    with pytest.raises(ValueError):
        chess.svg.Arrow.from_pgn(text)
