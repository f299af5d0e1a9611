# A GUI's variant menu: every board class with its names, UCI and XBoard names, start
# position, tablebase suffixes and rules flags; find_variant on user input; Move objects
# for drops and king promotions, as a move parser builds them.
import chess
import chess.variant

for cls in chess.variant.VARIANTS:
    print(cls.__name__, cls.uci_variant, cls.xboard_variant, cls.aliases, cls.starting_fen)
    print("  ", cls.tbw_suffix, cls.tbz_suffix, cls.tbw_magic, cls.pawnless_tbw_suffix,
          cls.connected_kings, cls.one_king, cls.captures_compulsory, issubclass(cls, chess.Board))
for text in ["koth", "ZH", "three check", "Racing", "anti", "Atomic", "horde", "chess", "shogi"]:
    try:
        print(text, "->", chess.variant.find_variant(text).__name__)
    except ValueError as error:
        print(text, "->", error)
for move in [chess.Move.from_uci("P@e4"), chess.Move.from_uci("q@d5"), chess.Move(chess.B7, chess.B8, chess.KING),
             chess.Move(chess.C3, chess.C3, drop=chess.KNIGHT), chess.Move.from_uci("e7e8k")]:
    print(repr(move), move.uci(), move.from_square, move.to_square, move.promotion, move.drop, bool(move),
          move == chess.Move.from_uci(move.uci()), hash(move) == hash(chess.Move.from_uci(move.uci())))
pocket = chess.variant.CrazyhousePocket("qppn")
pocket.add(chess.ROOK)
pocket.remove(chess.PAWN)
print(repr(pocket), str(pocket), len(pocket), pocket.count(chess.PAWN), repr(pocket.copy()))
for cls in [chess.variant.KingOfTheHillBoard, chess.variant.RacingKingsBoard, chess.variant.ThreeCheckBoard,
            chess.variant.CrazyhouseBoard, chess.variant.AntichessBoard]:
    board = cls()
    print(cls.__name__, board.fen() == cls.starting_fen, board.legal_moves.count(), board.is_check(),
          board.piece_at(chess.E1), board.king(chess.WHITE), len(board.piece_map()), board.board_fen())
