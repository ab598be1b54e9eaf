"""The merge explorer of notebook 01 works in a real browser.

What this test does, step by step:

1. start JupyterLab on 127.0.0.1 (free port, random token, every config/settings/runtime dir in a
   tmp dir, the server's root dir a tmp dir holding a copy of the notebook with its outputs cleared);
2. open the notebook in headless Chromium (Debian's /usr/bin/chromium, driven by Python Playwright)
   in a workspace of its own;
3. wait until the notebook's kernel is connected and idle, then "run all";
4. find the FIRST merge explorer (the first widget VBox that holds a Play button, a slider, a stdout
   Output and a PNG image), press ArrowRight on its slider handle three times;
5. check that the slider's value, the corpus text, the HTML pair histogram and the PNG compression
   curve all changed, and that the corpus text and the histogram title now name the step the slider
   is on.

It prints the timings (server start, time until the widget is shown, time until the redraw reaches
the browser) and saves a screenshot into pytest's tmp_path (also on failure).

Run it with:  .venv/bin/python -m pytest tests/test_browser.py -v -s

Nothing here talks to any host but 127.0.0.1: the server's news/update checks are off, the
extension manager is read-only, Chromium's background networking is off, and every request the page
makes to another host is aborted (and reported as a failure).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
from browser_support import CHROMIUM_ARGS, find_chromium
from conftest import (
    TIMINGS,  # shown in the "timings" section at the end of every test run
)

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parent.parent
NOTEBOOK = REPO / "notebooks" / "01_bpe_from_scratch.ipynb"


# Timeouts (seconds). Generous: the notebook runs in ~5 s here, CI machines can be slower.
SERVER_START_TIMEOUT = 60
KERNEL_READY_TIMEOUT = 90
WIDGET_TIMEOUT = 120
RUN_ALL_TIMEOUT = 180
REDRAW_TIMEOUT = 30

# Selectors (ipywidgets 8 in JupyterLab 4), see /work/shared/BROWSER_TESTING.md.
SLIDER_HANDLE = ".widget-slider .noUi-handle[role=slider]"
STDOUT = ".widget-output .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']"
PNG_IMG = ".widget-output .jp-OutputArea-output[data-mime-type='image/png'] img"
EXPLORER_MARK = "data-test-first-explorer"  # attribute this test puts on the first explorer's VBox


# --------------------------------------------------------------------------------------------------
# Prerequisites: skip (with a reason) where there is no Chromium or no Playwright.
# --------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chromium_path() -> str:
    return find_chromium()


# --------------------------------------------------------------------------------------------------
# The JupyterLab server
# --------------------------------------------------------------------------------------------------


@dataclass
class Server:
    base_url: str  # http://127.0.0.1:PORT
    token: str
    root: Path  # the server's root dir (holds the notebook copy)
    log_path: Path
    start_seconds: float

    def log_tail(self, chars: int = 6000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError as exc:
            return f"(could not read {self.log_path}: {exc})"


# urllib honours http_proxy & co.; talk to the local server directly, never through a proxy.
_LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _api(server_url: str, token: str, path: str, method: str = "GET", timeout: float = 5.0) -> int:
    """Call the server's REST API with the token header; return the HTTP status."""
    request = urllib.request.Request(server_url + path, method=method,
                                     headers={"Authorization": f"token {token}"},
                                     data=b"" if method == "POST" else None)
    with _LOCAL.open(request, timeout=timeout) as response:
        return response.status


