# A console game loop fed a script of user input: each line is tried as SAN, then UCI, and
# the error shown to the user is printed, as terminal chess programs do.
import chess

INPUT = ["e4", "e5", "Ke3", "Nf3", "nf6", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "Qd4",
         "O-O-O", "e1g1", "d8d4", "Qxe5+", "Be7", "Qxg7", "Bf6", "Qxh8", "Bxh8", "zz", "e9",
         "a1a1", "Nbd2", "d4", "", "Nd2", "Bb5+", "--", "Bg4", "e7e8q", "h2h4x", "b1", "Pe4",
         "Nc3,"]

board = chess.Board()
for text in INPUT:
    try:
        move = board.parse_san(text)
    except chess.IllegalMoveError as error:
        print(f"{text!r}: illegal: {error}")
        continue
    except chess.AmbiguousMoveError as error:
        print(f"{text!r}: ambiguous: {error}")
        continue
    except chess.InvalidMoveError as error:
        try:
            move = board.parse_uci(text)
        except ValueError as uci_error:
            print(f"{text!r}: {type(error).__name__}: {error} / {type(uci_error).__name__}: {uci_error}")
            continue
    san = board.san(move)
    board.push(move)
    print(f"{text!r}: played {san} -> {board.fen()}")
    if board.is_game_over():
        print("game over", board.result())
        break
try:
    board.push_san("Qh5")
except ValueError as error:
    print("ValueError", error)
try:
    board.push_uci("e2e4")
except ValueError as error:
    print("ValueError", error)
try:
    chess.Move.from_uci("e2e4e")
except ValueError as error:
    print("ValueError", error)
try:
    chess.Board().pop()
except IndexError as error:
    print("IndexError", error)
try:
    chess.Board().peek()
except IndexError as error:
    print("IndexError", error)
print(chess.Board().find_move(chess.G1, chess.F3))
try:
    chess.Board().find_move(chess.G1, chess.G3)
except chess.IllegalMoveError as error:
    print("IllegalMoveError", error)
