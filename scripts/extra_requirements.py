"""Print the requirements of one optional-dependency group of pyproject.toml, space-separated.

``make test`` installs the ``nbgrader`` group into a venv of its own (.venv-nbgrader) with them, at the same time as
it installs bpe_lab into .venv: reading pyproject.toml, not the installed package's metadata, lets the two run side
by side. Usage: python scripts/extra_requirements.py nbgrader
"""

from __future__ import annotations

import sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10: pip carries the same parser
    from pip._vendor import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python scripts/extra_requirements.py GROUP  (an optional-dependency group: nbgrader)",
              file=sys.stderr)
        return 2
    groups = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    if argv[0] not in groups:
        print(f"{PYPROJECT} has no optional-dependency group {argv[0]!r}; it has {', '.join(sorted(groups))}",
              file=sys.stderr)
        return 2
    print(" ".join(requirement.replace(" ", "") for requirement in groups[argv[0]]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
