"""The static HTML edition (scripts/build_html.py, `make html`) works offline in a real browser.

The browser test builds notebook 01's page (and the index) into a tmp dir with the build script, opens
the index from file:// in headless Chromium with every request that is not file:// aborted and reported
as a failure, follows the link to the page, and checks: the banner; the PNG plots decode; the widgets
were drawn from their saved state; the kernel-free merge-step slider (``widgets.merge_steps``: a slider
jslinked to a Stack of ``.bpe-merge-step`` frames) shows frame 0 with its SVG curve, and ArrowRight on its
handle shows frames 1 and 2; the merge explorers, which need a kernel, are drawn with their slider, ▶ and word
box disabled and a note above them, and their slider does not move; the corpus listings are in a monospace
font; no JavaScript error and no failed request. A screenshot goes to
build/test-artifacts/html/.

The widget renderer and MathJax come from local copies fetched at install time
(scripts/fetch_web_assets.py, run by `make web-assets`, which `make test` and `make html` run); if they are missing this test fails
(it does not skip): CI runs `make test`, which installs them.

The other tests run the build script's argument errors, and which widgets it draws disabled
(``disable_kernel_widgets`` on saved widget state), without a browser or a kernel.

Run:  .venv/bin/python -m pytest tests/test_html.py -v
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser_support import CHROMIUM_ARGS, find_chromium
from conftest import TIMINGS

REPO = Path(__file__).resolve().parent.parent
BUILD_SCRIPT = REPO / "scripts" / "build_html.py"
ARTIFACTS = REPO / "build" / "test-artifacts" / "html"
PAGE = "01_bpe_from_scratch.html"

BUILD_TIMEOUT = 300  # notebook 01 runs in ~5 s here; slow CI machines get room
WIDGET_TIMEOUT_MS = 30_000
SLIDER_HANDLE = ".widget-slider .noUi-handle[role=slider]"


def _load_script(name: str):
    """A module from scripts/ (not a package), loaded without putting scripts/ on sys.path."""
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fetch_web_assets = _load_script("fetch_web_assets")
build_html = _load_script("build_html")


def run_build(*args: str, env: dict | None = None, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BUILD_SCRIPT), *args], capture_output=True, text=True,
                          timeout=BUILD_TIMEOUT, env=env, cwd=cwd)


def quiet_env(tmp: Path, **extra: str) -> dict:
    """Keep matplotlib's and IPython's caches out of the user's home."""
    return {**os.environ, "MPLCONFIGDIR": str(tmp / "mpl"), "IPYTHONDIR": str(tmp / "ipython"), **extra}


# --------------------------------------------------------------------------------------------------
# The build script's errors: clear, one line, non-zero exit, nothing written (no browser, no kernel)
# --------------------------------------------------------------------------------------------------


def test_unknown_notebook_is_named_with_the_choices(tmp_path):
    out = tmp_path / "site"
    proc = run_build("99_nonsense", "--out", str(out))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "unknown notebook '99_nonsense'" in proc.stderr
    assert "01_bpe_from_scratch" in proc.stderr and "07_comparison" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not out.exists()


def test_missing_web_assets_say_run_make_install(tmp_path):
    out = tmp_path / "site"
    proc = run_build("01", "--out", str(out), env=quiet_env(tmp_path, BPE_LAB_WEB_ASSETS=str(tmp_path / "none")))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "run `make web-assets`" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert "executed" not in proc.stdout  # it stops before running any notebook
    assert not (out / PAGE).exists()


def test_bad_arguments_exit_non_zero(tmp_path):
    proc = run_build("--jobs", "0")
    assert proc.returncode == 2 and "--jobs must be at least 1" in proc.stderr
    a_file = tmp_path / "file.txt"
    a_file.write_text("not a directory")
    proc = run_build("01", "--out", str(a_file))
    assert proc.returncode == 2 and "is not a directory" in proc.stderr and "Traceback" not in proc.stderr


# --------------------------------------------------------------------------------------------------
# Which widgets the static page draws disabled (build_html.disable_kernel_widgets), on saved widget state
# --------------------------------------------------------------------------------------------------


def _model(name: str, **state) -> dict:
    return {"model_name": name, "model_module": "@jupyter-widgets/controls", "state": state}


def _link(source: str, source_attr: str, target: str, target_attr: str) -> dict:
    return _model("LinkModel", source=[f"IPY_MODEL_{source}", source_attr], target=[f"IPY_MODEL_{target}", target_attr])


def _widget_notebook(state: dict, *roots: str):
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.metadata["widgets"] = {build_html.WIDGET_STATE: {"state": state, "version_major": 2, "version_minor": 0}}
    for root in roots:
        view = {build_html.WIDGET_VIEW: {"model_id": root, "version_major": 2, "version_minor": 0}, "text/plain": "w"}
        notebook.cells.append(nbformat.v4.new_code_cell("w", outputs=[nbformat.v4.new_output("display_data", data=view)]))
    return notebook


