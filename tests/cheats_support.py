"""The cheats of tests/test_cheats.py, as notebook cells: what a student could write into a released notebook to
score without doing the work. Each is a plain string of Python, as the student would type it.

Kept apart from the test so that the test reads as "which submission, which questions, what score".
"""

import textwrap

# Set 01's function questions answered by bpe_lab's own implementation: question -> (parameters, the library function
# (written with the modules ``bpe`` and ``corpus``), its arguments, how its result becomes the answer).
LIBRARY_01 = {
    "pair_counts": ("word_counts", "bpe.pair_counts", "word_counts", "dict({}) if word_counts else {{}}"),
    "merge_pair": ("symbols, pair", "bpe.merge_pair", "tuple(symbols), tuple(pair)", "list({}) if symbols else []"),
    "symbol_counts": ("word_counts, marker", "corpus.symbol_counts", "word_counts, end_of_word='</w>', marker=marker",
                      "{} if word_counts else {{}}"),
    "train": ("word_counts, num_merges", "bpe.train", "word_counts, num_merges", "{}.merges"),
}


def library_answer(name: str, via: str = "{function}({args})", modules: dict | None = None) -> str:
    """The function answer of set 01's question ``name`` that calls bpe_lab's own implementation: ``via`` says how
    the call is made ({function}, {args}); ``modules`` renames the modules (``{"bpe": "_fresh_bpe"}``)."""
    parameters, function, args, result = LIBRARY_01[name]
    for module, renamed in (modules or {}).items():
        function = function.replace(f"{module}.", f"{renamed}.", 1)
    call = via.format(function=function, args=args)
    return f"def {name}({parameters}):\n    return {result.format(call)}"


# 1. The question objects of the practice set (references, solutions), imported under the new and the old name.
UNGRADED_VALUE = ("from bpe_lab.homework import set_01 as _practice\n"
                  "{answer_name} = _practice(student=STUDENT)[{name!r}].reference()")
UNGRADED_FUNCTION = ("from bpe_lab.exercise_sets import set_01 as _old_name  # the name before the move\n"
                     "exec(_old_name(student=STUDENT)[{name!r}].solution_code)")

# 2. The forbidden-call hook switched off around each call.
PROFILE_OFF = textwrap.dedent("""\
    import sys
    from bpe_lab import bpe, corpus

    def _unwatched(function, *args, **kwargs):
        hook = sys.getprofile()
        sys.setprofile(None)
        try:
            return function(*args, **kwargs)
        finally:
            sys.setprofile(hook)""")

# 3. A worker thread, started when the cell runs (not during a call), does the library calls.
WORKER_THREAD = textwrap.dedent("""\
    import queue
    import threading
    from bpe_lab import bpe, corpus

    _jobs = queue.Queue()

    def _work():
        while True:
            function, args, kwargs, reply = _jobs.get()
            try:
                reply.put((True, function(*args, **kwargs)))
            except BaseException as exc:
                reply.put((False, exc))

    threading.Thread(target=_work, daemon=True).start()

    def _elsewhere(function, *args, **kwargs):
        reply = queue.Queue()
        _jobs.put((function, args, kwargs, reply))
        ok, value = reply.get()
        if not ok:
            raise value
        return value""")

# 4. The checker patched: its profile hook made a no-op.
PATCHED_TRACER = textwrap.dedent("""\
    from bpe_lab import bpe, corpus

    try:
        from bpe_lab.homework._grading import limits as _limits
        _limits.Tracer._profile = lambda self, frame, event, arg: None
    except Exception:
        pass""")

# Where the instructor's command line is: the parent's first, then every process's.
_COMMAND_LINES = textwrap.dedent("""\
    import glob
    import os

    def _command_lines():
        for place in [f"/proc/{os.getppid()}/cmdline"] + sorted(glob.glob("/proc/[0-9]*/cmdline")):
            try:
                with open(place, "rb") as handle:
                    words = handle.read().decode("utf-8", "replace").split("\\0")
                folder = os.readlink(os.path.dirname(place) + "/cwd")
            except OSError:
                continue
            yield words, folder

    def _option(words, folder, option):
        for i, word in enumerate(words):
            value = words[i + 1] if word == option and i + 1 < len(words) else (
                word.split("=", 1)[1] if word.startswith(option + "=") else None)
            if value:
                return value if option == "--seed" else os.path.join(folder, value)
        return None""")