def _free_port() -> int:
    """A port nobody listens on right now (bind to port 0 and let the OS choose)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _copy_notebook_without_outputs(source: Path, target: Path) -> None:
    """Copy the notebook, dropping stored outputs and saved widget state, with the python3 kernel.

    A notebook saved with widget state would show a (dead) slider before "run all": the test must
    only ever find the widget the kernel creates now. Without a known kernelspec JupyterLab opens a
    "Select Kernel" dialog instead of starting a kernel, so the copy names "python3" (which is the
    kernel of the interpreter that runs the server, i.e. the venv's).
    """
    nb = json.loads(source.read_text(encoding="utf-8"))
    metadata = nb.setdefault("metadata", {})
    metadata.pop("widgets", None)
    metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    target.write_text(json.dumps(nb, indent=1), encoding="utf-8")


def _write_settings(settings_dir: Path) -> None:
    """User settings for this server only."""
    files = {
        # No news/update toast (and no request to jupyter.org).
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
            {"fetchNews": "false", "checkForUpdates": False},
        # Keep every cell attached to the DOM, so the widgets can be found wherever they are.
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    }
    for name, value in files.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")


def _stop(proc: subprocess.Popen, server_url: str, token: str) -> None:
    """Stop the server: ask politely (also shuts its kernels down), then kill its process group."""
    if proc.poll() is None:
        try:
            _api(server_url, token, "/api/shutdown", method="POST")
        except (OSError, urllib.error.URLError):
            pass
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
    # Kernels are children in the same process group: make sure nothing survives.
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        time.sleep(1)
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


@pytest.fixture
def jupyter_server(chromium_path, tmp_path):
    """JupyterLab on 127.0.0.1 with a copy of notebook 01 in a tmp root dir; always stopped."""
    root = tmp_path / "root"
    root.mkdir()
    _copy_notebook_without_outputs(NOTEBOOK, root / NOTEBOOK.name)

    # Every Jupyter / IPython / matplotlib dir into the tmp dir: no user config leaks in, nothing out.
    env = dict(os.environ)
    dirs = {
        "JUPYTER_CONFIG_DIR": "jupyter_config",
        "JUPYTER_RUNTIME_DIR": "jupyter_runtime",
        "JUPYTERLAB_SETTINGS_DIR": "lab_settings",
        "JUPYTERLAB_WORKSPACES_DIR": "lab_workspaces",
        "IPYTHONDIR": "ipython",
        "MPLCONFIGDIR": "matplotlib",
    }
    for var, name in dirs.items():
        (tmp_path / name).mkdir()
        env[var] = str(tmp_path / name)
    _write_settings(tmp_path / "lab_settings")

    port = _free_port()
    token = secrets.token_hex(24)
    url = f"http://127.0.0.1:{port}"
    # Same interpreter as the tests: its python3 kernel is the venv's, where bpe_lab is installed.
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        f"--port={port}", "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}", "--allow-root",
        "--LabApp.expose_app_in_browser=True",  # gives the page window.jupyterapp
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",  # no PyPI queries
    ]
    log_path = tmp_path / "jupyterlab.log"
    started = time.perf_counter()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL,
                                start_new_session=True)  # own process group, for the kill fallback
    try:
        server = Server(url, token, root, log_path, start_seconds=0.0)
        # Ready when /api/status answers; give up early if the process died.
        deadline = started + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with code {proc.returncode} before it was ready.\n"
                            f"Log ({log_path}):\n{server.log_tail()}")
            try:
                if _api(url, token, "/api/status", timeout=2) == 200:
                    break
            except (OSError, urllib.error.URLError):
                pass
            if time.perf_counter() > deadline:
                pytest.fail(f"JupyterLab did not answer /api/status within {SERVER_START_TIMEOUT} s.\n"
                            f"Log ({log_path}):\n{server.log_tail()}")
            time.sleep(0.25)
        server.start_seconds = time.perf_counter() - started
        print(f"\n[browser test] JupyterLab ready on {url} after {server.start_seconds:.1f} s "
              f"(log: {log_path})")
        yield server
    finally:
        _stop(proc, url, token)


# --------------------------------------------------------------------------------------------------
# JavaScript run in the page
# --------------------------------------------------------------------------------------------------

# True once the current tab is our notebook and its kernel exists, is connected and idle.
# (The toolbar's "idle" indicator reads idle before a kernel exists; run-all would then do nothing.)
JS_KERNEL_READY = """
(path) => {
  const app = window.jupyterapp;
  const panel = app && app.shell && app.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path || !panel.sessionContext) return false;
  const session = panel.sessionContext.session;
  const kernel = session && session.kernel;
  return !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}
"""

# Start "run all" without waiting for it (the promise resolves only when every cell has run).
JS_RUN_ALL = """
() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); return true; }
"""

# Progress of "run all", from the notebook model: how many code cells have an execution count,
# and the errors any cell raised (so an exception fails the test at once, with its message).
JS_RUN_STATUS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.cells;
  let code = 0, done = 0;
  const errors = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    code += 1;
    if (cell.executionCount !== null && cell.executionCount !== undefined) done += 1;
    const outputs = cell.outputs.toJSON();
    for (const out of outputs) {
      if (out.output_type === 'error') errors.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
    }
  }
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return {code, done, errors, kernel: kernel ? kernel.status : 'none'};
}
"""

# Find the first merge explorer and mark its VBox, so Playwright locators can be scoped to it.
# The explorer is recognised by its layout (bpe_lab/widgets.py, MergeExplorer):
#   VBox[ HBox[Play, IntSlider], HBox[Text, HTML], Output (corpus text), HBox[HTML (pair histogram), Output (PNG)] ]
# so a slider from some other widget (e.g. an `interact` that prints and plots) is not taken for it.
# Returns false until that first explorer shows its corpus text and its image.
JS_MARK_FIRST_EXPLORER = f"""
() => {{
  for (const handle of document.querySelectorAll("{SLIDER_HANDLE}")) {{
    const box = handle.closest('.widget-vbox');
    if (!box || !box.querySelector('.widget-play') || box.querySelectorAll('.widget-output').length < 2) continue;
    // This is the first explorer; is it drawn yet?
    const text = box.querySelector("{STDOUT}");
    const img = box.querySelector("{PNG_IMG}");
    if (!(text && text.textContent.trim() && img && img.getAttribute('src'))) return false;
    box.setAttribute('{EXPLORER_MARK}', '');
    return true;
  }}
  return false;
}}
"""

