"""How long the widgets take to redraw when a whole novel is pasted into their text boxes.

Run: .venv/bin/python benchmarks/bench_long_input.py     (or `make bench`)

The explorers of the notebooks are built (01: Pride and Prejudice with 200 merges; 05: WordPiece on
its first 60,000 characters; 04: the token inspector with GPT-2), and their text boxes are given the
whole novel (684,768 characters), the novel without spaces (one endless word), and 1,000 emoji. Each
redraw is timed in this process (the observer's work: tokenizing and building the HTML), and the HTML
sent to the browser is measured; with Chromium installed, the time the browser takes to lay that HTML
out is measured too. The widgets show only the start of a long text (``MERGE_EXPLORER_MAX_CHARS``,
``WORDPIECE_EXPLORER_MAX_CHARS``, ``TOKEN_INSPECTOR_MAX_BYTES`` in ``bpe_lab.widgets``); the last rows
show what a redraw would cost without those limits, on only the first 50,000 characters.
Prints a table; asserts nothing (speed is measured here, never in the tests).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LAYOUT = """(html) => { const box = document.getElementById('box'); const started = performance.now();
  box.innerHTML = html; box.offsetHeight; return performance.now() - started; }"""


def timed(set_value, repeats: int = 5) -> tuple[float, float]:
    times = []
    for i in range(repeats):
        started = time.perf_counter()
        set_value(" " * (i % 2))  # a different value each time, so the observer fires
        times.append(time.perf_counter() - started)
    return statistics.median(times), max(times)


@contextlib.contextmanager
def browser():
    """A page in headless Chromium to lay out the widgets' HTML, or None without Chromium/Playwright."""
    path = "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        path = None
    if not path:
        yield None
        return
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        page = chromium.new_page()
        page.set_content("<div id='box' style='width:900px;font-family:sans-serif'></div>")
        yield page
        chromium.close()


def layout_ms(page, html: str) -> str:
    if page is None:
        return "      -"
    times = []
    for _ in range(3):
        page.evaluate("() => { document.getElementById('box').innerHTML = ''; }")
        times.append(page.evaluate(LAYOUT, html))
    return f"{statistics.median(times):6.1f} ms"


def main() -> int:
    from bpe_lab import bert, bpe, corpus, gpt2, widgets, wordpiece

    novel = corpus.load_text("pride_and_prejudice.txt")
    texts = {
        f"the novel ({len(novel):,} characters)": novel,
        "the novel without spaces": novel.replace(" ", "").replace("\n", ""),
        "5,000 emoji": "🎉" * 5000,
    }
    with contextlib.redirect_stdout(io.StringIO()):  # outside a kernel the corpus views would print here
        merge = widgets.merge_explorer(bpe.train(corpus.word_counts(novel, separate_punctuation=True), 200))
        merge.show(200)
    start = novel[:60_000]
    words = Counter(w for line in start.splitlines() for w in bert.bert_pre_tokenize(bert.bert_normalize(line)))
    with contextlib.redirect_stdout(io.StringIO()):
        wp = widgets.wordpiece_explorer(wordpiece.train(words, 400, special_tokens=["[UNK]"]))
        wp.slider.value = wp.slider.max
    inspector = widgets.token_inspector({"GPT-2": gpt2.load()})
    boxes = [
        ("merge explorer (01, 200 merges)", merge, "max_chars", merge.word_box, lambda: merge.word_out.value),
        ("WordPiece explorer (05, 400 steps)", wp, "max_chars", wp.word_box, lambda: wp.word_out.value),
        ("token inspector (04, GPT-2)", inspector, "max_bytes", inspector.text_box,
         lambda: inspector.summary.value + inspector.chips.value),
    ]
    with browser() as page:
        print(f"{'widget':<35} {'limit':>12}  {'text':<30} {'kernel median':>13} {'max':>9} {'HTML':>7} {'browser':>9}")
        for name, widget, attribute, box, html in boxes:
            limit = f"{getattr(widget, attribute):,} {'chars' if attribute == 'max_chars' else 'bytes'}"
            for label, text in texts.items():
                median, worst = timed(lambda tail: setattr(box, "value", text + tail))
                print(f"{name:<35} {limit:>12}  {label:<30} {1000 * median:10.1f} ms {1000 * worst:6.1f} ms "
                      f"{len(html()) / 1000:4.0f} kB {layout_ms(page, html())}")
        print("\nwithout the limits, the first 50,000 characters of the novel:")
        for name, widget, attribute, box, html in boxes:
            setattr(widget, attribute, 10**9)
            median, worst = timed(lambda tail: setattr(box, "value", novel[:50_000] + tail), repeats=2)
            print(f"{name:<35} {'none':>12}  {'50,000 characters':<30} {1000 * median:10.1f} ms {1000 * worst:6.1f} ms "
                  f"{len(html()) / 1000:4.0f} kB {layout_ms(page, html())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
