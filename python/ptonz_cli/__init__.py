"""The `ptonz-opt` command's entry point, outside the `ptonz` package.

`import ptonz` loads the MLIR bindings and the plugin (~60 ms of CPU); a
command that does not need them should not pay for it. `ptonz-opt --version`
is answered here, from `ptonz/__init__.py`'s `__version__` read as text
(`importlib.metadata` alone costs ~30 ms); everything else runs
`ptonz_cli.opt`.

It also holds what the commands share without MLIR: the `--split-input-file`
splitter (ptonz-opt, ptonz_cli.ptoas_check and the fuzzer's corpus).
"""

import sys

SPLIT_MARKER = "// -----"


def split_chunks(text: str, split: bool = True) -> list[tuple[str, int]]:
    """(chunk text, first line number) of each `// -----`-separated chunk of
    `text` (the whole text when not `split`), as mlir-opt's
    --split-input-file cuts it; a chunk's line k is line first + k - 1 of the
    file."""
    if not split:
        return [(text, 1)]
    chunks: list[tuple[str, int]] = []
    cur: list[str] = []
    start = 1
    for i, line in enumerate(text.splitlines(keepends=True), start=1):
        if line.strip() == SPLIT_MARKER:
            chunks.append(("".join(cur), start))
            cur, start = [], i + 1
        else:
            cur.append(line)
    chunks.append(("".join(cur), start))
    return chunks


# Set by the ptonz-opt command: nothing but ptonz uses the MLIR bindings in
# this process, so `import ptonz` may load less of them (ptonz._startup), and
# the command makes cuts of its own (ptonz_cli._startup).
COMMAND = False
# What the ptonz-opt command leaves for the process's exit to free (its
# lowered modules: see ptonz_opt, which ends by os._exit).
LEFT_TO_EXIT: list = []


def version_line() -> str:
    """`ptonz-opt X.Y.Z (MLIR 22.1.8 Python bindings)`, without importing ptonz."""
    from importlib.util import find_spec

    spec = find_spec("ptonz")  # finds the package without running it
    version = "unknown"
    if spec is None or spec.origin is None:
        return f"ptonz-opt {version}"
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
    global COMMAND
    COMMAND = True
    _deep_stack()
    import gc

    gc.disable()  # start-up allocates much and frees nothing (see _startup)
    from ._startup import lazy_builtin_ops, lazy_gettext, lazy_inspect, preload_plugin

    preload_plugin()  # the plugin and MLIR load on a second thread (see _startup)
    lazy_inspect()  # dataclasses imports it for docstring-less classes only (see _startup)
    lazy_gettext()  # argparse's messages, with no catalog to translate them (see _startup)
    lazy_builtin_ops()  # the builtin op classes, which no pass uses (see _startup)
    from .opt import exit_code  # argparse and the command: while the plugin loads

    code = exit_code()
    # The process ends here: tearing the interpreter, its modules and the
    # MLIR contexts down would only free memory (see _startup).
    # Every output file is closed by now; the standard streams are flushed.
    import os

    try:
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    sys.stderr.flush()
    os._exit(code)


# The main thread's stack ptonz-opt asks for (see _deep_stack).
STACK_BYTES = 120 << 20


def _deep_stack() -> None:
    """MLIR's parser, verifier and walks recurse once per level of nested
    regions (and attributes, types): with the usual 8 MiB stack, a few
    thousand nested scf.for ops killed ptonz-opt with SIGSEGV. Linux grows
    the main thread's stack up to the soft RLIMIT_STACK when it faults (not
    only as set at exec) and keeps at least 128 MiB below it unmapped, so
    ptonz-opt raises its soft limit to STACK_BYTES (within the hard limit):
    tens of thousands of levels. Only the command does this; a front end
    that calls ptonz.lower keeps its own process's limits."""
    import resource

    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
        if soft != resource.RLIM_INFINITY and soft < STACK_BYTES:
            want = STACK_BYTES if hard == resource.RLIM_INFINITY else min(STACK_BYTES, hard)
            resource.setrlimit(resource.RLIMIT_STACK, (want, hard))
    except (ValueError, OSError):
        pass  # the limit stays; nothing else changes


def started() -> None:
    """ptonz-opt has loaded what it needs: the start-up objects are kept out
    of every later collection, and the collector runs again."""
    import gc

    if COMMAND and not gc.isenabled():
        gc.freeze()
        gc.enable()


def terminal_columns() -> int:
    """shutil.get_terminal_size().columns (the COLUMNS variable, else the
    terminal of stdout, else 80), without importing shutil."""
    import os

    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]  # None: AttributeError
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80
