"""The token inspector (notebook 04): a text area and a choice of tokenizer; the text's tokens as coloured
chips with their ids, and how many bytes each token holds on average.

``inspect_tokens`` is what it shows, as a plain function a test can call. The text area tokenizes at most
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
from .common import App, truncated, visible

__all__ = ["TOKEN_INSPECTOR_MAX_BYTES", "inspect_tokens", "TokenInspector", "token_inspector"]

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


class TokenInspector(App):
    """A text area and a choice of tokenizer; the text's tokens as coloured chips with their ids.

    ``tokenizers`` maps a name to a Tokenizer, or to a function that builds one (called the first
    time that name is chosen, so slow vocabularies load only when wanted). The text is tokenized up to
    ``max_bytes`` UTF-8 bytes (default ``TOKEN_INSPECTOR_MAX_BYTES``); a note says when it is longer.
    """

    def __init__(self, tokenizers: dict, text: str = ""):
        self._sources, text = check.tokenizer_choices(tokenizers), check.text(text)
        self._loaded: dict = {}
        self.max_bytes = TOKEN_INSPECTOR_MAX_BYTES  # of the text tokenized; see the module docstring
        self.last_redraw_seconds = None
        self.choice = w.ToggleButtons(options=list(tokenizers), description="tokenizer")
        self.text_box = w.Textarea(value=text, description="text", layout=w.Layout(width="95%", height="90px"),
                                   continuous_update=True, placeholder="type or paste any text")
        self.summary = w.HTML()
        self.chips = w.HTML()
        self.widget = w.VBox([self.choice, self.text_box, self.summary, self.chips])
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
        """Draw the tokens of the text box under the chosen tokenizer (the observers call this)."""
        started = time.perf_counter()
        name = self.choice.value
        if name not in self._loaded:
            self.summary.value = f"<i>loading {html.escape(name)}…</i>"
        tokenizer = self.tokenizer(name)
        if not self.text_box.value:
            self.summary.value = f"<i>type or paste any text above to see its tokens ({html.escape(name)})</i>"
            self.chips.value = ""
            return
        text, note = truncated(self.text_box.value, self.max_bytes, "UTF-8 bytes")
        try:
            view = inspect_tokens(tokenizer, text)
        except ValueError as error:  # e.g. a lone surrogate, which has no UTF-8 bytes and so no tokens
            self.summary.value = f"{note}<i>{html.escape(visible(str(error)))}</i>"
            self.chips.value = ""
            return
        self.summary.value = (
            f"{note}<b>{view['count']:,}</b> tokens &nbsp; <b>{view['bytes']:,}</b> bytes &nbsp; "
            f"<b>{view['bytes_per_token']:.2f}</b> bytes per token &nbsp; ({html.escape(name)})"
        )
        pieces = [token for _, token in view["tokens"]]
        self.chips.value = plots.html_chunks(pieces, [i for i, _ in view["tokens"]])
        self.last_redraw_seconds = time.perf_counter() - started


def token_inspector(tokenizers: dict, text: str = "") -> TokenInspector:
    """Build the token inspector. Example: ``token_inspector({"GPT-2": gpt2.load}, "strawberry")``."""
    return TokenInspector(tokenizers, text)
