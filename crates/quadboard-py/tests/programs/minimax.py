# A small alpha-beta search on material, the way tutorials write one.
import chess

VALUES = [0, 1, 3, 3, 5, 9, 0]


def material(board):
    score = 0
    for piece_type in chess.PIECE_TYPES:
        score += VALUES[piece_type] * (len(board.pieces(piece_type, chess.WHITE)) - len(board.pieces(piece_type, chess.BLACK)))
    return score if board.turn else -score


def search(board, depth, alpha, beta):
    if board.is_checkmate():
        return -1000
    if depth == 0 or board.is_game_over():
        return material(board)
    best = -10000
    for move in board.legal_moves:
        board.push(move)
        score = -search(board, depth - 1, -beta, -alpha)
        board.pop()
        best = max(best, score)
        alpha = max(alpha, score)
        if alpha >= beta:
            break
    return best


for fen in ["r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]:
    board = chess.Board(fen)
    scored = []
    for move in board.legal_moves:
        board.push(move)
        scored.append((-search(board, 1, -10000, 10000), board.peek().uci()))
        board.pop()
    best = max(scored, key=lambda t: t[0])
    print(fen, best, board.lan(chess.Move.from_uci(best[1])))
