# A TuroChamp-style one-ply evaluator: mobility from attacks(), defenders counted with
# len(list(attackers())), king safety by putting a queen on the king's square of a copy.
import math

import chess

ME = chess.WHITE


def positional(b):
    value = 0.0
    for i in range(64):
        m = b.piece_at(i)
        if m and m.piece_type in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT) and m.color == ME:
            moves, captures = 0, 0
            for s in b.attacks(i):
                e = b.piece_at(s)
                if not e:
                    moves += 1
                elif e.color != ME:
                    captures += 2
            value += math.sqrt(moves + captures)
            if m.piece_type not in (chess.QUEEN, chess.KING):
                defenders = len(list(b.attackers(ME, i)))
                value += 1 if defenders == 1 else 0.5 if defenders > 1 else 0
            if m.piece_type == chess.KING:
                probe = chess.Board(b.fen())
                probe.set_piece_at(i, chess.Piece(chess.QUEEN, ME))
                exposed = sum(1 for s in probe.attacks(i) if not probe.piece_at(s))
                value -= math.sqrt(exposed)
        if m and m.piece_type == chess.PAWN and m.color == ME:
            value += 0.2 * (i // 8 - 1)
            if len(list(b.attackers(ME, i))):
                value += 0.3
    if b.is_check():
        value += 0.5
    return value


for fen in [chess.STARTING_FEN,
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]:
    b = chess.Board(fen)
    scores = []
    for move in b.legal_moves:
        b.push(move)
        mates = 0
        for reply in b.legal_moves:
            b.push(reply)
            mates += b.is_checkmate()
            b.pop()
        scores.append((round(positional(b) - mates, 3), b.peek().uci()))
        b.pop()
    scores.sort(reverse=True)
    print(fen.split()[0], scores[:5], len(scores))
