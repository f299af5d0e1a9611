# Perft in Python, as people check a move generator.
import chess


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


for fen, depth in [(chess.STARTING_FEN, 3), ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2),
                   ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3)]:
    board = chess.Board(fen)
    print(fen, perft(board, depth))
    divide = {}
    for move in board.legal_moves:
        board.push(move)
        divide[move.uci()] = board.legal_moves.count()
        board.pop()
    print(list(divide.items())[:8])