# What the first explorer shows now: slider value, corpus text, image src, and the HTML pair
# histogram (the HTML widget whose text starts "pair counts").
JS_EXPLORER_STATE = f"""
() => {{
  const box = document.querySelector('[{EXPLORER_MARK}]');
  if (!box) return null;
  const handle = box.querySelector("{SLIDER_HANDLE}");
  const text = box.querySelector("{STDOUT}");
  const img = box.querySelector("{PNG_IMG}");
  const histogram = [...box.querySelectorAll('.widget-html-content')]
    .find(el => el.textContent.trim().startsWith('pair counts'));
  return {{
    value: handle ? handle.getAttribute('aria-valuenow') : null,
    max: handle ? handle.getAttribute('aria-valuemax') : null,
    text: text ? text.textContent : null,
    src: img ? img.getAttribute('src') : null,
    histogram: histogram ? histogram.innerHTML : null,
    histogram_text: histogram ? histogram.textContent.trim() : null,
  }};
}}
"""


def _poll(what: str, timeout: float, check, interval: float = 0.2):
    """Call ``check()`` until it returns something truthy; fail with ``what`` after ``timeout`` s."""
    deadline = time.perf_counter() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.perf_counter() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def _first_line(text: str | None) -> str:
    return (text or "").strip().splitlines()[0] if (text or "").strip() else repr(text)


def _is_loopback(url: str) -> bool:
    host = urllib.parse.urlsplit(url).hostname
    return host in ("127.0.0.1", "localhost", "::1") or url.startswith(("data:", "blob:", "about:"))


# --------------------------------------------------------------------------------------------------
# The test
# --------------------------------------------------------------------------------------------------


