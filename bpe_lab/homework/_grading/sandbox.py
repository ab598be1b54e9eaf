"""Where a submission's code runs: a bubblewrap sandbox when the machine has one, else a plain child process.

The child process that runs a student's notebook sees, inside ``bwrap`` (Debian's ``bubblewrap``):

* read-only: the system (``/usr``), this Python and its installed packages, and the course as graded
  (``/course``: the student edition of bpe_lab and its data, stub packages for the tokenizers a set forbids);
* a private, empty ``/tmp`` (its working folder is ``/tmp/work``), and a fresh ``/proc`` and ``/dev``;
* no network, no other process (a new pid namespace: not the grader, whose command line names the instructor
  file), no home folder, no instructor file, no other submission, no ``bpe_lab`` but the graded copy;
* an environment written from scratch (nothing inherited: no seed in a variable).

Forbidden tokenizer packages (``tiktoken`` for a question that asks to match it) are covered by an empty
folder in the sandbox, so only the stub under ``/course`` answers to their name.

Without bwrap (macOS, Windows, a container that forbids namespaces) the same child runs as a plain process:
the limits on time and memory hold, the stubs hold against everything but reading files, and the grader says
once what that means (``UNSANDBOXED``).

>>> "--unshare-all" in command(["python3", "-c", "pass"], Path("/course"), hide=[], use=True)
True
"""

from __future__ import annotations

import functools
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

__all__ = ["available", "command", "UNSANDBOXED", "MEANING", "COURSE", "WORK"]

COURSE = "/course"  # where the graded copy of the course is seen inside the sandbox
WORK = "/tmp/work"  # the child's working folder inside the sandbox
UNSANDBOXED = ("NOTE: no sandbox on this machine (bubblewrap, `bwrap`, is missing or cannot create namespaces): " +
               (MEANING := "submissions run as plain processes with your user's rights. The time and memory limits, the "
               "student edition and the forbidden-function stubs still hold, but a submission could read any file "
               "you can read (your instructor file among them) or use the network. For credit, grade on a Linux "
               "machine with bubblewrap (Debian/Ubuntu: apt-get install bubblewrap)."))


def python_dirs() -> list[str]:
    """The folders this Python needs: its installation and its site-packages (a venv's too)."""
    dirs = {sys.base_prefix, sys.prefix, *site.getsitepackages()}
    return sorted(d for d in dirs if d and Path(d).is_dir())


def site_packages() -> list[str]:
    """Where the child finds installed packages (it starts with -S: no .pth file runs, so an editable install of
    the instructor's bpe_lab is not found)."""
    return [d for d in site.getsitepackages() if Path(d).is_dir()]


@functools.lru_cache(maxsize=1)
def available() -> bool:
    """Whether ``bwrap`` is installed and can make a sandbox here (tried once: a container may forbid it)."""
    if os.name != "posix" or shutil.which("bwrap") is None:
        return False
    probe = command([sys.executable, "-S", "-c", "pass"], None, hide=[], use=True)
    try:
        return subprocess.run(probe, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def command(argv: list[str], course: Path | None, *, hide: list[str], use: bool, env: dict | None = None) -> list[str]:
    """``argv`` run inside the sandbox (``use``), seeing ``course`` at /course; ``hide``: folders (forbidden
    packages) covered by an empty one; ``env``: its environment variables (nothing else is passed in). Without
    ``use``: ``argv`` itself."""
    if not use:
        return list(argv)
    bwrap = shutil.which("bwrap") or "bwrap"
    args = [bwrap, "--unshare-all", "--die-with-parent", "--clearenv", "--cap-drop", "ALL",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", WORK, "--dir", "/tmp/home"]
    for top in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):  # merged /usr: these are links into it
        path = Path("/") / top
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    args += ["--ro-bind", "/usr", "/usr"]
    for name in ("ld.so.cache", "localtime", "nsswitch.conf"):  # what a dynamic linker and Python look for
        if Path("/etc", name).exists():
            args += ["--ro-bind", f"/etc/{name}", f"/etc/{name}"]
    for folder in python_dirs():
        if not folder.startswith("/usr/"):
            args += ["--ro-bind", folder, folder]
    for folder in hide:
        args += ["--tmpfs", folder]
    if course is not None:
        args += ["--ro-bind", str(course), COURSE]
    variables = {"PATH": "/usr/bin:/bin", "HOME": "/tmp/home", "LANG": "C.UTF-8", "TMPDIR": "/tmp", **(env or {})}
    for key, value in variables.items():
        args += ["--setenv", key, value]
    return args + ["--chdir", WORK, "--", *argv]
