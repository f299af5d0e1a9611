"""The cold parts of ``Board``, in Python over the compiled primitives: text diagrams, EPD,
transforms and pickling. The compiled ``Board`` forwards these methods here."""

from __future__ import annotations

import math
from typing import Any, Callable, Dict, List

from ._core import UNICODE_PIECE_SYMBOLS, flip_vertical


_ATTRIBUTES = ("turn", "castling_rights", "ep_square", "halfmove_clock", "fullmove_number")


def _assign(board: Any, values: Any) -> None:
    # Only what differs: an assignment is an edit (and marks the board as edited).
    for name, value in zip(_ATTRIBUTES, values):
        if getattr(board, name) != value:
            setattr(board, name, value)


def _unpickle_board(cls: Any, fen: str, ep_square: Any, castling_rights: int,
                    moves: List[str], chess960: bool, promoted: int = 0,
                    final: Any = None, befores: Any = None) -> Any:
    """Rebuilds a pickled board: the root position, then each move pushed again, then the
    attributes as they were (``final``: turn, castling rights, en passant square and
    counters, which a program may have assigned after the moves; ``befores``: the same
    before each move, where one was assigned between moves)."""
    from ._quadboard import Board, Move

    board = cls(fen, chess960=chess960)
    board.ep_square = ep_square
    board.castling_rights = castling_rights
    board.promoted = promoted
    for index, uci in enumerate(moves):
        if befores is not None:
            _assign(board, befores[index])
        # The compiled push, not a subclass's: python-chess's pickles replay nothing, so a
        # subclass's push (which may log or count) must not see these moves.
        Board.push(board, Move.from_uci(uci))
    if final is not None:
        _assign(board, final)
    return board


def unicode(board: Any, invert_color: bool, borders: bool, empty_square: str,
            orientation: bool) -> str:
    """The board in chess figurines, rank 8 first from white's side (or rank 1 first with
    ``orientation=False``), optionally framed with rank and file labels."""
    ranks = range(7, -1, -1) if orientation else range(8)
    files = range(8) if orientation else range(7, -1, -1)
    rule = "  " + "-" * 17
    lines: List[str] = []
    for rank in ranks:
        if borders:
            lines.append(rule)
        cells = []
        for file in files:
            piece = board.piece_at(rank * 8 + file)
            cells.append(piece.unicode_symbol(invert_color=invert_color) if piece else empty_square)
        if borders:
            lines.append(f"{rank + 1} |" + "|".join(cells) + "|")
        else:
            lines.append(" ".join(cells))
    if borders:
        lines.append(rule)
        lines.append("   " + " ".join("abcdefgh"[f] for f in files))
    return "\n".join(lines)


# Characters of an EPD string operand written with a backslash (python-chess's escapes).
_EPD_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\r": "\\r", "\n": "\\n", '"': '\\"'})


def _operand_text(board: Any, opcode: str, value: Any) -> str:
    # python-chess's order of cases: no operand, a move in SAN, a number as Python writes
    # it (True is the int 1 and writes "True"), a line of moves for pv, a set of moves for
    # am and bm (sorted SAN), and anything else as the quoted text of str(value).
    from ._quadboard import Move

    if value is None:
        return ""
    if isinstance(value, Move):
        return " " + board.san(value)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"epd operand {opcode}={value!r}: a number must be finite")
    if isinstance(value, (int, float)):
        return f" {value}"
    iterable = not isinstance(value, str) and hasattr(value, "__iter__")
    if opcode == "pv" and iterable:
        line = board.copy(stack=False)
        return "".join(" " + line.san_and_push(move) for move in value)
    if opcode in ("am", "bm") and iterable:
        return "".join(" " + san for san in sorted(board.san(move) for move in value))
    return ' "' + str(value).translate(_EPD_ESCAPES) + '"'


def epd(board: Any, shredder: bool, en_passant: str, operations: Dict[str, Any],
        promoted: bool = False) -> str:
    """The board as EPD: the first four FEN fields, then each operation as
    ``opcode operands;`` (moves in SAN, ``pv`` as a line played on, strings quoted)."""
    fields = board.fen(shredder=shredder, en_passant=en_passant, promoted=promoted).split(" ")[:4]
    text = " ".join(fields)
    if not operations:
        return text
    parts = [f"{opcode}{_operand_text(board, opcode, value)};" for opcode, value in operations.items()]
    return text + " " + " ".join(parts)


_EPD_SPACE = " \t\r\n"
# The escapes python-chess reads in a quoted operand; any other escaped character stands
# for itself (a quote, a backslash).
_EPD_UNESCAPES = {"r": "\r", "n": "\n", "t": "\t"}
_MOVE_LISTS = ("pv", "am", "bm")


