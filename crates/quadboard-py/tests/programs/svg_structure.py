# Diagrams for a web page: render boards with arrows, fills, last move, check, flipped and
# sized, then check the SVG the way a test suite of such a site would (by its structure).
import xml.etree.ElementTree as ET

import chess
import chess.svg

NS = "{http://www.w3.org/2000/svg}"


def summary(svg):
    root = ET.fromstring(svg)
    tags = {}
    for element in root.iter():
        tag = element.tag.replace(NS, "")
        tags[tag] = tags.get(tag, 0) + 1
    squares = [e.get("class") for e in root.iter(NS + "rect") if (e.get("class") or "").startswith("square")]
    marked = [c for c in squares if "lastmove" in c]
    checks = [e.get("class") for e in root.iter() if e.get("class") == "check"]
    arrows = [e.get("class") for e in root.iter() if e.get("class") in ("arrow", "circle")]
    uses = sorted(e.get("href") or e.get("{http://www.w3.org/1999/xlink}href") for e in root.iter(NS + "use"))
    return (root.get("viewBox"), root.get("width"), root.get("height"), len(squares), marked, checks,
            sorted(set(arrows)), len(uses), uses[:4], isinstance(svg, str), "desc" in tags)


board = chess.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
print(summary(chess.svg.board(board)))
print(summary(chess.svg.board(board, size=350)))
print(summary(chess.svg.board(board, lastmove=chess.Move.from_uci("h5f7"), check=board.king(chess.BLACK))))
print(summary(chess.svg.board(board, flipped=True, coordinates=False)))
print(summary(chess.svg.board(board, orientation=chess.BLACK, borders=True)))
arrows = [chess.svg.Arrow(chess.E2, chess.E4), chess.svg.Arrow(chess.G1, chess.F3, color="blue"), (chess.D1, chess.D1)]
print(summary(chess.svg.board(board, arrows=arrows)))
print(summary(chess.svg.board(board, fill={chess.E4: "#cc0000cc", chess.D5: "#00cc00"}, squares=chess.SquareSet([chess.A1, chess.H8]))))
print(summary(chess.svg.board(None, size=200)))
print(summary(chess.svg.board(chess.BaseBoard("8/8/8/4k3/8/8/8/4K3"))))
print(summary(chess.svg.board(board, colors={"square light": "#eeeeee", "square dark": "#444444"}, style="svg { margin: 0 }")))
for symbol in "PNBRQKpnbrqk":
    svg = chess.svg.piece(chess.Piece.from_symbol(symbol), size=60)
    root = ET.fromstring(svg)
    print(symbol, root.get("viewBox"), root.get("width"), [e.get("id") for e in root.iter(NS + "g")][:1], [e.get("class") for e in root.iter(NS + "g")][:1])
arrow = chess.svg.Arrow.from_pgn("Re2e4")
print(arrow, repr(arrow), arrow.pgn(), arrow == chess.svg.Arrow(chess.E2, chess.E4, color="red"))
print(chess.svg.Arrow.from_pgn("d4").pgn(), repr(chess.svg.Arrow.from_pgn("Ya1h8")))
print(board._repr_svg_().startswith("<svg"), sorted(chess.svg.DEFAULT_COLORS)[:3])
