"""The grader's side of one submission: run it in a child process, read its answers, score them.

1. **Which set.** The notebook's metadata (``{"bpe_lab": {"set": "01"}}``), else the ``set_NN(`` call in its
   code, else its file name (``01_bpe_from_scratch_exercises.ipynb``). A folder mixing sets is graded
   per set: each notebook against its own questions.
2. **Which student.** The identity token the release wrote (``identity``: an HMAC under the instructor's
   seed), else the folder the instructor collected the notebook from, else what the notebook claims (flagged
   "identity not verified"); never the editable ``STUDENT`` line alone. The set is built for that student
   (per-student numbers), in the grader's process.
3. **Run the cells** in a child process (``child``), in the sandbox where there is one (``sandbox``), against
   the student edition (``course``): each cell within ``cell_seconds``; a cell that raises does not stop the
   rest. A cell over time, or one that ends the process, is skipped: the process is killed and a new one runs
   the cells before it again (kill works on every OS; nothing here uses SIGALRM). Twice: once to read the
   value answers, once, with every function the set's function questions forbid stubbed out, to call the
   function answers.
4. **Read the answers.** A value answer is read from its variable; a function answer is *called* on the
   public cases and on the hidden cases (made here from the instructor's seed: the child receives the
   arguments only), one case at a time, each within the question's ``time_limit`` (killed at the deadline)
   and under a memory limit. A variable several questions share (``answer``) is read as it was right after
   the question's cell. The check lines in the notebook play no part: deleting them changes nothing.
5. **Score** in the grader's process: each result, decoded as plain data, is compared with the
   reference's result computed here. A function question earns ``points`` × the smaller of its public
   and hidden pass rates (hard-coding the public cases earns nothing), and nothing if it calls a
   ``forbidden`` function (the stub raises).
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import inspect
import json
import os
import queue
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from ... import _checks as check
from . import sandbox, wire
from .verdicts import same, shown, wrong_result

STARTUP_SECONDS = 60.0  # a new child: Python, IPython and bpe_lab imported
READ_SECONDS = 10.0  # reading one variable
CALL_SLACK = 0.25  # seconds added to a case's time limit for the round trip
MAX_RESTARTS = 20
MAX_MESSAGES = 3  # failing cases described per question (public and hidden each)
OLD_NAME = "answer"  # what every value answer was called before the sets gave them names of their own
PACKAGE_ROOT = Path(__file__).resolve().parents[3]  # the folder holding bpe_lab/
STUB_ERROR = "NotAvailableWhileGrading"  # what a forbidden function raises in the graded copy (course.stub)


@dataclass
class Limits:
    """The grader's limits: seconds per cell, megabytes of memory, and a factor on every case's time limit."""

    cell_seconds: float = 60.0
    memory_mb: int = 2048
    time_factor: float = 1.0


@dataclass
class QuestionResult:
    name: str
    kind: str
    points: float
    status: str = "missing"  # correct, partial, incorrect, not yet, missing, forbidden
    earned: float = 0.0
    public: tuple = (0, 0)  # (passed, total)
    hidden: tuple = (0, 0)
    messages: list = field(default_factory=list)
    asks: str = ""  # what the question asks (Question.asks) and its level, for the summary
    level: str = ""


@dataclass
class Submission:
    file: str
    status: str = "ran"  # ran, unreadable, unknown set, stopped
    set_id: str = ""
    student: str = ""
    questions: dict = field(default_factory=dict)  # name -> QuestionResult
    notes: list = field(default_factory=list)
    cell_errors: list = field(default_factory=list)  # (cell number, what it raised)
    memory_limited: bool = False
    identity: str = ""  # "verified", or "NOT verified: why" (runner._student)
    label: str = ""  # how tables name it: its path below the folder all submissions share

    @property
    def name(self) -> str:
        return self.label or Path(self.file).name

    @property
    def earned(self) -> float:
        return round(sum(r.earned for r in self.questions.values()), 2)

    @property
    def possible(self) -> float:
        return sum(r.points for r in self.questions.values())


# --------------------------------------------------------------------------------------------------
# 1. Which set
# --------------------------------------------------------------------------------------------------

SET_CALL = re.compile(r"\bset_(\w+?)\s*\(")


def which_set(notebook, path: Path):
    """(set id, builder) — or (None, why not)."""
    from .. import sets as exercise_sets

    candidates = []
    meta = notebook.metadata.get("bpe_lab", {})
    if isinstance(meta, dict) and isinstance(meta.get("set"), str):
        candidates.append(meta["set"])
    for cell in notebook.cells:
        if cell.cell_type == "code":
            candidates += SET_CALL.findall(cell.source)
    candidates.append(path.stem[:2])
    for set_id in candidates:
        builder = getattr(exercise_sets, f"set_{set_id}", None)
        if callable(builder):
            return set_id, builder
    return None, "cannot tell which exercise set this is (no bpe_lab set in its metadata, no set_NN() call)"


def build(builder, student: str) -> dict:
    """The set for ``student``; a set without per-student variants is the same for everyone."""
    if student and "student" in inspect.signature(builder).parameters:
        return builder(student=student)
    return builder()


# --------------------------------------------------------------------------------------------------
# 2. The child process
# --------------------------------------------------------------------------------------------------

class Lost(Exception):
    """The child did not answer: over time (killed) or it ended."""

    def __init__(self, why: str, over_time: bool):
        super().__init__(why)
        self.why, self.over_time = why, over_time


class Child:
    """One child process and its JSON-lines channel."""

    def __init__(self, course: Path, hide: list, memory_mb: int, sandboxed: bool):
        self.nonce = secrets.token_hex(16)
        self.home = tempfile.mkdtemp(prefix="bpe_lab_grade_")  # its working folder, removed with the child
        inside = sandbox.COURSE if sandboxed else str(course)
        work = sandbox.WORK if sandboxed else self.home
        env = dict(MPLBACKEND="Agg", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                   IPYTHONDIR=f"{work}/.ipython", MPLCONFIGDIR=f"{work}/.matplotlib", PYTHONIOENCODING="utf-8",
                   HOME=work, USERPROFILE=work, TMPDIR=work if not sandboxed else "/tmp")
        if not sandboxed:  # written from scratch, as in the sandbox: nothing inherited (no seed in a variable)
            env |= {k: os.environ[k] for k in ("PATH", "SYSTEMROOT", "WINDIR", "LANG", "LC_ALL") if k in os.environ}
        # -I -S: no PYTHONPATH, no user site, no .pth files (so no editable install of the instructor's bpe_lab);
        # the graded course first, then the installed packages
        boot = (f"import sys; sys.path[:0] = [{inside!r}]; sys.path += {sandbox.site_packages()!r}; "
                "from bpe_lab.homework._grading.child import main; main()")
        argv = sandbox.command([sys.executable, "-I", "-S", "-c", boot], course, hide=hide, use=sandboxed, env=env)
        posix = os.name == "posix"
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=self.home,
            env=None if sandboxed else env, text=True, encoding="utf-8",
            start_new_session=posix, creationflags=0 if posix else subprocess.CREATE_NEW_PROCESS_GROUP)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        ready = self.request({"nonce": self.nonce, "memory_mb": memory_mb}, STARTUP_SECONDS)
        self.memory_limited = ready.get("memory_limited", False)

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def request(self, message: dict, seconds: float) -> dict:
        """Send one request; its reply, or Lost (the child is then dead)."""
        try:
            self.process.stdin.write(json.dumps(message) + "\n")
            self.process.stdin.flush()
        except OSError:
            self.kill()
            raise Lost("the process had ended", over_time=False) from None
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
            except queue.Empty:
                self.kill()
                raise Lost(f"did not finish within {seconds:g} s", over_time=True) from None
            if line is None:
                self.kill()
                raise Lost("ended the process", over_time=False)
            if line.startswith(self.nonce + " "):
                return json.loads(line[len(self.nonce) + 1:])

    def kill(self):
        if self.process.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(self.process.pid, signal.SIGKILL)  # its own session: children it started too
                else:
                    self.process.kill()
            except OSError:
                pass
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass
        shutil.rmtree(self.home, ignore_errors=True)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None


class Session:
    """A submission's cells in a child; after a kill, a fresh child runs them again (skipping the culprits)."""

    def __init__(self, cells: list, course: tuple, limits: Limits, sandboxed: bool):
        self.cells, self.course, self.limits, self.sandboxed = cells, course, limits, sandboxed
        self.skipped: dict[int, str] = {}  # cell number -> why
        self.errors: dict[int, str] = {}  # cell number -> what it raised (first run)
        self.child: Child | None = None
        self.restarts = 0

    def ensure(self) -> Child:
        while self.child is None or not self.child.alive:
            if self.restarts > MAX_RESTARTS:
                raise Lost(f"stopped after {MAX_RESTARTS} restarts", over_time=False)
            self.restarts += 1
            self.child = Child(*self.course, self.limits.memory_mb, self.sandboxed)
            for number, source, snap in self.cells:
                if number in self.skipped:
                    continue
                try:
                    reply = self.child.request({"op": "cell", "source": source, "snap": snap},
                                               self.limits.cell_seconds)
                except Lost as lost:
                    self.skipped[number] = (f"ran over {self.limits.cell_seconds:g} s and was stopped"
                                            if lost.over_time else "ended the process")
                    break
                if reply["error"]:
                    self.errors.setdefault(number, reply["error"])
        return self.child

    def request(self, message: dict, seconds: float) -> dict:
        return self.ensure().request(message, seconds)

    def close(self):
        if self.child is not None:
            self.child.kill()


