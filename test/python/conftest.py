import pytest
from mlir import ir

import ptonz  # noqa: F401  (registers the dialects)


@pytest.fixture
def ctx():
    with ir.Context() as c, ir.Location.unknown():
        yield c
