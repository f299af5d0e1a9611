"""python-chess's game tree (``Game``, ``GameNode``, ``ChildNode``) and PGN reading
(``read_game``, ``read_headers``, ``skip_game``, the builders) on quadboard.

Reading with the default ``GameBuilder`` runs in Rust (``_quadboard.read_movetext``: the
library's PGN reader, python-chess's tree rules) into flat arrays; nodes are made from them
when first reached, each once (a cache per game): down through ``variations``, or ``end()``
alone, whose parents are made when asked for. ``board()`` at such a node is built in Rust
from the positions stored with the tree (no move is replayed). Other visitors get python-chess's callbacks
in python-chess's order from the same reader's tokens, and so do variant games (a
``Variant`` tag naming one of ``quadboard.variant``'s boards), whose moves the variant
board reads: the Rust tree is standard chess's.
"""

from __future__ import annotations

import abc
import copy
import itertools
import logging
from typing import Any, Callable, Iterable, Iterator, List, Optional, TextIO, Tuple

from . import _quadboard
from ._arrow import Arrow
from ._pgn_text import (
    SKIP,
    BaseVisitor,
    Headers,
    TimeControl,
    StringExporter,
    comment_arrows,
    comment_clock,
    comment_emt,
    comment_eval,
    comment_eval_depth,
    comment_with_arrows,
    comment_with_clock,
    comment_with_emt,
    comment_with_eval,
    parse_time_control,
)
from ._quadboard import Board
from ._quadboard import VariantBoard as _VariantBoard

LOGGER = logging.getLogger("quadboard.pgn")
# python-chess's documentation silences its reader's errors through the logger named
# "chess.pgn", and programs written for it do so: that name is honoured beside ours.
_PYTHON_CHESS_LOGGER = logging.getLogger("chess.pgn")

# Bumped whenever a node's ``move`` or ``parent`` is set after it was made: boards built
# from the tree as read (or cached along a walk) are valid only while it is unchanged.
_EPOCH = [0]

# The last board given out by a replay, to continue from along a walk:
# [epoch, node, board, game, (FEN, Variant)].
_WALK: List[Any] = [None, None, None, None, None]

_new = object.__new__


class _Lazy:
    """The ``_parent`` of a node of a tree as read that was made before its parent (by
    ``end()``): the parent is looked up, and made if need be, when first asked for."""

    __slots__ = ()

    def __reduce__(self) -> str:
        # Copies and pickles of a tree keep the one marker.
        return "_LAZY"

    def __repr__(self) -> str:
        return "<parent not made yet>"


_LAZY = _Lazy()

# Headers read and filled directly through their two dicts (roster and other tags): a
# game's tags come checked from its tag lines, and the start tags are read per board().
_DIRECT_HEADERS = all(hasattr(Headers(), a) for a in ("_roster", "_others"))


def _start_tags(headers: Any) -> Tuple[Any, Any]:
    """The tags a game's start position depends on."""
    if _DIRECT_HEADERS and type(headers) is Headers:
        others = headers._others
        return others.get("FEN"), others.get("Variant")
    return headers.get("FEN"), headers.get("Variant")


class _Source:
    """A tree as read in Rust, shared by its nodes."""

    __slots__ = ("data", "game", "epoch", "start", "nodes")

    def __init__(self, data: Any, game: "Game") -> None:
        self.data = data
        self.game = game
        self.epoch = _EPOCH[0]
        self.start = _start_tags(game.headers)
        # Every node object made of the tree, by index: a node is made once, whichever
        # way it is reached (down through ``variations``, or up through a lazy parent).
        self.nodes = {0: game}


def _node_at(src: _Source, idx: int) -> "GameNode":
    """The node object of node ``idx`` of a tree as read, made (its parent lazy) if it is
    not made yet."""
    node = src.nodes.get(idx)
    if node is None:
        node = src.data.make_node(idx, ChildNode, _LAZY, src, src.nodes)
    return node


def _as_read(src: Optional[_Source]) -> bool:
    """Whether the nodes of this tree still have the parents and moves they were read
    with (no ``parent`` or ``move`` set anywhere since)."""
    return src is not None and src.epoch == _EPOCH[0]


_SLOT_NAMES: dict = {}


def _slot_values(node: Any) -> dict:
    """The slots of a node that are set, by name (across its classes)."""
    cls = type(node)
    names = _SLOT_NAMES.get(cls)
    if names is None:
        names = []
        for klass in cls.__mro__:
            for name in klass.__dict__.get("__slots__", ()):
                if name not in ("__dict__", "__weakref__") and name not in names:
                    names.append(name)
        _SLOT_NAMES[cls] = names
    values = {}
    for name in names:
        try:
            values[name] = object.__getattribute__(node, name)
        except AttributeError:
            pass
    return values


