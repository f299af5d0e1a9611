# Move ordering as small engines write it: checks first (mates cut the list), then
# captures by most valuable victim / least valuable attacker, then quiet moves.
import chess

PIECE_VALUES = {None: 0, chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330,
                chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 20000}


def mvv_lva(board, move):
    attacker = board.piece_at(move.from_square)
    victim = board.piece_at(move.to_square)
    if victim is None and board.is_en_passant(move):
        victim = chess.Piece(chess.PAWN, not board.turn)
    if victim:
        return 8 * PIECE_VALUES[victim.piece_type] - attacker.piece_type
    return 0


def order_moves(board):
    checks, captures, quiet = [], [], []
    for move in board.legal_moves:
        if board.gives_check(move):
            board.push(move)
            mate = board.is_checkmate()
            board.pop()
            if mate:
                return [move]
            checks.append(move)
        elif board.is_capture(move):
            captures.append(move)
        else:
            quiet.append(move)
    captures.sort(reverse=True, key=lambda m: mvv_lva(board, m))
    return checks + captures + quiet


def evaluate(board):
    score = 0
    for square, piece in board.piece_map().items():
        value = PIECE_VALUES[piece.piece_type] if piece.piece_type != chess.KING else 0
        score += value if piece.color == chess.WHITE else -value
    return score if board.turn == chess.WHITE else -score


def negamax(board, depth, alpha, beta, stats):
    stats["nodes"] += 1
    if board.is_checkmate():
        return -100000
    if board.is_stalemate() or board.is_insufficient_material():
        return 0
    if depth == 0:
        return evaluate(board)
    for move in order_moves(board):
        board.push(move)
        score = -negamax(board, depth - 1, -beta, -alpha, stats)
        board.pop()
        if score >= beta:
            stats["cutoffs"] += 1
            return beta
        alpha = max(alpha, score)
    return alpha


POSITIONS = [
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "2kr3r/ppp2ppp/2n5/2b1p3/4P1q1/2NP1N2/PPP2PPP/R1BQ1RK1 b - - 3 10",
]

for fen in POSITIONS:
    board = chess.Board(fen)
    ordered = order_moves(board)
    print(fen)
    print("  order:", " ".join(board.san(m) for m in ordered[:12]))
    print("  scores:", [mvv_lva(board, m) for m in ordered[:8]])
    best, best_score = None, -10 ** 9
    stats = {"nodes": 0, "cutoffs": 0}
    for move in ordered:
        board.push(move)
        score = -negamax(board, 1, -10 ** 9, 10 ** 9, stats)
        board.pop()
        if score > best_score:
            best, best_score = move, score
    print("  best:", board.san(best), best.uci(), best_score, stats)