def test_kernel_widgets_are_disabled_and_frame_sliders_are_not():
    state = {
        # an explorer: a Play jslinked to its slider (a link between two controls shows nothing), a text box
        "play": _model("PlayModel", disabled=False), "slider": _model("IntSliderModel", disabled=False),
        "word": _model("TextModel", disabled=False), "out": _model("OutputModel"),
        "play-slider": _link("play", "value", "slider", "value"),
        "explorer": _model("VBoxModel", children=["IPY_MODEL_play", "IPY_MODEL_slider", "IPY_MODEL_word", "IPY_MODEL_out"]),
        # a frames slider: Play -> slider -> Stack, all kept by the browser
        "fplay": _model("PlayModel", disabled=False), "fslider": _model("IntSliderModel", disabled=False),
        "stack": _model("StackModel", selected_index=0, children=[]),
        "fplay-fslider": _link("fplay", "value", "fslider", "value"),
        "fslider-stack": _link("fslider", "value", "stack", "selected_index"),
        "frames": _model("VBoxModel", children=["IPY_MODEL_fplay", "IPY_MODEL_fslider", "IPY_MODEL_stack"]),
        # a slider displayed on its own (notebook 00): its readout is all it shows, and that moves
        "lone": _model("IntSliderModel", disabled=False),
    }
    assert build_html.controls_needing_a_kernel(state) == {"play", "slider", "word", "lone"}
    notebook = _widget_notebook(state, "explorer", "frames", "lone")
    assert build_html.disable_kernel_widgets(notebook) == 1
    saved = notebook.metadata["widgets"][build_html.WIDGET_STATE]["state"]
    disabled = {i for i, model in saved.items() if model["state"].get("disabled")}
    assert disabled == {"play", "slider", "word"}
    explorer_cell, frames_cell, lone_cell = notebook.cells
    assert [o["data"].get("text/html") for o in explorer_cell.outputs][0] == build_html.KERNEL_NOTE
    assert len(explorer_cell.outputs) == 2 and len(frames_cell.outputs) == 1 and len(lone_cell.outputs) == 1


# --------------------------------------------------------------------------------------------------
# Notebook 01's page in headless Chromium, offline
# --------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    missing = fetch_web_assets.problems()
    if missing:
        pytest.fail("the web assets of the static HTML edition are not installed ("
                    + "; ".join(missing) + "): run `make web-assets`")
    tmp = tmp_path_factory.mktemp("html")
    out = tmp / "site"
    started = time.perf_counter()
    proc = run_build("01", "--out", str(out), env=quiet_env(tmp))
    seconds = time.perf_counter() - started
    assert proc.returncode == 0, f"build_html.py failed:\n{proc.stdout}\n{proc.stderr}"
    TIMINGS["html: build page of notebook 01 + index (execution included)"] = seconds
    assert (out / "index.html").exists() and (out / PAGE).exists()
    return out