# --------------------------------------------------------------------------------------------------
# 3-5. Grading one submission
# --------------------------------------------------------------------------------------------------

def grade(path: Path, seed: str, limits: Limits, chosen: dict | None = None, *, course=None,
          collected_from: str = "", sandboxed: bool | None = None) -> Submission:
    """Grade one notebook. ``chosen``: set id -> the names of the questions to grade (others: all); ``course``:
    the grading copies shared by a run (``course.Course``; None: made and removed here); ``collected_from``: the
    student the instructor collected the notebook from ("" when not known); ``sandboxed``: run the notebook in
    the sandbox (None: where the machine has one)."""
    result = Submission(file=str(path))
    notebook, why = _read(path)
    if notebook is None:
        result.status, result.notes = "unreadable", [why]
        return result
    set_id, builder = which_set(notebook, path)
    if set_id is None:
        result.status, result.notes = "unknown set", [builder]
        return result
    result.set_id = set_id
    template = builder()
    cells = _cells(notebook, template)
    sandboxed = sandbox.available() if sandboxed is None else sandboxed
    from .course import Course

    own_course = course is None
    course = Course() if own_course else course
    wanted = chosen.get(set_id) if chosen else None
    picked = [q for name, q in template.items() if wanted is None or name in wanted]
    forbidden = _forbidden_by(picked, set_id)
    sessions = {}
    if any(not q.is_function_question for q in picked):
        sessions["value"] = Session(cells, course.folder(set_id, {}), limits, sandboxed)
    if any(q.is_function_question for q in picked):
        sessions["function"] = Session(cells, course.folder(set_id, forbidden), limits, sandboxed)
    first = next(iter(sessions.values()), None)
    try:
        try:
            if first is not None:
                first.ensure()
                result.memory_limited = first.child.memory_limited
            result.student, result.identity = _student(first, notebook, path, seed, collected_from, result)
        except Lost as lost:
            result.status, result.notes = "stopped", [f"the notebook could not be run: {lost.why}"]
            return result
        questions = build(builder, result.student)
        if wanted is not None:
            questions = {name: q for name, q in questions.items() if name in wanted}
        tagged = {q for _, _, snap in cells for q, _ in snap}
        shared = _shared_names(template)
        for name, question in questions.items():
            snapshot = question.answer_name in shared
            if snapshot and name not in tagged:
                r = QuestionResult(name, question.kind, question.points, asks=question.asks, level=question.level)
                r.messages.append(f"its answer cell was not found, and {question.answer_name!r} is shared by several "
                                  "questions: keep the answer in the question's own cell")
                result.questions[name] = r
                continue
            if question.is_function_question:
                result.questions[name] = _grade_function(sessions["function"], question, snapshot, seed, limits)
            else:
                result.questions[name] = _grade_value(sessions["value"], question, snapshot, seed, limits)
    finally:
        for session in sessions.values():
            session.close()
        if first is not None:  # what the cells raised as the student ran them
            result.cell_errors = sorted((n, first.skipped.get(n) or first.errors[n])
                                        for n in set(first.errors) | set(first.skipped))
        calls = sessions.get("function")
        lost = any(r.kind == "function" and r.status != "correct" for r in result.questions.values())
        if calls is not None and calls is not first and lost:  # cells that failed only where forbidden functions raise
            only = sorted(n for n, error in calls.errors.items() if STUB_ERROR in error and n not in first.errors)
            if only:
                result.notes.append(f"cell{'s' * (len(only) > 1)} {', '.join(map(str, only[:5]))} use{'s' * (len(only) == 1)} "
                                    "what the set forbids, so in the run that calls your functions "
                                    f"{'they' if len(only) > 1 else 'it'} failed: {calls.errors[only[0]][:160]}")
        if own_course:
            course.close()
    restarts = max((s.restarts for s in sessions.values()), default=0)
    if restarts > 1:
        result.notes.append(f"the notebook was started {restarts} times (after a kill)")
    if notebook.metadata.get("bpe_lab", {}).get("graded") is True and not any(
            "graded(" in source for _, source, _ in cells):
        result.notes.append("released for credit, but no cell builds graded(...) any more (look at the set-up "
                            "cell; it was graded against the student edition all the same)")
    return result


