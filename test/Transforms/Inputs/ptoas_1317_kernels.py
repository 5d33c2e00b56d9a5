"""pto-verify-ptoas{ptoas-version=V} over every .pto file under DIR, read as
PTOAS reads pypto's A3 exports (--ptoas-pto-level=level3 --pto-arch=a3), in
one process: one line per PTOAS#1317 error (`flagged <file>:<line>:<col>`),
one per file ptonz does not parse or rejects otherwise, then the totals.

    python ptoas_1317_kernels.py DIR VERSION
"""

import contextlib
import io
import os
import re
import sys

from ptonz_cli.opt import run

ERROR = re.compile(r"^(\S+?):(\d+):(\d+): error: (.*)$", re.M)


def main(root: str, version: str) -> int:
    files = sorted(
        os.path.relpath(os.path.join(d, f), root)
        for d, _dirs, names in os.walk(root)
        for f in names
        if f.endswith(".pto")
    )
    flagged, kernels, other = 0, 0, 0
    for rel in files:
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            rc = run(
                [
                    "--ptoas-pto-level=level3",
                    "--pto-arch=a3",
                    f"--pto-verify-ptoas=ptoas-version={version}",
                    os.path.join(root, rel),
                    "-o",
                    os.devnull,
                ]
            )
        hits = [m for m in ERROR.finditer(err.getvalue()) if "PTOAS#1317" in m.group(4)]
        for m in hits:
            print(f"flagged {rel}:{m.group(2)}:{m.group(3)}")
        if hits:
            kernels += 1
            flagged += len(hits)
        elif rc != 0:
            other += 1
            first = ERROR.search(err.getvalue())
            print(f"not checked {rel}: {first.group(4)[:100] if first else 'exit %d' % rc}")
    print(
        f"{flagged} addresses in {kernels} kernels; {len(files) - other} of {len(files)} "
        "files checked"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
