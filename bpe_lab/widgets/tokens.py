"""The token inspector (notebook 04): a text area and a choice of tokenizer; the text's tokens as coloured
chips with their ids, and how many bytes each token holds on average. Given a second text (``compare``), it
shows both tokenizations one above the other and where they first differ ("Hello world" against
"Hello world ", which ends in one more token: a lone space).

``inspect_tokens`` and ``compare_tokens`` are what it shows, as plain functions a test can call. The text area tokenizes at most
``TOKEN_INSPECTOR_MAX_BYTES`` UTF-8 bytes of what is typed or pasted (see ``common.truncated``). It counts
bytes because every token holds at least one: so it never draws more than 2,000 chips, even for text of
emoji (3 tokens each for GPT-2).

It builds no tokenizer itself: pass ``Tokenizer`` objects (``bpe_lab.tokenizer``, ``bpe_lab.gpt2``), or
functions that build them.
"""

from __future__ import annotations

import html
import time

import ipywidgets as w

from .. import _checks as check
from .. import plots
from ..byte_level import show_token
from .common import App, truncated, visible

__all__ = ["TOKEN_INSPECTOR_MAX_BYTES", "inspect_tokens", "compare_tokens", "TokenInspector", "token_inspector"]

TOKEN_INSPECTOR_MAX_BYTES = 2_000  # about a page of English (~550 GPT-2 tokens); never more than 2,000 chips


def inspect_tokens(tokenizer, text: str) -> dict:
    """What the token inspector shows for one text: each token (id, bytes) and the totals.

    Special tokens typed into the text are encoded as special tokens. An empty text has no tokens: it
    gives count 0 and bytes_per_token 0.0.

    >>> from bpe_lab.tokenizer import Tokenizer
    >>> view = inspect_tokens(Tokenizer(), "hé")
    >>> view["tokens"], view["count"], view["bytes"]
    ([(104, b'h'), (195, b'\\xc3'), (169, b'\\xa9')], 3, 3)
    """
    tokenizer, text = check.inspected_tokenizer(tokenizer), check.text(text)
    ids = tokenizer.encode(text, allowed_special="all")
    tokens = [(i, tokenizer.token_bytes(i)) for i in ids]
    size = len(text.encode("utf-8"))
    return {"tokens": tokens, "count": len(ids), "bytes": size,
            "bytes_per_token": size / len(ids) if ids else 0.0}


def compare_tokens(tokenizer, text: str, other: str) -> dict:
    """Two texts tokenized by one tokenizer, and where their tokens first differ.

    Gives ``first`` and ``second`` (``inspect_tokens`` of each text), ``same_start`` (how many tokens, from
    the start, the two have in common) and ``difference``, a sentence saying where they part. A trailing
    space is a token of its own for GPT-2:

    >>> from bpe_lab import gpt2
    >>> view = compare_tokens(gpt2.load(), "Hello world", "Hello world ")
    >>> view["first"]["count"], view["second"]["count"], view["same_start"]
    (2, 3, 2)
    >>> view["difference"]
    "2 vs 3 tokens. The first 2 are the same (up to ' world'); from token 3: nothing vs ' '."
    """
    tokenizer, text, other = check.inspected_tokenizer(tokenizer), check.text(text), check.text(other, "other")
    first, second = inspect_tokens(tokenizer, text), inspect_tokens(tokenizer, other)
    same_start = _same_start(first, second)
    return {"first": first, "second": second, "same_start": same_start,
            "difference": _difference(first["tokens"], second["tokens"], same_start)}


def _difference(tokens: list, others: list, same_start: int) -> str:
    """The sentence of ``compare_tokens``: the counts, the shared start, then up to 3 tokens of each after it."""
    if tokens == others:
        return f"The same {len(tokens)} token{'s' * (len(tokens) != 1)} in both."
    counts = f"{len(tokens)} vs {len(others)} tokens."

    def quoted(some: list) -> str:
        shown = ", ".join(f"'{show_token(token)}'" for _, token in some[same_start:same_start + 3])
        return (shown + (", …" if len(some) > same_start + 3 else "")) or "nothing"

    shared = "" if not same_start else (f" The first {same_start} are the same (up to "
                                        f"'{show_token(tokens[same_start - 1][1])}');")
    where = f" from token {same_start + 1}" if same_start else " They differ from token 1"
    return f"{counts}{shared}{where}: {quoted(tokens)} vs {quoted(others)}."


def _same_start(view: dict, other: dict) -> int:
    """How many tokens, from the start, two ``inspect_tokens`` views have in common."""
    same_start = 0
    for a, b in zip(view["tokens"], other["tokens"]):
        if a != b:
            break
        same_start += 1
    return same_start