class GameNode(abc.ABC):
    """A node of a game tree: the position after ``move``, with the ``variations`` that
    follow it (the first is the main one), ``comment``, ``starting_comment`` and ``nags``."""

    # Slots make the nodes of a read game quick to create; ``__dict__`` keeps them open to
    # attributes of the caller's, as python-chess's are. ``_nags`` is None until a NAG is
    # read or the set is asked for (most nodes have none: a set fewer to make and collect).
    __slots__ = ("_parent", "_move", "_vars", "_src", "_idx", "comment", "starting_comment", "_nags",
                 "__dict__", "__weakref__")

    def __init__(self, *, comment: str = "") -> None:
        self._parent: Optional[GameNode] = None
        self._move: Any = None
        self._vars: Optional[List[ChildNode]] = []
        self._src: Optional[_Source] = None
        self._idx = 0
        self.comment = comment
        self.starting_comment = ""
        self._nags: Optional[set] = None

    @property
    def nags(self) -> set:
        """The numeric annotation glyphs of the move (a set of ints)."""
        nags = self._nags
        if nags is None:
            nags = self._nags = set()
        return nags

    @nags.setter
    def nags(self, value: set) -> None:
        self._nags = value

    # -- copies and pickles ------------------------------------------------------------

    def __getstate__(self) -> Tuple[Optional[dict], dict]:
        # A pickle holds the tree itself, not the reader's Rust data (which cannot be
        # pickled): a node as read makes its children, and the parent it may still lack,
        # here, so that every node the pickle reaches is a plain one.
        if self._src is not None:
            self.variations  # noqa: B018
            self.parent  # noqa: B018
        slots = _slot_values(self)
        slots["_src"] = None
        slots["_idx"] = 0
        return (self.__dict__ or None), slots

    def __deepcopy__(self, memo: dict) -> "GameNode":
        # A deep copy may share the reader's data (it never changes), so it copies every
        # slot as Python's default copy would, the source included, without the pickle's
        # state above.
        twin = _new(type(self))
        memo[id(self)] = twin
        for name, value in _slot_values(self).items():
            setattr(twin, name, copy.deepcopy(value, memo))
        if self.__dict__:
            twin.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return twin

    # -- structure ---------------------------------------------------------------------

    @property
    def parent(self) -> Optional["GameNode"]:
        """The node before this one; ``None`` at the root."""
        parent = self._parent
        if parent is _LAZY:
            src = self._src
            parent = self._parent = _node_at(src, src.data.parent(self._idx))
        return parent

    @parent.setter
    def parent(self, value: Optional["GameNode"]) -> None:
        _EPOCH[0] += 1
        self._parent = value

    @property
    def move(self) -> Any:
        """The move that leads to this node; ``None`` at the root."""
        return self._move

    @move.setter
    def move(self, value: Any) -> None:
        _EPOCH[0] += 1
        self._move = value

    @property
    def variations(self) -> List["ChildNode"]:
        """The nodes after this one, the main continuation first."""
        v = self._vars
        if v is None:
            v = self._vars = self._expand()
        return v

    @variations.setter
    def variations(self, value: List["ChildNode"]) -> None:
        self._vars = value

    def _expand(self) -> List["ChildNode"]:
        src = self._src
        if src is None:
            return []
        return src.data.make_children(self._idx, ChildNode, self, src, src.nodes)

    @abc.abstractmethod
    def board(self) -> Board:
        """An independent board at this node, its move stack the moves from the root."""

    @abc.abstractmethod
    def ply(self) -> int:
        """Half-moves to this node, counted from the start position's own ply."""

    def turn(self) -> bool:
        """The side to move at this node (``True`` for White)."""
        return self.ply() % 2 == 0

    def root(self) -> "GameNode":
        """The node at the top of the tree."""
        src = self._src
        if _as_read(src):
            return src.game  # type: ignore[union-attr]
        node = self
        parent = node.parent
        while parent is not None:
            node = parent
            parent = node.parent
        return node

    def game(self) -> "Game":
        """The game at the top of the tree; ``ValueError``-free only for a rooted node."""
        root = self.root()
        assert isinstance(root, Game), "GameNode not rooted in Game"
        return root

    def end(self) -> "GameNode":
        """The last node of the main continuation from here."""
        node = self
        while True:
            v = node._vars
            if v is None:
                # Children not made: the tree as read says where the line goes, and only
                # its last node is made (the nodes before it when asked for).
                src = node._src
                last = src.data.line_end_node(node._idx, ChildNode, _LAZY, src, src.nodes)  # type: ignore[union-attr]
                if last is None:
                    return node
                node = last
            elif v:
                node = v[0]
            else:
                return node

    def is_end(self) -> bool:
        """Whether no move follows this node."""
        return not self.variations

    def starts_variation(self) -> bool:
        """Whether this node is a side variation of its parent (not the main one)."""
        parent = self.parent
        if parent is None or not parent.variations:
            return False
        return parent.variations[0] is not self

    def is_mainline(self) -> bool:
        """Whether every step from the root to this node is the main continuation."""
        node = self
        parent = node.parent
        while parent is not None:
            if not parent.variations or parent.variations[0] is not node:
                return False
            node = parent
            parent = node.parent
        return True

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's main continuation (true at the root)."""
        parent = self.parent
        if parent is None:
            return True
        return not parent.variations or parent.variations[0] is self

    def __getitem__(self, move: Any) -> "ChildNode":
        if isinstance(move, int) and not isinstance(move, bool):
            return self.variations[move]
        for variation in self.variations:
            if variation._move == move or variation is move:
                return variation
        raise KeyError(move)

    def __contains__(self, move: Any) -> bool:
        try:
            self[move]
        except (KeyError, IndexError):
            return False
        return True

    def variation(self, move: Any) -> "ChildNode":
        """The child by index, by move, or the node itself; ``KeyError`` if absent."""
        return self[move]

    def has_variation(self, move: Any) -> bool:
        """Whether a child has this move (or is this node)."""
        return move in self

    def promote_to_main(self, move: Any) -> None:
        """Makes that child the main continuation."""
        variation = self[move]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move: Any) -> None:
        """Moves that child one place up."""
        variation = self[move]
        v = self.variations
        i = v.index(variation)
        if i > 0:
            v[i - 1], v[i] = v[i], v[i - 1]

    def demote(self, move: Any) -> None:
        """Moves that child one place down."""
        variation = self[move]
        v = self.variations
        i = v.index(variation)
        if i < len(v) - 1:
            v[i + 1], v[i] = v[i], v[i + 1]

    def remove_variation(self, move: Any) -> None:
        """Removes that child and what follows it."""
        self.variations.remove(self.variation(move))

    def add_variation(
        self, move: Any, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> "ChildNode":
        """Adds a child (last) with this move and annotations, and returns it."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move: Any, *, comment: str = "", nags: Iterable[int] = ()) -> "ChildNode":
        """Adds a child as the main continuation, and returns it."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def next(self) -> Optional["ChildNode"]:
        """The main continuation's node, or ``None`` at the end."""
        v = self.variations
        return v[0] if v else None

    def mainline(self) -> "Mainline":
        """The nodes of the main continuation after this one."""
        return Mainline(self, lambda node: node)

    def mainline_moves(self) -> "Mainline":
        """The moves of the main continuation after this one."""
        return Mainline(self, _move_of)

    def add_line(
        self, moves: Iterable[Any], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> "GameNode":
        """Adds the moves one after the other; the comment and NAGs go to the last node,
        which is returned."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = node.comment + " " + comment if node.comment else comment
        node.nags.update(nags)
        return node

    # -- comment commands ----------------------------------------------------------------

    def eval(self) -> Any:
        """The ``[%eval]`` of the comment as a ``PovScore`` for the side to move, or ``None``."""
        if comment_eval(self.comment) is None:
            return None
        return comment_eval(self.comment, self.turn())

    def eval_depth(self) -> Optional[int]:
        """The depth of the ``[%eval]`` command, or ``None``."""
        return comment_eval_depth(self.comment)

    def set_eval(self, score: Any, depth: Optional[int] = None) -> None:
        """Writes (or with ``None`` removes) the ``[%eval]`` command."""
        self.comment = comment_with_eval(self.comment, score, depth)

    def arrows(self) -> List[Arrow]:
        """The ``[%csl]``/``[%cal]`` arrows of the comment."""
        return comment_arrows(self.comment)

    def set_arrows(self, arrows: Iterable[Any]) -> None:
        """Replaces the comment's arrows."""
        self.comment = comment_with_arrows(self.comment, arrows)

    def clock(self) -> Optional[float]:
        """The ``[%clk]`` seconds of the comment, or ``None``."""
        return comment_clock(self.comment)

    def set_clock(self, seconds: Optional[float]) -> None:
        """Writes (or with ``None`` removes) the ``[%clk]`` command."""
        self.comment = comment_with_clock(self.comment, seconds)

    def emt(self) -> Optional[float]:
        """The ``[%emt]`` seconds of the comment, or ``None``."""
        return comment_emt(self.comment)

    def set_emt(self, seconds: Optional[float]) -> None:
        """Writes (or with ``None`` removes) the ``[%emt]`` command."""
        self.comment = comment_with_emt(self.comment, seconds)

    # -- traversal -----------------------------------------------------------------------

    def accept(self, visitor: BaseVisitor) -> Any:
        """Visits the tree from the move of this node in PGN order; the visitor's result."""
        raise NotImplementedError

    def accept_subgame(self, visitor: BaseVisitor) -> Any:
        """Visits headers and tree as if the game started after this node."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            dummy = Game.without_tag_roster()
            dummy.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in dummy.headers:
                    visitor.visit_header(name, value)
            for name, value in dummy.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    _accept_line(self.variations[0], board, visitor, True)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))


def _replay(node: "ChildNode") -> Board:
    """The board at ``node`` from the last board given out along a walk, else from the root."""
    walk = _WALK
    parent = node.parent
    if walk[0] == _EPOCH[0] and (walk[1] is node or walk[1] is parent):
        game = walk[3]
        if _start_tags(game.headers) == walk[4]:
            board = walk[2]
            if walk[1] is parent:
                board.push(node._move)
                walk[1] = node
            return board.copy()
    moves = []
    at: GameNode = node
    while at._move is not None and at.parent is not None:
        moves.append(at._move)
        at = at.parent  # type: ignore[assignment]
    game = at.game()
    board = game.board()
    for move in reversed(moves):
        board.push(move)
    walk[0], walk[1], walk[2], walk[3], walk[4] = _EPOCH[0], node, board, game, _start_tags(game.headers)
    return board.copy()


class ChildNode(GameNode):
    """A node after a move: ``parent``, ``move``, ``starting_comment`` and ``nags``."""

    __slots__ = ()

    def __init__(
        self, parent: GameNode, move: Any, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> None:
        # GameNode's fields set here (a node per move read in Python: no call up).
        self._parent = parent
        self._move = move
        self._vars = []
        self._src = None
        self._idx = 0
        self.comment = comment
        self.starting_comment = starting_comment
        self._nags = set(nags) if nags else None
        parent.variations.append(self)

    def board(self) -> Board:
        src = self._src
        if src is not None and src.epoch == _EPOCH[0]:
            # The start tags as read (``_start_tags``, inlined: this is the common case).
            headers = src.game.headers
            if _DIRECT_HEADERS and type(headers) is Headers:
                if headers._tags is src.data:
                    # Its tags not used since they were read: the start as read.
                    return src.data.board(self._idx)
                others = headers._others
                start = (others.get("FEN"), others.get("Variant"))
            else:
                start = _start_tags(headers)
            if start == src.start:
                return src.data.board(self._idx)
        return _replay(self)

    def ply(self) -> int:
        src = self._src
        if _as_read(src):
            return src.game.ply() + src.data.depth(self._idx)  # type: ignore[union-attr]
        ply = 0
        node: GameNode = self
        parent = node.parent
        while parent is not None:
            ply += 1
            node = parent
            parent = node.parent
        return node.game().ply() + ply

    def san(self) -> str:
        """The move in SAN, in the parent's position."""
        return self.parent.board().san(self._move)  # type: ignore[union-attr]

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        """The move in UCI, in the parent's position."""
        return self.parent.board().uci(self._move, chess960=chess960)  # type: ignore[union-attr]

    def end(self) -> "ChildNode":
        return super().end()  # type: ignore[return-value]

    def _accept_node(self, parent_board: Board, visitor: BaseVisitor) -> None:
        if self.starting_comment:
            visitor.visit_comment(self.starting_comment)
        visitor.visit_move(parent_board, self._move)
        parent_board.push(self._move)
        visitor.visit_board(parent_board)
        parent_board.pop()
        if self._nags:
            for nag in sorted(self._nags):
                visitor.visit_nag(nag)
        if self.comment:
            visitor.visit_comment(self.comment)

    def accept(self, visitor: BaseVisitor) -> Any:
        _accept_line(self, self.parent.board(), visitor, False)  # type: ignore[union-attr]
        return visitor.result()

    def __repr__(self) -> str:
        try:
            board = self.parent.board()  # type: ignore[union-attr]
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self._move})>"
        return "<{} at {:#x} ({}{} {} ...)>".format(
            type(self).__name__, id(self), board.fullmove_number,
            "." if board.turn else "...", board.san(self._move))


