"""What runs in the child process that holds one submission: its cells, then the calls the grader asks for.

The grader (``runner``) starts ``python -I -S -c "...child.main()"`` in a private folder (in the sandbox where
there is one) and talks to it in JSON lines: one request on stdin, one reply on the original stdout, each
reply prefixed with a nonce the grader sent first. Before any student code runs, the child moves stdin and stdout out of reach
(file descriptors 0, 1 and 2 then point to the null device; ``print`` and tracebacks go to a bounded
buffer per cell) and sets its memory limit (POSIX: ``RLIMIT_AS``; there is none on Windows).

The child imports the course as graded (``course``): the student edition, and for the function answers a copy
in which every function the set forbids raises. It watches nothing: a forbidden call fails because the code it
would reach is not there, whatever the student's code does in this process.

Requests (``op``):

* ``cell``: run one cell (IPython's shell, so ``%magics`` and ``display`` work as in Jupyter); reply with
  the error it raised, if any, and the start of what it printed. ``snap`` lists (question, variable)
  pairs to copy right after the cell: answers kept in a name several questions share (``answer``).
* ``value``: a variable's value (or its copy after the question's cell), encoded by ``wire``.
* ``call``: call a function answer on one case; reply with the result encoded, or what went wrong. There is no time limit here: the grader kills the process at the deadline.

Nothing the child says is trusted for a verdict: it only reports values, and the grader compares them
with references computed in its own process.
"""

from __future__ import annotations

import io
import json
import os
import sys

MISSING = object()


class _Buffer(io.TextIOBase):
    """A stdout that keeps the first ``limit`` characters and counts the rest."""

    def __init__(self, limit: int = 4_000):
        self.limit, self.parts, self.size = limit, [], 0

    def write(self, text):
        text = str(text)
        if self.size < self.limit:
            self.parts.append(text[: self.limit - self.size])
        self.size += len(text)
        return len(text)

    def writable(self):
        return True

    def text(self) -> str:
        return "".join(self.parts)


def _hide_standard_streams():
    """(requests in, replies out): private copies of fds 0 and 1; then 0, 1 and 2 go to the null device."""
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    sys.stdin = io.StringIO("")
    return requests, replies


def _limit_memory(megabytes: int) -> bool:
    """RLIMIT_AS on POSIX (soft and hard: the student's code cannot raise it); False where there is none."""
    try:
        import resource
    except ImportError:  # Windows
        return False
    try:
        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ValueError, OSError):  # macOS refuses RLIMIT_AS
        return False
    return True


class _Shell:
    """Runs cells: IPython's InteractiveShell when installed (it is, with Jupyter), else plain ``exec``."""

    def __init__(self):
        try:
            from IPython.core.interactiveshell import InteractiveShell
            from traitlets.config import Config
        except ImportError:
            self.ipython, self.namespace = None, {"__name__": "__main__"}
            return
        config = Config()
        config.HistoryManager.enabled = False
        self.ipython = InteractiveShell.instance(config=config)
        self.namespace = self.ipython.user_ns

    def run(self, source: str, buffer: _Buffer) -> str:
        """Run one cell; "" or the error it raised ("ZeroDivisionError: division by zero")."""
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = buffer
        try:
            if self.ipython is not None:
                result = self.ipython.run_cell(source, store_history=False)
                error = result.error_before_exec or result.error_in_exec
            else:
                error = None
                try:
                    exec(compile(source, "<cell>", "exec"), self.namespace)
                except BaseException as exc:  # a cell may raise anything, SystemExit included
                    error = exc
        finally:
            sys.stdout, sys.stderr = saved
        return "" if error is None else _describe(error)


def _describe(exc: BaseException) -> str:
    try:
        return f"{type(exc).__name__}: {str(exc)[:300]}"
    except Exception:  # a student's exception whose str raises
        return type(exc).__name__


def main() -> None:
    requests, replies = _hide_standard_streams()
    init = json.loads(requests.readline())
    nonce = init["nonce"]

    def reply(message: dict) -> None:
        replies.write(f"{nonce} {json.dumps(message)}\n")
        replies.flush()

    limited = _limit_memory(init["memory_mb"])
    from . import wire  # before any student code
    shell = _Shell()
    snapshots: dict[str, object] = {}
    reply({"ready": True, "memory_limited": limited})
    for line in requests:
        request = json.loads(line)
        op = request["op"]
        if op == "cell":
            buffer = _Buffer()
            error = shell.run(request["source"], buffer)
            for question, name in request.get("snap", []):
                snapshots[question] = shell.namespace.get(name, MISSING)
            reply({"error": error, "output": buffer.text(), "printed": buffer.size})
        elif op == "value":
            reply(_value(_answer(request, shell.namespace, snapshots), wire))
        elif op == "call":
            reply(_call(_answer(request, shell.namespace, snapshots), request, wire))
        else:
            reply({"error": f"unknown op {op!r}"})


def _answer(request: dict, namespace: dict, snapshots: dict):
    if request.get("snapshot"):
        return snapshots.get(request["question"], MISSING)
    return namespace.get(request["name"], MISSING)


def _value(value, wire) -> dict:
    if value is MISSING:
        return {"missing": True}
    try:
        return {"value": wire.encode(value, refs=False)}
    except (wire.WireError, RecursionError, MemoryError) as exc:
        return {"unreadable": _describe(exc)}


def _call(function, request: dict, wire) -> dict:
    if function is MISSING:
        return {"missing": True}
    if not callable(function):
        return {"not_callable": type(function).__name__}
    out = _Buffer(limit=0)  # only counted
    saved = sys.stdout
    sys.stdout = out
    message: dict = {}
    try:
        result = function(*wire.decode(request["args"], refs=True))
        message["result"] = wire.encode(result, refs=False)
    except NotImplementedError:
        message["not_implemented"] = True
    except MemoryError:
        message["raised"] = "MemoryError: ran out of memory (the grader's memory limit)"
    except RecursionError:
        message["recursion"] = True
    except wire.WireError as exc:
        message["unreadable"] = str(exc)
    except BaseException as exc:  # the student's code may raise anything, SystemExit included
        message["raised"] = _describe(exc)
    finally:
        sys.stdout = saved
    message["printed"] = out.size
    return message
