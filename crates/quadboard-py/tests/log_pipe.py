"""An engine behind a pipe, for the tests of `quadboard.engine` (run as a script, never
imported by pytest): `log_pipe.py LOG ENGINE [OLD NEW]` runs ENGINE, appends every line
it receives to LOG, and passes its output on, with OLD replaced by NEW in it when given
(the XBoard tests read Fairy-Max's `setboard=0` as `setboard=1`). It exits when the engine
does, so that a `quit` ends it as it ends the engine. With QB_VALUE in its environment it
first writes that and HOME to stderr (the tests of `env` and `stderr`)."""

import os
import subprocess
import sys
import threading

log_path, program = sys.argv[1], sys.argv[2]
old, new = (sys.argv[3].encode(), sys.argv[4].encode()) if len(sys.argv) > 4 else (b"", b"")
if "QB_VALUE" in os.environ:
    sys.stderr.write(f"QB_VALUE={os.environ['QB_VALUE']} HOME={os.environ.get('HOME', 'unset')}\n")
    sys.stderr.flush()
engine = subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
log = open(log_path, "ab", buffering=0)


def forward() -> None:
    for line in sys.stdin.buffer:
        log.write(line)
        try:
            engine.stdin.write(line)
        except OSError:
            break
    engine.stdin.close()


threading.Thread(target=forward, daemon=True).start()
for line in engine.stdout:
    sys.stdout.buffer.write(line.replace(old, new) if old else line)
    sys.stdout.buffer.flush()
os._exit(engine.wait())
