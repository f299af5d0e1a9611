# Visitors over PGN text: count moves and comments without building trees, skip games,
# collect headers, and export through StringExporter and FileExporter, as database
# scripts do.
import io

import chess
import chess.pgn

PGN = """[Event "One"]
[White "A"]
[Black "B"]
[Result "1-0"]
[WhiteElo "2100"]

{Opening comment} 1. e4 $1 e5 2. Nf3 {develops} (2. f4 exf4 3. Nf3 (3. Bc4) g5) 2... Nc6 3. Bb5 a6 $2
4. Ba4 Nf6 5. O-O Be7 1-0

[Event "Two"]
[White "C"]
[Black "D"]
[Result "0-1"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 0-1

[Event "Three"]
[White "E"]
[Black "F"]
[Result "*"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]

1. e4 Kd7 2. e5 Ke6 3. Kf2 Kxe5 *
"""


class Stats(chess.pgn.BaseVisitor):
    def begin_game(self):
        self.moves = 0
        self.comments = []
        self.nags = []
        self.depth = 0
        self.max_depth = 0
        self.headers = {}

    def visit_header(self, tagname, tagvalue):
        self.headers[tagname] = tagvalue

    def visit_move(self, board, move):
        self.moves += 1
        if self.moves <= 3:
            print("  move", board.san(move), board.fen())

    def visit_comment(self, comment):
        self.comments.append(comment)

    def visit_nag(self, nag):
        self.nags.append(nag)

    def begin_variation(self):
        self.depth += 1
        self.max_depth = max(self.max_depth, self.depth)

    def end_variation(self):
        self.depth -= 1

    def visit_result(self, result):
        self.final = result

    def result(self):
        return (self.headers.get("Event"), self.moves, self.comments, self.nags, self.max_depth, self.final)


class MovesOnly(chess.pgn.BaseVisitor):
    def begin_game(self):
        self.sans = []

    def begin_variation(self):
        return chess.pgn.SKIP

    def visit_move(self, board, move):
        self.sans.append(board.san(move))

    def visit_board(self, board):
        self.last = board.fen()

    def result(self):
        return " ".join(self.sans), self.last


stream = io.StringIO(PGN)
while True:
    stats = chess.pgn.read_game(stream, Visitor=Stats)
    if stats is None:
        break
    print(stats)

stream = io.StringIO(PGN)
print(chess.pgn.read_game(stream, Visitor=MovesOnly))
print(chess.pgn.skip_game(stream))
print(chess.pgn.read_game(stream, Visitor=MovesOnly))
print(chess.pgn.skip_game(stream), chess.pgn.read_game(stream))

stream = io.StringIO(PGN)
offsets = []
while True:
    offset = stream.tell()
    headers = chess.pgn.read_headers(stream)
    if headers is None:
        break
    offsets.append((offset, headers["Event"], headers.get("FEN"), dict(headers)))
print(offsets)
stream.seek(offsets[2][0])
game = chess.pgn.read_game(stream)
print(game.headers["Event"], game.board().fen(), game.end().board().fen())

stream = io.StringIO(PGN)
game = chess.pgn.read_game(stream)
exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
print(game.accept(exporter))
buffer = io.StringIO()
file_exporter = chess.pgn.FileExporter(buffer)
written = game.accept(file_exporter)
print(written, len(buffer.getvalue()))
print(buffer.getvalue())
print(repr(game.accept(chess.pgn.StringExporter(columns=None, comments=False))))
game2 = chess.pgn.read_game(stream)
print(game2.accept(chess.pgn.StringExporter(variations=False, headers=False)))
print(game2.headers, repr(game2)[:5])
