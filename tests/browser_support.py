"""What every browser test needs: Chromium, its offline flags, a JupyterLab server, and a notebook page.

Import from here (``from browser_support import CHROMIUM_ARGS, find_chromium``) rather than copying.
Facts behind these choices: /work/shared/BROWSER_TESTING.md (Debian Chromium, never `playwright install`).

- ``find_chromium()`` / ``CHROMIUM_ARGS``: the browser, or a skip saying how to install it.
- ``jupyter_lab(notebooks, tmp)``: JupyterLab on 127.0.0.1 (free port, random token, every Jupyter,
  IPython and matplotlib dir in ``tmp``) serving output-free copies of ``notebooks``; always stopped.
- ``Lab(browser, server)``: one JupyterLab page (a browser context and JupyterLab workspace of its
  own) in which notebooks are opened one after another; after a failed test it starts a new page.
- ``open_notebook(lab, name, test_name)``: a fresh copy of one notebook, with a fresh kernel, opened
  in ``lab``. It collects JavaScript errors (uncaught exceptions and console errors) and the Python
  errors the kernel reports (an exception in a widget callback shows nowhere else), and aborts any
  request to a host other than 127.0.0.1; when the block ends it saves a screenshot to
  ``build/test-artifacts/browser/<test_name>.png`` (also on failure), closes the notebook, shuts its
  kernel down and fails if any of these were seen.
- ``NotebookPage.run_through(needle, name)``: runs the cells from the first to the one whose source
  contains ``needle`` (marked ``name``), in order, as "Run All Above Selected Cell" and then running it
  would; ``wait_until_run_finished`` waits for them, failing at once if one raises. A browser test
  needs the cells its widget depends on, not the ones after it: tests/test_notebooks.py runs every
  cell of every notebook.
- ``NotebookPage.widget_state(selector)``: what the widget in a marked cell shows (slider value,
  readout, Output texts, images, HTML widgets and their token chips, the visible frame of a Stack,
  toggle buttons), read in one go by ``JS_WIDGET_STATE``.

Nothing here talks to any host but 127.0.0.1: the server's news/update checks are off, the
extension manager is read-only, Chromium's background networking is off, and every request the page
makes to another host is aborted (and reported as a failure).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ARTIFACTS = REPO / "build" / "test-artifacts" / "browser"  # build/ is git-ignored

CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root in the test container
    "--disable-gpu",
    "--disable-dev-shm-usage",
    # Without these Chromium tries to reach Google services (the network here is closed).
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
]

# Timeouts (seconds). Generous: CI machines can be slow, and other jobs may share the two cores.
SERVER_START_TIMEOUT = 60
PAGE_LOAD_TIMEOUT = 60
KERNEL_READY_TIMEOUT = 90

# Selectors (ipywidgets 8 in JupyterLab 4), see /work/shared/BROWSER_TESTING.md.
SLIDER_HANDLE = ".widget-slider .noUi-handle[role=slider]"
STDOUT = ".widget-output .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']"
PNG_IMG = ".widget-output .jp-OutputArea-output[data-mime-type='image/png'] img"


def find_chromium() -> str:
    """The Chromium executable, or skip the calling test with a reason that says how to install it."""
    path = "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else shutil.which("chromium")
    if not path:
        pytest.skip("Chromium is not installed (/usr/bin/chromium missing, no `chromium` on PATH); "
                    "install it with `apt-get install -y chromium` to run the browser tests")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"the Python package playwright is not importable ({exc}); "
                    "install the test extras: pip install -e '.[test]'")
    return path


def poll(what: str, timeout: float, check: Callable, interval: float = 0.2):
    """Call ``check()`` until it returns something truthy; fail with ``what`` after ``timeout`` s."""
    deadline = time.perf_counter() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.perf_counter() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def is_loopback(url: str) -> bool:
    host = urllib.parse.urlsplit(url).hostname
    return host in ("127.0.0.1", "localhost", "::1") or url.startswith(("data:", "blob:", "about:"))


# --------------------------------------------------------------------------------------------------
# The JupyterLab server
# --------------------------------------------------------------------------------------------------

# urllib honours http_proxy & co.; talk to the local server directly, never through a proxy.
_LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass
class Server:
    base_url: str  # http://127.0.0.1:PORT
    token: str
    root: Path  # the server's root dir
    originals: Path  # output-free copies of the notebooks, outside the root
    log_path: Path
    start_seconds: float = 0.0

    def api(self, path: str, method: str = "GET", timeout: float = 5.0, body: dict | None = None):
        """Call the server's REST API with the token header; return (status, parsed JSON or None)."""
        headers = {"Authorization": f"token {self.token}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base_url + path, method=method, headers=headers,
                                         data=json.dumps(body).encode() if body is not None
                                         else b"" if method == "POST" else None)
        with _LOCAL.open(request, timeout=timeout) as response:
            body = response.read()
            return response.status, (json.loads(body) if body.strip() else None)

    def log_tail(self, chars: int = 6000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError as exc:
            return f"(could not read {self.log_path}: {exc})"

    def fresh_copy(self, notebook: str, folder: str) -> str:
        """Put an output-free copy of ``notebook`` into ``root/folder``; return its path for the URL.

        Every test opens its own copy, so no test sees what another one ran or saved.
        """
        (self.root / folder).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(self.originals / notebook, self.root / folder / notebook)
        return f"{folder}/{notebook}"

    def start_kernel(self, path: str) -> None:
        """Start the notebook's kernel (a session for ``path``) before its page loads.

        JupyterLab, when it opens the notebook, connects to the session the server already has for
        that path instead of starting one, so the kernel starts while the page's scripts load (about
        a second sooner). The kernel is just as fresh: nothing has run in it.
        """
        self.api("/api/sessions", method="POST", timeout=30,
                 body={"path": path, "name": Path(path).name, "type": "notebook", "kernel": {"name": "python3"}})

    def shut_down_kernel(self, path: str) -> None:
        """Delete the notebook's session (and so its kernel): a finished test leaves no kernel running."""
        try:
            _, sessions = self.api("/api/sessions")
            for session in sessions or []:
                if session.get("path") == path:
                    self.api(f"/api/sessions/{session['id']}", method="DELETE", timeout=15)
        except (OSError, urllib.error.URLError):
            pass


def _free_port() -> int:
    """A port nobody listens on right now (bind to port 0 and let the OS choose)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def copy_notebook_without_outputs(source: Path, target: Path) -> None:
    """Copy the notebook, dropping stored outputs and saved widget state, with the python3 kernel.

    A notebook saved with widget state would show a (dead) widget before "run all": a test must
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
        # Never write the notebooks back (no "file changed on disk" dialogs, no state between tests).
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    }
    for name, value in files.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")


