"""The drawings of ``quadboard.svg``: pieces, coordinate glyphs and the square mark.

All drawn for quadboard (MIT OR Apache-2.0). Pieces live in a 45 x 45 box, one square of a
diagram; coordinate glyphs in a 20 x 20 box that ``svg`` scales by 0.75 into the margin.
Every shape is a string of SVG child elements, so the module needs nothing but ``str``.
"""

from __future__ import annotations

from typing import Dict

# Shapes of each piece, drawn in order (later ones on top). ``{line}`` is the colour of the
# inner detail lines: black on a white piece, white on a black one, where an outline in the
# body colour would vanish.
_BASE = '<path d="M10.5 39.5h24c0-2.2-1.1-3.6-2.6-4h-18.8c-1.5.4-2.6 1.8-2.6 4z"/>'

PIECE_SHAPES: Dict[str, str] = {
    "pawn": (
        '<path d="M11.5 39.5c0-3.2 1.2-5.5 3.3-5.5h15.4c2.1 0 3.3 2.3 3.3 5.5z"/>'
        '<path d="M19.2 22.5c0 4.8-2.6 8.1-5.2 11.5h17c-2.6-3.4-5.2-6.7-5.2-11.5z"/>'
        '<ellipse cx="22.5" cy="21.5" rx="6.5" ry="2.2"/>'
        '<circle cx="22.5" cy="12.5" r="5.2"/>'
        '<path d="M17.5 23.2c3.3.8 6.7.8 10 0" fill="none" stroke="{line}" stroke-width="1"/>'
    ),
    "knight": (
        '<path d="M15 39.5h20.5c.5-10-.5-19-7-25l-2-5-3 3.5-3.5-4v4.5c-4 1.5-7.5 6-10 11.5'
        '-1.5 3 .5 5.5 3 5 2.5-.5 5-2.5 8-3-1 4-5 6.5-6 12.5z"/>'
        '<path d="M27.5 15.5c4.5 5 6 12 5.5 22" fill="none" stroke="{line}" stroke-width="1"/>'
        '<circle cx="18" cy="17.5" r="1.3" fill="{line}" stroke="none"/>'
        '<circle cx="11.6" cy="26.4" r=".8" fill="{line}" stroke="none"/>'
    ),
    "bishop": (
        '<path d="M10.5 39.5h24c0-2.5-1.5-4-4-4h-16c-2.5 0-4 1.5-4 4z"/>'
        '<path d="M15 35.5l1.5-4h12l1.5 4z"/>'
        '<path d="M17 31.5c-5-4-4-12.5 5.5-19 9.5 6.5 10.5 15 5.5 19z"/>'
        '<circle cx="22.5" cy="10" r="2.5"/>'
        '<path d="M22.5 18.5v7M19 22h7M16.5 31.5h12" fill="none" stroke="{line}"/>'
    ),
    "rook": (
        '<path d="M9.5 39.5V36h26v3.5z"/>'
        '<path d="M12 36l1.5-3.5h18L33 36z"/>'
        '<path d="M14.5 32.5l1-15h14l1 15z"/>'
        '<path d="M12.5 17.5l1.5-2.5h17l1.5 2.5z"/>'
        '<path d="M12 15V9h4v3h4.5V9h4v3H29V9h4v6z"/>'
        '<path d="M12.5 36h20M14.5 32.5h16M15.5 17.5h14M14 15h17" fill="none" stroke="{line}"'
        ' stroke-width="1"/>'
    ),
    "queen": (
        _BASE + '<path d="M12.5 35.5l-1-3.5h22l-1 3.5z"/>'
        '<path d="M11.5 32L7.5 15.5l6.5 9.5 1-12.5 5 11.5 2.5-13.5 2.5 13.5 5-11.5 1 12.5'
        ' 6.5-9.5-4 16.5z"/>'
        '<circle cx="7.5" cy="14" r="2.2"/><circle cx="15" cy="11" r="2.2"/>'
        '<circle cx="22.5" cy="8.5" r="2.2"/><circle cx="30" cy="11" r="2.2"/>'
        '<circle cx="37.5" cy="14" r="2.2"/>'
        '<path d="M12 32h21M12.5 35.5h20" fill="none" stroke="{line}" stroke-width="1"/>'
    ),
    "king": (
        '<path d="M22.5 13.5V5.5M19 8.5h7" fill="none"/>'
        + _BASE
        + '<path d="M12 35.5l-.5-3.5h22l-.5 3.5z"/>'
        '<path d="M11.5 32c-6-4-7-11-3-13.5 4-2.5 10-1 14 6 4-7 10-8.5 14-6 4 2.5 3 9.5-3 13.5z"/>'
        '<path d="M22.5 24.5c-2.5-4-3.5-8.5 0-11 3.5 2.5 2.5 7 0 11z"/>'
        '<path d="M22.5 24.5V32M12 32h21M12 35.5h21" fill="none" stroke="{line}" stroke-width="1"/>'
    ),
}

