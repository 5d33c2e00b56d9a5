"""MLIR-style diagnostics for the ptonz tools.

Collects diagnostics from a context (and from `MLIRError`s raised by the
bindings), renders them as `file:line:col: error: message` with the source
line and a caret, as mlir-opt does, and implements `--verify-diagnostics`
(`expected-error|warning|note|remark` with `@+N`, `@-N`, `@above`, `@below`).
"""

from __future__ import annotations

import re
from typing import Dict, Iterable, List, Optional, Tuple

from mlir import ir

SEVERITY_NAMES = {
    ir.DiagnosticSeverity.ERROR: "error",
    ir.DiagnosticSeverity.WARNING: "warning",
    ir.DiagnosticSeverity.NOTE: "note",
    ir.DiagnosticSeverity.REMARK: "remark",
}


class Diag:
    """One located diagnostic (`ptonz.Diagnostic`): what ptonz-opt prints as
    `filename:line:col: severity: message`, and its notes. (A __slots__
    class rather than a dataclass, for start-up: see driver.Target.)"""

    __slots__ = ("severity", "message", "filename", "line", "col", "notes")

    def __init__(
        self,
        severity: str,  # "error" | "warning" | "note" | "remark"
        message: str,
        filename: Optional[str] = None,
        line: int = 0,
        col: int = 0,
        notes: Optional[List["Diag"]] = None,
    ):
        self.severity = severity
        self.message = message
        self.filename = filename
        self.line = line
        self.col = col
        self.notes = [] if notes is None else notes

    def _fields(self) -> tuple:
        return (self.severity, self.message, self.filename, self.line, self.col, self.notes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Diag):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass

    def __repr__(self) -> str:
        return (
            f"Diag(severity={self.severity!r}, message={self.message!r}, "
            f"filename={self.filename!r}, line={self.line!r}, col={self.col!r}, "
            f"notes={self.notes!r})"
        )

    @property
    def file(self) -> Optional[str]:
        """The file name (`filename`), None for an unknown location."""
        return self.filename

    def flatten(self) -> List["Diag"]:
        out = [self]
        for n in self.notes:
            out.extend(n.flatten())
        return out


def file_location(loc: ir.Location) -> Optional[Tuple[str, int, int]]:
    """The first file:line:col position inside `loc` (through name, callsite
    and fused locations), or None for an unknown location."""
    stack = [loc]
    while stack:
        cur = stack.pop()
        if cur.is_a_file():
            return cur.filename, cur.start_line, cur.start_col
        if cur.is_a_name():
            stack.append(cur.child_loc)
        elif cur.is_a_callsite():
            stack.append(cur.callee)
        elif cur.is_a_fused():
            stack.extend(reversed(list(cur.locations)))
    return None


def format_location(loc: ir.Location) -> str:
    """`file:line:col` of a location (its first file position), for reports."""
    pos = file_location(loc)
    return f"{pos[0]}:{pos[1]}:{pos[2]}" if pos else "<unknown>"


def _from_location(severity: str, message: str, loc: ir.Location, notes) -> Diag:
    pos = file_location(loc)
    d = Diag(severity, message)
    if pos is not None:
        d.filename, d.line, d.col = pos
    d.notes = [_convert(n) for n in notes]
    return d


def _convert(diag) -> Diag:
    """ir.Diagnostic or ir.DiagnosticInfo -> Diag."""
    return _from_location(
        SEVERITY_NAMES.get(diag.severity, "error"), str(diag.message), diag.location, diag.notes
    )


def from_mlir_error(err: Exception) -> List[Diag]:
    """Diagnostics carried by an `ir.MLIRError` (parse, verify, pass failure)."""
    diags = [_convert(d) for d in getattr(err, "error_diagnostics", [])]
    if not diags:
        diags = [Diag("error", getattr(err, "message", str(err)))]
    return diags


class Collector:
    """Attach to a context; collects every diagnostic it reports."""

    def __init__(self, context: ir.Context):
        self.diags: List[Diag] = []
        self._handle = context.attach_diagnostic_handler(self._on_diag)

    def _on_diag(self, diag) -> bool:
        try:
            self.diags.append(_convert(diag))
        except Exception:  # never let a handler raise into C++
            self.diags.append(Diag("error", str(diag)))
        return True

    def take(self) -> List[Diag]:
        out, self.diags = self.diags, []
        return out

    def detach(self) -> None:
        self._handle.detach()


class Sources:
    """Source text by file name, to show the offending line under a diagnostic.
    The text is split into lines on the first lookup: most runs print none."""

    def __init__(self):
        self._texts: Dict[str, str] = {}
        self._lines: Dict[str, List[str]] = {}

    def add(self, filename: str, text: str) -> None:
        self._texts[filename] = text
        self._lines.pop(filename, None)

    def line(self, filename: Optional[str], line: int) -> Optional[str]:
        name = filename or ""
        lines = self._lines.get(name)
        if lines is None and name in self._texts:
            lines = self._lines[name] = self._texts[name].splitlines()
        if lines is None or not (1 <= line <= len(lines)):
            return None
        return lines[line - 1]


