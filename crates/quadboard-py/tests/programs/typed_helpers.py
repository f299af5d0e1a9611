# Typed helpers as engine and tool code writes them: annotations with python-chess's type
# names (evaluated when each function is defined), sliding attacks looked up in the
# BB_*_ATTACKS tables, moves read with SAN_REGEX, and a game walked with chess.pgn types.
import io
from typing import Dict, List, Optional

import chess
import chess.pgn


def slider_attacks(square: chess.Square, occupied: chess.Bitboard) -> chess.Bitboard:
    return (chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied]
            | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied]
            | chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied])


def material(board: chess.Board, color: chess.Color) -> Dict[chess.PieceType, int]:
    return {pt: len(board.pieces(pt, color)) for pt in chess.PIECE_TYPES}


def san_parts(text: str) -> Optional[List[Optional[str]]]:
    match = chess.SAN_REGEX.match(text)
    return list(match.groups()) if match else None


def mobility(board: chess.Board, color: chess.Color) -> int:
    total = 0
    for square in board.pieces(chess.QUEEN, color) | board.pieces(chess.ROOK, color):
        total += chess.popcount(slider_attacks(square, board.occupied) & ~board.occupied_co[color])
    return total


PGN = """[Event "Typed"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O
9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 *
"""


def walk(game: chess.pgn.Game) -> None:
    node: chess.pgn.GameNode = game
    while node.variations:
        node = node.variations[0]
        board = node.board()
        white, black = material(board, chess.WHITE), material(board, chess.BLACK)
        print(board.ply(), node.san(), san_parts(node.san()),
              mobility(board, chess.WHITE), mobility(board, chess.BLACK),
              sum(white.values()), sum(black.values()))


walk(chess.pgn.read_game(io.StringIO(PGN)))
for text in ["Nbd7", "exd5", "e8=Q+", "O-O", "Qh4xe1#", "a1", "Kxf7"]:
    print(text, san_parts(text))
board = chess.Board()
for square in [chess.A1, chess.D1, chess.E4, chess.H8]:
    print(chess.square_name(square), chess.SquareSet(slider_attacks(square, board.occupied)))
print(chess.FEN_CASTLING_REGEX.match("KQkq") is not None, chess.FEN_CASTLING_REGEX.match("KQkqX"))
