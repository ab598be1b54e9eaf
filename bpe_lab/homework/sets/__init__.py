"""The questions of the exercise notebooks: ``set_01()`` … ``set_11()``, one per notebook, each a dict
question name -> ``exercises.Question`` in the order the notebook asks them.

One module per exercise notebook (``ex01_bpe_from_scratch`` for
``notebooks/exercises/01_bpe_from_scratch_exercises.ipynb``, ...), and in it one small function per
question (``q_merge_pair``), so a question reads on one screen. Each question's ``solution_code`` and
``wrong_code`` are complete answer cells: the tests run every exercise notebook unattempted, with the
solutions, and with the typical wrong answers.

No module here is longer than 600 lines (tests/test_set_sizes.py): a longer set continues in a private module
(``_ex03_byte_tokenizer``, ``_ex05_train_wordpiece``: the project; ``_capstone_minbpe``: the capstone's steps 1-5).
Every module but this one and ``_shared`` is a question module with one ``set_...`` function of its own, which the
notebook's set includes (``set_05_project`` in ``set_05``): the student edition rewrites each question module
(``_grading/student_edition.py``: no references, solutions, hints or hidden cases) and needs that function to
compute the expected results it writes in. A question module imports from another only what the student edition
keeps: ``set_...`` functions, public functions, names the questions' kept fields use (``LIBRARY``).

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
from .ex11_beyond_compression import set_11

__all__ = ["set_01", "set_02", "set_03", "set_04", "set_05", "set_06", "set_07", "set_08", "set_09", "set_10",
           "set_11"]

# The capstone (notebooks/exercises/capstone_gpt4_tokenizer.ipynb): GPT-4's tokenizer built step by step.
from .capstone import set_capstone  # noqa: E402

__all__ += ["set_capstone"]
