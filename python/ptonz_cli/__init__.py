"""The `ptonz-opt` command's entry point, outside the `ptonz` package.

`import ptonz` loads the MLIR bindings and the plugin (~60 ms of CPU); a
command that does not need them should not pay for it. `ptonz-opt --version`
is answered here, from `ptonz/__init__.py`'s `__version__` read as text
(`importlib.metadata` alone costs ~30 ms); everything else runs
`ptonz.tools.ptonz_opt`.
"""

import sys


def version_line() -> str:
    """`ptonz-opt X.Y.Z (MLIR 22.1.8 Python bindings)`, without importing ptonz."""
    from importlib.util import find_spec

    spec = find_spec("ptonz")  # finds the package without running it
    version = "unknown"
    with open(spec.origin, encoding="utf-8") as f:
        for line in f:
            if line.startswith("__version__"):
                version = line.split("=", 1)[1].strip().strip("\"'")
                break
    return f"ptonz-opt {version} (MLIR 22.1.8 Python bindings)"


def ptonz_opt() -> None:
    if "--version" in sys.argv[1:]:
        print(version_line())
        sys.exit(0)
    from ptonz.tools.ptonz_opt import main
    main()
