"""The questions of the exercise notebooks: ``set_01()`` … ``set_09()``, one per notebook, each a dict
question name -> ``exercises.Question`` in the order the notebook asks them.

One module per exercise notebook (``ex01_bpe_from_scratch`` for
``notebooks/exercises/01_bpe_from_scratch_exercises.ipynb``, ...), and in it one small function per
question (``q_merge_pair``), so a question reads on one screen. Each question's ``solution_code`` and
``wrong_code`` are complete answer cells: the tests run every exercise notebook unattempted, with the
solutions, and with the typical wrong answers.

This package holds no checking logic: how an answer is checked (cases, time limits, feedback) is
``bpe_lab.exercises``; running submitted notebooks is ``bpe_lab.grade``.
"""

from __future__ import annotations

from .ex01_bpe_from_scratch import set_01
from .ex02_encoding_order import set_02
from .ex03_byte_level import set_03
from .ex04_gpt2_pretokenization import set_04
from .ex05_wordpiece import set_05
from .ex06_unigram_viterbi import set_06
from .ex07_comparison import set_07
from .ex08_tokens_and_llms import set_08
from .ex09_sentencepiece_bpe import set_09
from .ex10_your_own_tokenizer import set_10

__all__ = ["set_01", "set_02", "set_03", "set_04", "set_05", "set_06", "set_07", "set_08", "set_09", "set_10"]

# The capstone (notebooks/exercises/capstone_gpt4_tokenizer.ipynb): GPT-4's tokenizer built step by step.
from .capstone import set_capstone  # noqa: E402

__all__ += ["set_capstone"]
