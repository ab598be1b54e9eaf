"""The grader's private parts (``bpe_lab.grade`` is the way in).

* ``limits``: calling a student's function with a time limit that needs no SIGALRM, and noticing calls
  into bpe_lab's own implementation of what was asked (``Question.forbidden``). ``Question.check`` and
  the grader's child process both use it.
* ``verdicts``: the words a student is told about an answer, the same in ``check()`` and in the feedback file.
* ``wire``: answers and cases as plain JSON between the grader and the child, so nothing a student's
  object does (an ``__eq__`` that always says yes, a subclass, a pickle) reaches the grader.
* ``child``: what runs in the child process: the notebook's cells, then the calls the grader asks for.
* ``runner``: the grader's side of one submission: the child's life (limits, kill, restart), the
  answers it reads, and the points they earn against references computed in the grader's process.
* ``reports``: the tables, CSV files, feedback files, summary and bar chart.
* ``release``: a notebook as handed to students, practice or graded (no hints, no solutions).
* ``nbgrader``: the sets as nbgrader source notebooks (solution regions, read-only test cells with the hidden
  cases), and the check those test cells run in the student's kernel.
* ``student_edition``: the course as students receive it for credit, its question modules rewritten with no
  solutions, hints, rubrics, hidden cases or references.
"""
