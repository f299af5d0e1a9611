# A small engine built on a Board subclass that counts nodes in push() and keeps a log,
# the way hobby engines instrument python-chess: alpha-beta to depth 2, the principal
# variation printed in SAN, node counts printed after each step (SAN and check tests
# included, as python-chess makes them through push and pop).
import chess

VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 320, chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 0}


class CountingBoard(chess.Board):
    nodes = 0

    def push(self, move):
        CountingBoard.nodes += 1
        super().push(move)


def evaluate(board):
    score = 0
    for piece_type, value in VALUES.items():
        score += value * (len(board.pieces(piece_type, chess.WHITE)) - len(board.pieces(piece_type, chess.BLACK)))
    return score if board.turn == chess.WHITE else -score


def ordered(board):
    return sorted(board.legal_moves, key=lambda m: (not board.is_capture(m), not board.gives_check(m), m.uci()))


def search(board, depth, alpha, beta):
    if depth == 0 or board.is_game_over():
        if board.is_checkmate():
            return -100000, []
        return evaluate(board), []
    best_line = []
    for move in ordered(board):
        board.push(move)
        score, line = search(board, depth - 1, -beta, -alpha)
        board.pop()
        score = -score
        if score > alpha:
            alpha, best_line = score, [move] + line
        if alpha >= beta:
            break
    return alpha, best_line


for fen in ["r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq d6 0 3"]:
    board = CountingBoard(fen)
    CountingBoard.nodes = 0
    score, line = search(board, 2, -10**9, 10**9)
    after_search = CountingBoard.nodes
    pv = board.variation_san(line) if False else " ".join(board.san(m) for m in line[:1])
    print(fen.split()[0], score, [m.uci() for m in line], pv, after_search, CountingBoard.nodes)
    first = line[0]
    print("  ", board.lan(first), board.gives_check(first), board.is_capture(first), CountingBoard.nodes)
    board.push_san(board.san(first))
    print("  ", board.fen(), CountingBoard.nodes, len(board.move_stack))