def _forbidden_by(questions: list, set_id: str) -> dict[str, str]:
    """Every name the graded function questions forbid -> which questions forbid it, in words."""
    functions = [q for q in questions if q.is_function_question]
    by_name: dict[str, list] = {}
    for q in functions:
        for name in q.forbidden:
            by_name.setdefault(name, []).append(q.name)
    def who(names):
        if len(names) == 1:
            return f"question {names[0]!r} of set {set_id} forbids it"
        if len(names) == len(functions):
            return f"every function question of set {set_id} forbids it"
        return f"questions {', '.join(map(repr, names[:-1]))} and {names[-1]!r} of set {set_id} forbid it"
    return {name: who(names) for name, names in by_name.items()}


def identity_token(seed: str, set_id: str, student: str, questions: list) -> str:
    """What a release writes into the notebook's metadata: an HMAC, under the instructor's seed, of the set, the
    student and the questions. Without the seed nobody can make the token of another student."""
    message = json.dumps(["bpe_lab release", set_id, student, sorted(questions)])
    return hmac.new(seed.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


def _read(path: Path):
    if not path.is_file():
        return None, f"IsADirectoryError: {path} is a folder" if path.is_dir() else f"FileNotFoundError: no file {path}"
    import nbformat  # optional (the test extra), and slow to import

    try:
        return nbformat.read(path, as_version=4), ""
    except Exception as exc:  # not JSON, not a notebook, unreadable: report and go on
        return None, f"{type(exc).__name__}: {str(exc)[:120]}"


def _shared_names(questions: dict) -> set:
    names = [q.answer_name for q in questions.values()]
    return {n for n in names if names.count(n) > 1}


def _cells(notebook, questions: dict) -> list:
    """(cell number, source, [(question, variable) to copy after it]) for each code cell."""
    shared = _shared_names(questions)
    cells = []
    for number, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type != "code":
            continue
        meta = cell.get("metadata", {}).get("bpe_lab", {})
        name = meta.get("question") if isinstance(meta, dict) else None
        snap = []
        if name in questions and questions[name].answer_name in shared:
            snap.append((name, questions[name].answer_name))
        elif name in questions and not questions[name].is_function_question:
            snap.append((f"{name}|{OLD_NAME}", OLD_NAME))  # a notebook copied before the set named its answers
        cells.append((number, cell.source, snap))
    return cells


def _student(session, notebook, path: Path, seed: str, collected_from: str, result: Submission) -> tuple[str, str]:
    """(the student to grade as, "verified" or why the identity is not verified). The student comes from the
    release's identity token when it verifies under ``seed``, else from ``collected_from`` (the instructor's
    folder), else from what the notebook claims (its metadata, then ``STUDENT``)."""
    meta = notebook.metadata.get("bpe_lab", {})
    meta = meta if isinstance(meta, dict) else {}
    released, questions, token = meta.get("student"), meta.get("questions"), meta.get("identity")
    why = ""
    if not isinstance(token, str) or not token:
        why = "no identity token (not a release for this course, or its metadata was edited)"
    elif not (isinstance(released, str) and isinstance(questions, list) and all(isinstance(q, str) for q in questions)
              and hmac.compare_digest(token, identity_token(seed, result.set_id, released, questions))):
        why = "its identity token does not match (edited, or released with another instructor file)"
    elif collected_from and released != collected_from:
        why = f"released to {released or 'everyone'!r} but collected from {collected_from!r}"
    if not why:
        return released, "verified"
    if collected_from:
        return collected_from, f"NOT verified: {why}; graded as {collected_from!r}, the folder it was collected from"
    claimed = released if isinstance(released, str) else ""
    if session is not None:
        reply = session.request({"op": "value", "name": "STUDENT"}, READ_SECONDS)
        value = wire.decode(reply["value"]) if "value" in reply else None
        if isinstance(value, str) and value.strip():
            claimed = value.strip()
    try:
        check.student(claimed)
    except ValueError:
        claimed = ""
    return claimed, f"NOT verified: {why}; graded as the notebook claims ({claimed or 'everyone'!r})"


def _grade_value(session: Session, question, snapshot: bool, seed: str, limits: Limits) -> QuestionResult:
    r = QuestionResult(question.name, "value", question.points, asks=question.asks, level=question.level)
    try:
        reply = session.request({"op": "value", "name": question.answer_name, "question": question.name,
                                 "snapshot": snapshot}, READ_SECONDS)
    except Lost as lost:
        r.status, r.messages = "incorrect", [f"its value could not be read: reading it {lost.why}"]
        return r
    r.public = (0, 1)
    if reply.get("missing") and not snapshot:  # an older copy of the notebook: `answer`, as after its cell
        older = session.request({"op": "value", "question": f"{question.name}|{OLD_NAME}", "snapshot": True},
                                READ_SECONDS)
        if not older.get("missing"):
            reply = older
            r.messages.append(f"read from {OLD_NAME!r} right after the question's cell (an older copy of the "
                              f"notebook; the set now calls it {question.answer_name!r})")
    if reply.get("missing"):
        r.status, r.messages = "missing", [f"no variable {question.answer_name!r}"]
        return r
    if "unreadable" in reply:
        r.status, r.messages = "incorrect", [f"the answer could not be read: {reply['unreadable']}"]
        return r
    got = wire.decode(reply["value"])
    if got is None or (isinstance(got, wire.Opaque) and got.kind == "ellipsis"):
        r.status, r.messages = "not yet", ["not answered (still ...)"]
        return r
    try:
        expected = question.reference() if callable(question.reference) else question.reference
    except Exception as exc:  # the question's own reference failed: the instructor must hear of it
        r.status, r.messages = "incorrect", [f"NOT GRADED: the question's reference raised {type(exc).__name__}: "
                                             f"{str(exc)[:200]} (a problem of the question, not of the answer)"]
        return r
    accepted, error = same(question.compare, got, expected)
    if accepted:
        r.status, r.earned, r.public = "correct", float(question.points), (1, 1)
        r.messages.insert(0, "correct")
    else:
        r.status = "incorrect"
        whose = f" for student {question.student!r}" if question.student else ""
        r.messages.append(f"you answered {shown(got)}, which is not the expected answer{whose}"
                          + (f" (comparing it raised {error})" if error else ""))
    return r


def _grade_function(session: Session, question, snapshot: bool, seed: str, limits: Limits) -> QuestionResult:
    r = QuestionResult(question.name, "function", question.points, asks=question.asks, level=question.level)
    try:
        hidden = question.hidden(seed)
    except Exception as exc:  # the question's hidden_cases failed: grade on the public cases, and say so
        hidden = []
        r.messages.append(f"NOTE: no hidden cases, hidden_cases raised {type(exc).__name__}: {str(exc)[:200]} "
                          "(a problem of the question)")
    r.public, r.hidden = (0, len(question.cases)), (0, len(hidden))
    runs = {"public": [], "hidden": []}  # one True/False per case
    seconds = question.time_limit * limits.time_factor
    stopped = False  # a case was killed: the rest count as failed, unrun
    for which, cases in (("public", list(question.cases)), ("hidden", hidden)):
        for number, args in enumerate(cases, start=1):
            if stopped:
                runs[which].append(False)
                continue
            try:
                expected = question.reference(*copy.deepcopy(args))
            except Exception as exc:  # a problem of the question: the case is left out, and said so
                r.messages.append(f"NOTE: {which} case {number} left out: the reference raised {type(exc).__name__} "
                                  "(a problem of the question)")
                continue
            kind, problem = _run_case(session, question, snapshot, args, expected, seconds)
            if kind == "not yet" and (which, number) != ("public", 1):  # raises NotImplementedError only sometimes
                kind, problem = "wrong", "your function raised NotImplementedError"
            if kind in ("missing", "not yet", "forbidden", "not callable"):  # the whole question, at once
                r.status, r.messages = ("incorrect" if kind == "not callable" else kind), [problem]
                return r
            runs[which].append(kind == "ok")
            if kind != "ok" and runs[which].count(False) <= MAX_MESSAGES:
                if which == "public":
                    inputs = ", ".join(shown(a) for a in args)
                    r.messages.append(f"public case {number}: for input ({inputs}) {problem}")
                else:
                    r.messages.append(f"hidden case {number} of {len(cases)}: {vague(problem)}")
            stopped = kind == "lost"
    if stopped:
        r.messages.append("the cases after the one that was stopped were not run (they count as failed)")
    return _score(r, question, runs)


def _score(r: QuestionResult, question, runs: dict) -> QuestionResult:
    """Points × the smaller of the public and hidden pass rates (public only, for a question without hidden)."""
    r.public = (runs["public"].count(True), len(runs["public"]))  # cases the reference failed on are left out
    r.hidden = (runs["hidden"].count(True), len(runs["hidden"]))
    rates = [passed / total for passed, total in (r.public, r.hidden) if total]
    r.earned = round(question.points * min(rates), 2) if rates else 0.0
    r.status = "correct" if r.earned == question.points else "partial" if r.earned > 0 else "incorrect"
    if r.status == "correct":
        r.messages.insert(0, f"correct on all {r.public[1]} public"
                          + (f" and {r.hidden[1]} hidden" if r.hidden[1] else "") + " cases")
    return r


def _run_case(session: Session, question, snapshot: bool, args: tuple, expected, seconds: float):
    """(kind, message): kind is ok, wrong, lost (over time or ended), missing, not yet, forbidden, not callable."""
    try:
        encoded = wire.encode(args)
    except wire.WireError as exc:
        return "wrong", f"this case cannot be sent to the student's process ({exc}): a problem of the question"
    try:
        reply = session.request({"op": "call", "name": question.answer_name, "question": question.name,
                                 "snapshot": snapshot, "args": encoded},
                                seconds + CALL_SLACK)
    except Lost as lost:
        if lost.over_time:
            return "lost", (f"your function did not finish within {seconds:g} s — is there a loop that never ends? "
                            "(it was stopped)")
        return "lost", "your function ended the process (out of memory, or os._exit?)"
    if reply.get("missing"):
        return "missing", f"no function {question.answer_name!r}"
    if "not_callable" in reply:
        return "not callable", (f"this question wants a function {question.answer_name}, but "
                                f"{question.answer_name!r} is a {reply['not_callable']}")
    if reply.get("raised", "").startswith(STUB_ERROR + ":"):  # a stub of what the set forbids (course.stub)
        called, _, why = reply["raised"].split(": ", 1)[1].partition(" is not available while grading: ")
        return "forbidden", (f"your function called {called}, which is not available while grading ({why}): write "
                             "that part yourself")
    if reply.get("not_implemented"):
        return "not yet", "not answered yet (the function still raises NotImplementedError)"
    if reply.get("recursion"):
        return "wrong", "your function recursed too deeply"
    if "raised" in reply:
        return "wrong", f"your function raised {reply['raised']}"
    if "unreadable" in reply:
        return "wrong", f"your function returned something that cannot be read: {reply['unreadable']}"
    got = wire.decode(reply["result"])
    problem = wrong_result(question.compare, got, reply.get("printed", 0), expected)
    return ("ok", "") if problem is None else ("wrong", problem)


def vague(problem: str) -> str:
    """A hidden case's problem without its values (the feedback may go back to students)."""
    if problem.startswith("your function raised"):
        return problem.split(":")[0]
    if "did not finish" in problem or "ended the process" in problem or "printed" in problem:
        return problem.split(" — ")[0]
    if "returned None" in problem:
        return "your function returned None"
    return "your function returned a wrong result"
