"""The project's tools/ scripts as modules, for tests (tools/ is not a package)."""

import importlib
import pathlib
import sys

TOOLS = pathlib.Path(__file__).resolve().parents[2] / "tools"


def tool(name):
    """The module of tools/`name`.py (e.g. "build_sounds"), imported once."""
    sys.path.insert(0, str(TOOLS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(TOOLS))