# Body and detail-line colours per piece colour; the outline is always black.
PIECE_COLORS = {"white": ("#fff", "#000"), "black": ("#000", "#fff")}

# The mark of ``squares=``: a white-edged black cross, visible on both square colours.
SQUARE_MARK = (
    '<path d="M12.5 12.5l20 20M32.5 12.5l-20 20" stroke="#fff" stroke-width="7.5"'
    ' stroke-linecap="round"/>'
    '<path d="M12.5 12.5l20 20M32.5 12.5l-20 20" stroke="#000" stroke-width="4.5"'
    ' stroke-linecap="round"/>'
)

# Stroke glyphs in a 20 x 20 box, centred on (10, 10): letters on a baseline at y = 15
# (ascenders to y = 3, the g's descender to y = 19), digits from y = 3.5 to 15.
GLYPHS: Dict[str, str] = {
    "a": "M13 11.5a3.5 3.5 0 1 1-7 0a3.5 3.5 0 1 1 7 0M13 8v7",
    "b": "M7 3v12M14 11.5a3.5 3.5 0 1 1-7 0a3.5 3.5 0 1 1 7 0",
    "c": "M12.8 9.1A3.5 3.5 0 1 0 12.8 13.9",
    "d": "M13 3v12M13 11.5a3.5 3.5 0 1 1-7 0a3.5 3.5 0 1 1 7 0",
    "e": "M6.5 11.5h7A3.5 3.5 0 1 0 12.5 14",
    "f": "M13.5 4.2A2.8 2.8 0 0 0 9 6.5V15M6.5 8.5h6",
    "g": "M13 11.5a3.5 3.5 0 1 1-7 0a3.5 3.5 0 1 1 7 0M13 8v8.5a3 3 0 0 1-5.5 1.7",
    "h": "M7 3v12M7 11a3 3 0 0 1 6 0v4",
    "1": "M7.5 6l3.5-2.5V15M7.5 15h7",
    "2": "M6.8 6.6A3.3 3.3 0 1 1 12.4 9.2L6.5 15h7",
    "3": "M7 3.5h6l-3.5 4.5A3.6 3.6 0 1 1 6.5 13.6",
    "4": "M12 15V3.5L6 11.5h8.5",
    "5": "M13 3.5H7.5L7 8.6A3.7 3.7 0 1 1 6.6 13.4",
    "6": "M12.8 4.2C9.5 2.5 6.5 5 6.5 11.5M13.5 11.5a3.5 3.5 0 1 1-7 0a3.5 3.5 0 1 1 7 0",
    "7": "M6.5 3.5h7L9 15",
    "8": "M12.8 6.3a2.8 2.8 0 1 1-5.6 0a2.8 2.8 0 1 1 5.6 0"
    "M13.2 11.8a3.2 3.2 0 1 1-6.4 0a3.2 3.2 0 1 1 6.4 0",
}
