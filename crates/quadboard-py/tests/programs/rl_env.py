# A gym-style chess environment: action indices <-> moves (from*64+to, with under-promotion
# offsets), legal action masks, reward from outcome(), observation from the board, and
# steps that reject illegal actions, the way reinforcement-learning code wraps python-chess.
import random

import chess

PROMOS = [None, chess.KNIGHT, chess.BISHOP, chess.ROOK]


def encode(move):
    promo = 0 if move.promotion in (None, chess.QUEEN) else PROMOS.index(move.promotion)
    return promo * 4096 + move.from_square * 64 + move.to_square


def decode(board, action):
    promo, rest = divmod(action, 4096)
    frm, to = divmod(rest, 64)
    move = chess.Move(frm, to, PROMOS[promo])
    piece = board.piece_type_at(frm)
    if promo == 0 and piece == chess.PAWN and chess.square_rank(to) in (0, 7):
        move = chess.Move(frm, to, chess.QUEEN)
    return move


class ChessEnv:
    def __init__(self, fen=chess.STARTING_FEN, max_plies=60):
        self.start = fen
        self.max_plies = max_plies
        self.reset()

    def reset(self):
        self.board = chess.Board(self.start)
        return self.observe()

    def observe(self):
        obs = [0] * 64
        for sq, piece in self.board.piece_map().items():
            obs[sq] = piece.piece_type * (1 if piece.color == self.board.turn else -1)
        return tuple(obs), self.board.turn, self.board.castling_rights

    def legal_actions(self):
        return sorted(encode(m) for m in self.board.legal_moves)

    def step(self, action):
        move = decode(self.board, action)
        if not self.board.is_legal(move):
            return self.observe(), -1.0, True, {"illegal": move.uci()}
        mover = self.board.turn
        self.board.push(move)
        outcome = self.board.outcome(claim_draw=True)
        done = outcome is not None or self.board.ply() >= self.max_plies
        reward = 0.0
        if outcome is not None and outcome.winner is not None:
            reward = 1.0 if outcome.winner == mover else -1.0
        info = {"san": self.board.peek().uci(), "outcome": outcome.termination.name if outcome else None}
        return self.observe(), reward, done, info


rng = random.Random(11)
for fen in [chess.STARTING_FEN, "8/P6k/8/8/8/8/6Kp/8 w - - 0 1", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]:
    env = ChessEnv(fen, max_plies=40)
    total = 0.0
    done = False
    steps = 0
    while not done:
        actions = env.legal_actions()
        action = actions[rng.randrange(len(actions))] if steps % 7 else actions[-1]
        obs, reward, done, info = env.step(action)
        total += reward
        steps += 1
    print(steps, total, info, env.board.fen(), hash(obs[0]) == hash(env.observe()[0]))
    print(len(env.legal_actions()), env.legal_actions()[:5], sum(obs[0]))
env = ChessEnv("8/P6k/8/8/8/8/6Kp/8 w - - 0 1")
for action in [48 * 64 + 56, 4096 + 48 * 64 + 56, 3 * 4096 + 48 * 64 + 56, 12 * 64 + 28]:
    env.reset()
    print(action, decode(env.board, action), env.step(action)[1:])
print(encode(chess.Move.from_uci("a7a8n")), decode(chess.Board("8/P6k/8/8/8/8/6Kp/8 w - - 0 1"), 4096 + 48 * 64 + 56))