def _stop(proc: subprocess.Popen, server: Server) -> None:
    """Stop the server: ask politely (also shuts its kernels down), then kill its process group."""
    if proc.poll() is None:
        try:
            server.api("/api/shutdown", method="POST")
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


@contextlib.contextmanager
def jupyter_lab(notebooks: list[Path], tmp: Path) -> Iterator[Server]:
    """JupyterLab on 127.0.0.1 with output-free copies of ``notebooks`` at hand; always stopped."""
    root, originals = tmp / "root", tmp / "notebooks"
    root.mkdir()
    originals.mkdir()
    for notebook in notebooks:
        copy_notebook_without_outputs(notebook, originals / notebook.name)

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
        (tmp / name).mkdir()
        env[var] = str(tmp / name)
    _write_settings(tmp / "lab_settings")

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
    log_path = tmp / "jupyterlab.log"
    server = Server(url, token, root, originals, log_path)
    started = time.perf_counter()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL,
                                start_new_session=True)  # own process group, for the kill fallback
    try:
        # Ready when /api/status answers; give up early if the process died.
        deadline = started + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with code {proc.returncode} before it was ready.\n"
                            f"Log ({log_path}):\n{server.log_tail()}")
            try:
                if server.api("/api/status", timeout=2)[0] == 200:
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
        _stop(proc, server)


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

# Run the cells from the first to the one at `last`, in order, without waiting for them (the promise
# resolves only when all have run): select them all and "Run Selected Cells" (the same cells as "Run
# All Above Selected Cell" and then the selected cell; the kernel runs them in order).
JS_RUN_THROUGH = """
(last) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  notebook.activeCellIndex = last;
  notebook.deselectAll();
  for (let i = 0; i <= last; i++) notebook.select(notebook.widgets[i]);
  window.jupyterapp.commands.execute('notebook:run-cell');
  return true;
}
"""

