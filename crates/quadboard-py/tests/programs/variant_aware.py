# Code written to work with any python-chess board class (variant-aware tools): the variant
# hooks and names of a standard board, starting_fen, the generator classes, SquareSet's
# named set methods, the two-step shifts and pseudo-legal captures and en passant.
import chess

board = chess.Board("rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
print(board.uci_variant, board.xboard_variant, board.starting_fen, board.aliases[:3], type(board).uci_variant)
print(board.is_variant_end(), board.is_variant_win(), board.is_variant_loss(), board.is_variant_draw())
print(board.one_king, board.connected_kings, board.captures_compulsory, board.tbw_suffix, board.tbz_suffix,
      board.tbw_magic, board.pawnless_tbw_suffix)
print(isinstance(board.legal_moves, chess.LegalMoveGenerator), isinstance(board.pseudo_legal_moves, chess.PseudoLegalMoveGenerator))
print([m.uci() for m in board.generate_pseudo_legal_captures()], [m.uci() for m in board.generate_pseudo_legal_ep()],
      [m.uci() for m in board.generate_legal_ep()])
white = chess.SquareSet(board.occupied_co[chess.WHITE])
centre = chess.SquareSet(chess.BB_CENTER | chess.BB_D6 | chess.BB_E6)
print(white.union(centre) == (white | centre), white.intersection(centre), white.difference(chess.BB_RANK_1).issubset(white),
      white.symmetric_difference(chess.BB_RANK_2))
s = chess.SquareSet(chess.BB_RANK_2)
s.intersection_update(chess.BB_FILE_A | chess.BB_FILE_H)
s.difference_update([chess.A2])
s.symmetric_difference_update(chess.SquareSet([chess.B2, chess.H2]))
print(s, list(s))
pawns = board.pawns & board.occupied_co[chess.WHITE]
print(chess.SquareSet(chess.shift_2_up(pawns)), chess.shift_2_left(pawns) == (pawns >> 2) & ~(chess.BB_FILE_G | chess.BB_FILE_H),
      chess.SquareSet(chess.shift_2_right(chess.BB_A1)), chess.shift_2_down(chess.BB_A3))
def outcome_text(b: chess.Board) -> str:
    if b.is_variant_end():
        return "variant"
    o = b.outcome()
    return o.result() if o else "*"
print(outcome_text(board), outcome_text(chess.Board("7k/5QQ1/8/8/8/8/8/K7 b - - 0 1")))
