"""Calling a student's function: a time limit without SIGALRM, and calls into bpe_lab's own implementation.

**The time limit** (``call``). SIGALRM exists only on POSIX and only in the main thread, so on Windows, or
in a kernel that runs cells in another thread, a student's endless loop hung the notebook. Here a
watchdog thread waits for the deadline and then raises ``TimeLimit`` *inside the thread running the
student's code* (``PyThreadState_SetAsyncExc``, part of CPython's C API on every platform). Python
code sees it at its next bytecode, so ``while True: pass`` stops within milliseconds. ``TimeLimit`` is a
BaseException, so ``except Exception`` lets it through; it is raised again every 0.2 s, and a function
that returns after catching it is reported as over time all the same.

What it cannot stop: a loop that catches *everything* (a bare ``except:`` inside ``while True``) and a
single C call that never returns to Python (``sum(range(10**15))``); Jupyter's interrupt button cannot
either. That is why the grader does not rely on it: it runs each submission in a child process and
kills the process at the deadline (``runner``). A worker thread alone would not do: Python cannot kill
a thread, so the loop would run on, using a core, until the kernel stops.

**Forbidden calls** (``Question.forbidden``). While the student's function runs, a profile hook
(``sys.setprofile``, called on every Python function call, cheap next to a line tracer) compares each
called code object with the code of the functions the question forbids (``bpe_lab.bpe.train`` for a
question asking to write ``train``). A student's ``train`` that calls ``bpe.train``, directly or through
another function, is reported. The hook also covers threads the function starts.

A forbidden name may be any installed module's, not only bpe_lab's (``"tiktoken"`` for a question asking to
match tiktoken without it): a package forbids its submodules too, and a compiled class or function (tiktoken's
Rust ``CoreBPE``) is recognised by the hook's ``c_call`` events, as (class, method name).
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import inspect
import io
import pkgutil
import sys
import threading
import types
from collections.abc import Callable, Sequence

__all__ = ["TimeLimit", "call", "forbidden_code", "Tracer"]

AGAIN = 0.2  # seconds between repeated stops, for code that catches the first one


class TimeLimit(BaseException):
    """Raised in the student's code at the deadline (a BaseException: ``except Exception`` does not catch it)."""


