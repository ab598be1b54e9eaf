"""Interactive explorers for the notebooks (ipywidgets), one module per widget.

Notebooks call the functions re-exported here (``widgets.merge_explorer(...)``). The modules are named
after what they show, not after those functions, so that ``bpe_lab.widgets.merge_explorer`` is always the
function:

  ``bpe_merges``          the merge explorer (notebook 01): a slider over the merge steps of ``bpe.train`` and
                          the plain functions behind its views: ``corpus_view`` / ``corpus_views`` (the corpus
                          after k merges), ``histogram_view`` (pair counts), ``word_view`` (your word split),
                          ``compression_view`` (the compression curve); ``MergeExplorer``, ``merge_explorer``
  ``tokens``              the token inspector (notebook 04): ``inspect_tokens``, ``compare_tokens``, ``TokenInspector``,
                          ``token_inspector``
  ``wordpiece_merges``    the WordPiece explorer (notebook 05): ``wordpiece_corpus_views``,
                          ``wordpiece_histogram_view``, ``WordPieceExplorer``, ``wordpiece_explorer``
  ``viterbi_steps``       the Viterbi stepper (notebook 06): ``viterbi_view``, ``viterbi_stepper``
  ``text_upload``         your own text (notebook 10): ``read_text`` (a path), ``decode_text`` (an upload's
                          bytes), both as UTF-8 with clear errors and a size limit; ``TextUpload``, ``text_upload``
  ``frames``              sliders that work without a kernel (slides, the static HTML edition):
                          ``frames_slider``, ``merge_step_frames``, ``merge_steps``
  ``common``              what they share: symbols written out, text made visible, long text cut short

Each view is a plain function, so tests check what a student would see without a browser; each widget
computes its frames once when it is built, and a slider move only swaps them in:

>>> from bpe_lab import bpe
>>> result = bpe.train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3)
>>> word_view(result, 3, "hugs bug")  # what the merge explorer's word box shows after 3 merges
[['hug', 's'], ['b', 'ug']]

Text typed or pasted into a widget is tokenized up to a limit, so that a whole novel pasted into a box
(684,768 characters) still redraws at once; past the limit the view says what it shows, e.g. "showing
the first 1,998 characters of 684,768". The limits (the cut is moved back to the last space when there
is one nearby, so no word is cut in half):

  ``MERGE_EXPLORER_MAX_CHARS``      the merge explorer's "your word" box       500 characters
  ``WORDPIECE_EXPLORER_MAX_CHARS``  the WordPiece explorer's "your word" box   500 characters
  ``TOKEN_INSPECTOR_MAX_BYTES``     the token inspector's text area            2,000 UTF-8 bytes

The inspector counts bytes because every token holds at least one: so it never draws more than 2,000
chips, even for text of emoji (3 tokens each for GPT-2). With these limits a redraw takes under 10 ms
in the kernel and under 0.1 s for the browser to lay out (benchmarks/bench_long_input.py measures
both). The view functions themselves (``word_view``, ``inspect_tokens``, …) never truncate: only the
widgets do.

The widgets compute no tokenization themselves: they call the algorithm modules (``bpe``, ``wordpiece``,
``unigram``, a ``Tokenizer``) and draw with ``bpe_lab.plots``.
"""

from __future__ import annotations

from . import common
from .frames import frames_slider, merge_step_frames, merge_steps
from .bpe_merges import (MERGE_EXPLORER_MAX_CHARS, MergeExplorer, compression_view, corpus_view, corpus_views,
                             histogram_view, merge_explorer, word_view)
from .tokens import TOKEN_INSPECTOR_MAX_BYTES, TokenInspector, compare_tokens, inspect_tokens, token_inspector
from .text_upload import MAX_TEXT_BYTES, TextUpload, decode_text, read_text, text_upload
from .viterbi_steps import viterbi_stepper, viterbi_view
from .wordpiece_merges import (WORDPIECE_EXPLORER_MAX_CHARS, WordPieceExplorer, wordpiece_corpus_views,
                                 wordpiece_explorer, wordpiece_histogram_view)

__all__ = [
    "MERGE_EXPLORER_MAX_CHARS",
    "WORDPIECE_EXPLORER_MAX_CHARS",
    "TOKEN_INSPECTOR_MAX_BYTES",
    "corpus_view",
    "corpus_views",
    "histogram_view",
    "word_view",
    "compression_view",
    "MergeExplorer",
    "merge_explorer",
    "inspect_tokens",
    "compare_tokens",
    "TokenInspector",
    "token_inspector",
    "wordpiece_corpus_views",
    "wordpiece_histogram_view",
    "WordPieceExplorer",
    "wordpiece_explorer",
    "viterbi_view",
    "viterbi_stepper",
    "frames_slider",
    "merge_step_frames",
    "merge_steps",
    "MAX_TEXT_BYTES",
    "read_text",
    "decode_text",
    "TextUpload",
    "text_upload",
]