# Progress of the run, from the notebook model: how many code cells up to the one at `last` have an
# execution count, and the errors any cell raised (so an exception fails the test at once, with its message).
JS_RUN_STATUS = """
(last) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.cells;
  let code = 0, done = 0;
  const errors = [];
  for (let i = 0; i <= last && i < cells.length; i++) {
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

# Put the attribute data-test-cell=<name> on the code cell whose source contains `needle`, so
# Playwright locators and the JS below can be scoped to that cell's outputs. Returns the cell's
# index, or an error text when no cell or more than one cell matches.
JS_MARK_CELL = """
([needle, name]) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const found = [];
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type === 'code' && cell.model.sharedModel.getSource().includes(needle)) found.push([i, cell]);
  });
  if (found.length !== 1) return `${found.length} code cells contain ${JSON.stringify(needle)}`;
  found[0][1].node.setAttribute('data-test-cell', name);
  return found[0][0];
}
"""

# Errors the kernel reports on IOPub, kept in window.__bpeKernelErrors. A Python exception in a widget
# callback (a slider's observer, say) reaches the browser only as such a message: JupyterLab shows it
# in no cell, the view just stops changing. So every test collects them and fails, listing them.
# The list is the page's: each notebook's test reads the part after what earlier tests have seen.
JS_WATCH_KERNEL_ERRORS = """
() => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  window.__bpeKernelErrors = window.__bpeKernelErrors || [];
  kernel.iopubMessage.connect((_, msg) => {
    if (msg.header.msg_type !== 'error') return;
    const parent = (msg.parent_header && msg.parent_header.msg_type) || '?';
    const where = parent === 'comm_msg' ? 'in a widget callback' : `(answering ${parent})`;
    window.__bpeKernelErrors.push(`${msg.content.ename}: ${msg.content.evalue} ${where}`);
  });
  return true;
}
"""

# Is an element shown (in the layout, not hidden)? Shared by the probes below.
JS_VISIBLE = """
const visible = (el) => !!el && el.offsetParent !== null && el.getClientRects().length > 0
                       && getComputedStyle(el).visibility !== 'hidden';
