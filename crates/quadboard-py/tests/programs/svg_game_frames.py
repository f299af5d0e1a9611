# Rendering a game frame by frame for a GIF or a web viewer: one SVG file per ply with the
# last move, check and the best-move arrow, then a few text checks of each file as
# scripts do before converting them (size, classes, counts of pieces drawn).
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
