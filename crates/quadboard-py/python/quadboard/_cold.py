"""The cold parts of ``Board``, in Python over the compiled primitives: text diagrams, EPD,
transforms and pickling. The compiled ``Board`` forwards these methods here."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple

from ._core import UNICODE_PIECE_SYMBOLS, flip_vertical


def _unpickle_board(cls: Any, fen: str, ep_square: Any, castling_rights: int,
                    moves: List[str], chess960: bool, promoted: int = 0,
                    final: Any = None) -> Any:
    """Rebuilds a pickled board: the root position, then each move pushed again, then the
    attributes as they were (``final``: turn, castling rights, en passant square and
    counters, which a program may have assigned after the moves)."""
    from ._quadboard import Move

    board = cls(fen, chess960=chess960)
    board.ep_square = ep_square
    board.castling_rights = castling_rights
    board.promoted = promoted
    for uci in moves:
        board.push(Move.from_uci(uci))
    if final is not None:
        for name, value in zip(("turn", "castling_rights", "ep_square", "halfmove_clock",
                                "fullmove_number"), final):
            if getattr(board, name) != value:
                setattr(board, name, value)
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


def _operand_text(board: Any, opcode: str, value: Any) -> str:
    from ._quadboard import Move

    if value is None:
        return ""
    if isinstance(value, Move):
        return " " + board.san(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f' "{escaped}"'
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        moves = list(value)
        if opcode == "pv":
            line = board.copy(stack=False)
            sans = []
            for move in moves:
                sans.append(line.san(move))
                line.push(move)
            return "".join(" " + san for san in sans)
        return "".join(" " + san for san in sorted(board.san(move) for move in moves))
    return f" {value}"


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


def _tokens(text: str) -> List[Tuple[str, List[Tuple[bool, str]]]]:
    """EPD operations as (opcode, [(quoted, operand)]) pairs."""
    ops: List[Tuple[str, List[Tuple[bool, str]]]] = []
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t;":
            i += 1
        if i >= n:
            break
        start = i
        while i < n and text[i] not in " \t;":
            i += 1
        opcode = text[start:i]
        operands: List[Tuple[bool, str]] = []
        while i < n and text[i] != ";":
            if text[i] in " \t":
                i += 1
            elif text[i] == '"':
                i += 1
                chars = []
                while i < n and text[i] != '"':
                    if text[i] == "\\" and i + 1 < n:
                        i += 1
                    chars.append(text[i])
                    i += 1
                if i >= n:
                    raise ValueError(f"invalid epd: unterminated string in {text!r}")
                i += 1
                operands.append((True, "".join(chars)))
            else:
                start = i
                while i < n and text[i] not in " \t;":
                    i += 1
                operands.append((False, text[start:i]))
        i += 1
        ops.append((opcode, operands))
    return ops


def set_epd(board: Any, text: str) -> Dict[str, Any]:
    """Sets the position of an EPD line (counters from ``hmvc`` and ``fmvn``) and returns
    its operations: moves for ``bm``/``am``/``pv``, numbers, strings, or None."""
    parts = text.strip().rstrip(";").split(None, 4)
    if len(parts) < 4:
        raise ValueError(f"invalid epd: expected at least 4 fields: {text!r}")
    rest = parts[4] if len(parts) > 4 else ""
    ops: Dict[str, Any] = {}
    position = board.copy(stack=False)
    position.set_fen(" ".join(parts[:4]) + " 0 1")
    for opcode, operands in _tokens(rest):
        if not operands:
            ops[opcode] = None
        elif opcode in ("bm", "am"):
            ops[opcode] = [position.parse_san(tok) for _, tok in operands]
        elif opcode == "pv":
            line = position.copy(stack=False)
            moves = []
            for _, tok in operands:
                moves.append(line.push_san(tok))
            ops[opcode] = moves
        elif operands[0][0]:
            ops[opcode] = operands[0][1]
        else:
            tok = operands[0][1]
            try:
                ops[opcode] = int(tok)
            except ValueError:
                try:
                    ops[opcode] = float(tok)
                except ValueError:
                    ops[opcode] = tok
    hmvc = ops.get("hmvc", 0)
    fmvn = ops.get("fmvn", 1)
    board.set_fen(" ".join(parts[:4]) + f" {int(hmvc)} {int(fmvn)}")
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