@pytest.mark.browser
def test_page_of_notebook_01_works_offline(site):
    chromium = find_chromium()
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []  # every network request, JS error, console error and failed file load

    def route(route):
        url = route.request.url
        if url.startswith(("file:", "data:", "blob:")):
            route.continue_()
        else:
            problems.append(f"request to the network (aborted): {url}")
            route.abort()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", route)
            page = context.new_page()
            page.on("pageerror", lambda exc: problems.append(f"JavaScript error: {exc}"))
            page.on("console", lambda msg: problems.append(f"console error: {msg.text}")
                    if msg.type == "error" else None)
            page.on("requestfailed", lambda req: problems.append(f"request failed: {req.url} ({req.failure})"))
            try:
                # the index: the map of the series, linking to the page
                page.goto((site / "index.html").as_uri())
                assert "BPE Lab" in page.title()
                link = page.locator(f'a[href="{PAGE}"]')
                assert link.count() == 1, "the index does not link to notebook 01's page"
                assert "merge" in page.locator("ol.series li").nth(1).inner_text()

                started = time.perf_counter()
                link.click()
                page.wait_for_url(f"**/{PAGE}")
                page.wait_for_selector(".bpe-merge-step", timeout=WIDGET_TIMEOUT_MS)
                TIMINGS["html: open page of notebook 01 until widgets are drawn"] = time.perf_counter() - started

                # the banner, and no script from anywhere but the page's own folder
                banner = page.locator(".bpe-static-banner")
                assert banner.count() == 1 and "make lab" in banner.inner_text()
                remote = page.evaluate("() => [...document.scripts].map(s => s.src).filter(s => s && !s.startsWith('file:'))")
                assert remote == []

                # plots: PNG images that decode
                pngs = page.locator(".jp-OutputArea-output img[src^='data:image/png;base64,']")
                assert pngs.count() >= 2
                widths = pngs.evaluate_all("imgs => imgs.map(i => i.complete ? i.naturalWidth : 0)")
                assert all(width > 0 for width in widths), f"a PNG plot did not decode: widths {widths}"

                # every widget output was drawn (a script tag left with no widget beside it = not drawn)
                views = page.locator("script[type='application/vnd.jupyter.widget-view+json']")
                drawn = page.locator(".jupyter-widgets.jp-OutputArea-output > .widget-subarea")
                assert views.count() >= 2 and drawn.count() == views.count()

                # the merge-step slider: the widget whose Stack holds .bpe-merge-step frames
                merge_steps = page.locator(".widget-subarea").filter(has=page.locator(".bpe-merge-step"))
                assert merge_steps.count() == 1
                handle = merge_steps.locator(SLIDER_HANDLE)
                assert handle.count() == 1

                def monospace(element) -> bool:
                    """Whether text in ``element`` is drawn in a monospace font: 'iiii' as wide as 'MMMM'."""
                    return element.evaluate(
                        "el => { const widths = ['iiii', 'MMMM'].map(t => { const s = document.createElement('span');"
                        " s.textContent = t; el.appendChild(s); const w = s.getBoundingClientRect().width; s.remove();"
                        " return w; }); return widths[0] > 0 && Math.abs(widths[0] - widths[1]) < 0.5; }")

                def visible_step() -> str:
                    frames = merge_steps.locator(".bpe-merge-step:visible")
                    assert frames.count() == 1, f"{frames.count()} merge-step frames visible, expected 1"
                    assert frames.locator("svg").count() >= 1, "the frame has no SVG compression curve"
                    return frames.get_attribute("data-step")

                assert visible_step() == "0" and handle.get_attribute("aria-valuenow") in ("0", "0.0")
                handle.focus()
                for step in ("1", "2"):
                    started = time.perf_counter()
                    page.keyboard.press("ArrowRight")
                    page.wait_for_function(
                        "([box, step]) => [...box.querySelectorAll('.bpe-merge-step')]"
                        ".some(f => f.offsetParent !== null && f.dataset.step === step)",
                        arg=[merge_steps.element_handle(), step], timeout=5_000)
                    TIMINGS[f"html: merge-step slider to step {step} (no kernel)"] = time.perf_counter() - started
                    assert visible_step() == step
                assert float(handle.get_attribute("aria-valuenow")) == 2
                assert "after 2 merges" in merge_steps.locator(".bpe-merge-step:visible").inner_text()

                # the corpus listing of the frames is in a monospace font: its columns align
                listing = merge_steps.locator(".bpe-merge-step:visible pre")
                assert listing.count() == 1 and monospace(listing), "the corpus listing is not monospace"

                # the merge explorers (they redraw in Python): controls disabled, the note above each
                explorers = page.locator(".widget-subarea").filter(has=page.locator(SLIDER_HANDLE)).filter(
                    has_not=page.locator(".bpe-merge-step"))
                assert explorers.count() == 2  # on the hug corpus (section 5) and on the novel
                notes = page.locator(".bpe-static-kernel-note")
                assert notes.count() == 2 and "make lab" in notes.first.inner_text()
                for n in range(explorers.count()):
                    explorer = explorers.nth(n)
                    note_above = explorer.evaluate(
                        "box => box.closest('.jp-OutputArea-child').previousElementSibling"
                        ".querySelector('.bpe-static-kernel-note') !== null")
                    assert note_above, f"merge explorer {n + 1} has no note above it"
                    assert explorer.locator(".noUi-target[disabled]").count() == 1, "its slider is not disabled"
                    assert explorer.locator("input[type=text]").is_disabled()
                    assert explorer.locator("button").count() >= 2
                    assert all(b.is_disabled() for b in explorer.locator("button").all()), "its ▶ is not disabled"
                    explorer_handle = explorer.locator(SLIDER_HANDLE)
                    explorer_handle.focus()
                    page.keyboard.press("ArrowRight")
                    page.wait_for_timeout(200)
                    assert explorer_handle.get_attribute("aria-valuenow") in ("0", "0.0"), "its slider moved"
                    assert monospace(explorer.locator(".widget-output pre").first), "its listing is not monospace"
                    explorer.click(position={"x": 5, "y": 5})  # takes the focus off the handle

                merge_steps.scroll_into_view_if_needed()
                page.wait_for_timeout(300)  # let late console errors and requests arrive
            finally:
                page.screenshot(path=str(ARTIFACTS / "notebook01_static.png"))
        finally:
            browser.close()
    assert problems == [], "\n".join(problems)