def _accept_line(first: ChildNode, board: Board, visitor: BaseVisitor, sidelines: bool) -> None:
    """Visits ``first`` and the main continuation after it; at each node first the node,
    then (with ``sidelines``) its parent's other children, each as a variation; ``board``
    is the position before ``first`` and is left so."""
    node = first
    pushed = 0
    while True:
        node._accept_node(board, visitor)
        if sidelines:
            for side in node.parent.variations[1:]:
                if visitor.begin_variation() is not SKIP:
                    _accept_line(side, board, visitor, False)
                visitor.end_variation()
        sidelines = True
        if not node.variations:
            break
        board.push(node._move)
        pushed += 1
        node = node.variations[0]
    for _ in range(pushed):
        board.pop()


class Game(GameNode):
    """The root of a game: ``headers``, the ``errors`` met reading it (exceptions, as
    python-chess collects them), and ``warnings``: what quadboard's reader forgave (one
    message each, ``ply <p> <text>: <reason>``)."""

    # Slots: a game's own attributes need no ``__dict__``; the lists of errors and warnings
    # are made when first asked for or added to (most games have none: objects fewer to make
    # and collect).
    __slots__ = ("headers", "_errors", "_warnings")

    def __init__(self, headers: Any = None) -> None:
        super().__init__()
        self.headers = Headers(headers)
        self._errors: Optional[List[Exception]] = None
        self._warnings: Optional[List[str]] = None

    @property
    def errors(self) -> List[Exception]:
        """The errors met reading the game (exceptions, as python-chess collects them)."""
        errors = self._errors
        if errors is None:
            errors = self._errors = []
        return errors

    @errors.setter
    def errors(self, value: List[Exception]) -> None:
        self._errors = value

    @property
    def warnings(self) -> List[str]:
        """What quadboard's reader forgave, one message each (``ply <p> <text>: <reason>``)."""
        warnings = self._warnings
        if warnings is None:
            warnings = self._warnings = []
        return warnings

    @warnings.setter
    def warnings(self, value: List[str]) -> None:
        self._warnings = value

    def board(self) -> Board:
        return self.headers.board()

    def ply(self) -> int:
        return self.board().ply() if "FEN" in self.headers else 0

    def setup(self, board: Any) -> None:
        """Sets the start position (a board or a FEN): the ``FEN``, ``SetUp`` and
        ``Variant`` tags."""
        _EPOCH[0] += 1
        try:
            fen = board.fen()
            setup = board
        except AttributeError:
            setup = Board(board)
            if setup.has_chess960_castling_rights():
                setup = _in_chess960(setup)
            fen = setup.fen()
        if fen == type(setup).starting_fen:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        variant = type(setup).aliases[0]
        if variant == "Standard" and setup.chess960:
            self.headers["Variant"] = "Chess960"
        elif variant != "Standard":
            # A variant game names its variant and always carries its start (python-chess's
            # tags: ``SetUp`` only away from the variant's start).
            self.headers["Variant"] = variant
            self.headers["FEN"] = fen
        else:
            self.headers.pop("Variant", None)

    def accept(self, visitor: BaseVisitor) -> Any:
        """Visits headers and tree in PGN order; the visitor's result."""
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations:
                    _accept_line(self.variations[0], board, visitor, True)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def time_control(self) -> TimeControl:
        """The ``TimeControl`` tag read by ``parse_time_control`` (``ValueError`` when it
        cannot be read; no tag is an unknown time control)."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls, board: Board) -> "Game":
        """A game of a board's move stack from its root position, with its result."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls) -> "Game":
        """An empty game without the Seven Tag Roster's default tags."""
        return cls(headers={})

    @classmethod
    def builder(cls) -> "GameBuilder":
        """A ``GameBuilder`` that builds games of this class."""
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        h = self.headers
        errors = f", {len(self._errors)} errors" if self._errors else ""
        return "<{} at {:#x} ({!r} vs. {!r}, {!r} at {!r}{})>".format(
            type(self).__name__, id(self), h.get("White", "?"), h.get("Black", "?"),
            h.get("Date", "????.??.??"), h.get("Site", "?"), errors)


