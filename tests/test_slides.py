"""The notebooks as live slides: jupyterlab-slideshow in a real browser, with a slider driven on a slide.

A lecturer runs all cells, presses the toolbar's deck button and steps through the slides (README,
"Lecturer's guide"). This test does the same with notebook 01 in headless Chromium (machinery in
tests/browser_support.py: JupyterLab on 127.0.0.1, a fresh copy of the notebook, JavaScript and kernel
errors collected, requests to other hosts aborted, a screenshot in build/test-artifacts/browser/):

1. run the cells up to the merge explorer's (section 5; the cells after it are not needed here, and
   tests/test_notebooks.py runs every cell); start the deck on the first cell: the title slide shows
   the title (and the set-up cell attached to it) and nothing of section 1;
2. Space moves on until section 1's slide is on screen: sections are slides of their own;
3. stop, start the deck again on section 5: the merge explorer is on that slide, and moving its
   slider with the arrow key redraws it (the kernel answers while the notebook is a slide deck).

Why jupyterlab-slideshow and not jupyterlab-rise: see the README. The slide layout itself (which cell
is a slide, a sub-slide or continues one) is checked without a browser in tests/test_notebooks.py.
"""

from __future__ import annotations

import time

import pytest
from browser_support import CHROMIUM_ARGS, SLIDER_HANDLE, Lab, find_chromium, jupyter_lab, open_notebook
from conftest import ROOT, TIMINGS

pytestmark = pytest.mark.browser

NB01 = "01_bpe_from_scratch.ipynb"
RUN_TIMEOUT = 300
STEP_TIMEOUT = 30
SLIDE_CHANGE_TIMEOUT = 2  # after Space, how long the deck may take to move on

# The texts of the cells the deck shows now (jupyterlab-slideshow marks them jp-deck-mod-onscreen).
JS_ONSCREEN = """
() => [...document.querySelectorAll('.jp-Notebook .jp-Cell.jp-deck-mod-onscreen')]
        .map(cell => cell.innerText.trim().slice(0, 80))
"""

# Where the deck is: the cells on screen and the active cell (Space moves through the cells of a slide,
# then on to the next slide).
JS_DECK_POSITION = f"""
() => ({{onscreen: ({JS_ONSCREEN.strip()})(),
         active: window.jupyterapp.shell.currentWidget.content.activeCellIndex}})
"""

# Start (or restart) the deck on the cell at `index`: the deck opens on the active cell's slide.
JS_DECK_AT = """
async (index) => {
  const app = window.jupyterapp;
  if (document.body.dataset.jpDeckMode === 'presenting') await app.commands.execute('deck:stop');
  app.shell.currentWidget.content.activeCellIndex = index;
  await app.commands.execute('deck:start');
  return document.body.dataset.jpDeckMode || null;
}
"""

JS_CELL_INDEX = """
(prefix) => {
  const cells = window.jupyterapp.shell.currentWidget.content.widgets;
  return cells.findIndex(cell => cell.model.sharedModel.getSource().startsWith(prefix));
}
"""


@pytest.fixture(scope="module")
def chromium_path() -> str:
    return find_chromium()


@pytest.fixture(scope="module")
def server(chromium_path, tmp_path_factory):
    with jupyter_lab([ROOT / "notebooks" / NB01], tmp_path_factory.mktemp("jupyterlab-slides")) as running:
        yield running


@pytest.fixture(scope="module")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def lab(browser, server):
    lab = Lab(browser, server)
    yield lab
    lab.discard()


def test_notebook_01_as_live_slides(lab):
    with open_notebook(lab, NB01, "test_notebook_01_as_live_slides") as nb:
        started = time.perf_counter()
        explorer = nb.run_through("explorer = widgets.merge_explorer(result", "slide-explorer")
        status = nb.wait_until_run_finished(RUN_TIMEOUT)
        TIMINGS["slides 01: run the cells up to the merge explorer"] = time.perf_counter() - started

        # 1. The title slide.
        started = time.perf_counter()
        assert nb.evaluate(JS_DECK_AT, 0) == "presenting", "the deck did not start"
        title = nb.wait_for("the title slide", STEP_TIMEOUT, lambda: nb.evaluate(JS_ONSCREEN))
        assert title[0].startswith("01 · BPE from scratch"), title
        assert not any("1. The corpus" in text for text in title), f"section 1 is on the title slide: {title}"
        TIMINGS["slides 01: deck start until the title slide shows"] = time.perf_counter() - started

        # 2. Space until section 1's slide: sections are slides of their own.
        started = time.perf_counter()
        shown = []
        for _ in range(6):
            position = nb.evaluate(JS_DECK_POSITION)
            nb.page.keyboard.press("Space")
            # Wait until the deck has moved on (to the next cell of the slide, or to the next slide).
            deadline = time.perf_counter() + SLIDE_CHANGE_TIMEOUT
            while time.perf_counter() < deadline:
                nb.check()  # JavaScript or kernel errors fail at once
                now = nb.evaluate(JS_DECK_POSITION)
                shown = [text for text in now["onscreen"] if text.startswith("1. The corpus")]
                if shown or now != position:
                    break
                time.sleep(0.05)
            if shown:
                break
        else:
            pytest.fail(f"6 presses of Space never showed section 1; on screen: {nb.evaluate(JS_ONSCREEN)}")
        assert not any(text.startswith("01 · BPE") for text in nb.evaluate(JS_ONSCREEN)), shown
        TIMINGS["slides 01: Space until section 1's slide"] = time.perf_counter() - started

        # 3. Section 5's slide holds the live merge explorer; drive its slider.
        section_5 = nb.evaluate(JS_CELL_INDEX, "## 5. The merge explorer")
        assert section_5 > 0, "no '## 5. The merge explorer' cell"
        assert nb.evaluate(JS_DECK_AT, section_5) == "presenting"
        nb.wait_for("the explorer on section 5's slide", STEP_TIMEOUT, lambda: nb.evaluate(
            f"() => !!document.querySelector(\"{explorer}.jp-deck-mod-onscreen {SLIDER_HANDLE}\")"))
        nb.focus = explorer
        before = nb.widget_state(explorer)
        started = time.perf_counter()
        handle = nb.page.locator(f"{explorer} {SLIDER_HANDLE}").first
        handle.focus()
        handle.press("ArrowRight")
        handle.press("ArrowRight")
        # The text is written before the picture: wait for both, or the picture may still be the old one.
        after = nb.wait_for("the explorer to redraw at step 2", STEP_TIMEOUT, lambda: (
            lambda state: state["value"] == 2 and state["stdout"] != before["stdout"]
            and state["images"] != before["images"] and state)(nb.widget_state(explorer)))
        TIMINGS["slides 01: ArrowRight x2 on the slide until the explorer redraws"] = time.perf_counter() - started
        assert before["value"] == 0 and after["images"] != before["images"], "the curve did not move"
        nb.screenshot()  # the slide with the explorer, before the deck stops
        # Stop the deck, as the lecturer does before closing the notebook (closing it while it is presented
        # makes jupyterlab-slideshow raise "Cannot read properties of undefined (reading 'react')").
        nb.evaluate("async () => { await window.jupyterapp.commands.execute('deck:stop'); }")
        assert nb.evaluate("() => document.body.dataset.jpDeckMode || null") != "presenting", "the deck did not stop"
        print(f"[slides] {status['code']} code cells run; title slide {title[:2]}; explorer moved 0 -> 2")
