"""Progress on long work: a bar in a notebook, a line in a terminal, nothing unless asked.

A training function that can take more than a couple of seconds takes ``progress=False``; with
``progress=True`` it shows how far it is::

    with steps(total=num_merges, description="BPE merges", progress=progress) as bar:
        for _ in range(num_merges):
            ...  # one step of the work
            bar.advance()

In a Jupyter kernel the bar is an ipywidgets ``IntProgress`` with a label (done, total, seconds so far,
and an estimate of the seconds left); elsewhere a line on standard error, rewritten in place. Updates are
drawn at most ten times a second, so a loop of a million steps does not spend its time drawing. When the
work ends (or raises) the bar shows the final count and the time taken.

``bar.total`` may change while the work runs (a Unigram trainer learns how many rounds it needs as it
goes): ``bar.restart(total, description)`` starts a new stage.
"""

from __future__ import annotations

import sys
import time

__all__ = ["steps"]

REDRAW = 0.1  # seconds between two drawings of the bar


def steps(total: int, description: str, progress: bool):
    """A context manager giving an object with ``advance(n=1)``, ``restart(total, description)`` and ``done``:
    a progress bar when ``progress`` is True, an object that does nothing otherwise (the argument is checked
    by the caller, as every public argument is)."""
    return _Bar(total, description) if progress else _Silent()


class _Silent:
    done = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def advance(self, n: int = 1) -> None:
        self.done += n

    def restart(self, total: int, description: str) -> None:
        self.done = 0


class _Bar:
    def __init__(self, total: int, description: str):
        self.total, self.description, self.done = max(int(total), 0), description, 0
        self.started = self.drawn = time.perf_counter()
        self.widget = self.label = None

    def __enter__(self):
        if _in_kernel():
            import ipywidgets
            from IPython.display import display

            self.widget = ipywidgets.IntProgress(min=0, max=max(self.total, 1), description="")
            self.label = ipywidgets.Label()
            display(ipywidgets.HBox([self.widget, self.label]))
        self._draw()
        return self

    def __exit__(self, *exc):
        self._draw(final=True)
        if self.widget is None:
            sys.stderr.write("\n")
        return False

    def advance(self, n: int = 1) -> None:
        self.done += n
        if time.perf_counter() - self.drawn >= REDRAW:
            self._draw()

    def restart(self, total: int, description: str) -> None:
        self._draw(final=True)
        if self.widget is None:
            sys.stderr.write("\n")
        self.total, self.description, self.done = max(int(total), 0), description, 0
        self.started = time.perf_counter()
        if self.widget is not None:
            self.widget.max = max(self.total, 1)
        self._draw()

    def text(self, final: bool = False) -> str:
        """``"BPE merges: 120/1,000 (12%), 3.1 s, about 23 s left"``."""
        seconds = time.perf_counter() - self.started
        shown = f"{self.description}: {self.done:,}/{self.total:,}"
        if self.total:
            shown += f" ({100 * min(self.done, self.total) / self.total:.0f}%)"
        shown += f", {seconds:.1f} s"
        if not final and 0 < self.done < self.total:
            shown += f", about {seconds * (self.total - self.done) / self.done:.0f} s left"
        return shown

    def _draw(self, final: bool = False) -> None:
        self.drawn = time.perf_counter()
        if self.widget is not None:
            self.widget.value = min(self.done, self.widget.max)
            self.label.value = self.text(final)
        else:
            sys.stderr.write("\r" + self.text(final))
            sys.stderr.flush()


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel, where a widget can be shown."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        return type(shell.get_ipython()).__name__ == "ZMQInteractiveShell"
    except Exception:  # an IPython without a running shell
        return False
