#!/usr/bin/env bash
# Make Chromium available for tests/test_browser.py. Never fails the build: where Chromium cannot be
# installed, the browser test skips itself and says why.
set -u
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Chromium (Debian package) for the browser test..."
    if apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1; then
        echo "Chromium installed: $(command -v chromium)"
        exit 0
    fi
    echo "WARNING: could not install Chromium with apt-get; the browser test will be skipped." >&2
    exit 0
fi
echo "NOTE: Chromium not found. Install it (Debian/Ubuntu: sudo apt-get install chromium) to run the browser test." >&2
exit 0
