# A move-entry front end: a user types moves in whatever notation (SAN variants, UCI,
# xboard, castling as 0-0), the program tries each parser in turn and prints what it did
# or the error it caught, as console and chat-bot games do.
import chess

INPUTS = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "0-0", "Be7", "Re1", "b5",
          "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5",
          "Nc3", "Bb7", "Bg5", "b4", "Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7",
          "exd6", "Qf6", "Nbd2", "Nxd6", "Nc4", "Nxc4", "Bxc4", "Nb6", "Ne5", "Rae8", "Bxf7+",
          "Rxf7", "Nxf7", "Rxe1+", "Qxe1", "Kxf7", "Qe3", "Qg5", "Qxg5", "hxg5", "b3", "Ke6",
          "a3", "Kd6", "axb4", "cxb4", "Ra5", "Nd5", "f3", "Bc8", "Kf2", "Bf5", "Ra7", "g6",
          "Ra6+", "Kc5", "Ke1", "Nf4", "g3", "Nxh3", "Kd2", "Kb5", "Rd6", "Kc5", "Ra6", "Nf2",
          "g4", "Bd3", "Re6"]
BAD = ["", "e9", "Nf9", "Zf3", "exd9", "Kxe4", "Qd1", "O-O-O-O", "e8=Q", "e2e4", "a1a1",
       "P@e4", "--", "Nd7+", "N7d5", "h8=K", "1-0", "e4!!", "Rd1", "Bc4", "0000", "g1h3"]


def enter(board, text):
    for name, parser in (("san", board.parse_san), ("uci", board.parse_uci)):
        try:
            move = parser(text)
        except chess.IllegalMoveError as err:
            return f"{name} illegal: {err}"
        except chess.AmbiguousMoveError as err:
            return f"{name} ambiguous: {err}"
        except chess.InvalidMoveError:
            continue
        san = board.san(move)
        board.push(move)
        return f"{name} {move.uci()} {san}"
    return "not a move"


board = chess.Board()
for text in INPUTS:
    print(f"{text:6} -> {enter(board, text)}")
print(board.fen())
for text in BAD:
    probe = board.copy()
    print(f"{text!r:12} -> {enter(probe, text)} {len(probe.move_stack) - len(board.move_stack)}")
    for name, method in (("parse_san", board.parse_san), ("parse_uci", board.parse_uci), ("push_xboard", board.push_xboard)):
        try:
            result = method(text) if name != "push_xboard" else board.copy().push_xboard(text)
            print("   ", name, result, bool(result))
        except ValueError as err:
            print("   ", name, type(err).__name__, type(err).__mro__[1].__name__, err)
game_moves = board.move_stack
print(chess.Board().variation_san(game_moves)[:120])
print(len(game_moves), board.ply(), board.root().fen() == chess.STARTING_FEN)
for text in ["0-0", "O-O", "0-0-0", "Kg1", "e1g1", "e1h1"]:
    b = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    try:
        m = b.parse_san(text)
        print(text, m, b.san(m), b.is_castling(m), b.is_kingside_castling(m))
    except ValueError as err:
        print(text, type(err).__name__, err)
    try:
        m = b.parse_uci(text)
        print(text, m, b.san(m), b.uci(m), b.uci(m, chess960=True))
    except ValueError as err:
        print(text, type(err).__name__, err)
