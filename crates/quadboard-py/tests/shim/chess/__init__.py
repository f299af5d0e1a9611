"""A module named `chess` that only re-exports quadboard's names and submodules, so that
programs written for python-chess run on quadboard unchanged (tests/test_programs.py puts
this folder first on the path). quadboard itself ships no `chess` module."""

import sys as _sys

import quadboard as _quadboard

globals().update({k: v for k, v in vars(_quadboard).items() if not k.startswith("__")})
for _name in ("pgn", "polyglot", "svg"):
    if hasattr(_quadboard, _name):
        _sys.modules[f"{__name__}.{_name}"] = getattr(_quadboard, _name)
