# Chess960 game records: read games with X-FEN and Shredder-FEN castling, castle both
# ways, write moves in UCI as engines want them (chess960 on and off), build a game from a
# Chess960 board, and export everything back.
import io
import logging

import chess
import chess.pgn

PGN = """[Event "FRC"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]
[Result "*"]

9. g3 O-O 10. O-O Ne8 11. e4 *

[Event "FRC 2"]
[Variant "Fischerandom"]
[FEN "rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1"]
[Result "1/2-1/2"]

1. O-O-O O-O 2. Rd1 Rd8 1/2-1/2

[Event "Standard with odd castling"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]
[Result "*"]

1. O-O O-O-O 2. Rf7 *
"""

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
logging.getLogger("quadboard.pgn").setLevel(logging.CRITICAL)
stream = io.StringIO(PGN)
while (game := chess.pgn.read_game(stream)) is not None:
    board = game.board()
    print(game.headers["Event"], game.headers.get("Variant"), game.headers.is_chess960(), board.chess960,
          board.fen(), board.castling_xfen(), [str(e) for e in game.errors])
    for node in game.mainline():
        before = node.parent.board()
        move = node.move
        print("  ", node.san(), node.uci(), node.uci(chess960=True), node.uci(chess960=False),
              before.is_castling(move), before.is_kingside_castling(move), before.is_queenside_castling(move),
              move.uci(), node.board().fen(), node.board().castling_xfen())
    print(game.accept(chess.pgn.StringExporter(headers=False)))
    print(game.end().board().fen(shredder=True))

for number in (0, 100, 518, 959):
    board = chess.Board.from_chess960_pos(number)
    for _ in range(3):
        board.push(sorted(board.legal_moves, key=lambda m: m.uci())[-1])
    game = chess.pgn.Game.from_board(board)
    print(number, dict(game.headers), game.board().chess960, str(game.mainline_moves()))
    print(game)
    again = chess.pgn.read_game(io.StringIO(str(game)))
    print(again.board().fen() == game.board().fen(), again.end().board().fen(), again.errors)
