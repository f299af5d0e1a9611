# Error texts that interactive programs print when move input fails: parse_san, push_san,
# push_uci, parse_uci, from_uci, Move/Piece/square parsing, set_fen; each exception class.
import chess

board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 3 3")
for text in ["Nf6", "Nge7", "Ne7", "Nxe4", "Ke7", "O-O", "e4", "exd4", "Zz9", "", "nf6", "Bb4+", "Bb4#",
             "a8=Q", "Qh4??", "g6!", "Nf6x", "0-0", "--", "Nce7", "N8e7", "e5e4", "@e4", "d5d4", "Kf9"]:
    try:
        move = board.parse_san(text)
        print(repr(text), "->", move.uci())
    except chess.AmbiguousMoveError as err:
        print(repr(text), "ambiguous:", err)
    except chess.IllegalMoveError as err:
        print(repr(text), "illegal:", err)
    except chess.InvalidMoveError as err:
        print(repr(text), "invalid:", err)
    except ValueError as err:
        print(repr(text), "value:", err)
for text in ["e7e5", "g8f6", "e2e4", "e7e5x", "a1a1", "0000", "e8g8", "h7h8q", "E7E5", "g8f6n", "e2"]:
    try:
        board.push_uci(text)
        print(text, "pushed", board.peek())
        board.pop()
    except chess.IllegalMoveError as err:
        print(text, "illegal:", type(err).__name__, err)
    except chess.InvalidMoveError as err:
        print(text, "invalid:", type(err).__name__, err)
for text in ["e2e4", "e2e4q", "e7e8n", "a9a1", "xyz", "e2e4 ", "E2E4"]:
    try:
        print(text, chess.Move.from_uci(text))
    except chess.InvalidMoveError as err:
        print(text, "invalid:", err, isinstance(err, ValueError))
for fen in ["8/8/8/8/8/8/8/8 x - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "too short"]:
    try:
        chess.Board(fen)
    except ValueError as err:
        print("fen:", err)
for name in ["e9", "i1", "E4", "e4"]:
    try:
        print(chess.parse_square(name))
    except ValueError as err:
        print("square:", err)
for sym in ["X", "", "Kk"]:
    try:
        chess.Piece.from_symbol(sym)
    except (ValueError, KeyError, IndexError) as err:
        print("piece:", type(err).__name__, err)
print(issubclass(chess.IllegalMoveError, ValueError), issubclass(chess.AmbiguousMoveError, ValueError),
      chess.IllegalMoveError.__mro__[1].__name__)
try:
    board.push_san("Qxh7")
except ValueError as err:
    print(type(err).__name__, err.args)
try:
    board.find_move(chess.E1, chess.E2)
except chess.IllegalMoveError as err:
    print("find_move:", err)
