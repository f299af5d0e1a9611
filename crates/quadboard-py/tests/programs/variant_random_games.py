# Seeded random games of the lichess variants, as a self-play harness or data generator
# writes them: moves sorted by UCI for a reproducible choice, the FEN every ten plies, the
# ending with its termination, the variant's own end tests and the result.
import random

import chess
import chess.variant

for name in ["kingofthehill", "3check", "crazyhouse", "racingkings", "antichess"]:
    cls = chess.variant.find_variant(name)
    rng = random.Random(name)
    for game in range(3):
        board = cls()
        while not board.is_game_over() and board.ply() < 160:
            moves = sorted(board.legal_moves, key=lambda m: m.uci())
            board.push(rng.choice(moves))
            if board.ply() % 10 == 0:
                print(cls.__name__, game, board.ply(), board.fen())
        outcome = board.outcome()
        print(cls.uci_variant, game, len(board.move_stack), board.result(),
              outcome.termination.name if outcome else None,
              outcome.winner if outcome else None,
              board.is_variant_end(), board.is_variant_win(), board.is_variant_loss(),
              board.is_variant_draw(), board.is_check(), board.is_insufficient_material())
        # Back to the start, checking the takebacks.
        fens = []
        while board.move_stack:
            board.pop()
            fens.append(board.fen())
        print(fens[-1] == cls.starting_fen, len(set(fens)))
