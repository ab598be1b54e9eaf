"""What every browser test needs: where Chromium is, and the flags that keep it off the network.

Import from here (``from browser_support import CHROMIUM_ARGS, find_chromium``) rather than copying.
Facts behind these choices: /work/shared/BROWSER_TESTING.md (Debian Chromium, never `playwright install`).
"""

from __future__ import annotations

import os
import shutil

import pytest

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
