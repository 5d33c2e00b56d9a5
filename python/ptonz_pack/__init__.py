"""ptonz_pack: the NZ weight packer, without MLIR.

Packing weights needs NumPy only, so it lives in this top-level package,
which never imports ``ptonz`` (whose ``__init__`` loads MLIR and registers the
dialects): ``ptonz-pack`` starts in a few tens of milliseconds.

    ptonz_pack.layout        pack_nz / unpack_nz / c0_for (NumPy; also
                             re-exported as ``ptonz.nz_layout``)
    ptonz_pack.dtypes        dtype names (no NumPy); the NZ geometry and the
                             NZ element types are ptonz_geometry's
    ptonz_pack.tensor_io     .safetensors / .npy / raw .bin tensors, read and
                             written band by band with pread/pwrite
    ptonz_pack.cli           the ``ptonz-pack`` command

This ``__init__`` imports nothing, so ``ptonz-pack --help`` loads argparse
and nothing else.
"""

__version__ = "0.1.0"