def _move_of(node: "ChildNode") -> Any:
    return node._move


class Mainline:
    """The main continuation after a node, mapped by a function (nodes or moves)."""

    # ``__dict__`` keeps it open to attributes of the caller's, as python-chess's is.
    __slots__ = ("start", "f", "__dict__")

    def __init__(self, start: GameNode, f: Callable[[ChildNode], Any]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __iter__(self) -> Iterator[Any]:
        node = self.start
        if self.f is _move_of and node._vars is None:
            # The moves as read (or as set on the nodes made), up to a node whose children
            # are made (they may have been edited): on from there among the objects. A
            # line read to its end is iterated as the list it is.
            src = node._src
            moves, at = src.data.mainline_moves(node._idx, src.nodes)  # type: ignore[union-attr]
            node = src.nodes.get(at)  # type: ignore[union-attr]
            if node is None or node._vars is None:
                return iter(moves)
            return itertools.chain(moves, self._walk(node))
        return self._walk(node)

    def _walk(self, node: GameNode) -> Iterator[Any]:
        """The line after ``node``, mapped."""
        f = self.f
        while True:
            v = node._vars
            if v is None:
                src = node._src
                if f is _move_of:
                    moves, at = src.data.mainline_moves(node._idx, src.nodes)  # type: ignore[union-attr]
                    yield from moves
                    node = src.nodes.get(at)  # type: ignore[union-attr]
                    if node is None or node._vars is None:
                        return
                    continue
                # The line's nodes in one call, up to a node whose children are made.
                src.data.make_line(node._idx, ChildNode, node, src, src.nodes)  # type: ignore[union-attr]
                v = node._vars
            if not v:
                return
            node = v[0]
            yield f(node)

    def __reversed__(self) -> Iterator[Any]:
        node = self.start.end()
        while node is not self.start:
            parent = node.parent
            if parent is None:
                break
            yield self.f(node)  # type: ignore[arg-type]
            node = parent

    def accept(self, visitor: BaseVisitor) -> Any:
        """Visits the nodes of the line (no variations); the visitor's result."""
        node = self.start
        board = node.board()
        while node.variations:
            node = node.variations[0]
            node._accept_node(board, visitor)
            board.push(node._move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        text = self.accept(StringExporter(columns=None, comments=False))
        return f"<Mainline at {id(self):#x} ({text})>"


# -- builders ------------------------------------------------------------------------------


class GameBuilder(BaseVisitor):
    """Builds a ``Game`` (the default visitor of ``read_game``); ``handle_error`` logs and
    collects errors in ``game.errors``."""

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        # python-chess asserts a parent here and empties its stack on a stray `)`, then
        # fails; unbalanced text reads on here, a variation of the root at worst.
        parent = self.variation_stack[-1].parent
        self.variation_stack.append(self.game if parent is None else parent)
        self.in_variation = False

    def end_variation(self) -> None:
        if len(self.variation_stack) > 1:
            self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        if self.in_variation or (top.parent is None and top.is_end()):
            top.comment = " ".join(filter(None, [top.comment, comment]))
        else:
            self.starting_comment = " ".join(filter(None, [self.starting_comment, comment]))

    def visit_move(self, board: Board, move: Any) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        if _PYTHON_CHESS_LOGGER.isEnabledFor(logging.ERROR):
            LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> Any:
        return self.game


class HeadersBuilder(BaseVisitor):
    """Collects a game's headers and skips its moves (``read_headers``)."""

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> Any:
        self.headers = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> Any:
        return SKIP

    def result(self) -> Any:
        return self.headers


class BoardBuilder(BaseVisitor):
    """The board after the mainline, the mainline on its move stack."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> Any:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Board) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Board:
        return self.board


# -- reading -------------------------------------------------------------------------------

def _comment_open(line: str, open_: bool) -> bool:
    """Whether a `{` comment is still open after ``line`` (open before it if ``open_``)."""
    i = 0
    if open_:
        i = line.find("}")
        if i < 0:
            return True
        i += 1
    if ";" not in line:
        return line.rfind("{") > max(line.rfind("}"), i - 1)
    while True:
        a = line.find("{", i)
        if a < 0:
            return False
        s = line.find(";", i)
        if 0 <= s < a:
            return False
        b = line.find("}", a + 1)
        if b < 0:
            return True
        i = b + 1


def _read_lines(handle: TextIO) -> Optional[Tuple[List[str], List[str]]]:
    """Reads one game's lines from ``handle`` as python-chess does (so that the handle is
    left where python-chess leaves it): its tag lines and its movetext lines (escape and
    comment lines left out). ``None`` at the end."""
    readline = handle.readline
    line = readline().lstrip("\ufeff")
    while line.isspace() or line.startswith("%") or line.startswith(";"):
        line = readline()
    if not line:
        return None
    tags: List[str] = []
    blank = 0
    while line:
        if line.startswith("%") or line.startswith(";"):
            line = readline()
            continue
        if blank < 1 and line.isspace():
            blank += 1
            line = readline()
            continue
        if not line.startswith("["):
            break
        blank = 0
        tags.append(line)
        line = readline()
    movetext: List[str] = []
    in_comment = False
    while line:
        if not in_comment:
            if line.isspace():
                break
            if line.startswith("%"):
                line = readline()
                continue
        movetext.append(line)
        if in_comment or "{" in line:
            in_comment = _comment_open(line, in_comment)
        line = readline()
    return tags, movetext


def _start_board(visitor: BaseVisitor, headers: Any) -> Optional[Board]:
    """The board the movetext starts from, as python-chess sets it up; ``None`` after an
    error that skips the game (given to the visitor)."""
    try:
        variant = headers.variant()
    except ValueError as error:
        visitor.handle_error(error)
        variant = Board
    fen = headers.get("FEN")
    try:
        board = variant(chess960=headers.is_chess960()) if fen is None else variant(fen, chess960=headers.is_chess960())
    except ValueError as error:
        visitor.handle_error(error)
        return None
    if not board.chess960 and board.has_chess960_castling_rights():
        board = _in_chess960(board)
    return board


def _in_chess960(board: Board) -> Board:
    """The board in Chess960 mode (a new one where the attribute cannot be set)."""
    try:
        board.chess960 = True
    except AttributeError:
        board = type(board)(board.fen(), chess960=True)
    return board


def _visit_movetext(visitor: BaseVisitor, board: Board, text: str) -> None:
    """python-chess's movetext callbacks for ``text``, from the library reader's tokens."""
    boards = [board]
    skip = 0
    for kind, value in _quadboard.movetext_tokens(text):
        if kind == 2:
            if not skip:
                visitor.visit_comment(value)
        elif kind == 3:
            if skip:
                skip += 1
            elif boards[-1].move_stack:
                if visitor.begin_variation() is SKIP:
                    skip = 1
                else:
                    b = boards[-1].copy()
                    b.pop()
                    boards.append(b)
        elif kind == 4:
            if skip == 1:
                skip = 0
                visitor.end_variation()
            elif skip:
                skip -= 1
            elif len(boards) > 1:
                visitor.end_variation()
                boards.pop()
        elif skip:
            continue
        elif kind == 1:
            visitor.visit_nag(value)
        elif kind == 5 and len(boards) == 1:
            visitor.visit_result(value)
        else:
            top = boards[-1]
            if visitor.begin_parse_san(top, value) is not SKIP:
                try:
                    move = visitor.parse_san(top, value)
                except ValueError as error:
                    visitor.handle_error(error)
                    skip = 1
                else:
                    visitor.visit_move(top, move)
                    top.push(move)
            visitor.visit_board(top)


def _fill_fast(visitor: GameBuilder, board: Board, text: str) -> bool:
    """Builds the tree of ``visitor.game`` in Rust; false if it must be read in Python
    (variant games among them: the Rust tree is standard chess's)."""
    if isinstance(board, _VariantBoard):
        return False
    data = _quadboard.read_movetext(text, board)
    if data is None or data.desync():
        return False
    errors = _errors(data)
    if errors is None:
        return False
    _attach(visitor.game, data)
    for error in errors:
        visitor.handle_error(error)
    result = data.result()
    if result is not None:
        visitor.visit_result(result)
    return True


def _errors(data: Any) -> Optional[List[Exception]]:
    """The exceptions of the moves the tree could not read, as the board raises them;
    ``None`` if the board reads one of them (the tree must then be read in Python)."""
    errors: List[Exception] = []
    for san, at in data.bad_moves():
        try:
            at.parse_san(san)
        except ValueError as error:
            errors.append(error)
        else:
            return None
    return errors


def _attach(game: Game, data: Any) -> None:
    game._src = _Source(data, game)
    game._idx = 0
    game._vars = None
    game.comment = data.root_comment()
    game.warnings = data.warnings()


_DEFAULT_ROSTER = dict(Headers().items())


def _headers_of(pairs: List[Tuple[str, str]]) -> Headers:
    """The headers python-chess's ``GameBuilder`` makes of these tags: the roster's
    defaults, then each tag set in turn."""
    if not _DIRECT_HEADERS:
        headers = Headers()
        for name, value in pairs:
            headers[name] = value
        return headers
    roster = dict(_DEFAULT_ROSTER)
    others = {}
    for name, value in pairs:
        if name in roster:
            roster[name] = value
        else:
            others[name] = value
    headers = _new(Headers)
    headers._roster = roster
    headers._others = others
    return headers


def _fresh_builder() -> GameBuilder:
    """A ``GameBuilder`` after ``begin_game``, its game made without the constructors'
    checks (the same attributes)."""
    builder = _new(GameBuilder)
    builder.Game = Game
    game = _new(Game)
    game._parent = None
    game._move = None
    game._vars = []
    game._src = None
    game._idx = 0
    game.comment = ""
    game.starting_comment = ""
    game._nags = None
    game._errors = None
    game._warnings = None
    builder.game = game
    builder.variation_stack = [game]
    builder.starting_comment = ""
    builder.in_variation = False
    return builder


def _read_default(tag_lines: List[str], movetext: List[str]) -> Game:
    """``read_game`` with ``GameBuilder``: the same game, built without a callback per
    token (the tree in Rust, the headers directly)."""
    builder = _fresh_builder()
    game = builder.game
    pairs = _quadboard.tag_pairs(tag_lines) if tag_lines else []
    headers = game.headers = _headers_of(pairs)
    if "FEN" in headers or "Variant" in headers:
        board = _start_board(builder, headers)
        if board is None:
            return game
    else:
        board = Board()
    text = "".join(movetext)
    if not _fill_fast(builder, board, text):
        builder.visit_board(board)
        _visit_movetext(builder, board, text)
        stack = builder.variation_stack
        if isinstance(board, _VariantBoard) and len(stack) == 1 and stack[0] is not game and not game._errors:
            # Read without an error, the board is the one after the main line, and no one
            # else holds it: a walk to the end (``game.end().board()``) continues from it
            # instead of replaying the game.
            _WALK[:] = [_EPOCH[0], stack[0], board, game, _start_tags(headers)]
    return game


def read_game(handle: TextIO, *, Visitor: Any = GameBuilder) -> Any:
    """Reads the next game of a text handle into a ``Visitor()`` and returns its result
    (a ``Game`` by default); ``None`` at the end. The handle is left where python-chess
    leaves it, so ``tell()``/``seek()`` index games. Errors go to ``handle_error`` (for
    ``GameBuilder``: ``game.errors``)."""
    lines = _read_lines(handle)
    if lines is None:
        return None
    tag_lines, movetext = lines
    if Visitor is GameBuilder:
        return _read_default(tag_lines, movetext)
    visitor = Visitor()
    skipping = visitor.begin_game() is SKIP
    headers = None
    if not skipping:
        headers = visitor.begin_headers()
        own = None if isinstance(headers, Headers) else Headers({})
        for name, value in _quadboard.tag_pairs(tag_lines):
            visitor.visit_header(name, value)
            if own is not None:
                own[name] = value
        if own is not None:
            headers = own
        skipping = visitor.end_headers() is SKIP
    board = None
    if not skipping:
        board = _start_board(visitor, headers)
        skipping = board is None
    if not skipping:
        text = "".join(movetext)
        if not (type(visitor) is GameBuilder and _fill_fast(visitor, board, text)):
            visitor.visit_board(board)
            _visit_movetext(visitor, board, text)
    visitor.end_game()
    return visitor.result()


def read_headers(handle: TextIO) -> Any:
    """The next game's headers (its moves skipped); ``None`` at the end."""
    return read_game(handle, Visitor=HeadersBuilder)


def skip_game(handle: TextIO) -> bool:
    """Skips the next game; false at the end."""
    from ._pgn_text import SkipVisitor

    return bool(read_game(handle, Visitor=SkipVisitor))


# The start tags of a game without FEN and Variant tags (one tuple for all such games).
_NO_START = (None, None)


def _game_of(data: Any) -> Game:
    """A ``Game`` of a game read by ``read_games``."""
    text = data.text()
    if text is not None:
        import io

        return read_game(io.StringIO(text))
    # No move failed (else the text is kept): no error to give, and the headers with the
    # result come whole from the reader. The game is made in one call, without the
    # constructors' checks, with the attributes that ``_fresh_builder`` and ``_attach``
    # give (``start``: no FEN, SetUp or Variant tag, as those games keep their text).
    if _DIRECT_HEADERS:
        return data.make_game(Game, Headers, _Source, _EPOCH[0], _NO_START)
    builder = _fresh_builder()
    game = builder.game
    roster, others, comment, warnings = data.game_parts()
    headers = game.headers = Headers(roster)
    headers.update(others)
    _attach(game, data)
    return game


def read_games(path: Any, *, threads: int = 1) -> Iterator[Game]:
    """The games of a PGN file (plain, ``.gz``, ``.zst`` or ``.bz2``) as ``Game`` trees,
    parsed in batches of about 256 KB without the GIL: with ``threads`` 1 as the games are
    asked for, with more by a thread of the reader's own that parses ahead (``threads - 1``
    on each batch) while the games of the last batch are taken; ``OSError`` if it cannot
    be opened (at the call) or read (after the games before the error), ``ValueError`` for
    ``threads`` outside 1 to 1024."""
    return map(_game_of, _quadboard.read_games(path, threads=threads))