"""

# What the widget in the marked cell (see JS_MARK_CELL) shows now, in one object:
#   value, max, readout   the (first) slider: aria-valuenow / aria-valuemax as numbers, readout text
#   stdout, images        texts of Output widgets, src of the PNG images in Output widgets
#   htmls                 visible HTML widgets outside a frames stack: text, html, chips
#   frames, frames_shown  for a frames_slider (ipywidgets Stack): how many frames are in the DOM and
#                         the visible ones (data-step of a .bpe-merge-step inside, text, html, table rows)
#   toggles               ToggleButtons: label and whether it is the active one
# Chips (span.bpe-chip) are given as [piece, id]: the chip's text without the id printed under it.
JS_WIDGET_STATE = f"""
(selector) => {{
  {JS_VISIBLE}
  const cell = document.querySelector(selector);
  const area = cell && cell.querySelector('.jp-Cell-outputArea');
  if (!area) return null;
  const chips = (el) => [...el.querySelectorAll('.bpe-chip')].map(chip => {{
    const id = chip.querySelector('span');
    return [chip.firstChild ? chip.firstChild.textContent : '', id ? Number(id.textContent) : null];
  }});
  const handle = area.querySelector("{SLIDER_HANDLE}");
  const readout = area.querySelector('.widget-readout');
  const box = area.querySelector('.bpe-frames-slider');
  const stack = box ? box.children[1] : null;  // VBox[HBox[controls], Stack]
  const frames = stack ? [...stack.querySelectorAll('.widget-html-content')] : [];
  const number = (text) => text === null ? null : Number(text);
  return {{
    value: handle ? number(handle.getAttribute('aria-valuenow')) : null,
    max: handle ? number(handle.getAttribute('aria-valuemax')) : null,
    readout: readout ? readout.textContent.trim() : null,
    stdout: [...area.querySelectorAll("{STDOUT}")].map(el => el.textContent),
    images: [...area.querySelectorAll("{PNG_IMG}")].map(el => el.getAttribute('src')),
    htmls: [...area.querySelectorAll('.widget-html-content')]
      .filter(el => visible(el) && !(stack && stack.contains(el)))
      .map(el => ({{text: el.textContent.trim(), html: el.innerHTML, chips: chips(el)}})),
    frames: frames.length,
    frames_shown: frames.filter(visible).map(el => {{
      const step = el.querySelector('[data-step]');
      return {{step: step ? Number(step.getAttribute('data-step')) : null, text: el.textContent,
               html: el.innerHTML, rows: el.querySelectorAll('tr').length, chips: chips(el)}};
    }}),
    toggles: [...area.querySelectorAll('.widget-toggle-button')]
      .map(b => ({{label: b.textContent.trim(), active: b.classList.contains('mod-active')}})),
  }};
}}
"""


# --------------------------------------------------------------------------------------------------
# Notebooks in a JupyterLab page
# --------------------------------------------------------------------------------------------------


class PageProblems(AssertionError):
    """JavaScript errors, kernel errors or non-loopback requests (the message lists them)."""


# Open a notebook in the JupyterLab page that is loaded already (without waiting for it).
JS_OPEN = """
(path) => { window.jupyterapp.commands.execute('docmanager:open', {path, factory: 'Notebook'}); return true; }
"""

# Shut the notebook's kernel down and close its panel, as File > "Close and Shut Down Notebook" does,
# without its dialogs (the copy is never saved). With the panel closed first and the kernel then shut
# down from outside (the REST API), the widgets sometimes still try to reach the kernel and log
# "Could not send widget sync message".
JS_CLOSE = """
async (path) => {
  for (const widget of [...window.jupyterapp.shell.widgets('main')]) {
    if (widget.context && widget.context.path === path) {
      await widget.sessionContext.shutdown();
      widget.dispose();
    }
  }
  return true;
}
"""


class Lab:
    """One JupyterLab page in which notebooks are opened one after another (see ``open_notebook``).

    Loading JupyterLab into a page takes about 3 s; opening a notebook in a page that has it loaded
    takes under 1 s. Each notebook is still a fresh copy with a fresh kernel, in a panel of its own that
    is closed (and its kernel shut down) when its test ends. The page's errors and blocked requests go
    to the notebook open at the time (or, between two notebooks, to the next one), so nothing is
    missed. After a failure the page is thrown away and the next notebook gets a new one (a new browser
    context): no test inherits what a failed test left behind.
    """

    def __init__(self, browser, server: Server):
        self.browser, self.server = browser, server
        self.context = self.page = None
        self.js_errors: list[str] = []  # everything the page reported, in order
        self.blocked: list[str] = []
        self.reported = (0, 0, 0)  # how many JS errors, blocked requests, kernel errors a finished test has seen
        self.page_loads = 0

    def open(self, path: str) -> None:
        """Show the notebook at ``path``: load JupyterLab on it, or open it in the page loaded already."""
        if self.page is None:
            self._load(path)
        else:
            self.page.evaluate(JS_OPEN, path)

    def _load(self, path: str) -> None:
        # A workspace of its own, reset: JupyterLab must not restore tabs from another test or run.
        workspace = f"browser-test-{uuid.uuid4().hex[:12]}"
        url = (f"{self.server.base_url}/lab/workspaces/{workspace}/tree/{urllib.parse.quote(path)}"
               f"?reset&token={self.server.token}")
        self.context = self.browser.new_context(viewport={"width": 1400, "height": 1000})
        # Only 127.0.0.1 may be contacted: abort (and remember) anything else.
        self.context.route(lambda url: not is_loopback(url), self._block)
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda exc: self.js_errors.append(f"uncaught exception: {exc}"))
        self.page_loads += 1
        self.page.goto(url, wait_until="domcontentloaded", timeout=PAGE_LOAD_TIMEOUT * 1000)

    def _block(self, route) -> None:
        self.blocked.append(route.request.url)
        route.abort()

    def _console(self, msg) -> None:
        if msg.type == "error":
            where = msg.location.get("url") or ""
            self.js_errors.append(f"console error: {msg.text}"
                                  + (f" ({where}:{msg.location.get('lineNumber')})" if where else ""))

    def close(self, path: str) -> None:
        """Shut the notebook's kernel down and close its panel (the page stays, for the next notebook)."""
        if self.page is not None:
            self.page.evaluate(JS_CLOSE, path)

    def discard(self) -> None:
        """Close the page and its browser context; the next ``open`` loads JupyterLab anew."""
        if self.context is not None:
            try:
                self.context.close()
            except Exception:  # noqa: BLE001 - the browser may be gone; nothing more to clean up
                pass
        self.context = self.page = None
        self.js_errors, self.blocked, self.reported = [], [], (0, 0, 0)