def test_merge_slider_redraws_corpus_and_histogram(jupyter_server: Server, chromium_path: str, tmp_path):
    from playwright.sync_api import sync_playwright

    server = jupyter_server
    notebook = NOTEBOOK.name
    # A workspace of its own, reset: JupyterLab must not restore tabs from another run.
    workspace = f"browser-test-{uuid.uuid4().hex[:12]}"
    page_url = (f"{server.base_url}/lab/workspaces/{workspace}/tree/{urllib.parse.quote(notebook)}"
                f"?reset&token={server.token}")
    screenshot = tmp_path / "merge_explorer.png"
    failure_screenshot = tmp_path / "merge_explorer_FAILED.png"
    console_errors: list[str] = []
    blocked: list[str] = []

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 1000})

            # Only 127.0.0.1 may be contacted: abort (and remember) anything else.
            def block(route):
                blocked.append(route.request.url)
                route.abort()

            context.route(lambda url: not _is_loopback(url), block)
            page = context.new_page()
            page.on("console", lambda msg: console_errors.append(msg.text) if msg.type == "error" else None)
            page.on("pageerror", lambda exc: console_errors.append(f"page error: {exc}"))

            try:
                # 1. Open the notebook and wait for a connected, idle kernel.
                t0 = time.perf_counter()
                page.goto(page_url, wait_until="domcontentloaded", timeout=60_000)
                page.wait_for_function(JS_KERNEL_READY, arg=notebook, timeout=KERNEL_READY_TIMEOUT * 1000,
                                       polling=200)
                kernel_seconds = time.perf_counter() - t0

                # 2. Run all; wait for the first explorer to be drawn (slider, corpus text, image).
                t1 = time.perf_counter()
                page.evaluate(JS_RUN_ALL)

                def explorer_drawn():
                    errors = page.evaluate(JS_RUN_STATUS)["errors"]
                    assert not errors, "a notebook cell raised:\n" + "\n".join(errors)
                    return page.evaluate(JS_MARK_FIRST_EXPLORER)

                _poll("the first merge explorer (slider + corpus text + image)", WIDGET_TIMEOUT,
                      explorer_drawn, interval=0.25)
                widget_seconds = time.perf_counter() - t1

                # Let "run all" finish, so the slider's messages don't queue behind running cells.
                def run_all_finished():
                    status = page.evaluate(JS_RUN_STATUS)
                    assert not status["errors"], "a notebook cell raised:\n" + "\n".join(status["errors"])
                    return status["done"] == status["code"] and status["kernel"] == "idle" and status

                status = _poll("run all to finish", RUN_ALL_TIMEOUT, run_all_finished, interval=0.25)
                run_all_seconds = time.perf_counter() - t1

                # The explorer starts at step 0 (unless a later cell moved it with explorer.show(k)),
                # and its corpus text names that step. noUiSlider writes aria-valuenow as "0.0".
                before = page.evaluate(JS_EXPLORER_STATE)
                start, top = round(float(before["value"])), round(float(before["max"]))
                assert before["text"].lstrip().startswith(f"Step {start}:"), \
                    f"at step {start} the corpus view should start with 'Step {start}:', got {_first_line(before['text'])}"
                assert start < top, f"the first explorer's slider is already at its maximum ({top}); it cannot move right"

                # 3. Move the slider: focus its handle, press ArrowRight three times.
                handle = page.locator(f"[{EXPLORER_MARK}] .noUi-handle[role=slider]").first
                handle.scroll_into_view_if_needed()
                t2 = time.perf_counter()
                handle.focus()
                for _ in range(3):
                    handle.press("ArrowRight")

                # 4. Wait until the corpus text, the image and the histogram differ from before.
                assert before["histogram"], "the first explorer shows no HTML pair histogram"

                def redrawn():
                    now = page.evaluate(JS_EXPLORER_STATE)
                    return (now and now["text"] and now["src"] and now["text"] != before["text"]
                            and now["src"] != before["src"]
                            and now["histogram"] and now["histogram"] != before["histogram"]
                            and now)

                what = "the corpus text, the PNG image and the HTML pair histogram"
                after = _poll(f"{what} to change", REDRAW_TIMEOUT, redrawn)
                redraw_seconds = time.perf_counter() - t2

                # 5. The slider moved, and (once the three redraws have arrived) the corpus text
                #    names the step the slider is on.
                value = round(float(after["value"]))
                expected = min(start + 3, top)
                assert value == expected, f"aria-valuenow is {after['value']} after 3 x ArrowRight, expected {expected}"

                def settled():
                    now = page.evaluate(JS_EXPLORER_STATE)
                    # The histogram title reads "pair counts after 3 merges ..." (or "after all 3 merges").
                    title = re.match(r"pair counts after (?:all )?(\d+) merges", now["histogram_text"] or "")
                    title_ok = title is not None and int(title.group(1)) == value
                    return now["text"].lstrip().startswith(f"Step {value}:") and title_ok and now

                final = _poll(f"the corpus view (and histogram title) to show step {value}", REDRAW_TIMEOUT, settled)
                assert final["src"] != before["src"]
                assert final["histogram"] != before["histogram"]
                assert float(final["value"]) != float(before["value"])
                settle_seconds = time.perf_counter() - t2

                # Scroll the explorer's top into view, so the screenshot shows slider, text and plots.
                page.evaluate(f"() => document.querySelector('[{EXPLORER_MARK}]').scrollIntoView({{block: 'start'}})")
                page.screenshot(path=str(screenshot), full_page=False)
                TIMINGS["browser: JupyterLab server start"] = server.start_seconds
                TIMINGS["browser: run all -> first merge explorer drawn"] = widget_seconds
                TIMINGS["browser: slider ArrowRight x3 -> new text and image shown"] = redraw_seconds
                print(f"[browser test] page load until kernel connected+idle: {kernel_seconds:.1f} s")
                print(f"[browser test] run all -> first explorer drawn: {widget_seconds:.1f} s; "
                      f"run all finished ({status['code']} code cells): {run_all_seconds:.1f} s")
                print(f"[browser test] ArrowRight x3 -> {what} changed in the browser: "
                      f"{redraw_seconds:.2f} s; showing step {value}: {settle_seconds:.2f} s")
                print(f"[browser test] corpus view now: {_first_line(final['text'])}")
                shown = re.match(r"pair counts after .*? merges", final["histogram_text"]).group(0)
                print(f"[browser test] HTML pair histogram now: {shown} ...")
                print(f"[browser test] screenshot: {screenshot}")
                assert not blocked, f"the page tried to reach other hosts: {blocked}"
            except BaseException:
                try:
                    page.screenshot(path=str(failure_screenshot), full_page=False)
                    print(f"\n[browser test] FAILED; screenshot: {failure_screenshot}")
                except Exception as exc:  # the page may be gone; the original error matters more
                    print(f"\n[browser test] FAILED; no screenshot ({exc})")
                print("[browser test] browser console errors:\n  " + "\n  ".join(console_errors[-20:]))
                if blocked:
                    print(f"[browser test] blocked non-loopback requests: {blocked}")
                print(f"[browser test] server log tail ({server.log_path}):\n{server.log_tail(4000)}")
                raise
        finally:
            browser.close()
