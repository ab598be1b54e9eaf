"""What a student is told about an answer: the same words from ``Question.check`` (in the notebook) and from
the grader (in the feedback file), so a message seen in practice means the same thing when graded."""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["MAX_OUTPUT", "same", "wrong_result", "forbidden_message", "shown", "cut"]

MAX_OUTPUT = 2_000  # characters a checked function may print


def same(compare: Callable, got, expected) -> tuple[bool, str]:
    """Whether ``compare`` accepts ``got``, and why not when comparing raised (an array's == does)."""
    try:
        return bool(compare(got, expected)), ""
    except Exception as exc:  # the student's value may raise anything when compared
        return False, f"{type(exc).__name__}: {cut(str(exc), 120)}"


def wrong_result(compare: Callable, got, printed: int, expected) -> str | None:
    """What is wrong with a result the student's function returned (None: nothing); ``printed``: how many
    characters it printed."""
    if printed > MAX_OUTPUT:
        return (f"your function printed {printed:,} characters; remove the print statements and return "
                "the result instead")
    if got is None and expected is not None:
        return "your function returned None — did you forget `return`?"
    accepted, error = same(compare, got, expected)
    if error:
        return (f"your function returned {shown(got)}, which cannot be compared with the expected "
                f"{shown(expected)} (comparing it raised {error})")
    if type(got) is not type(expected) and not accepted:
        return (f"expected a {type(expected).__name__} such as {shown(expected)}, but got a "
                f"{type(got).__name__}: {shown(got)}")
    return None if accepted else f"expected {shown(expected)}, but got {shown(got)}"


def forbidden_message(hits: Sequence[str]) -> str:
    """A function that called what its question forbids (``hits``), or hid its calls (no hits)."""
    if not hits:
        return ("your function replaced the profile hook (sys.setprofile) that notices calls into bpe_lab's "
                "own implementation: leave it alone")
    own = [hit for hit in hits if hit == "bpe_lab" or hit.startswith("bpe_lab.")]
    called = ([f"bpe_lab's own {', '.join(own)}"] if own else []) + [hit for hit in hits if hit not in own]
    return f"your function calls {' and '.join(called)} — this question asks you to write it yourself"


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value, limit: int = 200) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters (an answer may be 10 MB, or refuse repr)."""
    try:
        text = repr(value)
    except Exception:  # the student's object may raise anything
        return f"<a {type(value).__name__} that cannot be shown>"
    return cut(text, limit)