# 5. The seed read from the grader's command line (or environment), the hidden cases made with it, answered from a
#    table computed by the library when the cell runs (outside any traced call).
SEED_FROM_PROC = _COMMAND_LINES + "\n\n" + textwrap.dedent("""\
    def _instructor_seed():
        for words, folder in _command_lines():
            if _option(words, folder, "--seed"):
                return _option(words, folder, "--seed")
            path = _option(words, folder, "--instructor-file")
            if path:
                try:
                    with open(path, encoding="utf-8") as handle:
                        return handle.read().splitlines()[0].strip()
                except (OSError, IndexError):
                    pass
        for place in glob.glob("/proc/[0-9]*/environ"):
            try:
                with open(place, "rb") as handle:
                    for item in handle.read().decode("utf-8", "replace").split("\\0"):
                        if item.startswith("BPE_LAB_GRADER_SEED="):
                            return item.split("=", 1)[1]
            except OSError:
                continue
        return None

    import copy
    from bpe_lab import bpe, corpus
    from bpe_lab.homework import set_01 as _practice

    _library = {
        "pair_counts": lambda word_counts: dict(bpe.pair_counts(word_counts)) if word_counts else {},
        "merge_pair": lambda symbols, pair: list(bpe.merge_pair(tuple(symbols), tuple(pair))) if symbols else [],
        "symbol_counts": lambda word_counts, marker: (
            corpus.symbol_counts(word_counts, end_of_word="</w>", marker=marker) if word_counts else {}),
        "train": lambda word_counts, num_merges: bpe.train(word_counts, num_merges).merges,
    }
    _seed = _instructor_seed()
    _table = {}
    for _name, _answer in _library.items():
        _question = _practice(student=STUDENT)[_name]
        for _args in list(_question.cases) + (list(_question.hidden(_seed)) if _seed else []):
            _table[_name, repr(_args)] = _answer(*copy.deepcopy(_args))""")
FROM_TABLE = "def {name}(*args):\n    return _table[{name!r}, repr(args)]"

# 6. (identity) no code: the notebook's STUDENT and metadata, or whose release it is.

# 7. The capstone by bpe_lab's internal merge and another package's cl100k_base.
CAPSTONE_MERGE = ("from bpe_lab.tokenizer import _merge_ids\n\n"
                  "def merge(ids, pair, idx):\n    return _merge_ids(list(ids), tuple(pair), idx)")
CAPSTONE_GPT4 = textwrap.dedent("""\
    import {package}
    _cl100k = {package}.get_encoding("cl100k_base")

    def gpt4_encode(text, allowed_special='none'):
        allowed = "all" if allowed_special == "all" else set() if allowed_special == "none" else set(allowed_special)
        return list(_cl100k.encode(text, allowed_special=allowed, disallowed_special=()))""")

# 8a. An answer that equals everything.
ALWAYS_EQUAL = ("class Yes:\n    def __eq__(self, other):\n        return True\n\n    __hash__ = object.__hash__\n")

# 8b. The grader's output rewritten: a process of its own (a new session: killing the notebook's process group
#     does not end it) waits for the grader's grades_01.csv and gives this student's row the best row's marks.
DAEMON_MARK = "bpe_lab-test-cheat-daemon"
GRADES_DAEMON = textwrap.dedent("""\
    import csv, os, sys, time
    out, me = sys.argv[1], sys.argv[2]
    started, target = time.time(), os.path.join(out, "grades_01.csv")
    while time.time() < started + 300:
        time.sleep(0.05)
        try:
            if os.path.getmtime(target) < started:
                continue
            with open(target, encoding="utf-8", newline="") as handle:
                rows = list(csv.reader(handle))
        except (OSError, ValueError):
            continue
        header, body = rows[0], rows[1:]
        points, who = header.index("points"), header.index("student")
        mine = [r for r in body if r[who] == me or f"/{me}/" in r[0]]
        if not mine:
            break
        best = max(body, key=lambda r: float(r[points] or 0))
        for row in mine:
            row[:] = [own if column in ("file", "student") else best_value
                      for column, own, best_value in zip(header, row, best)]
        with open(target + ".tmp", "w", encoding="utf-8", newline="") as handle:
            csv.writer(handle).writerows(rows)
        os.replace(target + ".tmp", target)
        break""")
