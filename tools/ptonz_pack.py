"""ptonz-pack: the command lives in ``ptonz_pack.cli`` (a top-level package
that does not import ``ptonz``, hence not MLIR, so it starts fast). This
module keeps ``python -m ptonz.tools.ptonz_pack`` and
``from ptonz.tools.ptonz_pack import main`` working for MLIR users."""

import sys

from ptonz_pack.cli import UserError, main  # noqa: F401

if __name__ == "__main__":
    sys.exit(main())
