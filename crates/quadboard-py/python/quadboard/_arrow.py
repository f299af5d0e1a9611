"""``Arrow``: an arrow or a marked square on a diagram, shared by ``quadboard.svg`` (which
draws it) and ``quadboard.pgn`` (whose ``[%cal]``/``[%csl]`` comment commands carry it)."""

from __future__ import annotations

from ._core import SQUARE_NAMES

# The four colours that the PGN comment commands can name, by their letter.
_COLOR_BY_LETTER = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}
_LETTER_BY_COLOR = {color: letter for letter, color in _COLOR_BY_LETTER.items()}


def _square(text: str, whole: str) -> int:
    try:
        return SQUARE_NAMES.index(text)
    except ValueError:
        raise ValueError(f"invalid arrow {whole!r}: {text!r} is not a square") from None


class Arrow:
    """An arrow from ``tail`` to ``head`` (one square: a marked square) in a colour.

    As python-chess's ``chess.svg.Arrow``: the colour is any SVG colour, and two arrows are
    equal only when they are the same object.
    """

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def pgn(self) -> str:
        """The arrow as PGN comments write it: ``Ge2e4``, or ``Re2`` for a square.

        Colours other than red, yellow and blue are written as green, the only letters the
        format has.
        """
        letter = _LETTER_BY_COLOR.get(self.color, "G")
        if self.tail == self.head:
            return f"{letter}{SQUARE_NAMES[self.tail]}"
        return f"{letter}{SQUARE_NAMES[self.tail]}{SQUARE_NAMES[self.head]}"

    @classmethod
    def from_pgn(cls, pgn: str) -> "Arrow":
        """Reads ``Ge2e4``, ``Re2`` or ``e2e4`` (no letter: green); ``ValueError`` otherwise."""
        color = _COLOR_BY_LETTER.get(pgn[:1])
        rest = pgn[1:] if color is not None else pgn
        if len(rest) not in (2, 4):
            raise ValueError(
                f"invalid arrow {pgn!r}: expected a colour letter (G, R, Y or B) and one or two squares"
            )
        tail = _square(rest[:2], pgn)
        head = _square(rest[2:], pgn) if len(rest) == 4 else tail
        return cls(tail, head, color=color or "green")

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        tail = SQUARE_NAMES[self.tail].upper()
        head = SQUARE_NAMES[self.head].upper()
        return f"Arrow({tail}, {head}, color={self.color!r})"
