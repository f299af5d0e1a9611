# Newer-Python idioms around python-chess objects: structural pattern matching on moves
# and pieces, dataclasses.asdict/replace for JSON rows, functools caches keyed by FEN,
# the walrus operator in move loops, typed helpers and enum lookups.
import dataclasses
import functools
import json
from typing import Optional

import chess


def describe(board: chess.Board, move: chess.Move) -> str:
    match move:
        case chess.Move(from_square=f, to_square=t, promotion=None) if board.is_castling(move):
            return f"castle {chess.square_name(f)}->{chess.square_name(t)}"
        case chess.Move(f, t, promo) if promo is not None:
            return f"promote to {chess.piece_name(promo)} on {chess.square_name(t)}"
        case chess.Move(f, t):
            match board.piece_at(f):
                case chess.Piece(piece_type=chess.PAWN, color=c):
                    return f"{'white' if c else 'black'} pawn {chess.square_name(f)}{chess.square_name(t)}"
                case chess.Piece(pt, c):
                    return f"{chess.piece_name(pt)} to {chess.square_name(t)}"
    return "?"


@functools.lru_cache(maxsize=None)
def mobility(fen: str) -> int:
    return chess.Board(fen).legal_moves.count()


def best_capture(board: chess.Board) -> Optional[chess.Move]:
    values = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
    best = None
    for move in board.generate_legal_captures():
        if (victim := board.piece_type_at(move.to_square)) is None:
            victim = chess.PAWN
        if best is None or values[victim] > best[0]:
            best = (values[victim], move)
    return best[1] if best else None


board = chess.Board("r3k2r/pP3ppp/8/3pP3/8/8/5PPP/R3K2R w KQkq d6 0 20")
for move in sorted(board.legal_moves, key=lambda m: (m.from_square, m.to_square, m.promotion or 0))[:12]:
    print(move.uci(), describe(board, move))
rows = [dataclasses.asdict(m) | {"san": board.san(m)} for m in list(board.legal_moves)[:4]]
print(json.dumps(rows))
print(dataclasses.replace(chess.Move.from_uci("b7a8q"), promotion=chess.KNIGHT), dataclasses.astuple(chess.Piece(chess.ROOK, chess.WHITE)))
print(best_capture(board), mobility(board.fen()), mobility(board.fen()), mobility.cache_info().hits)
print(chess.Termination["CHECKMATE"], chess.Termination(5).name, [t.name for t in chess.Termination][-3:])
print({f.name: f.type for f in dataclasses.fields(chess.Move)}, dataclasses.is_dataclass(chess.Piece))
