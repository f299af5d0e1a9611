"""quadboard.engine's values against python-chess 1.11's chess.engine as the oracle: scores,
their order and win/draw/loss models, Wdl and PovWdl, Limit, PlayResult, BestMove,
Option.parse, UciOptionMap, Info, InfoDict, the exceptions and constants; and the names
that need the engine protocol, which raise NotImplementedError until it is built."""

from __future__ import annotations

import asyncio
import concurrent.futures
import copy
import dataclasses
import inspect
import itertools
import math
import os
import pickle
import random
import re
import subprocess
import sys
import threading
import types
from pathlib import Path

import chess
import chess.engine
import pytest

import quadboard
import quadboard.engine
import quadboard.pgn
from quadboard import _score

ce, qe = chess.engine, quadboard.engine
HERE = Path(__file__).resolve().parent
MODELS = ["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]
PLIES = [0, 1, 2, 7, 16, 17, 30, 31, 63, 64, 100, 119, 120, 121, 200, 239, 240, 241, 400, -1, -40]


def outcome(call):
    """What a call gives, comparable across the packages: its value's repr (NaN included),
    or the exception's type name and message."""
    try:
        value = call()
    except Exception as exc:  # noqa: BLE001 (the oracle's exceptions are the subject)
        return ("raises", type(exc).__name__, str(exc))
    return ("value", type(value).__name__, repr(value))


def wdl_of(score):
    return tuple(score)


# --- Scores ---------------------------------------------------------------------------

def test_scores_are_the_objects_quadboard_pgn_uses():
    for name in ("Score", "Cp", "Mate", "MateGiven", "MateGivenType", "PovScore", "Wdl", "PovWdl"):
        assert getattr(qe, name) is getattr(_score, name), name
    game = quadboard.pgn.read_game(__import__("io").StringIO("1. e4 { [%eval 0.25] } 1... e5 { [%eval #-3] } *"))
    evals = [node.eval() for node in game.mainline()]
    assert all(isinstance(e, qe.PovScore) for e in evals)
    assert evals[0].white() == qe.Cp(25) and evals[1].white() == qe.Mate(-3)


def test_every_model_on_a_grid_of_centipawns_and_plies():
    compared = 0
    for model in MODELS:
        for ply in PLIES:
            for cp in range(-2000, 2001, 7):
                expected = ce.Cp(cp).wdl(model=model, ply=ply)
                got = qe.Cp(cp).wdl(model=model, ply=ply)
                assert type(got) is qe.Wdl
                assert wdl_of(got) == wdl_of(expected), (model, ply, cp)
                compared += 1
    assert compared == len(MODELS) * len(PLIES) * 572


def test_every_model_on_mates_and_mate_given():
    for model in MODELS:
        for ply in (0, 1, 30, 64, 241):
            for moves in itertools.chain(range(-30, 0), range(0, 31)):
                assert wdl_of(qe.Mate(moves).wdl(model=model, ply=ply)) == \
                    wdl_of(ce.Mate(moves).wdl(model=model, ply=ply)), (model, ply, moves)
            assert wdl_of(qe.MateGiven.wdl(model=model, ply=ply)) == wdl_of(ce.MateGiven.wdl(model=model, ply=ply))
            assert wdl_of((-qe.MateGiven).wdl(model=model, ply=ply)) == wdl_of((-ce.MateGiven).wdl(model=model, ply=ply))


def test_default_model_and_ply_and_unknown_model_names():
    for cp in range(-600, 601, 13):
        assert wdl_of(qe.Cp(cp).wdl()) == wdl_of(ce.Cp(cp).wdl())
        for model in ("", "SF", "stockfish", "sf17", "Lichess"):
            assert wdl_of(qe.Cp(cp).wdl(model=model)) == wdl_of(ce.Cp(cp).wdl(model=model)), model  # type: ignore[arg-type]
    for moves in (-3, 3):
        assert wdl_of(qe.Mate(moves).wdl()) == wdl_of(ce.Mate(moves).wdl())


def test_models_on_values_programs_should_not_pass_but_do():
    # Floats, huge and infinite evals, NaN, fractional and huge plies: the same numbers or
    # the same exception (the big-integer OverflowError of the models that scale the eval).
    cps = [1.5, -3.25, 99.99, 10 ** 6, -10 ** 6, 10 ** 400, -10 ** 400, 123456789, math.inf, -math.inf, math.nan]
    plies = [2.5, 31.5, 10 ** 6, -10 ** 6, 1e300, math.inf, -math.inf, math.nan]
    for model in MODELS:
        for cp in cps:
            for ply in [30] + plies:
                assert outcome(lambda: qe.Cp(cp).wdl(model=model, ply=ply)) == \
                    outcome(lambda: ce.Cp(cp).wdl(model=model, ply=ply)), (model, cp, ply)
        for moves in (0.5, -0.5, 2.5, 10 ** 400, math.nan):
            assert outcome(lambda: qe.Mate(moves).wdl(model=model)) == \
                outcome(lambda: ce.Mate(moves).wdl(model=model)), (model, moves)


def test_pov_score_wdl():
    for relative in (0, 35, -220):
        for turn in (True, False):
            for model in MODELS:
                for ply in (0, 30, 150):
                    expected = ce.PovScore(ce.Cp(relative), turn).wdl(model=model, ply=ply)
                    got = qe.PovScore(qe.Cp(relative), turn).wdl(model=model, ply=ply)
                    assert type(got) is qe.PovWdl
                    assert repr(got) == repr(expected)
                    assert wdl_of(got.white()) == wdl_of(expected.white())
                    assert wdl_of(got.black()) == wdl_of(expected.black())
    assert repr(qe.PovScore(qe.Mate(-2), False).wdl(model="lichess", ply=3)) == \
        repr(ce.PovScore(ce.Mate(-2), False).wdl(model="lichess", ply=3))


def score_pairs():
    """The same scores in both packages: mates both ways, centipawns, mate given."""
    def build(module):
        return ([module.Mate(-n) for n in range(1, 8)] + [module.Mate(0), module.MateGiven]
                + [module.Cp(cp) for cp in (-30000, -500, -1, 0, 1, 17, 500, 30000)]
                + [module.Mate(n) for n in range(1, 8)] + [-module.MateGiven, +module.Mate(3), abs(module.Mate(-4))])
    return list(zip(build(qe), build(ce)))


def test_score_order_equality_and_text():
    pairs = score_pairs()
    for (a, a_theirs), (b, b_theirs) in itertools.product(pairs, repeat=2):
        for op in ("__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"):
            assert getattr(a, op)(b) == getattr(a_theirs, op)(b_theirs), (a, op, b)
    ours = sorted((s for s, _ in pairs), key=lambda s: s)
    theirs = sorted((s for _, s in pairs), key=lambda s: s)
    assert [repr(s) for s in ours] == [repr(s) for s in theirs]
    for ours_score, theirs_score in pairs:
        assert repr(ours_score) == repr(theirs_score) and str(ours_score) == str(theirs_score)
        for f in (lambda s: -s, lambda s: +s, abs):
            assert repr(f(ours_score)) == repr(f(theirs_score))
        assert ours_score.mate() == theirs_score.mate() and ours_score.is_mate() == theirs_score.is_mate()
        for mate_score in (None, 0, 10000, 32000):
            assert ours_score.score(mate_score=mate_score) == theirs_score.score(mate_score=mate_score)
        assert outcome(lambda: hash(ours_score)) == outcome(lambda: hash(theirs_score))
        assert (ours_score == 5) == (theirs_score == 5)
        assert outcome(lambda: ours_score < 5)[:2] == outcome(lambda: theirs_score < 5)[:2]
    assert qe.Score.__abstractmethods__ == ce.Score.__abstractmethods__


# --- Wdl and PovWdl -------------------------------------------------------------------

def wdl_triples():
    rng = random.Random(45)
    triples = [(0, 0, 0), (1000, 0, 0), (0, 1000, 0), (0, 0, 1000), (600, 300, 100), (1, 2, 3), (5, -5, 0), (2, 0, -1)]
    triples += [tuple(rng.randint(0, 1000) for _ in range(3)) for _ in range(200)]
    return triples


def test_wdl_properties_and_arithmetic():
    methods = ["total", "winning_chance", "drawing_chance", "losing_chance", "expectation"]
    for triple in wdl_triples():
        ours, theirs = qe.Wdl(*triple), ce.Wdl(*triple)
        assert repr(ours) == repr(theirs)
        for name in methods:
            assert outcome(getattr(ours, name)) == outcome(getattr(theirs, name)), (triple, name)
        assert repr(-ours) == repr(-theirs) and repr(+ours) == repr(+theirs)
        assert (+ours is ours) == (+theirs is theirs)
        assert list(ours) == list(theirs) and list(reversed(ours)) == list(reversed(theirs))
        assert bool(ours) == bool(theirs)
        assert (ours.wins, ours.draws, ours.losses) == (theirs.wins, theirs.draws, theirs.losses)
        for other in (qe.Wdl(*triple), qe.Wdl(1, 2, 3), triple):
            mirrored = ce.Wdl(*other) if isinstance(other, qe.Wdl) else other
            assert (ours == other) == (theirs == mirrored)
        assert outcome(lambda: hash(ours)) == outcome(lambda: hash(theirs))
        assert outcome(lambda: ours < qe.Wdl(1, 2, 3)) == outcome(lambda: theirs < ce.Wdl(1, 2, 3))
    assert [f.name for f in dataclasses.fields(qe.Wdl)] == [f.name for f in dataclasses.fields(ce.Wdl)]
    assert qe.Wdl.__match_args__ == ce.Wdl.__match_args__
    assert repr(qe.Wdl(1.5, 2, 3)) == repr(ce.Wdl(1.5, 2, 3))


def test_pov_wdl():
    for triple in wdl_triples()[:40]:
        for turn in (True, False, 1, 0, "x", None):
            ours, theirs = qe.PovWdl(qe.Wdl(*triple), turn), ce.PovWdl(ce.Wdl(*triple), turn)
            assert repr(ours) == repr(theirs)
            for color in (True, False, 1, 0):
                assert repr(ours.pov(color)) == repr(theirs.pov(color))
            assert repr(ours.white()) == repr(theirs.white()) and repr(ours.black()) == repr(theirs.black())
            assert repr(ours.relative) == repr(theirs.relative) and ours.turn == theirs.turn
            assert list(ours) == list(theirs) and len(ours) == len(theirs) and bool(ours) == bool(theirs)
            for index in (0, 1, 2, -1, 3, -4):
                assert outcome(lambda: ours[index]) == outcome(lambda: theirs[index])
            assert outcome(lambda: hash(ours)) == outcome(lambda: hash(theirs))
            for other_turn in (True, False):
                for other_triple in (triple, triple[::-1], (1, 2, 3)):
                    assert (ours == qe.PovWdl(qe.Wdl(*other_triple), other_turn)) == \
                        (theirs == ce.PovWdl(ce.Wdl(*other_triple), other_turn))
            assert (ours == qe.Wdl(*triple)) == (theirs == ce.Wdl(*triple))


# --- Limit, PlayResult, BestMove, Opponent --------------------------------------------

LIMIT_FIELDS = ["time", "depth", "nodes", "mate", "white_clock", "black_clock", "white_inc", "black_inc",
                "remaining_moves", "clock_id"]


def test_limit_fields_repr_and_equality():
    assert [f.name for f in dataclasses.fields(qe.Limit)] == [f.name for f in dataclasses.fields(ce.Limit)] == LIMIT_FIELDS
    values = [None, 0, 1, 0.1, 2.5, False, True, "a", [1], 10 ** 20]
    rng = random.Random(7)
    cases = [{}] + [{name: value} for name in LIMIT_FIELDS for value in values]
    cases += [{name: rng.choice(values) for name in rng.sample(LIMIT_FIELDS, rng.randint(2, 10))} for _ in range(300)]
    for kwargs in cases:
        ours, theirs = qe.Limit(**kwargs), ce.Limit(**kwargs)
        assert repr(ours) == repr(theirs), kwargs
        assert str(ours) == str(theirs)
        assert (ours == qe.Limit(**kwargs)) == (theirs == ce.Limit(**kwargs))
        assert (ours == qe.Limit(depth=3)) == (theirs == ce.Limit(depth=3))
        assert outcome(lambda: hash(ours)) == outcome(lambda: hash(theirs))
    positional = (0.5, 3, 100, 2, 60.0, 59.0, 1.0, 2.0, 40, "c")
    assert repr(qe.Limit(*positional)) == repr(ce.Limit(*positional))
    assert outcome(lambda: qe.Limit(bogus=1)) == outcome(lambda: ce.Limit(bogus=1))


def address_free(text):
    return re.sub(r" at 0x[0-9a-f]+ ", " at ADDRESS ", text)


def test_play_result_and_best_move():
    q_move, c_move = quadboard.Move.from_uci("e7e8q"), chess.Move.from_uci("e7e8q")
    for args, kwargs in [((True, False), {}), ((True, True, {"depth": 3}), {}), ((False, True, None), {"draw_offered": True}),
                         ((False, False, {}), {"resigned": True, "draw_offered": True}), ((True, None), {})]:
        def build(module, move):
            real = [move if a is True else None if a is False else a for a in args]
            return module.PlayResult(*real, **kwargs)
        ours, theirs = build(qe, q_move), build(ce, c_move)
        assert address_free(repr(ours)) == address_free(repr(theirs))
        assert f"at {id(ours):#x} " in repr(ours)
        assert str(ours.move) == str(theirs.move) and str(ours.ponder) == str(theirs.ponder)
        assert ours.info == theirs.info and ours.draw_offered == theirs.draw_offered and ours.resigned == theirs.resigned
    info = {}
    assert (qe.PlayResult(None, None, info).info is info) == (ce.PlayResult(None, None, info).info is info)
    info = {"depth": 1}
    assert (qe.PlayResult(None, None, info).info is info) == (ce.PlayResult(None, None, info).info is info)
    assert outcome(lambda: qe.PlayResult(None)) [:2] == outcome(lambda: ce.PlayResult(None))[:2]
    for move, ponder in [(True, True), (True, None), (None, None)]:
        ours = qe.BestMove(q_move if move else None, q_move if ponder else None)
        theirs = ce.BestMove(c_move if move else None, c_move if ponder else None)
        assert address_free(repr(ours)) == address_free(repr(theirs))
        assert sorted(vars(ours)) == sorted(vars(theirs))
    assert (qe.BestMove(None, None) == qe.BestMove(None, None)) == (ce.BestMove(None, None) == ce.BestMove(None, None))


def test_opponent():
    for args in [("a", "GM", 2500, False), (None, None, None, None), ("Stockfish", "BOT", 3500, True)]:
        ours, theirs = qe.Opponent(*args), ce.Opponent(*args)
        assert repr(ours) == repr(theirs)
        assert (ours == qe.Opponent(*args)) == (theirs == ce.Opponent(*args))
        assert outcome(lambda: hash(ours)) == outcome(lambda: hash(theirs))
    assert [f.name for f in dataclasses.fields(qe.Opponent)] == [f.name for f in dataclasses.fields(ce.Opponent)]


# --- Option ---------------------------------------------------------------------------

class Odd:
    """A value whose str holds a line break and which converts to an integer."""

    def __str__(self):
        return "a\nb"

    def __repr__(self):
        return "Odd()"

    def __int__(self):
        return 42

    def __index__(self):
        return 42


VALUES = [True, False, None, 0, 1, 2, -1, 5, 10, 11, -10, -11, 1.5, 2.0, -0.5, "3", " 4 ", "-3", "+7", "0x10",
          "true", "True", "false", "FALSE", "on", "", "a", "A", "bb", "Bb", "c d", "x\ny", "x\ry", "a\x00", [1], [],
          b"ab", b"12", "1_000", "\u0661", 1e30, math.nan, math.inf, "inf", "nan", Odd(), 10 ** 30]


def option_cases():
    return [("c", "check", False, None, None, []), ("s", "spin", 5, -10, 10, []), ("s2", "spin", 5, None, None, []),
            ("s3", "spin", 5, None, 10, []), ("s4", "spin", 5, 0, None, []), ("s5", "spin", 5, 10, 0, []),
            ("k", "combo", "a", None, None, ["a", "Bb", "c d"]), ("k2", "combo", "a", None, None, None),
            ("k3", "combo", "a", None, None, []), ("k4", "combo", 1, None, None, [1, 2]),
            ("b", "button", None, None, None, []), ("t", "string", "x", None, None, []),
            ("f", "file", "", None, None, []), ("p", "path", "", None, None, []), ("r", "reset", None, None, None, []),
            ("q", "save", None, None, None, []), ("z", "weird", None, None, None, []), ("S", "Spin", 1, None, None, []),
            ("Hash", "spin", 16, 1, 33554432, None), ("UCI_Chess960", "check", False, None, None, None)]


def test_option_parse_of_every_type_and_bad_values():
    compared = 0
    for fields in option_cases():
        ours, theirs = qe.Option(*fields), ce.Option(*fields)
        for value in VALUES:
            expected = outcome(lambda: theirs.parse(value))
            assert outcome(lambda: ours.parse(value)) == expected, (fields, value)
            compared += 1
    assert compared == len(option_cases()) * len(VALUES)


def test_option_fields_frozen_equality_and_managed_names():
    assert [f.name for f in dataclasses.fields(qe.Option)] == [f.name for f in dataclasses.fields(ce.Option)]
    for fields in option_cases():
        ours, theirs = qe.Option(*fields), ce.Option(*fields)
        assert repr(ours) == repr(theirs)
        assert ours.is_managed() == theirs.is_managed()
        assert (ours == qe.Option(*fields)) == (theirs == ce.Option(*fields))
        assert outcome(lambda: hash(ours))[:2] == outcome(lambda: hash(theirs))[:2]
        assert outcome(lambda: setattr(ours, "name", "x"))[:2] == outcome(lambda: setattr(theirs, "name", "x"))[:2]
    for name in ("UCI_Chess960", "uci_variant", "MultiPV", "PONDER", "Ponder ", "Hash", "UCI_Elo", "UCI_Opponent", "multi_pv"):
        assert qe.Option(name, "check", False, None, None, None).is_managed() == \
            ce.Option(name, "check", False, None, None, None).is_managed(), name
    assert qe.MANAGED_OPTIONS == ce.MANAGED_OPTIONS


# --- UciOptionMap ---------------------------------------------------------------------

def test_uci_option_map():
    def script(module):
        log = []
        m = module.UciOptionMap(Hash=1, Threads=2)
        log.append(repr(m))
        m["hash"] = 3
        log += [repr(m), m["HASH"], list(m), len(m), "hASH" in m, "x" in m, m.get("threads"), m.get("x", 9)]
        for other in ({"hash": 3, "threads": 2}, {"hash": 3, "Threads": 2}, {"hash": 3}, {"hash": 3, "Threads": 2, "x": 1},
                      module.UciOptionMap(THREADS=2, HASH=3), module.UciOptionMap(hash=3), 5, [("hash", 3)], None):
            log.append(m == other)
            log.append(m != other)
        log.append(outcome(lambda: m["nope"]))
        del m["HASH"]
        log.append(repr(m))
        log.append(outcome(lambda: m.__delitem__("zz")))
        log += [repr(m.copy()), type(m.copy()).__name__, repr(copy.copy(m)), type(copy.copy(m)).__name__]
        log += [repr(module.UciOptionMap()), repr(module.UciOptionMap([("A", 1), ("a", 2), ("b", 3)])),
                repr(module.UciOptionMap({"A": 1}.items(), b=2)), repr(module.UciOptionMap({"A": 1}))]
        log += [dict(m), list(m.items()), list(m.keys()), list(m.values())]
        log.append(outcome(lambda: hash(m)))
        log.append(module.UciOptionMap() == module.UciOptionMap())
        return log

    assert script(qe) == script(ce)


def test_values_pickle_and_copy_as_python_chess_s():
    def values(module, move):
        return [module.Cp(-35), module.Mate(4), module.Mate(-2), module.MateGiven, module.PovScore(module.Mate(3), False),
                module.Wdl(500, 400, 100), module.PovWdl(module.Wdl(1, 2, 997), True), module.Limit(depth=20, nodes=5),
                module.Option("Hash", "spin", 16, 1, 1024, None), module.Opponent("x", None, 2000, True),
                module.Info.PV | module.Info.SCORE, module.UciOptionMap(Hash=16), module.EngineError("bad"),
                module.PlayResult(move, None, {"depth": 3})]

    def normalised(value):
        return address_free(repr(value))

    q_move, c_move = quadboard.Move.from_uci("g1f3"), chess.Move.from_uci("g1f3")
    for ours, theirs in zip(values(qe, q_move), values(ce, c_move)):
        for how in (lambda v: pickle.loads(pickle.dumps(v)), copy.copy, copy.deepcopy):
            assert normalised(how(ours)) == normalised(how(theirs)), repr(ours)
            assert type(how(ours)).__name__ == type(how(theirs)).__name__
    assert (pickle.loads(pickle.dumps(qe.MateGiven)) is qe.MateGiven) == \
        (pickle.loads(pickle.dumps(ce.MateGiven)) is ce.MateGiven)


# --- Info, InfoDict, exceptions, constants --------------------------------------------

def test_info_flags():
    assert [(m.name, m.value) for m in qe.Info.__members__.values()] == \
        [(m.name, m.value) for m in ce.Info.__members__.values()]
    assert [repr(m) for m in qe.Info] == [repr(m) for m in ce.Info]
    for a, b in itertools.product(range(32), repeat=2):
        assert repr(qe.Info(a) | qe.Info(b)) == repr(ce.Info(a) | ce.Info(b))
        assert repr(qe.Info(a) & ~qe.Info(b)) == repr(ce.Info(a) & ~ce.Info(b))
    for name in ("INFO_NONE", "INFO_BASIC", "INFO_SCORE", "INFO_PV", "INFO_REFUTATION", "INFO_CURRLINE", "INFO_ALL"):
        assert getattr(qe, name) is qe.Info[name[5:]] and getattr(qe, name) == getattr(ce, name)
    assert issubclass(qe.Info, __import__("enum").IntFlag)
    assert [(m.name, m.value) for m in qe.CommandState] == [(m.name, m.value) for m in ce.CommandState]


def test_info_dict():
    assert list(qe.InfoDict.__annotations__) == list(ce.InfoDict.__annotations__)
    assert qe.InfoDict.__total__ is ce.InfoDict.__total__ is False
    assert qe.InfoDict.__optional_keys__ == ce.InfoDict.__optional_keys__
    assert qe.InfoDict.__required_keys__ == ce.InfoDict.__required_keys__
    assert qe.InfoDict(depth=3, string="x") == {"depth": 3, "string": "x"}


def test_exceptions():
    for name in ("EngineError", "EngineTerminatedError", "AnalysisComplete"):
        ours, theirs = getattr(qe, name), getattr(ce, name)
        assert [c.__name__ for c in ours.__mro__] == [c.__name__ for c in theirs.__mro__]
        assert repr(ours("x")) == repr(theirs("x")) and str(ours("y")) == str(theirs("y"))


def test_constants_and_type_names():
    assert qe.UCI_REGEX.pattern == ce.UCI_REGEX.pattern and qe.UCI_REGEX.flags == ce.UCI_REGEX.flags
    assert qe.XBOARD_ERROR_REGEX.pattern == ce.XBOARD_ERROR_REGEX.pattern
    for text in ["e2e4", "e7e8q", "P@e4", "0000", "e2e4 ", "e9e4", "0000x", "Error: x", "Illegal move (e2e4): e2e4",
                 "  Error (bad):", "error: x"]:
        for name in ("UCI_REGEX", "XBOARD_ERROR_REGEX"):
            ours, theirs = getattr(qe, name).match(text), getattr(ce, name).match(text)
            assert (ours and ours.group(0)) == (theirs and theirs.group(0))
    assert qe.ConfigValue == ce.ConfigValue
    assert repr(qe.ConfigMapping) == repr(ce.ConfigMapping)
    assert qe.WdlModel == ce.WdlModel
    assert qe.EventLoopPolicy is ce.EventLoopPolicy
    assert qe.Color is ce.Color
    assert qe.override(test_constants_and_type_names) is test_constants_and_type_names
    assert qe.LOGGER.name == "quadboard.engine"
    for name in ("T", "F", "ProtocolT"):
        assert type(getattr(qe, name)) is type(getattr(ce, name))


def test_every_public_name_of_chess_engine_exists():
    imported = {n for n in dir(ce) if isinstance(getattr(ce, n), types.ModuleType)}
    typing_names = {n for n in dir(ce) if getattr(getattr(ce, n), "__module__", None) == "typing"
                    and getattr(getattr(ce, n), "__name__", n) == n and n not in ("ConfigMapping", "ConfigValue")}
    public = {n for n in dir(ce) if not n.startswith("_")} - imported - typing_names - {"annotations", "TracebackType"}
    missing = public - set(dir(qe))
    assert not missing
    assert set(qe.__all__) <= set(dir(qe))


def parameters(function):
    """A callable's parameters as comparable values: names, kinds, defaults; whether async."""
    function = getattr(function, "__func__", function)
    if isinstance(function, property):
        return "property"
    signature = inspect.signature(function)
    return (inspect.iscoroutinefunction(function),
            [(p.name, p.kind, None if p.default is p.empty else repr(p.default)) for p in signature.parameters.values()])


def test_every_method_of_chess_engine_classes_with_python_chess_parameters():
    dunders = {"__init__", "__enter__", "__exit__", "__iter__", "__next__", "__aiter__", "__anext__"}
    compared = 0
    for name in dir(ce):
        theirs = getattr(ce, name)
        if not (isinstance(theirs, type) and theirs.__module__ == "chess.engine"):
            continue
        ours = getattr(qe, name)
        for attribute, value in vars(theirs).items():
            if attribute.startswith("_") and attribute not in dunders:
                continue
            if not (callable(value) or isinstance(value, (property, classmethod, staticmethod))):
                continue
            assert attribute in dir(ours), f"{name}.{attribute}"
            assert parameters(inspect.getattr_static(ours, attribute)) == parameters(value), f"{name}.{attribute}"
            compared += 1
    assert compared > 100
    for name in ("popen_uci", "popen_xboard", "run_in_background", "override"):
        assert parameters(getattr(qe, name)) == parameters(getattr(ce, name)), name


# --- What needs the protocol ------------------------------------------------------------

def test_protocol_names_raise_not_implemented_naming_the_rust_client():
    # UCI and XBoard are built (tests/test_engine.py, tests/test_engine_xboard.py);
    # python-chess's test machinery is not.
    calls = [lambda: qe.AnalysisResult(), lambda: qe.MockTransport(None)]
    for call in calls:
        with pytest.raises(NotImplementedError, match="crates/quadboard-engine"):
            call()
    assert issubclass(qe.UciProtocol, qe.Protocol) and issubclass(qe.Protocol, asyncio.SubprocessProtocol)
    assert issubclass(qe.XBoardProtocol, qe.Protocol) and not issubclass(qe.XBoardProtocol, qe.UciProtocol)


def bounded(call, seconds=20):
    """call() on a daemon thread: its outcome, or a failure after ``seconds`` (a hang in
    run_in_background must fail the test, not stop the run)."""
    box = []
    thread = threading.Thread(target=lambda: box.append(outcome(call)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert box, f"no answer in {seconds} s"
    return box[0]


def test_run_in_background():
    async def answer(future):
        await asyncio.sleep(0)
        future.set_result(threading.current_thread().name)

    async def answer_then_fail(future):
        future.set_result(1)
        raise qe.EngineError("after the answer")

    async def fail(future):
        raise qe.EngineError("no engine")

    async def nothing(future):
        return None

    for ours, theirs in [(qe.run_in_background, ce.run_in_background)]:
        assert bounded(lambda: ours(answer, name="engine-thread")) == \
            bounded(lambda: theirs(answer, name="engine-thread")) == ("value", "str", "'engine-thread'")
        for coroutine in (fail, nothing):
            assert bounded(lambda: ours(coroutine)) == bounded(lambda: theirs(coroutine)), coroutine.__name__
        # python-chess hands back the answer too, then fails on its background thread
        # (setting the error on a finished future); quadboard's drops the late error.
        assert bounded(lambda: ours(answer_then_fail)) == ("value", "int", "1")


def test_import_chess_engine_through_the_shim():
    code = ("import chess, chess.engine, quadboard.engine; from chess.engine import SimpleEngine, Limit, Cp; "
            "print(chess.engine is quadboard.engine, chess.engine.Cp is quadboard.engine.Cp, chess.engine.__name__)")
    env = dict(os.environ, PYTHONPATH=str(HERE / "shim"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["True", "True", "quadboard.engine"], out.stderr
