# Boards carrying a program's own data: a subclass with fields set in __init__ and later,
# and a plain board with an attribute attached, through pickle (worker pools), copies,
# mirror and root, as analysis scripts keep names and caches on their boards.
import copy
import pickle

import chess


class G(chess.Board):
    def __init__(self, *a, **k):
        self.tag = "init"
        super().__init__(*a, **k)


g = G()
g.push_san("e4")
g.tag = "changed"
g.extra = [1, 2]
for f in (lambda x: pickle.loads(pickle.dumps(x)), copy.deepcopy, copy.copy, lambda x: x.copy(), lambda x: x.mirror(), lambda x: x.root()):
    c = f(g)
    print(type(c).__name__, c.tag, getattr(c, "extra", None), c.fen())
b = chess.Board()
b.note = "n"
for f in (lambda x: pickle.loads(pickle.dumps(x)), copy.deepcopy, copy.copy, lambda x: x.copy()):
    try:
        c = f(b)
        print(getattr(c, "note", None))
    except Exception as e:
        print("EXC", type(e).__name__)
