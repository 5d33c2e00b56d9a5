"""expect_exit.py CODE CMD...: run CMD, pass its output through, and fail
unless it exits with CODE (lit's `not` accepts any failure; ptonz-opt's
exit codes mean different things: 1 is a user error, 2 an internal one)."""

import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:], stdin=sys.stdin)
if proc.returncode != want:
    print(f"expect_exit: {sys.argv[2]} exited {proc.returncode}, expected {want}", file=sys.stderr)
    sys.exit(1)
