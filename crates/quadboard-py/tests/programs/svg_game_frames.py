# Rendering a game frame by frame for a GIF or a web viewer: one SVG file per ply with the
# last move, check and the best-move arrow, then a few text checks of each file as
# scripts do before converting them (size, classes, counts of pieces drawn); then puzzle
# diagrams checked by their XML structure.
import collections
import io
import os
import re
import tempfile
import xml.etree.ElementTree as ET

import chess
import chess.pgn
import chess.svg

PGN = """[Event "Frames"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 { [%cal Gh5f7,Rf6h5] [%csl Rf7] } 4. Qxf7# 1-0
"""

game = chess.pgn.read_game(io.StringIO(PGN))
folder = tempfile.mkdtemp()
paths = []
for node in [game] + list(game.mainline()):
    board = node.board()
    kwargs = {"size": 360, "coordinates": node.ply() % 2 == 0}
    if node.move is not None:
        kwargs["lastmove"] = node.move
    if board.is_check():
        kwargs["check"] = board.king(board.turn)
    arrows = node.arrows()
    if node.variations:
        arrows = arrows + [chess.svg.Arrow(node.variations[0].move.from_square, node.variations[0].move.to_square, color="blue")]
    kwargs["arrows"] = arrows
    kwargs["orientation"] = chess.WHITE if node.ply() < 4 else chess.BLACK
    svg = chess.svg.board(board, **kwargs)
    path = os.path.join(folder, f"frame_{node.ply():03d}.svg")
    with open(path, "w") as f:
        f.write(svg)
    paths.append(path)

NS = "{http://www.w3.org/2000/svg}"
for path in paths:
    with open(path) as f:
        text = f.read()
    root = ET.parse(path).getroot()
    classes = [e.get("class") for e in root.iter() if e.get("class")]
    pieces = [e for e in root.iter(NS + "use")]
    marks = sorted(c for c in classes if "lastmove" in c)
    print(os.path.basename(path), text.startswith("<svg"), root.get("width"), root.get("height"), root.get("viewBox"),
          len(pieces), marks, classes.count("check"), classes.count("arrow"), classes.count("circle"),
          "coord" in classes, len(re.findall(r'class="square (?:light|dark)', text)))

# The same position with the palette changed, flipped, with fills and marked squares.
board = game.end().board()
themes = {
    "square light": "#f0d9b5", "square dark": "#b58863",
    "square light lastmove": "#cdd26a", "square dark lastmove": "#aaa23a",
    "margin": "#333", "coord": "#fff",
}
svg = chess.svg.board(board, colors=themes, flipped=True, lastmove=board.peek(), fill=dict.fromkeys(board.attacks(chess.F7), "#cc0000cc"),
                      squares=board.attackers(chess.WHITE, chess.F7), borders=True)
root = ET.fromstring(svg)
print(root.get("viewBox"), [c for c in themes.values() if c in svg], len(root.findall(f".//{NS}use")))
print(sorted({e.get("class") for e in root.iter() if e.get("class") and not e.get("class").startswith("square")}))
print(sorted(e.get("class") for e in root.iter(NS + "rect") if "lastmove" in (e.get("class") or "")))
print(len(os.listdir(folder)), sorted(os.listdir(folder))[-1])

# Diagrams for a puzzle site, then: hex-coloured and named-colour arrows, circles on
# single squares, attacked squares filled, squares marked with an X, boards with no
# coordinates and with borders, the notebook hook, and piece images at several sizes, each
# checked by its XML structure (tags, classes, colours) rather than its drawing.
def shape(svg):
    root = ET.fromstring(svg)
    tags = collections.Counter(e.tag.replace(NS, "") for e in root.iter())
    classes = collections.Counter()
    for e in root.iter():
        for c in (e.get("class") or "").split():
            if c not in chess.SQUARE_NAMES:
                classes[c] += 1
    colours = sorted({e.get("stroke") or e.get("fill") for e in root.iter() if e.get("class") in ("arrow", "circle")} - {None})
    return root.get("viewBox"), root.get("width"), tags["svg"], sorted(classes.items()), colours


board = chess.Board("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10")
puzzles = [
    dict(arrows=[chess.svg.Arrow(chess.D5, chess.F6, color="#ff000080"), chess.svg.Arrow(chess.C4, chess.F7, color="green")]),
    dict(arrows=[(chess.E5, chess.F7)], fill={chess.F7: "#ffff0080", chess.E8: "#ff000040"}),
    dict(arrows=[chess.svg.Arrow(chess.E8, chess.E8, color="red"), chess.svg.Arrow(chess.G5, chess.G5)]),
    dict(squares=chess.SquareSet(board.attacks(chess.D5)), coordinates=False),
    dict(squares=[chess.E8, chess.D8], borders=True, size=500),
    dict(fill=dict.fromkeys(board.attackers(chess.BLACK, chess.E4), "#00ff0060"), orientation=chess.BLACK),
    dict(lastmove=chess.Move.from_uci("f3d5"), check=None, arrows=[chess.svg.Arrow.from_pgn("Yd5f6"), chess.svg.Arrow.from_pgn("Bc4f7")]),
]
for number, kwargs in enumerate(puzzles):
    print(number, shape(chess.svg.board(board, **kwargs)))

print(shape(chess.svg.board(size=250, coordinates=False)))
print(shape(chess.svg.board(chess.BaseBoard.empty(), borders=True)))
after = board.copy()
after.push_san("Nf6+")
svg = chess.svg.board(after, lastmove=after.peek(), check=after.king(chess.BLACK))
print(shape(svg), svg.count("<radialGradient"), "check" in svg)
print(shape(after._repr_svg_()), type(after._repr_svg_()).__name__)
for symbol in "Kq":
    for size in (None, 30, 120):
        print(symbol, size, shape(chess.svg.piece(chess.Piece.from_symbol(symbol), size=size)))
arrow = chess.svg.Arrow(chess.A1, chess.H8, color="blue")
print(arrow.tail, arrow.head, arrow.color, arrow.pgn(), repr(arrow), str(arrow))
for text in ["Ge2e4", "Ra1", "Yh8h1", "Bb2b3", "e2e4"]:
    a = chess.svg.Arrow.from_pgn(text)
    print(text, a.tail, a.head, a.color, a.pgn(), a == chess.svg.Arrow(a.tail, a.head, color=a.color))
for bad in ["", "Xe2e4", "e9e1", "Ge2"]:
    try:
        print(bad, chess.svg.Arrow.from_pgn(bad))
    except ValueError:
        print(repr(bad), "ValueError")
