"""A module named `chess` that only re-exports quadboard's names and submodules, so that
programs written for python-chess run on quadboard unchanged (tests/test_programs.py puts
this folder first on the path). quadboard itself ships no `chess` module."""

import importlib as _importlib
import sys as _sys

import quadboard as _quadboard

globals().update({k: v for k, v in vars(_quadboard).items() if not k.startswith("__")})
__version__ = _quadboard.__version__  # quadboard's own version, which programs may print
# `import chess.svg` and `import chess.engine` must find quadboard's modules although this
# folder has no such files: register each submodule under both names (quadboard's
# `__init__` imports only some).
for _name in ("pgn", "polyglot", "svg", "engine", "syzygy", "variant"):
    _module = _importlib.import_module(f"quadboard.{_name}")
    _sys.modules[f"{__name__}.{_name}"] = _module
    globals()[_name] = _module