@dataclass
class NotebookPage:
    """A notebook opened in a JupyterLab page (see ``open_notebook``)."""

    lab: Lab
    path: str  # the notebook's path under the server root
    since: tuple[int, int, int] = (0, 0, 0)  # the page's JS errors, blocked requests, kernel errors before this one
    timings: dict[str, float] = field(default_factory=dict)
    focus: str | None = None  # CSS selector scrolled into view for the screenshot
    screenshot_path: Path | None = None  # build/test-artifacts/browser/<test_name>.png
    last_cell: int = -1  # the index of the last cell run_through runs

    @property
    def page(self):  # playwright.sync_api.Page
        return self.lab.page

    @property
    def server(self) -> Server:
        return self.lab.server

    @property
    def js_errors(self) -> list[str]:
        return self.lab.js_errors[self.since[0]:]

    @property
    def blocked(self) -> list[str]:
        return self.lab.blocked[self.since[1]:]

    def seen(self) -> tuple[int, int, int]:
        """How many JS errors, blocked requests and kernel errors the page has reported so far."""
        return len(self.lab.js_errors), len(self.lab.blocked), self.since[2] + len(self.kernel_errors())

    def evaluate(self, script: str, arg=None):
        return self.page.evaluate(script, arg)

    def wait_for_kernel(self) -> float:
        """Wait until this notebook's kernel is connected and idle; return the seconds since load."""
        started = time.perf_counter()
        self.page.wait_for_function(JS_KERNEL_READY, arg=self.path, timeout=KERNEL_READY_TIMEOUT * 1000,
                                    polling=200)
        return time.perf_counter() - started

    def kernel_errors(self) -> list[str]:
        return self.evaluate("(since) => (window.__bpeKernelErrors || []).slice(since)", self.since[2])

    def check(self) -> None:
        """Fail at once, listing them, if the page or the kernel reported errors so far."""
        problems = self.problems()
        if problems:
            raise PageProblems("\n".join(problems))

    def run_status(self) -> dict:
        """Progress of ``run_through``; fails at once, with the message, if a cell raised."""
        status = self.evaluate(JS_RUN_STATUS, self.last_cell)
        assert not status["errors"], "a notebook cell raised:\n" + "\n".join(status["errors"])
        self.check()
        return status

    def run_through(self, needle: str, name: str) -> str:
        """Mark the one code cell whose source contains ``needle`` (see ``mark_cell``) and start running
        every cell from the first to it, in order. Returns the marked cell's CSS selector.

        The cells after it are not run: what a widget shows and does depends on the cells above it,
        and tests/test_notebooks.py runs every cell of every notebook.
        """
        self.last_cell = self._mark(needle, name)
        self.evaluate(JS_RUN_THROUGH, self.last_cell)
        return f"[data-test-cell='{name}']"

    def wait_until_run_finished(self, timeout: float) -> dict:
        """Every code cell up to the last one ``run_through`` started has run and the kernel is idle
        (failing at once if a cell raised)."""
        def finished():
            status = self.run_status()
            return status["done"] == status["code"] and status["kernel"] == "idle" and status
        return poll(f"the cells up to cell {self.last_cell} to run", timeout, finished, interval=0.25)

    def _mark(self, needle: str, name: str) -> int:
        index = self.evaluate(JS_MARK_CELL, [needle, name])
        assert isinstance(index, int), f"{self.path}: {index}"
        return index

    def mark_cell(self, needle: str, name: str) -> str:
        """Mark the one code cell whose source contains ``needle``; return a CSS selector for it."""
        self._mark(needle, name)
        return f"[data-test-cell='{name}']"

    def screenshot(self, path: Path | None = None) -> None:
        """Save what the page shows (``focus`` scrolled into view) to ``path``, by default the test's
        screenshot; ``open_notebook`` takes that one at the end unless the test has taken it."""
        path = path or self.screenshot_path
        if self.focus:
            self.evaluate("(sel) => { const el = document.querySelector(sel); "
                          "if (el) el.scrollIntoView({block: 'start'}); }", self.focus)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(path), full_page=False)
        print(f"[browser test] screenshot: {path}")

    def finish(self, test_name: str, focus: str) -> None:
        """For one of several tests sharing this notebook: its screenshot (``focus`` in view), then fail
        if the page or the kernel reported errors so far (see ``check``)."""
        self.focus = focus
        self.screenshot(ARTIFACTS / f"{test_name}.png")
        self.check()

    def widget_state(self, selector: str) -> dict:
        """What the widget in the marked cell shows now (see JS_WIDGET_STATE)."""
        state = self.evaluate(JS_WIDGET_STATE, selector)
        assert state is not None, f"no cell {selector} with an output area"
        return state

    def wait_for(self, what: str, timeout: float, check: Callable, interval: float = 0.1):
        """``poll``, failing at once (listing them) if JavaScript or kernel errors turn up meanwhile."""
        def checked():
            self.check()
            return check()
        return poll(what, timeout, checked, interval)

    def problems(self) -> list[str]:
        out = []
        try:
            kernel_errors = self.kernel_errors()
        except Exception as exc:  # the page may be gone
            kernel_errors = [f"(could not read them: {exc})"]
        if kernel_errors:
            out.append("Python errors reported by the kernel:\n  " + "\n  ".join(kernel_errors))
        if self.js_errors:
            out.append("JavaScript errors in the page:\n  " + "\n  ".join(self.js_errors))
        if self.blocked:
            out.append("the page tried to reach hosts other than 127.0.0.1 (aborted):\n  " + "\n  ".join(self.blocked))
        return out


