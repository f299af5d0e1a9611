"""Board and piece diagrams as SVG, with python-chess's ``chess.svg`` names.

``board()`` and ``piece()`` take python-chess 1.11's arguments and write the same
``viewBox``, ``width``/``height``, element types, ids and CSS classes (``square light a1``,
``lastmove``, ``check``, ``arrow``, ``circle``, ``white knight``, ...), so that notebooks,
style sheets and programs that read the SVG keep working. The drawings are quadboard's own.
"""

from __future__ import annotations

import math
import numbers
import xml.etree.ElementTree as ET
from functools import lru_cache
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from ._arrow import Arrow
from ._core import SQUARE_NAMES, Color, IntoSquareSet, Square
from ._quadboard import SquareSet
from ._svg_art import GLYPHS, PIECE_COLORS, PIECE_SHAPES, SQUARE_MARK

__all__ = [
    "Arrow", "CHECK_GRADIENT", "COORDS", "Color", "DEFAULT_COLORS", "IntoSquareSet", "MARGIN",
    "PIECES", "SQUARE_SIZE", "Square", "SvgWrapper", "XX", "board", "piece",
]

SQUARE_SIZE = 45
"""The side of a square in the diagram's own units (its ``viewBox``)."""

# The coordinate margin around the board, in viewBox units (python-chess's too).
_MARGIN = 15

MARGIN = 20
"""python-chess's constant of that name, kept for programs that read it: its value is 20,
but neither package draws with it (the coordinate margin of ``board()`` is 15 units)."""

DEFAULT_COLORS: Dict[str, str] = {
    "square light": "#ffce9e",
    "square dark": "#d18b47",
    "square dark lastmove": "#aaa23b",
    "square light lastmove": "#cdd16a",
    "margin": "#212121",
    "inner border": "#111",
    "outer border": "#111",
    "coord": "#e5e5e5",
    "arrow green": "#15781B80",
    "arrow red": "#88202080",
    "arrow yellow": "#e68f00b3",
    "arrow blue": "#00308880",
}
"""The colours ``board()`` uses where ``colors`` names none (python-chess's values, in its
order); the keys are all it accepts, besides ``arrow <name>`` for arrows of any other
colour name."""

_SVG_NS = "http://www.w3.org/2000/svg"
_XLINK_NS = "http://www.w3.org/1999/xlink"
_PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]
_BORDER = 1
# The glow of a king in check: red at the centre, fading out at the square's edge.
_CHECK_STOPS = (("0%", "#ff3b30", "1"), ("45%", "#e0201a", "0.9"), ("100%", "#a00000", "0"))


class SvgWrapper(str):
    """An SVG document as a ``str`` that notebooks (IPython, Jupyter) display as a picture."""

    def _repr_svg_(self) -> "SvgWrapper":
        """The SVG itself, for IPython's rich display."""
        return self

    def _repr_html_(self) -> "SvgWrapper":
        """The SVG itself, inline in HTML output."""
        return self


def _num(value: float) -> str:
    # Short, stable numbers: integers without ".0", others to 3 decimals.
    rounded = round(value, 3)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.3f}".rstrip("0")


def _svg_root(view: float, size: Optional[float]) -> ET.Element:
    root = ET.Element(
        "svg",
        {"xmlns": _SVG_NS, "xmlns:xlink": _XLINK_NS, "viewBox": f"0 0 {_num(view)} {_num(view)}"},
    )
    if size is not None:
        root.set("width", _num(size))
        root.set("height", _num(size))
    return root


def _fragment(markup: str) -> List[ET.Element]:
    return list(ET.fromstring(f"<g>{markup}</g>"))


@lru_cache(maxsize=None)
def _piece_markup(color: str, name: str) -> Tuple[str, str]:
    body, line = PIECE_COLORS[color]
    return PIECE_SHAPES[name].replace("{line}", line), body


def _piece_group(color: str, name: str) -> ET.Element:
    markup, body = _piece_markup(color, name)
    group = ET.Element(
        "g",
        {
            "id": f"{color}-{name}",
            "class": f"{color} {name}",
            "fill": body,
            "stroke": "#000",
            "stroke-width": "1.5",
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
        },
    )
    group.extend(_fragment(markup))
    return group


