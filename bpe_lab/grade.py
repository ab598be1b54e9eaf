"""``python -m bpe_lab.grade``: the grader's command line, kept at its old name (it lives in ``bpe_lab.homework.grade``)."""

import sys

from .homework.grade import *  # noqa: F401,F403
from .homework.grade import __all__, main  # noqa: F401

if __name__ == "__main__":
    sys.exit(main())
