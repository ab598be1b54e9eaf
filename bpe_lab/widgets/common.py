"""What every widget of ``bpe_lab.widgets`` shares: symbols written out, text made visible, long text cut short.

Symbols are written so that none is invisible: ``shown`` (a space as ␣, a lone combining mark on ◌),
``readable_word`` (a word's bytes decoded together) and ``character_notes`` (which character a byte token cuts).

Text typed or pasted into a widget is tokenized up to a limit (each widget's module names its own), so that
a whole novel pasted into a box still redraws at once; ``truncated`` cuts it and says so. ``visible`` shows
control characters and lone surrogates as marks, so nothing a student types is invisible or breaks the page.

It computes nothing about tokenization and draws nothing; the widgets do (one module each).
"""

from __future__ import annotations

import re
import unicodedata

from .. import plots

# Shared by the widget modules (see the package's __init__); nothing here is called from a notebook.
__all__ = []


def segmented(symbols) -> str:
    """('h', 'ug', 's') -> 'h ug s' (symbols separated by spaces, as in the BPE paper), each written by ``shown``.

    >>> segmented(('h', 'ug', 's'))
    'h ug s'
    >>> segmented((b' d', b'e'))
    '␣d e'
    """
    return " ".join(shown(s) for s in symbols)


def shown(symbol) -> str:
    """A symbol as the explorers write it: ``plots.token_label`` (bytes that cut a character as ⟨hex⟩), with
    whitespace as marks (a space as ␣), control characters visible, and a combining mark that starts the
    symbol drawn on a dotted circle (◌ा), so that no symbol is invisible.

    >>> shown(b" "), shown(b"\\xe0\\xa4"), shown("\\u093e")
    ('␣', '⟨e0 a4⟩', '◌ा')
    """
    label = _WHITESPACE.sub(lambda m: _MARKS.get(m.group(0), m.group(0)), plots.token_label(symbol))
    if label and unicodedata.category(label[0]).startswith("M"):
        label = "◌" + label
    return visible(label)


_MARKS = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "␍"}
_WHITESPACE = re.compile(r"⟨[^⟩]*⟩|[ \n\t\r]")  # hex inside ⟨…⟩ keeps its spaces


def readable_word(symbols) -> str:
    """A word of the corpus as text a student can read: bytes symbols decoded together (the characters they
    cut are whole again), whitespace as marks.

    >>> readable_word((b" ", b"\\xd0", b"\\xb4", b"a")), readable_word(("l", "o", "w", "</w>"))
    ('␣дa', 'low</w>')
    """
    if symbols and isinstance(symbols[0], bytes):
        return shown(b"".join(symbols).decode("utf-8", "replace"))
    return shown("".join(symbols))


def character_notes(symbols) -> list[str]:
    """For the byte tokens of one word: which character each token cuts, and which of its bytes it holds
    ("" for a token of whole characters, and for str symbols).

    >>> character_notes([b"\\xe0\\xa4", b"\\x85\\xe0\\xa4", b"\\xa7", b"a"])
    ['अ 1–2/3', 'अ 3/3 · ध 1–2/3', 'ध 3/3', '']
    """
    if not symbols or not isinstance(symbols[0], bytes):
        return [""] * len(symbols)
    spans, position = [], 0  # (first byte, last byte + 1, character) of each character of the word
    for char in b"".join(symbols).decode("utf-8", "surrogatepass"):
        size = len(char.encode("utf-8", "surrogatepass"))
        spans.append((position, position + size, char))
        position += size
    notes, start = [], 0
    for symbol in symbols:
        end = start + len(symbol)
        cut = [(max(a, start) - a + 1, min(b, end) - a, b - a, char) for a, b, char in spans
               if a < end and b > start and (a < start or b > end)]  # characters this token holds only part of
        notes.append(" · ".join(f"{shown(char)} {first}{'' if first == last else f'–{last}'}/{size}"
                                for first, last, size, char in cut))
        start = end
    return notes


def display_width(text: str) -> int:
    """Columns ``text`` takes in a monospaced font: combining marks take none, wide (CJK) characters two.

    >>> display_width("ab"), display_width("◌ा"), display_width("東京")
    (2, 1, 4)
    """
    return sum(0 if unicodedata.category(c).startswith("M") else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


# Characters that would be invisible, or break the page, in a widget's HTML: C0 controls (tab, newline and
# carriage return excepted: ``plots.html_chunks`` draws them as ⇥ ↵ ␍) and DEL become their control pictures
# (NUL -> ␀), C1 controls and lone surrogates (which cannot even be sent to the browser as UTF-8) become ⟨U+…⟩.
_VISIBLE = {c: chr(0x2400 + c) for c in range(32) if chr(c) not in "\t\n\r"}
_VISIBLE[0x7F] = "\u2421"
_VISIBLE.update({c: f"⟨U+{c:04X}⟩" for c in [*range(0x80, 0xA0), *range(0xD800, 0xE000)]})


def visible(text: str) -> str:
    r"""``text`` with control characters and lone surrogates shown as visible marks (before HTML escaping).

    >>> visible("a\x00b\x1b[0m\ud800")
    'a␀b␛[0m⟨U+D800⟩'
    """
    return text.translate(_VISIBLE)


def truncated(text: str, limit: int, unit: str = "characters") -> tuple[str, str]:
    """The part of ``text`` a widget shows, and an HTML note saying so ("" when all of it is shown).

    At most ``limit`` characters (or, with ``unit="UTF-8 bytes"``, characters whose UTF-8 bytes add up to
    at most ``limit``); the cut moves back to the last whitespace if there is one in the last fifth,
    so that no word is cut in half.

    >>> truncated("hug pug", 100)
    ('hug pug', '')
    >>> shown, note = truncated("hugs pugs buns", 10)
    >>> shown, "showing the first 9 characters of 14" in note
    ('hugs pugs', True)
    >>> truncated("ééééé", 5, "UTF-8 bytes")[0]  # 2 bytes each
    'éé'
    """
    if unit == "characters":
        end = min(limit, len(text))
    elif unit == "UTF-8 bytes":
        end = size = 0  # only the first `limit` characters can fit, so this loop is short
        for char in text[:limit]:
            size += 1 if char < "\x80" else len(char.encode("utf-8", "surrogatepass"))
            if size > limit:
                break
            end += 1
    else:
        raise ValueError(f"unit must be 'characters' or 'UTF-8 bytes', got {unit!r}")
    if end == len(text):
        return text, ""
    cut = max(text.rfind(space, 0, end + 1) for space in (" ", "\n", "\t"))
    if cut < end - end // 5:
        cut = end
    note = (f'<div class="bpe-truncated" style="color:#8a4b00;font-style:italic">showing the first {cut:,} '
            f"characters of {len(text):,}; the rest is left out here to keep this view quick "
            f"(limit {limit:,} {unit})</div>")
    return text[:cut], note


class App:
    """A widget app: its ipywidgets layout is ``self.widget``, and the app displays as that layout when it is
    the last expression of a cell."""

    widget = None

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
