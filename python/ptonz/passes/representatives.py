"""Checking a class of alike ops once, on a representative.

A pass whose rule reads only some facts of an op (its shape constants, its
layouts, the alignment of an offset value, ...) gets the same answer for
every op with the same facts. The C++ queries group a module's ops by those
facts (`_ptonz.ViewClasses`, `_ptonz.NzViewClasses`); the pass then runs its
own rule, unchanged, once per class, on a representative whose values and
ops are placeholders that answer only from the class's facts. Anything else
the rule reads, and any rejection (which needs the op's location), raises
NeedsOps: the pass then checks those ops one by one, as it always did. So a
rule has one home, and a class decision is the decision of each member.
"""

from __future__ import annotations


class NeedsOps(Exception):
    """Checking a class on its representative asked what only its ops answer."""


class Placeholder:
    """A value or op of a representative. `code` says where each member has
    it (the pass's own convention). Any attribute that is not set raises
    NeedsOps."""

    __slots__ = ("code",)

    def __init__(self, code: tuple = ()):
        self.code = code

    def __getattr__(self, name: str):
        raise NeedsOps(name)
