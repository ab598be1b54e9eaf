"""Grade submitted exercise notebooks: ``python -m bpe_lab.grade SUBMISSIONS... [--out DIR] [--instructor-file F]``.

Each notebook runs in child processes of its own (in a bubblewrap sandbox where the machine has one), against
the student edition of the course: its cells run (errors do not stop them, a cell over ``--timeout`` is
stopped), then the grader reads each value answer from its variable and, in a second run against a copy in
which every function the set forbids raises, *calls each function answer itself* on the public cases and on
hidden cases made from the instructor's seed (the child receives the arguments, never the seed) — whether or
not the student kept the check cells. Results cross as plain data and are compared, in the grader's process,
with the reference's results computed there: nothing the student's code writes (the practice results table,
an object that equals everything) can change a score. Student code runs under a time limit per case (the
process is killed at the deadline: no SIGALRM, so it works on Windows too) and a memory limit (``RLIMIT_AS``
on Linux; none on Windows or macOS). A function that calls what the set forbids scores 0 on that question,
and says why. What this guards against, and what not: docs/INSTRUCTORS.md, "Threat model".

Each notebook says which set it answers (its metadata, else its ``set_NN()`` call), so a folder mixing
sets is graded per set. The student (whose own numbers the answers are checked against) comes from the
release's identity token (``release --instructor-file``), or with ``--students-by-folder`` from the folder it
was collected from; never from the editable ``STUDENT`` line alone (the table's identity column says which
notebooks could not be verified). Output: a table per
set on screen and, with ``--out DIR``, ``grades_<set>.csv`` (status, public and hidden cases passed and
points per question), ``feedback/<notebook>.md`` (what each check said), ``summary_<set>.csv`` and
``summary_<set>.png`` (how many solved each question). A notebook that cannot be read is listed, not fatal.

``python -m bpe_lab.grade release NOTEBOOK --out DIR --student alice --student bob --instructor-file F`` writes the
notebook as handed out, one per student, for credit (no hints or solutions; ``--practice`` keeps them), each with
its identity token.
``python -m bpe_lab.grade nbgrader --out COURSE [--set 01 ...] [--instructor-file F]`` writes the sets as nbgrader
source notebooks (``COURSE/source/bpe_lab_NN/``) for nbgrader's ``generate_assignment`` and ``autograde``.
``python -m bpe_lab.grade questions [SET ...]`` lists the questions of sets (what each asks, level, points,
hidden cases, per-student numbers, forbidden calls), to choose from.
``python -m bpe_lab.grade student-edition --out DIR`` writes the course for students taking it for credit:
its question sets hold no solutions, hints, rubrics, hidden cases or references.

The instructor's seed (``--instructor-file``, ``--seed`` or the environment variable ``BPE_LAB_GRADER_SEED``)
makes the hidden cases: keep it out of what students receive. Without one, the hidden cases come from a
public default seed, which anyone can reproduce.

What a question accepts is not decided here: that is ``bpe_lab.homework.questions`` and the sets in
``bpe_lab.homework.sets``. nbformat (the ``test`` extra) is imported only when a notebook is read.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from .. import _checks as check

__all__ = ["grade_notebook", "release_notebook", "export_nbgrader", "nbgrader_check", "student_edition", "main",
           "REPORT_CELL", "PUBLIC_SEED"]

PUBLIC_SEED = "public"  # hidden cases without an instructor's seed: anyone can make the same ones
SEED_VARIABLE = "BPE_LAB_GRADER_SEED"

# For the practice tests of the exercise notebooks: a last cell printing what the kernel's checks said.
# The grader does not use it (a student's cell can write anything into that table).
REPORT_CELL = ("import json as _json\nfrom bpe_lab.homework import questions as _ex\n"
               "print('BPE_LAB_REPORT ' + _json.dumps(_ex.report()))")


def grade_notebook(path, timeout: float = 60.0, *, seed: str | None = None, memory_mb: int = 2048,
                   time_factor: float = 1.0, student: str = "") -> dict:
    """Grade one submission; a dict with "file", "status", "results" ({question: status}), "error", and
    "set", "student", "points", "possible", "questions" (per question: status, kind, asks, level, points,
    earned, public and hidden cases passed, messages) and "notes".

    ``timeout``: seconds per cell; ``seed``: the instructor's seed for the hidden cases and the identity token
    (None: the environment variable BPE_LAB_GRADER_SEED, else the public default); ``memory_mb``: the child
    process's memory limit; ``time_factor`` multiplies every question's time limit per case; ``student``: whom
    the instructor collected it from ("" when not known: the release's identity token says, if it verifies).
    "identity" is "verified" or why not.

    A file that cannot be read or is not a notebook (missing, not JSON, not nbformat 4) is not an
    error: it gives status "unreadable", and ``error`` says why. A notebook of no known set gives status
    "unknown set". Question statuses: "correct", "partial", "incorrect", "not yet", "missing",
    "forbidden" (it calls bpe_lab's own implementation).
    """
    path, timeout = check.notebook_path(path), check.positive_seconds(timeout, "timeout", example=60)
    seed, memory_mb, time_factor = check.grading_limits(seed, memory_mb, time_factor)
    student = check.student(student)
    from ._grading import runner

    limits = runner.Limits(cell_seconds=timeout, memory_mb=memory_mb, time_factor=time_factor)
    return _as_dict(runner.grade(path, _seed(seed), limits, collected_from=student))


def _seed(seed: str | None) -> str:
    return seed if seed is not None else os.environ.get(SEED_VARIABLE) or PUBLIC_SEED


def _as_dict(s) -> dict:
    from ._grading.reports import note

    questions = {name: {"status": r.status, "kind": r.kind, "asks": r.asks, "level": r.level, "points": r.points,
                        "earned": r.earned, "public": list(r.public), "hidden": list(r.hidden),
                        "messages": list(r.messages)}
                 for name, r in s.questions.items()}
    return {"file": s.file, "status": s.status, "results": {n: q["status"] for n, q in questions.items()},
            "error": note(s), "set": s.set_id, "student": s.student, "identity": s.identity, "points": s.earned,
            "possible": s.possible,
            "questions": questions, "notes": list(s.notes)}


def release_notebook(path, out, *, student: str = "", graded: bool = True, questions=None, seed: str | None = None):
    """Write the exercise notebook ``path`` as handed to ``student`` into the folder ``out`` (in
    ``out/<student>/`` when a student is named); returns the new file's path.

    ``graded=True``: for credit — the set-up cell builds ``graded(set_NN(student=STUDENT))`` (no hints,
    solutions, references or hidden cases in the student's objects) and a note says so. The question
    prompts show the student's own numbers. Outputs are cleared; the metadata records set and student.
    ``questions``: the names of the questions to keep (None: all); the others' cells are removed — grade
    with ``--questions SET=NAME,...`` to match. ``seed``: the instructor's seed (None: the environment variable
    BPE_LAB_GRADER_SEED, else the public default), under which the release's identity token is made: the grader,
    given the same seed, knows whom the notebook was released to whatever the student edits.
    """
    path, out = check.notebook_path(path), check.folder(out, "out")
    student = check.student(student)
    if not isinstance(graded, bool):
        raise TypeError(f"graded must be True or False, got {type(graded).__name__}")
    if not path.is_file():
        raise FileNotFoundError(f"path must be an exercise notebook; there is no file {path}")
    if questions is not None:
        questions = [check.text(name, f"questions[{i}]") for i, name in enumerate(check.items(
            questions, "questions", "question names such as ['merge_pair', 'train']"))]
    seed = check.grading_limits(seed, 2048, 1.0)[0]
    from ._grading import release

    return release.release(path, out, student, graded, questions, _seed(seed))


def export_nbgrader(out, sets=None, *, seed: str | None = None) -> list:
    """Write exercise sets as nbgrader source notebooks: ``out/source/bpe_lab_NN/<exercise notebook>.ipynb``
    for each set id in ``sets`` (None: every set), and ``out/nbgrader_config.py`` if there is none; returns
    the paths written (each atomically).

    Each answer cell becomes an autograded answer (the solution between ``### BEGIN SOLUTION`` and
    ``### END SOLUTION``), followed by a read-only test cell worth the question's points that calls
    ``nbgrader_check`` with the expected results written in: the public cases, then between
    ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS`` the hidden cases (from ``seed``: None means the
    environment variable BPE_LAB_GRADER_SEED, else the public default) and a value question's answer.
    Every question is everyone's version: nbgrader gives each student the same notebook. Keep ``out/source``
    from students: it holds the solutions and the hidden cases.
    """
    out = check.folder(out, "out")
    sets = _set_ids() if sets is None else check.set_ids(sets, _set_ids())
    seed = check.grading_limits(seed, 2048, 1.0)[0]
    from ._grading import nbgrader

    return nbgrader.export(out, sets, _seed(seed))


def student_edition(out) -> Path:
    """Write the course as students receive it for credit into the folder ``out`` (new, or empty); returns it.

    A copy of the notebooks, data, docs and the package in which every question module is rewritten: no
    solution, typical wrong answer, hint, rubric, hidden-case generator or reference is left, and every
    question is a graded one (``check()`` records value answers and runs function answers on the public
    cases, whose expected results are written in; ``hint()`` and ``solution()`` say they are off). Tests,
    benchmarks and docs/INSTRUCTORS.md are left out. Students install it as the course (``make lab`` in it).
    """
    out = check.folder(out, "out")
    if out.is_dir() and any(out.iterdir()):
        raise ValueError(f"out must be a new or empty folder (nothing in it is replaced); {out} is not empty")
    if not out.parent.is_dir():
        raise ValueError(f"out must be a folder whose parent exists; there is no folder {out.parent}")
    from ._grading import student_edition as edition

    return edition.build(out)


def nbgrader_check(set_id: str, question: str, answer, *, public=(), hidden=(), expected=()) -> float:
    """What a test cell of an nbgrader notebook (written by ``export_nbgrader``) runs: the points ``answer``
    earns on the question ``question`` of set ``set_id`` (everyone's version).

    A function question calls ``answer`` on each case of ``public`` and ``hidden``, lists of (argument tuple,
    expected result) pairs, each within the question's time limit, and earns its points × the smaller of the
    two pass rates (0 if it calls what the question forbids). A value question compares ``answer`` with
    ``expected[0]``; with ``expected=[]`` (a release: nbgrader removed it) it earns 0 until graded. An answer
    still ``...`` earns 0. What went
    wrong is printed, and nothing raises for a wrong answer: nbgrader records the returned number as the
    cell's partial credit.

    >>> nbgrader_check("01", "merge_pair", lambda symbols, pair: symbols, public=[((["a"], ("a", "b")), ["a"])])
    merge_pair: 1 of 1 public cases passed: 2 of 2 points
    2.0
    """
    set_id = check.one_of(set_id, "set_id", _set_ids())
    public, hidden = check.nbgrader_cases(public, "public", True), check.nbgrader_cases(hidden, "hidden", True)
    expected = check.nbgrader_cases(expected, "expected", False)
    from ._grading import nbgrader

    asked = nbgrader.question(set_id, check.text(question, "question", example="merge_pair"))
    if asked is None:
        raise ValueError(f"question must be a question of set {set_id} ({', '.join(nbgrader.question_names(set_id))}), "
                         f"got {question!r}")
    return nbgrader.check(asked, answer, public, hidden, expected)


def _set_ids() -> list[str]:
    from . import sets as exercise_sets

    return [name.removeprefix("set_") for name in exercise_sets.__all__]


def main(argv=None) -> int:
    """The command line. ``argv``: the arguments as a list of str (None: ``sys.argv[1:]``).

    Bad options exit with status 2 and a usage message (argparse). A notebook that cannot be read is
    listed in the table as unreadable, not fatal. Returns 0, or 2 when the paths hold no notebooks.
    """
    argv = check.argv(argv)
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["release"]:
        return _release_main(argv[1:])
    if argv[:1] == ["questions"]:
        return _questions_main(argv[1:])
    if argv[:1] == ["nbgrader"]:
        return _nbgrader_main(argv[1:])
    if argv[:1] == ["student-edition"]:
        return _student_edition_main(argv[1:])
    args = _parser().parse_args(argv)
    files = []
    for item in args.submissions:
        files += sorted(item.glob("*.ipynb")) if item.is_dir() else [item]
    if not files:
        print("no notebooks found in the given paths", file=sys.stderr)
        return 2
    seed, where = _chosen_seed(args)
    from ._grading import reports, runner, sandbox
    from ._grading.course import Course

    limits = runner.Limits(cell_seconds=args.timeout, memory_mb=args.memory, time_factor=args.time_factor)
    sandboxed = not args.no_sandbox and sandbox.available()
    if not sandboxed:
        print(sandbox.UNSANDBOXED if not args.no_sandbox else "NOTE: --no-sandbox: " + sandbox.MEANING)
    started = time.perf_counter()
    chosen = dict(args.questions)
    course = Course()
    try:
        submissions = [runner.grade(path, seed, limits, chosen, course=course, sandboxed=sandboxed,
                                    collected_from=path.parent.name if args.students_by_folder else "")
                       for path in files]
    finally:
        course.close()
    print(f"graded {len(files)} notebook{'s' * (len(files) != 1)} in {time.perf_counter() - started:.1f} s "
          f"({'in the bubblewrap sandbox' if sandboxed else 'NOT sandboxed'}); hidden cases and identity tokens "
          f"from {where}")
    _report(submissions, args, reports)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bpe_lab.grade", description=__doc__.splitlines()[0],
                                     epilog="Release notebooks: python -m bpe_lab.grade release --help; list the "
                                            "questions: python -m bpe_lab.grade questions --help; export for "
                                            "nbgrader: python -m bpe_lab.grade nbgrader --help; the course for "
                                            "students taking it for credit: python -m bpe_lab.grade "
                                            "student-edition --help")
    parser.add_argument("submissions", nargs="+", type=Path, help="notebooks (or folders of notebooks)")
    parser.add_argument("--csv", type=_csv_path, help="also write the table as CSV (one file per set: _<set> added "
                        "when the notebooks answer several sets)")
    parser.add_argument("--out", type=_out_folder, metavar="DIR",
                        help="write grades, feedback, summary and chart into this folder")
    parser.add_argument("--timeout", type=_seconds, default=60.0, metavar="SECONDS",
                        help="seconds per cell (default 60)")
    _seed_options(parser, "a text file whose first line is the instructor's seed for the hidden cases and the "
                          "identity tokens (never give it to students)")
    parser.add_argument("--memory", type=_megabytes, default=2048, metavar="MB",
                        help="memory limit per notebook, MB (default 2048; Linux only)")
    parser.add_argument("--time-factor", type=_factor, default=1.0, metavar="FACTOR",
                        help="multiply every question's time limit per case (default 1; e.g. 3 on a slow machine)")
    parser.add_argument("--questions", action="append", type=_chosen_questions, default=[], metavar="SET=NAME,...",
                        help="grade only these questions of a set, e.g. 01=merge_pair,train (repeat per set)")
    parser.add_argument("--students-by-folder", action="store_true",
                        help="each notebook's folder is named after the student it was collected from (alice/01_....ipynb): "
                             "grade it as that student, and flag a notebook released to someone else")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="run submissions as plain processes even where bubblewrap is available (not for credit)")
    return parser


def _seed_options(parser: argparse.ArgumentParser, file_help: str) -> None:
    """--instructor-file FILE or --seed TEXT (one of them, or neither: the environment variable, else public)."""
    secret = parser.add_mutually_exclusive_group()
    secret.add_argument("--instructor-file", type=_instructor_file, dest="seed_file", metavar="FILE", help=file_help)
    secret.add_argument("--seed", type=_seed_text, help="the instructor's seed itself")


def _chosen_seed(args) -> tuple[str, str]:
    if args.seed is not None:
        return args.seed, "the seed given with --seed"
    if args.seed_file is not None:
        return args.seed_file, "the instructor file"
    if os.environ.get(SEED_VARIABLE):
        return os.environ[SEED_VARIABLE], f"the seed in {SEED_VARIABLE}"
    return PUBLIC_SEED, ("the PUBLIC default seed — anyone can make the same cases: for credit, pass "
                         "--instructor-file")


def _report(submissions, args, reports) -> None:
    reports.label(submissions)
    groups = reports.by_set(submissions)
    if args.out is not None:
        (args.out / "feedback").mkdir(parents=True, exist_ok=True)  # out itself too
        from ..storage import write_text_atomic

        for s in submissions:
            write_text_atomic(args.out / "feedback" / reports.feedback_name(s), reports.feedback(s))
    for set_id, group in groups.items():
        total = sum(r.points for r in group[0].questions.values())
        print(f"\nset {set_id}: {len(group[0].questions)} questions, {total:g} points")
        print(reports.aligned(reports.table(group)))
        summary = reports.summary_rows(group)
        print(reports.aligned([row[:10] for row in summary]))
        if args.out is not None:
            reports.write_csv(args.out / f"grades_{set_id}.csv", reports.csv_rows(group))
            reports.write_csv(args.out / f"summary_{set_id}.csv", summary)
            reports.summary_chart(group, set_id, args.out / f"summary_{set_id}.png")
        if args.csv is not None:
            target = args.csv if len(groups) == 1 else args.csv.with_name(f"{args.csv.stem}_{set_id}{args.csv.suffix}")
            reports.write_csv(target, reports.csv_rows(group))
            print(f"written: {target}")
    missed = [s for s in submissions if s.status in reports.NOT_GRADED]
    if missed:
        print("\nnot graded")
        for s in missed:
            print(f"{s.name}: {s.status} — {'; '.join(s.notes)}")
    if args.out is not None:
        print(f"\nwritten: {args.out}/ (grades_<set>.csv, summary_<set>.csv and .png, feedback/)")


def _release_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bpe_lab.grade release",
                                     description="Write exercise notebooks as handed out, one per student.")
    parser.add_argument("notebooks", nargs="+", type=Path, help="exercise notebooks (notebooks/exercises/...)")
    parser.add_argument("--out", type=_out_folder, required=True, help="the folder to write into")
    parser.add_argument("--student", action="append", type=_student, default=[],
                        help="a student id (repeat the option; none: one notebook for everyone)")
    parser.add_argument("--practice", action="store_true", help="keep hints and solutions (not for credit)")
    parser.add_argument("--question", action="append", default=[], metavar="NAME",
                        help="keep only this question (repeat the option; none: every question of the set)")
    _seed_options(parser, "the instructor file you will grade with: the release's identity token is made with it")
    args = parser.parse_args(argv)
    seed, where = _chosen_seed(args)
    if seed == PUBLIC_SEED:
        print("NOTE: no instructor file: the identity tokens are made with the PUBLIC seed, so anyone can forge them "
              "and grading with an instructor file flags every notebook as not verified. For credit, pass "
              "--instructor-file.")
    for path in args.notebooks:
        if not path.is_file():
            parser.error(f"argument notebooks: there is no file {path}")
    for path in args.notebooks:
        for student in args.student or [""]:
            try:
                written = release_notebook(path, args.out, student=student, graded=not args.practice,
                                           questions=args.question or None, seed=seed)
            except ValueError as exc:
                parser.error(f"argument notebooks: {exc}")
            print(f"written: {written}")
    return 0


def _student_edition_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bpe_lab.grade student-edition",
                                     description="Write the course as students receive it for credit: no solutions, "
                                                 "hints, rubrics, hidden cases or references in its question sets.")
    parser.add_argument("--out", type=_out_folder, required=True, help="a new or empty folder to write into")
    args = parser.parse_args(argv)
    try:
        written = student_edition(args.out)
    except ValueError as exc:
        parser.error(f"argument --out: {exc}")
    print(f"written: {written}/ (give this folder to students; they run make lab in it)")
    return 0


def _questions_main(argv: list[str]) -> int:
    from . import sets as exercise_sets
    from ._grading import reports

    known = _set_ids()
    parser = argparse.ArgumentParser(prog="python -m bpe_lab.grade questions",
                                     description="List the questions of exercise sets: what each asks, its level, "
                                                 "points, hidden cases, per-student numbers and forbidden calls.")
    parser.add_argument("sets", nargs="*", metavar="SET", help=f"set ids ({', '.join(known)}; none: every set)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.sets if name not in known]
    if unknown:
        parser.error(f"argument SET: there is no set {unknown[0]!r}; the sets: {', '.join(known)}")
    for set_id in args.sets or known:
        builder = getattr(exercise_sets, f"set_{set_id}")
        questions, other = builder(), builder(student="a student id")
        personalised = {n for n, q in other.items() if q.student and not q.is_function_question}
        total = sum(q.points for q in questions.values())
        print(f"\nset {set_id}: {len(questions)} questions, {total:g} points")
        print(reports.aligned(reports.question_rows(questions, personalised)))
    return 0


def _nbgrader_main(argv: list[str]) -> int:
    known = _set_ids()
    parser = argparse.ArgumentParser(prog="python -m bpe_lab.grade nbgrader",
                                     description="Write exercise sets as nbgrader source notebooks "
                                                 "(COURSE/source/bpe_lab_NN/), with a minimal nbgrader_config.py.")
    parser.add_argument("--out", type=_out_folder, required=True, metavar="COURSE_DIR",
                        help="the nbgrader course folder (created if needed)")
    parser.add_argument("--set", action="append", choices=known, default=[], dest="sets", metavar="SET",
                        help=f"a set id ({', '.join(known)}; repeat the option; none: every set)")
    _seed_options(parser, "a text file whose first line is the instructor's seed for the hidden cases")
    args = parser.parse_args(argv)
    seed, where = _chosen_seed(args)
    try:
        written = export_nbgrader(args.out, args.sets or None, seed=seed)
    except (FileNotFoundError, ValueError) as exc:  # no exercise notebook for a set (bpe_lab installed without them)
        parser.error(str(exc))
    for path in written:
        print(f"written: {path}")
    print(f"hidden cases from {where}. Keep {args.out / 'source'} from students: it holds the solutions and "
          "the hidden cases.")
    print(f"next, in {args.out}: nbgrader generate_assignment {_nbgrader_name((args.sets or known)[0])} "
          "(then release_assignment, collect, autograde)")
    return 0


def _nbgrader_name(set_id: str) -> str:
    from ._grading.nbgrader import ASSIGNMENT

    return ASSIGNMENT.format(set_id)


# argparse types: each turns a bad value into a usage error naming the option


def _seconds(text: str) -> float:
    """--timeout: a positive, finite number of seconds."""
    try:
        return check.positive_seconds(float(text), "timeout", example=60)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds such as 60, got {text!r}") from None


def _factor(text: str) -> float:
    try:
        return check.grading_limits(None, 2048, float(text))[2]
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive number such as 2, got {text!r}") from None


def _megabytes(text: str) -> int:
    try:
        return check.grading_limits(None, int(text), 1.0)[1]
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number of megabytes from 256, such as 2048, got "
                                         f"{text!r}") from None


def _seed_text(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return text


def _instructor_file(text: str) -> str:
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"there is no file {text}")
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise argparse.ArgumentTypeError(f"cannot read {text}: {type(exc).__name__}") from None
    if not lines or not lines[0].strip():
        raise argparse.ArgumentTypeError(f"{text} is empty: its first line must be the seed (any text)")
    return lines[0].strip()


def _student(text: str) -> str:
    try:
        return check.student(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).replace("student must be", "must be")) from None


def _chosen_questions(text: str) -> tuple[str, list[str]]:
    """--questions 01=merge_pair,train: (set id, names), each name a question of that set."""
    from . import sets as exercise_sets

    set_id, _, names = text.partition("=")
    builder = getattr(exercise_sets, f"set_{set_id.strip()}", None)
    if not callable(builder) or not names.strip():
        raise argparse.ArgumentTypeError(f"must be a set and its question names such as 01=merge_pair,train, "
                                         f"got {text!r}")
    questions = builder()
    chosen = [name.strip() for name in names.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in questions]
    if unknown:
        raise argparse.ArgumentTypeError(f"set {set_id.strip()} has no question {unknown[0]!r}; its questions: "
                                         f"{', '.join(questions)}")
    return set_id.strip(), chosen


def _csv_path(text: str) -> Path:
    path = Path(text)
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {path.parent} does not exist")
    return path


def _out_folder(text: str) -> Path:
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {path.parent} does not exist")
    return path


if __name__ == "__main__":
    sys.exit(main())
