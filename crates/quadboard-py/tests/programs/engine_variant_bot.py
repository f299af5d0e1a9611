# A lichess-bot-like loop on variant boards: the engine (Fairy-Stockfish, UCI_Variant)
# plays each variant against itself from the start for a few moves at a node limit,
# printing each move in SAN with the score it gave; a crazyhouse game that drops, an
# analysis with two lines at the end, and the variant the engine lacks (atomic) refused.
import os
import sys

import chess
import chess.engine
import chess.variant

FAIRY = "/usr/games/fairy-stockfish"
if not os.access(FAIRY, os.X_OK):
    print("no fairy-stockfish")
    sys.exit(0)

VARIANTS = [chess.variant.CrazyhouseBoard, chess.variant.ThreeCheckBoard, chess.variant.AntichessBoard,
            chess.variant.HordeBoard, chess.variant.KingOfTheHillBoard, chess.variant.RacingKingsBoard,
            chess.variant.AtomicBoard]

with chess.engine.SimpleEngine.popen_uci(FAIRY) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    for game_id, cls in enumerate(VARIANTS):
        board = cls()
        print(cls.uci_variant, board.fen())
        try:
            while len(board.move_stack) < 12 and not board.is_game_over():
                result = engine.play(board, chess.engine.Limit(nodes=1500), info=chess.engine.Info.SCORE,
                                     game=game_id)
                score = result.info.get("score")
                print(f"  {board.san(result.move):8} {result.move.uci():6} "
                      f"{score.white() if score else None} ponder={result.ponder}")
                board.push(result.move)
        except chess.engine.EngineError as error:
            print("  refused:", error)
            continue
        print("  ->", board.fen(), board.result())
        lines = engine.analyse(board, chess.engine.Limit(nodes=2000), multipv=2, game=game_id)
        for line in lines:
            pv = line.get("pv", [])
            print("  line", line.get("multipv"), line.get("score"), board.variation_san(pv[:4]) if pv else "-")
    # Crazyhouse with pieces in hand: the engine drops.
    board = chess.variant.CrazyhouseBoard("r1bqkbnr/ppp2ppp/2n5/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 4")
    for _ in range(6):
        result = engine.play(board, chess.engine.Limit(nodes=3000), game="zh")
        print("  zh", board.san(result.move), "drop" if result.move.drop else "", board.pockets)
        board.push(result.move)
    print("  zh ->", board.fen())
