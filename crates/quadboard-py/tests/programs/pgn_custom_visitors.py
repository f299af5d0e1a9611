# Custom visitors as database tools write them: a strict GameBuilder that stops on the
# first error, a headers filter that skips games by rating, a visitor that collects
# positions (visit_board) and SAN it parses itself (parse_san), a callback-order tracer,
# and the library's HeadersBuilder/BoardBuilder/SkipVisitor.
import io
import logging

import chess
import chess.pgn

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
logging.getLogger("quadboard.pgn").setLevel(logging.CRITICAL)

PGN = """[Event "G1"]
[White "a"]
[Black "b"]
[WhiteElo "2400"]
[BlackElo "2350"]
[Result "1-0"]

{ start } 1. e4 e5 2. Nf3 $1 ( 2. Bc4 { bishop } Nf6 ) 2... Nc6 3. Bb5 { Ruy } 1-0

[Event "G2"]
[White "c"]
[Black "d"]
[WhiteElo "1500"]
[BlackElo "1450"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "G3"]
[White "e"]
[Black "f"]
[WhiteElo "2600"]
[Result "*"]

1. d4 d5 2. Qxd5 Nf6 3. c4 *

[Event "G4"]
[White "g"]
[Black "h"]
[WhiteElo "2450"]
[BlackElo "2500"]
[Result "1/2-1/2"]

1. c4 c5 2. Nc3 Nc6 3. g3 g6 1/2-1/2
"""


class StrictBuilder(chess.pgn.GameBuilder):
    def handle_error(self, error):
        raise error


class Tracer(chess.pgn.BaseVisitor):
    def begin_game(self):
        self.events = ["begin_game"]

    def begin_headers(self):
        self.events.append("begin_headers")

    def visit_header(self, name, value):
        self.events.append(f"header:{name}")

    def end_headers(self):
        self.events.append("end_headers")

    def visit_move(self, board, move):
        self.events.append(f"move:{board.san(move)}")

    def visit_board(self, board):
        self.events.append(f"board:{board.ply()}")

    def visit_comment(self, comment):
        self.events.append(f"comment:{comment}")

    def visit_nag(self, nag):
        self.events.append(f"nag:{nag}")

    def begin_variation(self):
        self.events.append("(")

    def end_variation(self):
        self.events.append(")")

    def visit_result(self, result):
        self.events.append(f"result:{result}")

    def end_game(self):
        self.events.append("end_game")

    def result(self):
        return self.events


class StrongGames(chess.pgn.BaseVisitor):
    """Skips the movetext of games under 2000 on either side."""

    def begin_game(self):
        self.headers = chess.pgn.Headers()
        self.skipped = False
        self.fens = []

    def visit_header(self, name, value):
        self.headers[name] = value

    def end_headers(self):
        elos = [self.headers.get("WhiteElo", "0"), self.headers.get("BlackElo", "0")]
        if min(int(e) for e in elos) < 2000:
            self.skipped = True
            return chess.pgn.SKIP

    def begin_variation(self):
        return chess.pgn.SKIP

    def visit_board(self, board):
        self.fens.append(board.board_fen())

    def result(self):
        return self.headers["Event"], self.skipped, len(self.fens), self.fens[-1:] if self.fens else None


class LoudParser(chess.pgn.BaseVisitor):
    def begin_game(self):
        self.seen = []

    def parse_san(self, board, san):
        move = super().parse_san(board, san)
        self.seen.append(f"{san}->{move.uci()}")
        return move

    def handle_error(self, error):
        self.seen.append(f"error {type(error).__name__}")

    def result(self):
        return self.seen


def each(visitor_class):
    stream = io.StringIO(PGN)
    out = []
    while True:
        try:
            result = chess.pgn.read_game(stream, Visitor=visitor_class)
        except Exception as error:
            out.append(("raised", type(error).__name__, str(error)))
            continue
        if result is None:
            break
        out.append(result)
    return out


for events in each(Tracer):
    print(" ".join(events))
for row in each(StrongGames):
    print(row)
for row in each(LoudParser):
    print(row)
for row in each(StrictBuilder):
    print(row if isinstance(row, tuple) else (row.headers["Event"], len(row.errors)))
for headers in each(chess.pgn.HeadersBuilder):
    print(type(headers).__name__, headers.get("Event"), headers.get("BlackElo", "none"), len(headers))
for board in each(chess.pgn.BoardBuilder):
    if isinstance(board, tuple):
        print(board)
    else:
        print(type(board).__name__, board.fen(), len(board.move_stack), board.is_checkmate())
print(each(chess.pgn.SkipVisitor))
lenient = each(chess.pgn.GameBuilder)
print([(g.headers["Event"], [str(e) for e in g.errors], len(list(g.mainline_moves()))) for g in lenient])
