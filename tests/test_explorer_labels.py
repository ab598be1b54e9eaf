"""What the merge explorer writes is readable: no label overlaps another, no symbol is invisible.

- The pair histogram (``plots.html_pair_histogram``) lays out pair, bar and value in three columns; drawn by
  Chromium in a squeezed box, no two of its text and bar boxes overlap and the value with ◀ stays on one line.
- A space byte is shown as ␣ (histogram, corpus view, word view); bytes that cut a character have a readable
  form next to their hex (the decoded word, the character a token cuts, what a merge of bytes makes).
- The compression curve's bytes per token is ``metrics.bytes_per_token``: every byte of the text counted.
"""

from __future__ import annotations

import re

import pytest

from bpe_lab import bpe, corpus, metrics, plots, widgets
from bpe_lab.widgets.bpe_merges import histogram_title

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
BYTE_CHUNKS = {" де".encode(): 3, " дело".encode(): 2, " अधिकार".encode(): 4, " la".encode(): 5, b",": 2}


def test_histogram_puts_the_value_and_marker_in_a_column_of_their_own():
    bars = widgets.histogram_view(bpe.train(HUG, 3), 0)
    page = plots.html_pair_histogram(bars, histogram_title(0, 3))
    assert "grid-template-columns:max-content" in page
    values = re.findall(r'<div class="bpe-value"[^>]*>([^<]*)</div>', page)
    assert values == ["20 ◀", "17", "16", "15", "5", "4"]
    assert page.count('class="bpe-bar') == len(bars) and page.count("bpe-winner") == 1


def test_a_space_byte_is_shown_as_a_visible_mark():
    bars = [((b" ", b"\xd0"), 5, True), ((b" d", b"e"), 3, False), ((b"\xe0\xa4", b"\xbe"), 2, False)]
    page = plots.html_pair_histogram(bars, "pair counts")
    assert "␣ + ⟨d0⟩" in page and "␣d + e" in page
    assert "⟨e0 a4⟩ + ⟨be⟩" in page  # the spaces between hex digits are not spaces of the text
    result = bpe.train(BYTE_CHUNKS, 4)
    text = widgets.corpus_view(result, 0)
    assert "␣дело" in text and "␣ ⟨d0⟩ ⟨b4⟩" in text  # the word readable, its bytes in hex next to it
    assert not re.search(r"\n\s+\d+\s{2} ", text)  # no word column starts with an invisible space
    explorer = widgets.merge_explorer(result, word="la de")
    assert "␣" not in explorer.word_out.value  # the typed words have no space inside them
    assert widgets.merge_explorer(bpe.train({b" a": 3}, 1), word="a").word_out.value.count("bpe-token") == 1


def test_bytes_that_cut_a_character_get_a_readable_form():
    assert "→ е" in plots.html_pair_histogram([((b"\xd0", b"\xb5"), 27, True)], "t")
    assert "→ start of a Devanagari char" in plots.html_pair_histogram([((b"\xe0", b"\xa4"), 9, True)], "t")
    assert "→" not in plots.html_pair_histogram([(("u", "g"), 20, True)], "t")  # nothing to add for text
    explorer = widgets.merge_explorer(bpe.train(BYTE_CHUNKS, 3), word="अधिकार")
    notes = re.findall(r'class="bpe-char-note"[^>]*>([^<]*)<', explorer.word_out.value)
    assert notes[:3] == ["अ 1/3", "अ 2/3", "अ 3/3"]  # step 0: one byte per token, each names its character
    explorer.show(3)
    assert len(notes) == 18 and len(re.findall(r"bpe-char-note", explorer.word_out.value)) < 18


def test_compression_curve_counts_every_byte_as_metrics_does():
    text = "hug hug  pug\nhugs pun"
    result = bpe.train(corpus.word_counts(text), 6)
    curve = widgets.compression_view(result, raw_text=text)
    for k in range(result.num_merges + 1):
        merges = result.merges[:k]
        tokenize = lambda t, m=merges: [s for word in t.split() for s in bpe.encode(word, m)]  # noqa: E731
        assert curve["bytes_per_token"][k] == metrics.bytes_per_token(tokenize, text)
    # without raw_text: the words written out with one space between them
    written = " ".join(word for word, count in HUG.items() for _ in range(count))
    assert widgets.compression_view(bpe.train(HUG, 2))["bytes_per_token"][0] == len(written.encode()) / 113
    with pytest.raises(TypeError, match="raw_text must be a str"):
        widgets.merge_explorer(HUG, 2, raw_text=5)


# --- drawn by a browser: no two boxes overlap ---------------------------------------------------------

@pytest.mark.browser
def test_histogram_boxes_never_overlap_in_a_browser():
    from browser_support import CHROMIUM_ARGS, find_chromium

    chromium = find_chromium()  # skips where Chromium or Playwright is missing
    from playwright.sync_api import sync_playwright

    novel = bpe.train(corpus.word_counts(corpus.load_text()[:300_000], separate_punctuation=True), 2)
    charts = [plots.html_pair_histogram(widgets.histogram_view(bpe.train(HUG, 3), 0), histogram_title(0, 3)),
              plots.html_pair_histogram(widgets.histogram_view(novel, 0), histogram_title(0, 2)),
              plots.html_pair_histogram(widgets.histogram_view(bpe.train(BYTE_CHUNKS, 6), 2), histogram_title(2, 6)),
              plots.html_pair_histogram([(("a", "b"), 1_234_567, True), (("c", "d"), -3, False)], "signed",
                                        signed=True)]
    # as squeezed as beside the compression plot in a narrow notebook: a flex row 420 px wide
    page_html = "".join(f'<div class="chart" style="display:flex;width:420px">{chart}<div style="width:300px"></div>'
                        "</div>" for chart in charts)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 900, "height": 700})
            page.set_content(f"<html><body style='font-family:sans-serif'>{page_html}</body></html>")
            rows = page.evaluate("""() => [...document.querySelectorAll('.bpe-bar')].map(row => {
                const box = el => { const r = el.getBoundingClientRect();
                                    return {x0: r.left, x1: r.right, y0: r.top, y1: r.bottom}; };
                const pair = row.querySelector('.bpe-pair'), value = row.querySelector('.bpe-value');
                const bar = row.querySelector('.bpe-track > div');
                const line = parseFloat(getComputedStyle(value).lineHeight) || 16;
                return {pair: box(pair), bar: box(bar), value: box(value), valueText: value.textContent,
                        valueLines: Math.round(value.getBoundingClientRect().height / line)};
            })""")
        finally:
            browser.close()
    assert len(rows) > 20

    def overlap(a, b):
        return min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > 0.5 and min(a["y1"], b["y1"]) - max(a["y0"], b["y0"]) > 0.5

    boxes = [(f"row {i} {name}", row[name]) for i, row in enumerate(rows) for name in ("pair", "bar", "value")]
    for i, (name_a, a) in enumerate(boxes):
        for name_b, b in boxes[i + 1:]:
            assert not overlap(a, b), f"{name_a} {a} overlaps {name_b} {b}"
    for row in rows:
        assert row["valueLines"] == 1, f"value {row['valueText']!r} wraps onto {row['valueLines']} lines"
        assert row["bar"]["x1"] <= row["value"]["x0"], f"bar runs into its value {row['valueText']!r}"