def _raise_in(thread_id: int, exception) -> None:
    """Ask CPython to raise ``exception`` in the thread ``thread_id`` (None: cancel one not yet raised)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                               None if exception is None else ctypes.py_object(exception))


class _Watchdog:
    """Raises TimeLimit in the calling thread after ``seconds``, and again every AGAIN s, until ``stop``."""

    def __init__(self, seconds: float):
        self.target, self.seconds = threading.get_ident(), seconds
        self.lock, self.done, self.fired = threading.Lock(), threading.Event(), False
        self.thread = threading.Thread(target=self._watch, name="bpe_lab time limit", daemon=True)

    def _watch(self):
        wait = self.seconds
        while not self.done.wait(wait):
            with self.lock:
                if self.done.is_set():
                    return
                _raise_in(self.target, TimeLimit)
                self.fired = True
            wait = AGAIN

    def stop(self) -> bool:
        """Stop watching; True if the deadline passed. No stop is raised after this returns."""
        while True:
            try:
                with self.lock:
                    self.done.set()  # under the lock: the watchdog raises nothing more
                break
            except TimeLimit:  # subtle: delivered between the student's return and the lock; stop again
                continue
        if self.fired:
            _absorb()
        return self.fired


def _absorb() -> None:
    """Receive a TimeLimit raised but not yet delivered, here, and drop it: CPython delivers it at the next
    backward jump of a loop. (Cancelling it with PyThreadState_SetAsyncExc(id, NULL) instead hangs
    CPython 3.11 when a profile hook is set: measured here, not on 3.10, 3.12 or 3.13.)"""
    try:
        for _ in range(100):
            pass
    except TimeLimit:
        pass


def call(function: Callable, args: tuple, seconds: float, tracer: Tracer | None = None):
    """``function(*args)`` within ``seconds``: (result, how many characters it printed). Raises TimeLimit when
    over time, and whatever the function raised otherwise. ``tracer`` notes forbidden calls while it runs."""
    output = io.StringIO()
    watchdog = _Watchdog(seconds)
    with contextlib.redirect_stdout(output), (tracer if tracer is not None else contextlib.nullcontext()):
        watchdog.thread.start()
        try:
            try:
                result = function(*args)
            finally:
                late = watchdog.stop()
        except TimeLimit:  # subtle: also when delivered inside our own finally, before stop() began
            late = watchdog.stop() or True
        except BaseException:
            if watchdog.stop():  # it raised something else after being stopped: still over time
                raise TimeLimit() from None
            raise
    if late:
        raise TimeLimit()
    return result, len(output.getvalue())


# --------------------------------------------------------------------------------------------------
# Forbidden calls
# --------------------------------------------------------------------------------------------------

def forbidden_code(names: Sequence[str]) -> dict:
    """Code object -> the name it was forbidden under, for dotted names of functions, classes or modules
    (a class or module forbids every function defined in it, a package its submodules' too). A compiled
    function or method has no code object: its key is (class or module name, function name). Unknown names
    raise ValueError."""
    codes = {}
    for name in names:
        for function in _functions(_look_up(name), name):
            codes[function if isinstance(function, tuple) else function.__code__] = name
    return codes


def _look_up(name: str):
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):  # the longest importable prefix is the module
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for part in parts[cut:]:
                value = getattr(value, part)
        except AttributeError:
            break
        return value
    raise ValueError(f"forbidden names a function, class or module to import, such as 'bpe_lab.bpe.train'; "
                     f"cannot find {name!r}")


def _functions(value, name: str, seen: set | None = None) -> list:
    """The Python functions ``value`` stands for, and (owner, name) keys for its compiled ones."""
    if isinstance(value, types.ModuleType):
        seen = set() if seen is None else seen
        if value.__name__ in seen:
            return []
        seen.add(value.__name__)
        compiled = not str(getattr(value, "__file__", "") or "").endswith(".py")
        found = []
        for member in list(vars(value).values()):
            if isinstance(member, types.ModuleType):
                continue
            home = getattr(member, "__module__", None)
            if home == value.__name__ or (compiled and home == "builtins" and _compiled(member)):
                found += _functions(member, name)
        for sub in _submodules(value):
            found += _functions(sub, name, seen)
        return found
    if inspect.isclass(value):
        found = []
        for key, member in vars(value).items():
            if isinstance(member, (types.MethodDescriptorType, types.ClassMethodDescriptorType,
                                   types.BuiltinFunctionType)):
                found.append((value, key))  # a compiled method: seen by the hook as a c_call
                continue
            member = getattr(member, "__func__", member)  # staticmethod, classmethod
            member = getattr(member, "fget", member)  # property
            if inspect.isfunction(member):
                found.append(inspect.unwrap(member))
        return found
    if isinstance(value, types.BuiltinFunctionType):  # a compiled function of a module
        module = getattr(value, "__self__", None)
        return [(module.__name__ if isinstance(module, types.ModuleType) else value.__module__, value.__name__)]
    value = inspect.unwrap(getattr(value, "__func__", value))
    if not inspect.isfunction(value):
        raise ValueError(f"forbidden names a Python function, class or module, such as 'bpe_lab.bpe.train'; "
                         f"{name!r} is a {type(value).__name__}")
    return [value]


def _compiled(member) -> bool:
    """A class or function of a compiled module (its __module__ says builtins), not one of Python's builtins."""
    import builtins

    return (inspect.isclass(member) or isinstance(member, types.BuiltinFunctionType)) and \
        getattr(builtins, getattr(member, "__name__", ""), None) is not member


def _submodules(package: types.ModuleType) -> list:
    """A package's submodules, imported (one that fails to import is left out: it cannot be called either)."""
    found = []
    for info in pkgutil.iter_modules(getattr(package, "__path__", None) or []):
        if info.name == "__main__":  # importing it would run the package as a program
            continue
        try:
            found.append(importlib.import_module(f"{package.__name__}.{info.name}"))
        except Exception:  # an optional part whose dependencies are missing
            continue
    return found


def _c_key(function):
    """The keys a compiled callable may be forbidden under: (module name, name), or (class, name) for the
    class it is bound to and the classes that class comes from."""
    owner, called = getattr(function, "__self__", None), getattr(function, "__name__", None)
    if isinstance(owner, types.ModuleType):
        return ((owner.__name__, called),)
    cls = type(owner) if owner is not None else getattr(function, "__objclass__", None)
    return tuple((base, called) for base in getattr(cls, "__mro__", ()))


class Tracer:
    """A context manager: while it is active, calls into ``codes`` (from ``forbidden_code``) are recorded in
    ``hits`` (forbidden names, in the order first met). ``tampered`` is set when the student's code
    replaced the profile hook (which would hide such calls)."""

    def __init__(self, codes: dict):
        self.codes, self.hits, self.tampered = codes, [], False
        self.compiled = {key: name for key, name in codes.items() if isinstance(key, tuple)}
        self._previous = None

    def _profile(self, frame, event, arg):
        if event == "call":
            name = self.codes.get(frame.f_code)
        elif event == "c_call" and self.compiled:
            name = next((self.compiled[key] for key in _c_key(arg) if key in self.compiled), None)
        else:
            return
        if name is not None and name not in self.hits:
            self.hits.append(name)

    def __enter__(self):
        if self.codes:
            self._previous = sys.getprofile()
            threading.setprofile(self._profile)
            sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc):
        if self.codes:
            self.tampered = sys.getprofile() != self._profile
            sys.setprofile(self._previous)
            threading.setprofile(None)
        return False