def _color_and_opacity(color: str) -> Tuple[str, Optional[str]]:
    # "#rrggbbaa" and "#rgba" become a colour and an opacity attribute: renderers that
    # predate CSS Color 4 (cairo among them) ignore the alpha digits or the whole colour.
    if color.startswith("#") and len(color) in (5, 9):
        digits = color[1:]
        if all(c in "0123456789abcdefABCDEF" for c in digits):
            # The opacity as Python prints the fraction, as python-chess writes it.
            if len(digits) == 4:
                alpha = int(digits[3] * 2, 16)
                return "#" + digits[:3], str(alpha / 255)
            alpha = int(digits[6:], 16)
            return "#" + digits[:6], str(alpha / 255)
    return color, None


def _paint(element: ET.Element, attribute: str, color: str, split: bool = True) -> None:
    # `split=False` writes the colour as given: python-chess splits the alpha off palette
    # colours and fills only, and writes an arrow's own colour string unchanged.
    value, opacity = _color_and_opacity(color) if split else (color, None)
    element.set(attribute, value)
    if opacity is not None:
        element.set("opacity", opacity)


def _check_color(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a colour string such as '#eedcbb', not {value!r}")
    if not value.strip():
        raise ValueError(f"{what} must be a colour such as '#eedcbb', not an empty string")
    return value


def _check_square(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be a square (0 = a1 ... 63 = h8), not {value!r}")
    if not 0 <= value < 64:
        raise ValueError(f"{what} must be a square (0 = a1 ... 63 = h8), not {value!r}")
    return int(value)


def _check_size(size: Any) -> Optional[float]:
    if size is None:
        return None
    if isinstance(size, bool) or not isinstance(size, numbers.Real):
        raise TypeError(f"size must be a number of pixels or None, not {size!r}")
    if not math.isfinite(size) or size <= 0:
        raise ValueError(f"size must be a positive number of pixels, not {size!r}")
    return size


def _merge_colors(colors: Any) -> Dict[str, str]:
    if not isinstance(colors, Mapping):
        raise TypeError(f"colors must be a dict of colour names to colours, not {colors!r}")
    merged = dict(DEFAULT_COLORS)
    for key, value in colors.items():
        if not isinstance(key, str) or (key not in DEFAULT_COLORS and not key.startswith("arrow ")):
            known = ", ".join(repr(k) for k in DEFAULT_COLORS)
            raise ValueError(
                f"unknown colors key {key!r}: expected one of {known} or 'arrow <name>'"
            )
        merged[key] = _check_color(value, f"colors[{key!r}]")
    return merged


def _arrow_list(arrows: Any) -> List[Tuple[int, int, str]]:
    if isinstance(arrows, (str, bytes)) or not isinstance(arrows, Iterable):
        raise TypeError(
            f"arrows must be an iterable of Arrow or (tail, head) tuples, not {arrows!r}"
        )
    result = []
    for index, arrow in enumerate(arrows):
        what = f"arrows[{index}]"
        if isinstance(arrow, Arrow):
            tail, head, color = arrow.tail, arrow.head, arrow.color
            _check_color(color, f"{what}.color")
        elif isinstance(arrow, tuple) and len(arrow) == 2:
            (tail, head), color = arrow, "green"
        else:
            raise TypeError(f"{what} must be an Arrow or a (tail, head) tuple, not {arrow!r}")
        result.append(
            (_check_square(tail, f"{what} tail"), _check_square(head, f"{what} head"), color)
        )
    return result


def _square_mask(squares: Any) -> int:
    if squares is None:
        return 0
    if isinstance(squares, (str, bytes, bool)):
        raise TypeError(f"squares must be a SquareSet, a 64-bit mask or squares, not {squares!r}")
    try:
        return int(SquareSet(squares))
    except (TypeError, ValueError, OverflowError) as error:
        raise type(error)(f"squares: {error}") from None


def _glyph_path(char: str) -> ET.Element:
    return ET.Element(
        "path",
        {
            "d": GLYPHS[char],
            "fill": "none",
            "stroke-width": "2",
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
        },
    )


def _glyph(char: str, x: float, y: float, color: str) -> ET.Element:
    group = ET.Element("g", {"transform": f"translate({_num(x)}, {_num(y)}) scale(0.75, 0.75)"})
    _paint(group, "fill", color)
    _paint(group, "stroke", color)
    group.append(_glyph_path(char))
    return group


def _square_mark() -> ET.Element:
    mark = ET.Element("g", {"id": "xx"})
    mark.extend(_fragment(SQUARE_MARK))
    return mark


def _check_gradient() -> ET.Element:
    gradient = ET.Element("radialGradient", {"id": "check_gradient", "r": "0.5"})
    for stop, color, opacity in _CHECK_STOPS:
        ET.SubElement(
            gradient, "stop", {"offset": stop, "stop-color": color, "stop-opacity": opacity}
        )
    return gradient


def _arrow_elements(
    tail: int,
    head: int,
    color: str,
    centre: Callable[[int], Tuple[float, float]],
    split: bool = True,
) -> List[ET.Element]:
    tx, ty = centre(tail)
    hx, hy = centre(head)
    if tail == head:
        circle = ET.Element(
            "circle",
            {"cx": _num(tx), "cy": _num(ty), "r": _num(SQUARE_SIZE * 0.43), "stroke-width": "4"},
        )
        _paint(circle, "stroke", color, split)
        circle.set("fill", "none")
        circle.set("class", "circle")
        return [circle]
    dx, dy = hx - tx, hy - ty
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    head_length = SQUARE_SIZE * 0.6
    half_width = SQUARE_SIZE * 0.33
    # The tip stops short of the centre so that arrows into one square do not meet.
    tip_x, tip_y = hx - ux * SQUARE_SIZE * 0.1, hy - uy * SQUARE_SIZE * 0.1
    base_x, base_y = tip_x - ux * head_length, tip_y - uy * head_length
    line = ET.Element(
        "line",
        {"x1": _num(tx), "y1": _num(ty), "x2": _num(base_x), "y2": _num(base_y)},
    )
    _paint(line, "stroke", color, split)
    line.set("stroke-width", _num(SQUARE_SIZE * 0.2))
    line.set("stroke-linecap", "butt")
    line.set("class", "arrow")
    points = [
        (tip_x, tip_y),
        (base_x - uy * half_width, base_y + ux * half_width),
        (base_x + uy * half_width, base_y - ux * half_width),
    ]
    polygon = ET.Element("polygon", {"points": " ".join(f"{_num(x)},{_num(y)}" for x, y in points)})
    _paint(polygon, "fill", color, split)
    polygon.set("class", "arrow")
    return [line, polygon]


def _frame(root: ET.Element, inset: float, full: float, color: str, width: float) -> None:
    side = _num(full - 2 * inset)
    rect = ET.SubElement(
        root,
        "rect",
        {"x": _num(inset), "y": _num(inset), "width": side, "height": side, "fill": "none"},
    )
    _paint(rect, "stroke", color)
    rect.set("stroke-width", _num(width))


def _use(href: str, **position: str) -> ET.Element:
    # Both spellings of the link: SVG 2 readers take href, SVG 1.1 ones xlink:href.
    return ET.Element("use", {"href": href, "xlink:href": href, **position})


def piece(piece: Any, size: Optional[int] = None) -> SvgWrapper:
    """One piece alone as SVG: ``viewBox="0 0 45 45"``, and ``width``/``height`` ``size``
    when given.

    ``piece`` is a ``Piece`` (``Piece.from_symbol("N")``); ``TypeError`` for anything else.
    """
    piece_type = getattr(piece, "piece_type", None)
    color = getattr(piece, "color", None)
    if piece_type not in range(1, 7) or not isinstance(color, bool):
        raise TypeError(f"piece must be a Piece, such as Piece.from_symbol('N'), not {piece!r}")
    root = _svg_root(SQUARE_SIZE, _check_size(size))
    root.append(_piece_group("white" if color else "black", _PIECE_NAMES[piece_type]))
    return SvgWrapper(ET.tostring(root, encoding="unicode"))


def board(
    board: Any = None,
    *,
    orientation: bool = True,
    lastmove: Any = None,
    check: Optional[int] = None,
    arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
    fill: Mapping[int, str] = {},  # noqa: B006  (python-chess's signature; never mutated)
    squares: Any = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Mapping[str, str] = {},  # noqa: B006
    flipped: bool = False,
    borders: bool = False,
    style: Optional[str] = None,
) -> SvgWrapper:
    """A board diagram as SVG, with python-chess's ``chess.svg.board`` arguments.

    ``board`` is a ``Board`` (``None``: an empty board); ``orientation`` the colour at the
    bottom (``flipped=True`` turns it round); ``lastmove`` a ``Move`` whose squares are
    highlighted (a null move highlights none); ``check`` a square marked as in check;
    ``arrows`` ``Arrow`` objects or ``(tail, head)`` tuples (green; tail == head circles the
    square); ``fill`` a dict of square to colour; ``squares`` a ``SquareSet``, mask or
    squares marked with a cross; ``size`` the width and height in pixels (``None``: none
    written); ``coordinates`` the file and rank margin; ``colors`` overrides of
    ``DEFAULT_COLORS``; ``borders`` thin borders around the board and margin; ``style`` CSS
    put in a ``<style>`` element. The ``viewBox`` is 360 units, plus 30 with coordinates,
    plus 2 with borders (4 with both).

    Bad arguments raise ``TypeError`` or ``ValueError`` naming the argument.
    """
    if board is not None and not callable(getattr(board, "piece_map", None)):
        raise TypeError(f"board must be a quadboard Board or None, not {board!r}")
    if lastmove is not None and not (
        hasattr(lastmove, "from_square") and hasattr(lastmove, "to_square")
    ):
        raise TypeError(f"lastmove must be a Move or None, not {lastmove!r}")
    if check is not None:
        check = _check_square(check, "check")
    if not isinstance(fill, Mapping):
        raise TypeError(f"fill must be a dict of squares to colours, not {fill!r}")
    fills = {
        _check_square(square, f"fill key {square!r}"): _check_color(color, f"fill[{square!r}]")
        for square, color in fill.items()
    }
    arrow_list = _arrow_list(arrows)
    marked = _square_mask(squares)
    size = _check_size(size)
    palette = _merge_colors(colors)
    if style is not None and not isinstance(style, str):
        raise TypeError(f"style must be CSS text or None, not {style!r}")

    white_bottom = bool(orientation) ^ bool(flipped)
    inner = _BORDER if borders else 0
    outer = _BORDER if borders and coordinates else 0
    margin = _MARGIN if coordinates else 0
    offset = outer + margin + inner
    full = 8 * SQUARE_SIZE + 2 * offset

    def corner(square: int) -> Tuple[float, float]:
        file, rank = square & 7, square >> 3
        column = file if white_bottom else 7 - file
        row = 7 - rank if white_bottom else rank
        return offset + column * SQUARE_SIZE, offset + row * SQUARE_SIZE

    def centre(square: int) -> Tuple[float, float]:
        x, y = corner(square)
        return x + SQUARE_SIZE / 2, y + SQUARE_SIZE / 2

    root = _svg_root(full, size)
    if style:
        ET.SubElement(root, "style").text = style
    pieces: Dict[int, Any] = {}
    if board is not None:
        pieces = dict(board.piece_map())
        ET.SubElement(ET.SubElement(root, "desc"), "pre").text = str(board)

    defs = ET.SubElement(root, "defs")
    present = {(p.color, p.piece_type) for p in pieces.values()}
    for color in (True, False):
        for piece_type in range(1, 7):
            if (color, piece_type) in present:
                defs.append(_piece_group("white" if color else "black", _PIECE_NAMES[piece_type]))
    if marked:
        defs.append(_square_mark())
    if check is not None:
        defs.append(_check_gradient())

    # Borders are 1-unit strokes centred on the half unit inside each edge; the margin is
    # one stroke as wide as itself, centred on the middle of its band.
    if borders and coordinates:
        _frame(root, 0.5, full, palette["outer border"], 1)
    if coordinates:
        _frame(root, outer + margin / 2, full, palette["margin"], margin)
    if borders:
        _frame(root, outer + margin + 0.5, full, palette["inner border"], 1)

    if coordinates:
        # Glyphs are 20 units square, drawn at 0.75: 15 units, the margin's width.
        glyph = 20 * 0.75
        near = outer
        far = offset + 8 * SQUARE_SIZE + inner
        for column in range(8):
            letter = "abcdefgh"[column if white_bottom else 7 - column]
            x = offset + column * SQUARE_SIZE + (SQUARE_SIZE - glyph) / 2
            root.append(_glyph(letter, x, near, palette["coord"]))
            root.append(_glyph(letter, x, far, palette["coord"]))
        for row in range(8):
            digit = "87654321"[row if white_bottom else 7 - row]
            y = offset + row * SQUARE_SIZE + (SQUARE_SIZE - glyph) / 2
            root.append(_glyph(digit, near, y, palette["coord"]))
            root.append(_glyph(digit, far, y, palette["coord"]))

    last = set()
    if lastmove:
        last = {lastmove.from_square, lastmove.to_square}
    for square in range(64):
        x, y = corner(square)
        shade = "light" if (square ^ (square >> 3)) & 1 else "dark"
        classes = ["square", shade]
        color_key = f"square {shade}"
        if square in last:
            classes.append("lastmove")
            color_key += " lastmove"
        classes.append(SQUARE_NAMES[square])
        place = {"x": _num(x), "y": _num(y), "width": str(SQUARE_SIZE), "height": str(SQUARE_SIZE)}
        rect = ET.SubElement(root, "rect", {**place, "class": " ".join(classes), "stroke": "none"})
        _paint(rect, "fill", palette[color_key])
        if square in fills:
            overlay = ET.SubElement(root, "rect", {**place, "stroke": "none"})
            _paint(overlay, "fill", fills[square])
    if check is not None:
        x, y = corner(check)
        ET.SubElement(
            root,
            "rect",
            {
                "x": _num(x),
                "y": _num(y),
                "width": str(SQUARE_SIZE),
                "height": str(SQUARE_SIZE),
                "class": "check",
                "fill": "url(#check_gradient)",
            },
        )

    for square in range(64):
        x, y = corner(square)
        if square in pieces:
            p = pieces[square]
            href = f"#{'white' if p.color else 'black'}-{_PIECE_NAMES[p.piece_type]}"
            root.append(_use(href, transform=f"translate({_num(x)}, {_num(y)})"))
        if marked >> square & 1:
            root.append(_use("#xx", x=_num(x), y=_num(y)))

    for tail, head, color in arrow_list:
        named = f"arrow {color}" in palette
        root.extend(
            _arrow_elements(tail, head, palette.get(f"arrow {color}", color), centre, named)
        )

    return SvgWrapper(ET.tostring(root, encoding="unicode"))


def _board_repr_svg(position: Any) -> SvgWrapper:
    """``Board._repr_svg_``: the board at 390 pixels with its last move highlighted and
    the king of the side to move marked when in check, as python-chess's notebooks show it."""
    lastmove = position.peek() if position.move_stack else None
    check = position.king(position.turn) if position.is_check() else None
    return board(position, size=390, lastmove=lastmove, check=check)


# python-chess's names for the pieces of artwork as SVG text, here with quadboard's own
# drawings (the ones ``board()`` and ``piece()`` use), for programs that build their own
# documents from them.
PIECES: Dict[str, str] = {
    ("PNBRQK" if color == "white" else "pnbrqk")[piece_type - 1]: ET.tostring(
        _piece_group(color, _PIECE_NAMES[piece_type]), encoding="unicode"
    )
    for color in ("black", "white")
    for piece_type in (3, 6, 2, 1, 5, 4)
}
"""Each piece symbol (``P`` ... ``k``) to its ``<g id="white-pawn" class="white pawn">``
drawing in a 45 x 45 box (quadboard's drawings; python-chess's keys)."""

COORDS: Dict[str, str] = {
    char: ET.tostring(_glyph_path(char), encoding="unicode") for char in "12345678abcdefgh"
}
"""Each file letter and rank digit to its ``<path>`` glyph in a 20 x 20 box, as ``board()``
draws it in the margin at 0.75 scale (quadboard's drawings; python-chess's keys)."""

XX: str = ET.tostring(_square_mark(), encoding="unicode")
"""The ``<g id="xx">`` cross that ``board(squares=...)`` puts on marked squares."""

CHECK_GRADIENT: str = ET.tostring(_check_gradient(), encoding="unicode")
"""The ``<radialGradient id="check_gradient">`` that fills the square of ``check=``."""