def render(diag: Diag, sources: Optional[Sources] = None) -> str:
    out = []
    for d in diag.flatten():
        prefix = f"{d.filename}:{d.line}:{d.col}: " if d.filename else "<unknown>:0: "
        out.append(f"{prefix}{d.severity}: {d.message}")
        src = sources.line(d.filename, d.line) if sources else None
        if src is not None:
            out.append(src)
            out.append(" " * max(d.col - 1, 0) + "^")
    return "\n".join(out)


# --------------------------------------------------------------------------
# --verify-diagnostics
# --------------------------------------------------------------------------

# Compiled (and cached by `re`) on first use: only --verify-diagnostics reads it.
_EXPECTED_RE = (
    r"expected-(error|warning|note|remark)(-re)?\s*"
    r"(?:@(?P<designator>[+-]\d+|above|below|unknown))?\s*\{\{(?P<msg>.*?)\}\}\s*$"
)


class Expected:
    """One `expected-*` annotation of --verify-diagnostics."""

    __slots__ = (
        "severity",
        "message",
        "is_regex",
        "line",
        "src_line",
        "src_col",
        "matched",
        "regex",
        "regex_error",
    )

    def __init__(
        self,
        severity: str,
        message: str,
        is_regex: bool,
        line: int,  # the line the diagnostic is expected on (0 = unknown location)
        src_line: int,  # where the expectation is written
        src_col: int,
    ):
        self.severity = severity
        self.message = message
        self.is_regex = is_regex
        self.line = line
        self.src_line = src_line
        self.src_col = src_col
        self.matched = False
        # `-re` form: the compiled pattern, or why it does not compile
        self.regex: Optional["re.Pattern"] = None
        self.regex_error: Optional[str] = None
        if self.is_regex:
            try:
                self.regex = re.compile(_regex_from_mlir(self.message))
            except re.error as exc:
                self.regex_error = str(exc)

    def matches(self, diag: Diag) -> bool:
        if self.is_regex:
            return self.regex is not None and self.regex.search(diag.message) is not None
        return self.message in diag.message


def _regex_from_mlir(pattern: str) -> str:
    # MLIR's -re form: literal text with {{regex}} islands.
    parts = re.split(r"\{\{(.*?)\}\}", pattern)
    return "".join(re.escape(p) if i % 2 == 0 else p for i, p in enumerate(parts))


def parse_expectations(text: str, first_line: int = 1) -> List[Expected]:
    """Expected diagnostics written in `text`, whose first line is `first_line`
    of the file (split-input chunks keep their file line numbers)."""
    expected: List[Expected] = []
    pending_below: List[Expected] = []
    last_plain_line = 0
    for idx, src in enumerate(text.splitlines()):
        lineno = first_line + idx
        m = re.search(_EXPECTED_RE, src)
        if m is None:
            for e in pending_below:
                e.line = lineno
            pending_below = []
            last_plain_line = lineno
            continue
        e = Expected(m.group(1), m.group("msg"), bool(m.group(2)), lineno, lineno, m.start() + 1)
        designator = m.group("designator")
        if designator is None:
            pass
        elif designator == "above":
            e.line = last_plain_line
        elif designator == "below":
            pending_below.append(e)
        elif designator == "unknown":
            e.line = 0
        else:
            e.line = lineno + int(designator)
        expected.append(e)
    return expected


def verify(diags: Iterable[Diag], expected: List[Expected], filename: str) -> List[Diag]:
    """Match produced diagnostics against expectations; returns the mismatches
    as error diagnostics (empty when everything matched)."""
    problems: List[Diag] = []
    for e in expected:
        if e.regex_error is not None:
            e.matched = True  # reported here, not again as "not produced"
            problems.append(
                Diag(
                    "error",
                    f"invalid regex in expected-{e.severity}-re '{e.message}': {e.regex_error}",
                    filename,
                    e.src_line,
                    e.src_col,
                )
            )
    for d in (x for top in diags for x in top.flatten()):
        line = d.line if d.filename == filename else 0
        hit = next(
            (
                e
                for e in expected
                if not e.matched and e.severity == d.severity and e.line == line and e.matches(d)
            ),
            None,
        )
        if hit is None:
            hit = next(
                (
                    e
                    for e in expected
                    if e.severity == d.severity and e.line == line and e.matches(d)
                ),
                None,
            )
        if hit is None:
            problems.append(
                Diag("error", f"unexpected {d.severity}: {d.message}", d.filename, d.line, d.col)
            )
        else:
            hit.matched = True
    for e in expected:
        if not e.matched:
            problems.append(
                Diag(
                    "error",
                    f'expected {e.severity} "{e.message}" was not produced',
                    filename,
                    e.src_line,
                    e.src_col,
                )
            )
    return problems
