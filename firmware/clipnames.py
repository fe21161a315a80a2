"""Every clip's name, in number order: for the tools, the speaker and the
tests on a computer. The board never imports this module, so the table
costs its RAM nothing (firmware.clips numbers the clips by itself)."""

from .clips import _GROUPS


def names():
    """Every clip's name, in number order (clip n is names()[n - 1])."""
    out = []
    for g, ids in _GROUPS:
        for what in ids:
            out.append(g + "." + what if what else g)
    return tuple(out)
