# An opening trainer: build a Polyglot book from a repertoire PGN, check a player's games
# against it (where each left the book, the book's choices there), annotate the games
# with [%cal] arrows of the book moves and NAGs on the deviations, and render the
# deviation positions as SVG with the same arrows.
import io
import os
import struct
import tempfile
import xml.etree.ElementTree as ET

import chess
import chess.pgn
import chess.polyglot
import chess.svg

REPERTOIRE = """[Event "Repertoire"]

1. e4 e5 (1... c5 2. Nf3 d6 (2... Nc6 3. d4) 3. d4) (1... e6 2. d4 d5 3. Nc3) 2. Nf3 Nc6
(2... Nf6 3. Nxe5) 3. Bb5 a6 4. Ba4 *
"""

GAMES = """[Event "Club"]
[White "Student"]
[Black "Opponent"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 1-0

[Event "Club"]
[White "Student"]
[Black "Opponent"]
[Result "0-1"]

1. e4 c5 2. Nf3 d6 3. Bb5+ Bd7 0-1

[Event "Club"]
[White "Student"]
[Black "Opponent"]
[Result "1/2-1/2"]

1. e4 e6 2. d4 d5 3. Nc3 Bb4 4. e5 c5 1/2-1/2
"""


def raw_move(board, move):
    to = move.to_square
    if board.is_castling(move):
        to = chess.square(7 if board.is_kingside_castling(move) else 0, chess.square_rank(move.from_square))
    return to | move.from_square << 6 | (move.promotion - 1 if move.promotion else 0) << 12


entries = {}
repertoire = chess.pgn.read_game(io.StringIO(REPERTOIRE))
stack = [repertoire]
while stack:
    node = stack.pop()
    board = node.board()
    for rank, child in enumerate(node.variations):
        key = (chess.polyglot.zobrist_hash(board), raw_move(board, child.move))
        entries[key] = max(entries.get(key, 0), 100 - 30 * rank)
        stack.append(child)
path = os.path.join(tempfile.mkdtemp(), "repertoire.bin")
with open(path, "wb") as f:
    for (key, raw), weight in sorted(entries.items()):
        f.write(struct.pack(">QHHI", key, raw, weight, 0))
print(len(entries), "book entries")

NS = "{http://www.w3.org/2000/svg}"
with chess.polyglot.open_reader(path) as reader:
    stream = io.StringIO(GAMES)
    while (game := chess.pgn.read_game(stream)) is not None:
        left = None
        for node in game.mainline():
            before = node.parent.board()
            book = list(reader.find_all(before))
            if not book:
                left = left or (node.ply(), "out of book")
                break
            if not any(e.move == node.move for e in book):
                left = (node.ply(), node.san())
                node.nags.add(chess.pgn.NAG_DUBIOUS_MOVE)
                node.parent.set_arrows([chess.svg.Arrow(e.move.from_square, e.move.to_square, color="green" if i == 0 else "yellow")
                                        for i, e in enumerate(sorted(book, key=lambda e: -e.weight))])
                node.comment = "book: " + ", ".join(f"{before.san(e.move)} ({e.weight})" for e in book)
                svg = chess.svg.board(before, arrows=node.parent.arrows(), lastmove=node.parent.move, size=240)
                root = ET.fromstring(svg)
                print("  svg", root.get("width"), sorted({e.get("class") for e in root.iter() if e.get("class") in ("arrow", "circle")}),
                      sum(1 for e in root.iter() if e.get("class") == "arrow") // 2, len(root.findall(f"{NS}use")))
                break
        print(game.headers["Result"], left, [e.move.uci() for e in reader.find_all(game.end().board())])
        print(game.accept(chess.pgn.StringExporter(headers=False, columns=70)))
        print([(a.color, chess.square_name(a.tail), chess.square_name(a.head)) for n in game.mainline() for a in n.arrows()])
