"""Command-line entry points of ptonz (installed as `ptonz.tools`)."""
