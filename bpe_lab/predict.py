"""Predict, then run: write down a guess before the code shows the answer.

A guess made before seeing the result is what turns reading into learning. A notebook asks for one in a
markdown cell ("**Predict:** which pair is merged first?"), the student writes it into a variable, and
the next cell computes the answer and compares::

    guess = ...   # your guess, e.g. ("u", "g")

    top_pair = max(bpe.pair_counts(corpus).items(), key=lambda item: item[1])[0]
    predict.reveal(guess, top_pair)

A guess left as ``...`` is not an error: the cell shows the answer and says no guess was written, so
*Run All* works on a fresh notebook (and in the tests and the static edition).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from . import _checks as check

__all__ = ["reveal", "Reveal"]


def reveal(guess, answer, *, tolerance: float = 0.0, why: str = "") -> Reveal:
    """Compare ``guess`` with ``answer`` (the value a cell computed) and say how it went.

    Lists and tuples compare item by item (``["u", "g"]`` matches ``("u", "g")``). When both are numbers,
    the guess counts as right within ``tolerance`` (a fraction of the answer: 0.1 accepts 10% either way),
    and the message says how far off it was. ``why``, if given, is one sentence explaining the answer;
    it is shown after the verdict. A guess left as ``...`` (or None) is not an error: the answer is shown
    and ``right`` is None. Comparing never raises, whatever the guess is. Returns a ``Reveal``, which a
    notebook displays.

    >>> reveal(("u", "g"), ("u", "g"))
    Your guess ('u', 'g') is right.
    >>> reveal(40, 52, tolerance=0.1)
    Your guess 40: the answer is 52 (your guess is 23% low).
    >>> reveal(..., 52)
    No guess written: the answer is 52.
    """
    tolerance, why = check.prediction(tolerance, why)
    if guess is ... or guess is None:
        return Reveal(guess, answer, None, _with_why(f"No guess written: the answer is {_shown(answer)}.", why))
    if check.is_real(guess) and check.is_real(answer):
        return _reveal_number(guess, answer, tolerance, why)
    right = _same(guess, answer)
    verdict = (f"Your guess {_shown(guess)} is right." if right
               else f"Your guess {_shown(guess)}: the answer is {_shown(answer)}.")
    return Reveal(guess, answer, right, _with_why(verdict, why))


def _reveal_number(guess, answer, tolerance: float, why: str) -> Reveal:
    """A guessed number against the answer: right within ``tolerance`` of it; otherwise how far off."""
    off = guess - answer
    right = abs(off) <= tolerance * abs(answer)
    if right and off == 0:
        verdict = f"Your guess {_shown(guess)} is right."
    elif right:
        verdict = f"Your guess {_shown(guess)} is close enough: the answer is {_shown(answer)}."
    else:
        how = f" (your guess is {abs(off) / abs(answer):.0%} {'high' if off > 0 else 'low'})" if answer else ""
        verdict = f"Your guess {_shown(guess)}: the answer is {_shown(answer)}{how}."
    return Reveal(guess, answer, right, _with_why(verdict, why))


def _same(guess, answer) -> bool:
    """Equal, with lists and tuples compared item by item; never raises (a guess may be anything)."""
    if isinstance(guess, (list, tuple)) and isinstance(answer, (list, tuple)):
        return len(guess) == len(answer) and all(_same(g, a) for g, a in zip(guess, answer))
    try:
        return bool(guess == answer)
    except Exception:  # a guess whose == raises (an array, say) is simply not the answer
        return False


def _shown(value) -> str:
    """A value as the message shows it: a number with thousands separators, anything else as its repr (cut
    short only past 200 characters, so two lists that differ near the end still look different)."""
    if check.is_whole(value):
        return f"{value:,}"
    if check.is_real(value):
        return f"{value:,.4g}"
    shown = repr(value)
    return shown if len(shown) <= 200 else check.short(value)


def _with_why(verdict: str, why: str) -> str:
    return f"{verdict} {why}" if why else verdict


@dataclass(frozen=True)
class Reveal:
    """What ``reveal`` found: the guess, the answer, whether the guess was right (None: no guess was written)
    and the message. A notebook shows the message, in a coloured box where HTML is drawn."""

    guess: Any
    answer: Any
    right: bool | None
    message: str

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        mark, colour = {True: ("✓", "#1b7f3b"), False: ("✗", "#b3261e"), None: ("?", "#5f6368")}[self.right]
        return (f'<div style="border-left: 4px solid {colour}; padding: 4px 10px; margin: 2px 0">'
                f'<b style="color: {colour}">{mark}</b> {html.escape(self.message)}</div>')
