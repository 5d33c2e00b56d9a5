"""lit's test format for the ptonz suite (test/lit.cfg.py): ShTest, with each
test that `REQUIRES: ptoas` run once per PTOAS release (a module of its own,
so that lit can hand the format to its worker processes)."""

import re

import lit.formats
import lit.Test
import lit.TestRunner

_REQUIRES = re.compile(r"REQUIRES:(.*)")


def requires_ptoas(path: str) -> bool:
    """Whether the test file says `REQUIRES: ptoas` (the release-free feature)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError):
        return False
    return any(
        "ptoas" in (f.strip() for f in m.group(1).split(",")) for m in _REQUIRES.finditer(text)
    )


class ReleaseTest(lit.Test.Test):
    """One release's run of a test file (`X.test@0.60`): its source is `X.test`."""

    def __init__(self, suite, path_in_suite, config, source, release):
        super().__init__(suite, path_in_suite, config, file_path=source)
        self.ptoas_release = release

    def getSourcePath(self):
        return self.file_path


class PerRelease(lit.formats.ShTest):
    """A `REQUIRES: ptoas` test `X.test` becomes `X.test@R` for each release R
    of `tested` and of `found` (release -> path of its ptoas), UNSUPPORTED
    where R is not found; there `%ptoas` is R's ptoas, `%ptoas-version` R and
    `%ptoas-tag` R's digits (`027`)."""

    def __init__(self, tested, found):
        super().__init__(execute_external=False)
        self.tested = tuple(tested)
        self.found = dict(found)

    def getTestsForPath(self, suite, path_in_suite, litConfig, localConfig):
        for test in super().getTestsForPath(suite, path_in_suite, litConfig, localConfig):
            source = test.getSourcePath()
            if not requires_ptoas(source):
                yield test
                continue
            for release in sorted(set(self.tested) | set(self.found)):
                yield ReleaseTest(
                    suite,
                    path_in_suite[:-1] + (f"{path_in_suite[-1]}@{release}",),
                    localConfig,
                    source,
                    release,
                )

    def execute(self, test, litConfig):
        release = getattr(test, "ptoas_release", None)
        if release is None:
            return super().execute(test, litConfig)
        if release not in self.found:
            return lit.Test.Result(
                lit.Test.UNSUPPORTED, f"ptoas {release} is not installed (feature ptoas-{release})"
            )
        subs = [
            ("%ptoas-version", release),
            ("%ptoas-tag", release.replace(".", "")),
            (r"%ptoas(?![-\w])", self.found[release]),
        ]
        return lit.TestRunner.executeShTest(
            test, litConfig, False, subs + list(self.extra_substitutions), self.preamble_commands
        )
