# Programs that index or sample the move list depend on its order.
import random

import chess

rng = random.Random(8)
for start in [chess.STARTING_FEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
              "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"]:
    board = chess.Board(start)
    for _ in range(40):
        moves = list(board.legal_moves)
        if not moves:
            break
        print(moves[0], moves[-1], moves[len(moves) // 2])
        board.push(moves[rng.randrange(len(moves))])
    print(board.fen())
    print([m.uci() for m in board.pseudo_legal_moves][:10])
    print(list(board.generate_legal_moves(chess.BB_ALL, chess.BB_RANK_4 | chess.BB_RANK_5))[:10])