WRITES_GRADES = _COMMAND_LINES + "\n\n" + textwrap.dedent(f"""\
    import subprocess
    import sys

    _daemon = {GRADES_DAEMON!r}
    for _words, _folder in _command_lines():
        _out = _option(_words, _folder, "--out")
        if _out and any("bpe_lab.grade" in word for word in _words):
            subprocess.Popen([sys.executable, "-c", _daemon, _out, STUDENT, {DAEMON_MARK!r}],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
            break""")

# 8c. (retagged) the bpe_lab functions kept in the cell, which carries another question's tag.
KEPT_IN_CELL = "from bpe_lab import bpe as _kept_bpe, corpus as _kept_corpus\n"

# 8d. The real functions saved in the set-up cell, before anything else runs.
SAVED_FIRST = ("from bpe_lab import bpe as _saved_bpe, corpus as _saved_corpus  # saved before anything else runs\n")

# 8e. Fresh copies of the modules: importlib.reload, and sys.modules emptied then imported again.
RELOADED = textwrap.dedent("""\
    import importlib
    import sys
    import bpe_lab.bpe
    import bpe_lab.corpus

    _reloaded_bpe = importlib.reload(bpe_lab.bpe)
    for _name in [name for name in sys.modules if name in ("bpe_lab.bpe", "bpe_lab.corpus")]:
        del sys.modules[_name]
    import bpe_lab.bpe as _fresh_bpe
    import bpe_lab.corpus as _fresh_corpus""")

# 8f. The instructor's package source read from disk (where the editable install points, or where bpe_lab is) and
#     run: references for the value answers, solutions for the function answers.
SOURCE_FROM_DISK = textwrap.dedent("""\
    import ast
    import glob
    import importlib.util
    import os
    import re
    import sys

    def _instructor_set_01():
        roots = []
        site_packages = os.path.join(sys.prefix, "lib", "python*", "site-packages")
        for finder in glob.glob(os.path.join(site_packages, "__editable__*bpe_lab*.py")):
            with open(finder, encoding="utf-8") as handle:
                found = re.search(r"MAPPING[^=]*=\\s*(\\{.*?\\})", handle.read())
            if found:
                roots += ast.literal_eval(found.group(1)).values()
        import bpe_lab
        roots.append(os.path.dirname(bpe_lab.__file__))
        for root in roots:
            path = os.path.join(root, "homework", "sets", "ex01_bpe_from_scratch.py")
            if os.path.isfile(path):
                spec = importlib.util.spec_from_file_location("bpe_lab.homework.sets._copied_ex01", path)
                module = importlib.util.module_from_spec(spec)
                sys.modules[spec.name] = module
                spec.loader.exec_module(module)
                return module.set_01
        raise FileNotFoundError("no instructor's source")

    _copied = _instructor_set_01()(student=STUDENT)""")
FROM_DISK_VALUE = "{answer_name} = _copied[{name!r}].reference()"
FROM_DISK_FUNCTION = "exec(_copied[{name!r}].solution_code)"

# The bug: merge_pair scans from the right, so a run of three equal symbols merges at the wrong place.
MERGE_PAIR_FROM_THE_RIGHT = textwrap.dedent("""\
    def merge_pair(symbols, pair):
        out, i = [], len(symbols) - 1
        while i >= 0:
            if i >= 1 and (symbols[i - 1], symbols[i]) == tuple(pair):
                out.insert(0, symbols[i - 1] + symbols[i])
                i -= 2
            else:
                out.insert(0, symbols[i])
                i -= 1
        return out""")
