# Replaying lines as opening explorers and trainers do: SAN in and out, LAN, the whole
# line as variation_san from root(), peek/pop, copy(stack=n), repetition and draw claims.
import random

import chess

rng = random.Random(21)
for game in range(6):
    board = chess.Board()
    for _ in range(rng.randrange(6, 50)):
        moves = list(board.legal_moves)
        if not moves:
            break
        san = board.san(rng.choice(moves))
        board.push_san(san)
    root = board.root()
    print(game, root.variation_san(board.move_stack))
    print("  ", [board.lan(m) for m in board.legal_moves][:6], board.peek(), board.ply(), board.fullmove_number)
    short = board.copy(stack=3)
    print("  ", short.root().fen(), [m.uci() for m in short.move_stack])
    undone = [board.pop().uci() for _ in range(min(4, len(board.move_stack)))]
    print("  ", undone, board.fen())
    print("  ", board.is_repetition(2), board.can_claim_draw(), board.outcome(claim_draw=True), board.result())
# A repetition by knight shuffles, claimable and then automatic.
board = chess.Board()
for _ in range(4):
    for san in ("Nf3", "Nf6", "Ng1", "Ng8"):
        board.push_san(san)
        print(san, board.is_repetition(), board.can_claim_threefold_repetition(),
              board.is_fivefold_repetition(), board.is_game_over(claim_draw=True))
print(board.outcome(), board.outcome(claim_draw=True))
print(board.parse_san("e4"), board.parse_san("Nc3"), board.parse_uci("g1f3"))
