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

**Forbidden calls** (``Question.forbidden``). While the student's function runs in ``check()``, a profile hook
(``sys.setprofile``, called on every Python function call, cheap next to a line tracer) asks of each called
function whether the question forbids it (``bpe_lab.bpe.train`` for a question asking to write ``train``). A
student's ``train`` that calls ``bpe.train``, directly or through another function, is reported. The hook also
covers threads the function starts. (The grader does not rely on it: it stubs forbidden functions instead.)

A forbidden name may be any module's, not only bpe_lab's (``"tiktoken"`` for a question asking to match tiktoken
without it). A module or package is matched by name and folder, never imported here (``Forbidden``): forbidding
``transformers`` costs nothing when a set is built, though it has hundreds of modules. A compiled class or
function (tiktoken's Rust ``CoreBPE``) is recognised by the hook's ``c_call`` events.
"""

from __future__ import annotations

import builtins
import contextlib
import ctypes
import importlib
import importlib.util
import inspect
import io
import os
import sys
import threading
import types
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = ["TimeLimit", "call", "forbidden_code", "Forbidden", "Tracer"]

AGAIN = 0.2  # seconds between repeated stops, for code that catches the first one
_UNSEEN = object()


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

def forbidden_code(names: Sequence[str]) -> Forbidden:
    """What ``Tracer`` looks for: the functions, classes and modules named in ``names`` (``Forbidden``). An unknown
    name of bpe_lab raises ValueError; another package's is taken as it is (one that is not installed cannot be
    called either)."""
    return Forbidden(names)


class Forbidden:
    """The calls a question forbids, found cheaply whatever the size of a forbidden package.

    * A function or class of bpe_lab (``"bpe_lab.bpe.train"``): its code objects, looked up once (a name bpe_lab
      re-exports works too; a class forbids its methods).
    * A module or package, bpe_lab's or any other (``"bpe_lab.tokenizer"``, ``"transformers"``): matched by name,
      never imported here. Code runs inside it when its module (``__name__`` of its globals) is the package or one
      of its submodules, or when its file lies in the package's folder (found without importing it). Another
      package's function or class is matched the same way, by the dotted name where it is defined
      (``"tiktoken.core.Encoding"``, not the re-exported ``"tiktoken.Encoding"``).
    * A compiled function or method (tiktoken's Rust ``CoreBPE``): the hook's ``c_call`` event names it, and
      its module or class (and the classes that class comes from) is looked up the same way.

    Only functions count, not the body of a module or class: importing a forbidden module is allowed, as in the
    grader's stubbed copy of the course, where a forbidden function raises only when called.
    """

    def __init__(self, names: Sequence[str]):
        self.names = tuple(names)
        self.codes: dict = {}  # code object, or (class, method name) of a compiled method -> forbidden name
        self.dotted: dict[str, str] = {}  # dotted module (or module.qualname) prefix -> forbidden name
        self.places: dict[str, str] = {}  # a forbidden module's file, or a package's folder + os.sep -> name
        for name in self.names:
            self._add(name)
        self._folders = tuple(place for place in self.places if place.endswith(os.sep))
        self._seen: dict = {}  # code object or compiled key -> forbidden name or None (decided once)

    def _add(self, name: str) -> None:
        if not isinstance(name, str) or not all(part.isidentifier() for part in name.split(".")):
            raise ValueError(f"forbidden names a function, class or module by its dotted name, such as "
                             f"'bpe_lab.bpe.train'; got {name!r}")
        own = name.split(".")[0] == "bpe_lab"
        places = _module_places(name, importing_parents=own)
        if places is not None:  # a module or package
            self.dotted[name] = name
            self.places.update(dict.fromkeys(places, name))
        elif own:  # a function or class of bpe_lab: its code objects
            for function in _functions(_look_up(name), name):
                self.codes[function if isinstance(function, tuple) else function.__code__] = name
        else:  # another package's function or class, by the name where it is defined
            self.dotted[name] = name

    def __bool__(self) -> bool:
        return bool(self.names)

    def __repr__(self) -> str:
        return f"Forbidden({list(self.names)!r})"

    def __contains__(self, key) -> bool:
        """Whether calling ``key`` is forbidden: a code object, or (class or module, name) of a compiled one."""
        if isinstance(key, types.CodeType):
            module = next((m.__name__ for m in list(sys.modules.values())
                           if getattr(m, "__file__", None) == key.co_filename), "")
            return self.of_code(key, module) is not None
        return self.of_compiled(*key) is not None

    def of_code(self, code: types.CodeType, module: str) -> str | None:
        """The forbidden name that Python code ``code`` of the module named ``module`` runs under, or None."""
        try:
            return self._seen[code]
        except KeyError:
            pass
        name = self.codes.get(code)
        if name is None and code.co_flags & inspect.CO_OPTIMIZED:  # a function, not a module's or class's body
            # Python 3.10 has no co_qualname: there a method is matched by its module (and file) only
            qualname = getattr(code, "co_qualname", code.co_name)
            name = self._dotted(f"{module}.{qualname}") or self._place(code.co_filename)
        self._seen[code] = name
        return name

    def of_compiled(self, owner, called: str) -> str | None:
        """The forbidden name of the compiled ``called`` of ``owner`` (a module or a class), or None."""
        key = (owner, called)
        try:
            return self._seen[key]
        except KeyError:
            pass
        if isinstance(owner, types.ModuleType):
            name = self.codes.get(key) or self._dotted(f"{owner.__name__}.{called}")
        else:
            name = next((found for cls in getattr(owner, "__mro__", ()) if cls is not object
                         for found in [self.codes.get((cls, called))
                                       or self._dotted(f"{self._home(cls)}.{cls.__qualname__}.{called}")]
                         if found), None)
        self._seen[key] = name
        return name

    def _dotted(self, full: str) -> str | None:
        """The forbidden name ``full`` (module.qualname) is, or lies in."""
        if not self.dotted:
            return None
        end = 0
        while end != -1:
            end = full.find(".", end + 1)
            name = self.dotted.get(full if end == -1 else full[:end])
            if name is not None:
                return name
        return None

    def _place(self, filename: str) -> str | None:
        name = self.places.get(filename)
        if name is None and self._folders and filename.startswith(self._folders):
            name = next(self.places[folder] for folder in self._folders if filename.startswith(folder))
        return name

    def _home(self, cls) -> str:
        """The module a class is defined in. A compiled class may say "builtins" (tiktoken's CoreBPE): then the
        module that holds it, among those already imported whose names are forbidden."""
        module = getattr(cls, "__module__", "") or ""
        if module != "builtins" or getattr(builtins, cls.__name__, None) is cls:
            return module
        for name, value in list(sys.modules.items()):  # vars, not getattr: a lazy package's __getattr__ may import
            if self._dotted(name) and (getattr(value, "__dict__", None) or {}).get(cls.__name__) is cls:
                return name
        return module


def _module_places(name: str, importing_parents: bool) -> list[str] | None:
    """Where the module or package ``name`` lives: [its file] or [its folders + os.sep]; None if ``name`` is not a
    module. Another package is never imported: its folders are found on disk from the top-level package's."""
    if importing_parents:
        try:
            spec = importlib.util.find_spec(name)  # imports the parent packages: bpe_lab's, quick
        except (ImportError, AttributeError, ValueError):  # a function's name: its "parent" is a module
            return None
        return None if spec is None else _spec_places(spec)
    top, *rest = name.split(".")
    try:
        spec = importlib.util.find_spec(top)  # a top-level name: found on sys.path, not imported
    except (ImportError, ValueError):
        spec = None
    places = [] if spec is None else _spec_places(spec)
    for part in rest:  # a submodule: a folder or a file in the folders found so far
        folders = [Path(p) / part for p in places if p.endswith(os.sep)]
        files = [str(folder) + ".py" for folder in folders if Path(str(folder) + ".py").is_file()]
        places = [str(folder) + os.sep for folder in folders if folder.is_dir()] + files
        if not places:
            return None if spec is not None else []  # not installed: nothing to find, nothing can call it
    return places


def _spec_places(spec) -> list[str]:
    if spec.submodule_search_locations:
        return [str(Path(folder)) + os.sep for folder in spec.submodule_search_locations]
    return [spec.origin] if spec.origin and spec.has_location else []


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


def _functions(value, name: str) -> list:
    """The Python functions a bpe_lab function or class ``value`` stands for, and (class, name) keys for its
    compiled methods."""
    if isinstance(value, types.ModuleType):  # reached as an attribute (a module a package imports)
        raise ValueError(f"forbidden: name the module {value.__name__!r} itself, not {name!r}")
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
    value = inspect.unwrap(getattr(value, "__func__", value))
    if not inspect.isfunction(value):
        raise ValueError(f"forbidden names a Python function, class or module, such as 'bpe_lab.bpe.train'; "
                         f"{name!r} is a {type(value).__name__}")
    return [value]


class Tracer:
    """A context manager: while it is active, calls into what ``forbidden`` (from ``forbidden_code``) names are
    recorded in ``hits`` (forbidden names, in the order first met). ``tampered`` is set when the student's code
    replaced the profile hook (which would hide such calls)."""

    def __init__(self, forbidden: Forbidden):
        self.forbidden, self.hits, self.tampered = forbidden, [], False
        self._seen, self._previous = forbidden._seen, None
        # compiled calls can be forbidden only by a module or another package's name, or a bpe_lab class's C method
        self._compiled = bool(forbidden.dotted) or any(isinstance(key, tuple) for key in forbidden.codes)

    def _profile(self, frame, event, arg):  # called on every call: each code or compiled callable is decided once
        if event == "call":
            key = frame.f_code
            name = self._seen.get(key, _UNSEEN)
            if name is _UNSEEN:
                name = self.forbidden.of_code(key, frame.f_globals.get("__name__", ""))
        elif event == "c_call" and self._compiled:
            owner = getattr(arg, "__self__", None)
            if owner is None:
                owner = getattr(arg, "__objclass__", None)  # a method called through its class
            elif not isinstance(owner, (types.ModuleType, type)):
                owner = type(owner)  # a method bound to an object: its class decides
            key = (owner, getattr(arg, "__name__", ""))
            name = self._seen.get(key, _UNSEEN)
            if name is _UNSEEN:
                name = self.forbidden.of_compiled(*key)
        else:
            return
        if name is not None and name not in self.hits:
            self.hits.append(name)

    def __enter__(self):
        if self.forbidden:
            self._previous = sys.getprofile()
            threading.setprofile(self._profile)
            sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc):
        if self.forbidden:
            self.tampered = sys.getprofile() != self._profile
            sys.setprofile(self._previous)
            threading.setprofile(None)
        return False