@contextlib.contextmanager
def open_notebook(lab: Lab, notebook: str, test_name: str) -> Iterator[NotebookPage]:
    """Open a fresh copy of ``notebook`` in ``lab`` and wait for its kernel; see the module docstring.

    At the end: a screenshot in ``build/test-artifacts/browser/<test_name>.png`` (also on failure),
    the notebook closed and its kernel shut down, and a failure if the page raised JavaScript errors
    or reached out. After a failure ``lab`` loads a new page for the next notebook.
    """
    server = lab.server
    path = server.fresh_copy(notebook, folder=test_name)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    screenshot = ARTIFACTS / f"{test_name}.png"
    screenshot.unlink(missing_ok=True)
    nb = NotebookPage(lab, path, since=lab.reported, screenshot_path=screenshot)
    try:
        started = time.perf_counter()
        loads = lab.page_loads
        server.start_kernel(path)
        lab.open(path)
        nb.wait_for_kernel()
        nb.evaluate(JS_WATCH_KERNEL_ERRORS)
        opened = "page load" if lab.page_loads > loads else "open in the loaded JupyterLab"
        nb.timings[f"{opened} until the kernel is idle"] = time.perf_counter() - started
        yield nb
        if not screenshot.exists():
            nb.screenshot()
        lab.close(path)
        nb.check()  # also what closing the notebook and shutting its kernel down may have raised
        lab.reported = nb.seen()
    except BaseException as exc:
        print("\n[browser test] FAILED")
        if not screenshot.exists():
            try:
                nb.screenshot()
            except Exception as shot_exc:  # the page may be gone; the original error matters more
                print(f"[browser test] no screenshot ({shot_exc})")
        for problem in nb.problems():
            print(f"[browser test] {problem}")
            if hasattr(exc, "add_note") and not isinstance(exc, PageProblems):
                exc.add_note(problem)  # so the failure itself lists them (Python 3.11+)
        print(f"[browser test] server log tail ({server.log_path}):\n{server.log_tail(4000)}")
        lab.discard()
        raise
    finally:
        server.shut_down_kernel(path)  # if it is still running (after a failure, say)
