#!/usr/bin/env bash
# Make bubblewrap (bwrap) available: the grader runs each submission in its sandbox (no network, no view of the
# instructor file, other submissions or the grader's processes). Never fails the build: where bwrap cannot be
# installed or cannot make namespaces, the grader runs submissions unsandboxed and says so, and the sandbox
# tests say why they skip.
set -u
if command -v bwrap >/dev/null 2>&1; then
    exit 0
fi
if [ "$(uname -s)" = "Linux" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing bubblewrap (Debian package) for the grader's sandbox..."
    if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null 2>&1 || \
       (apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null 2>&1); then
        echo "bubblewrap installed: $(command -v bwrap)"
        exit 0
    fi
    echo "WARNING: could not install bubblewrap with apt-get; the grader will run submissions unsandboxed." >&2
    exit 0
fi
echo "NOTE: bubblewrap (bwrap) not found: the grader will run submissions unsandboxed. On Debian/Ubuntu:" \
     "sudo apt-get install bubblewrap" >&2
exit 0