class TokenInspector(App):
    """A text area and a choice of tokenizer; the text's tokens as coloured chips with their ids.

    ``tokenizers`` maps a name to a Tokenizer, or to a function that builds one (called the first
    time that name is chosen, so slow vocabularies load only when wanted). The text is tokenized up to
    ``max_bytes`` UTF-8 bytes (default ``TOKEN_INSPECTOR_MAX_BYTES``); a note says when it is longer.

    ``compare``: None (one text box), or a str to show a second text box below the first, filled with it;
    both texts are tokenized with the chosen tokenizer, their tokens drawn one above the other, and a line
    says where they first differ (``compare_tokens``). A text that cannot be tokenized (one with a lone
    surrogate) shows the error in place of its tokens, and then the line is empty.
    """

    def __init__(self, tokenizers: dict, text: str = "", compare: str | None = None):
        self._sources, (text, compare) = check.tokenizer_choices(tokenizers), check.inspector_texts(text, compare)
        self._loaded: dict = {}
        self.max_bytes = TOKEN_INSPECTOR_MAX_BYTES  # of the text tokenized; see the module docstring
        self.last_redraw_seconds = None
        self.choice = w.ToggleButtons(options=list(tokenizers), description="tokenizer")
        self.text_box = w.Textarea(value=text, description="text", layout=w.Layout(width="95%", height="90px"),
                                   continuous_update=True, placeholder="type or paste any text")
        self.summary = w.HTML()
        self.chips = w.HTML()
        children = [self.choice, self.text_box, self.summary, self.chips]
        self.compare_box = self.compare_summary = self.compare_chips = self.difference = None
        if compare is not None:  # a second text box under the first; the second tokens under the first
            self.compare_box = w.Textarea(value=compare, description="compare",
                                          layout=w.Layout(width="95%", height="60px"), continuous_update=True,
                                          placeholder="a second text to compare with the first")
            self.compare_summary, self.compare_chips, self.difference = w.HTML(), w.HTML(), w.HTML()
            children = [self.choice, self.text_box, self.compare_box, self.summary, self.chips,
                        self.compare_summary, self.compare_chips, self.difference]
            self.compare_box.observe(lambda change: self.show(), names="value")
        self.widget = w.VBox(children)
        self.choice.observe(lambda change: self.show(), names="value")
        self.text_box.observe(lambda change: self.show(), names="value")
        self.show()

    def tokenizer(self, name: str):
        """The tokenizer chosen under ``name`` (one of the names given; a function is called the first time)."""
        name = check.tokenizer_name(name, self._sources)
        if name not in self._loaded:
            source = self._sources[name]
            self._loaded[name] = source() if callable(source) and not hasattr(source, "encode") else source
        return self._loaded[name]

    def show(self) -> None:
        """Draw the tokens of the text box (and of the compare box) under the chosen tokenizer (the observers
        call this)."""
        started = time.perf_counter()
        name = self.choice.value
        if name not in self._loaded:
            self.summary.value = f"<i>loading {html.escape(name)}…</i>"
        tokenizer = self.tokenizer(name)
        view = self._draw(tokenizer, name, self.text_box.value, self.summary, self.chips, "above")
        if self.compare_box is not None:
            other = self._draw(tokenizer, name, self.compare_box.value, self.compare_summary, self.compare_chips,
                               "in the compare box")
            self.difference.value = "" if view is None or other is None else html.escape(visible(
                _difference(view["tokens"], other["tokens"], _same_start(view, other))))
        self.last_redraw_seconds = time.perf_counter() - started

    def _draw(self, tokenizer, name: str, value: str, summary: w.HTML, chips: w.HTML, where: str):
        """One text's summary line and chips; returns its ``inspect_tokens`` view (None if nothing is shown)."""
        if not value:
            summary.value = f"<i>type or paste any text {where} to see its tokens ({html.escape(name)})</i>"
            chips.value = ""
            return None
        text, note = truncated(value, self.max_bytes, "UTF-8 bytes")
        try:
            view = inspect_tokens(tokenizer, text)
        except ValueError as error:  # e.g. a lone surrogate, which has no UTF-8 bytes and so no tokens
            summary.value = f"{note}<i>{html.escape(visible(str(error)))}</i>"
            chips.value = ""
            return None
        summary.value = (
            f"{note}<b>{view['count']:,}</b> tokens &nbsp; <b>{view['bytes']:,}</b> bytes &nbsp; "
            f"<b>{view['bytes_per_token']:.2f}</b> bytes per token &nbsp; ({html.escape(name)})"
        )
        chips.value = plots.html_chunks([token for _, token in view["tokens"]], [i for i, _ in view["tokens"]])
        return view


def token_inspector(tokenizers: dict, text: str = "", compare: str | None = None) -> TokenInspector:
    """Build the token inspector. Example: ``token_inspector({"GPT-2": gpt2.load}, "strawberry")``.

    ``compare``: None (one text box), or a str to show a second text box below the first, filled with it
    (``token_inspector({"GPT-2": gpt2.load}, "Hello world", compare="Hello world ")``). A text that cannot be
    tokenized shows the error in place of its tokens. See ``TokenInspector``.
    """
    return TokenInspector(tokenizers, text, compare)
