# A training-set builder: random self-play games, one row per position with the FEN,
# side to move, legal move count, material, and the game's result as the label.
import random

import chess

random.seed(20240611)
PIECES = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9, "k": 0}


def material_balance(board):
    total = 0
    for piece in board.piece_map().values():
        v = PIECES[piece.symbol().lower()]
        total += v if piece.color else -v
    return total


def play_random_game(max_plies=120):
    board = chess.Board()
    rows = []
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        moves = list(board.legal_moves)
        captures = [m for m in moves if board.is_capture(m)]
        move = random.choice(captures if captures and random.random() < 0.5 else moves)
        rows.append([board.fen(), int(board.turn), board.legal_moves.count(),
                     material_balance(board), board.san(move)])
        board.push(move)
    outcome = board.outcome(claim_draw=True)
    return board, rows, outcome


for game_index in range(6):
    board, rows, outcome = play_random_game()
    label = board.result(claim_draw=True)
    print(f"game {game_index}: {len(rows)} plies, result {label}, outcome {outcome}")
    if outcome is not None:
        print("  termination:", outcome.termination.name, "winner:", outcome.winner, outcome.result())
    for row in rows[::15]:
        print("  " + ",".join(str(x) for x in row + [label]))
    print("  final:", board.fen(), "check" if board.is_check() else "")
    print("  epd:", board.epd(hmvc=board.halfmove_clock, fmvn=board.fullmove_number))
