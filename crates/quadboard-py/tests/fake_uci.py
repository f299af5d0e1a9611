"""A small UCI engine for the tests of `quadboard.engine` (run as a script, never
imported by pytest): it writes every line it receives to the file named by its first
argument and answers as a UCI engine would, its moves from python-chess (the tests' oracle).

Its second argument picks a behaviour: `normal`; `die_at_start` (exits before `uciok`);
`die_mid_search` (exits after an info line of its first search); `silent` (never answers
`uci`); `no_bestmove` (never ends a search)."""

import sys

import chess

log_path, mode = sys.argv[1], sys.argv[2]
log = open(log_path, "a", buffering=1)


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


if mode == "die_at_start":
    sys.stderr.write("fake: cannot load my network\n")
    sys.exit(3)

board = chess.Board()
chess960 = False
for raw in sys.stdin:
    line = raw.strip()
    log.write(line + "\n")
    if line == "uci":
        if mode == "silent":
            continue
        say("id name Fake 1.0")
        say("id author the tests")
        for option in ("option name Hash type spin default 16 min 1 max 1024",
                       "option name Threads type spin default 1 min 1 max 8",
                       "option name Ponder type check default false",
                       "option name MultiPV type spin default 1 min 1 max 8",
                       "option name UCI_Chess960 type check default false",
                       "option name UCI_AnalyseMode type check default false",
                       "option name Style type combo default Normal var Solid var Normal var Risky",
                       "option name Clear Hash type button",
                       "option name Book File type string default book.bin",
                       "option name UCI_Opponent type string default"):
            say(option)
        say("uciok")
    elif line == "isready":
        say("readyok")
    elif line.startswith("setoption name UCI_Chess960 value"):
        chess960 = line.endswith("true")
    elif line.startswith("position"):
        words = line.split()
        if words[1] == "startpos":
            board = chess.Board(chess960=chess960)
            rest = words[2:]
        else:
            board = chess.Board(" ".join(words[2:8]), chess960=chess960)
            rest = words[8:]
        for move in rest[1:]:
            board.push_uci(move)
    elif line.startswith("go"):
        moves = list(board.legal_moves)
        if mode == "no_bestmove":
            say("info depth 1 score cp 5")
            continue
        if not moves:
            say("info depth 0 score mate 0" if board.is_check() else "info depth 0 score cp 0")
            say("bestmove (none)")
            continue
        best = moves[0]
        say(f"info depth 1 seldepth 1 multipv 1 score cp 17 upperbound nodes 10 nps 1000 time 3 pv {best.uci()}")
        if mode == "die_mid_search":
            sys.exit(5)
        say(f"info depth 2 seldepth 3 multipv 1 score cp 21 nodes 40 nps 2000 time 7 pv {best.uci()}")
        say("info string fake search done")
        say(f"bestmove {best.uci()}")
    elif line == "stop":
        pass
    elif line == "quit":
        break
