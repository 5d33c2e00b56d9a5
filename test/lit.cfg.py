# lit configuration for the ptonz regression suite.
# Tools are found on PATH (the README's setup puts the virtual environment's
# bin/ first): ptonz-opt, ptonz-pack, and FileCheck from the `filecheck` package.
import os
import shutil

import lit.formats

config.name = "ptonz"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "python", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, ".lit_out")

config.environment["PATH"] = os.environ.get("PATH", "")
for var in ("HOME", "TMPDIR", "PYTHONPATH", "VIRTUAL_ENV"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

for tool in ("ptonz-opt", "ptonz-pack", "filecheck"):
    if shutil.which(tool) is None:
        lit_config.fatal(f"'{tool}' is not on PATH: run the README's install step first")

# The Python `filecheck` package installs `filecheck`; tests spell it FileCheck.
config.substitutions.append(("FileCheck", shutil.which("filecheck")))
config.substitutions.append(("%examples", os.path.join(os.path.dirname(config.test_source_root), "examples")))
config.substitutions.append(("%python", shutil.which("python3") or "python3"))