def _epd_operations(text: str, make_board: Callable[[], Any]) -> Dict[str, Any]:
    """The operations of an EPD line's fifth field, read as python-chess reads them: an
    opcode alone is None (an empty list for ``pv``, ``am``, ``bm``); a quoted operand is a
    string (backslash escapes, up to the closing quote or the end); one that starts like a
    number is the int or float of everything up to the semicolon; any other is read with
    ``parse_xboard`` on ``make_board()``: a line for ``pv``, a list for ``am``/``bm``, one
    move otherwise. Bad numbers and moves raise ``ValueError`` (python-chess's classes)."""
    ops: Dict[str, Any] = {}
    board = None
    i, n = 0, len(text)
    while i < n:
        # An opcode: everything up to whitespace or a semicolon ("-" names nothing).
        start = i
        while i < n and text[i] not in _EPD_SPACE and text[i] != ";":
            i += 1
        opcode = text[start:i]
        if opcode in ("", "-"):
            i += 1
            continue
        # python-chess checks an opcode only when an operand may follow (whitespace).
        if i < n and text[i] in _EPD_SPACE and not opcode[0].isalpha():
            raise ValueError(f"expected epd opcode to start with a letter, got: {opcode!r}")
        while i < n and text[i] in _EPD_SPACE:
            i += 1
        if i >= n or text[i] == ";":
            ops[opcode] = [] if opcode in _MOVE_LISTS else None
            i += 1
            continue
        if text[i] == '"':
            # A string ends at its closing quote: what follows starts the next opcode.
            i += 1
            chars: List[str] = []
            while i < n and text[i] != '"':
                if text[i] == "\\":
                    i += 1
                    if i >= n:
                        break
                    chars.append(_EPD_UNESCAPES.get(text[i], text[i]))
                    i += 1
                    continue
                chars.append(text[i])
                i += 1
            ops[opcode] = "".join(chars)
            i += 1
            continue
        end = text.find(";", i)
        end = n if end < 0 else end
        operand, i = text[i:end], end + 1
        if operand[0] in "+-.0123456789":
            if any(c in operand for c in ".eE"):
                number = float(operand)
                if not math.isfinite(number):
                    raise ValueError(f"invalid epd operand {opcode} {operand!r}: not finite")
                ops[opcode] = number
            else:
                ops[opcode] = int(operand)
            continue
        if board is None:
            board = make_board()
        if opcode == "pv":
            line = board.copy(stack=False)
            ops[opcode] = [line.push_xboard(token) for token in operand.split()]
        elif opcode in ("am", "bm"):
            ops[opcode] = [board.parse_xboard(token) for token in operand.split()]
        else:
            ops[opcode] = board.parse_xboard(operand)
    return ops


def set_epd(board: Any, text: str) -> Dict[str, Any]:
    """Sets the position of an EPD line (counters from ``hmvc`` and ``fmvn``, written into
    the FEN as they were read) and returns its operations (see ``_epd_operations``)."""
    parts = text.strip().rstrip(";").split(None, 4)
    if len(parts) <= 4:
        board.set_fen(text)
        return {}
    fields = parts[:4]
    ops = _epd_operations(parts[4], lambda: type(board)(" ".join(fields) + " 0 1"))
    halfmoves = str(ops["hmvc"]) if "hmvc" in ops else "0"
    fullmoves = str(ops["fmvn"]) if "fmvn" in ops else "1"
    board.set_fen(" ".join(fields + [halfmoves, fullmoves]))
    return ops


def transform(board: Any, f: Callable[[int], int]) -> Any:
    """A copy of the board with ``f`` applied to every piece mask, the castling rights and
    the en passant square (the stack is not kept)."""
    from ._core import Piece

    result = board.copy(stack=False)
    pieces: Dict[int, Any] = {}
    for color in (True, False):
        for piece_type in range(1, 7):
            mask = f(board.pieces_mask(piece_type, color))
            while mask:
                low = mask & -mask
                pieces[low.bit_length() - 1] = Piece(piece_type, color)
                mask ^= low
    turn, halfmoves, fullmoves = board.turn, board.halfmove_clock, board.fullmove_number
    result.set_piece_map(pieces)
    result.turn = turn
    result.castling_rights = f(board.castling_rights)
    ep = board.ep_square
    if ep is not None:
        moved = f(1 << ep)
        ep = moved.bit_length() - 1 if moved else None
    result.ep_square = ep
    result.halfmove_clock = halfmoves
    result.fullmove_number = fullmoves
    result.promoted = f(board.promoted)
    return result


__all__ = ["epd", "flip_vertical", "set_epd", "transform", "unicode"]
