"""Fetch the JavaScript the static HTML edition needs, pinned and integrity-checked (an install step).

The static pages (``make html``, scripts/build_html.py) render widgets with the npm package
``@jupyter-widgets/html-manager`` and math with ``mathjax``. Neither is committed to this repository:
like pip, this script downloads a pinned version of each from the npm registry (plain urllib, no npm
needed), checks the tarball against the sha512 published by npm (``dist.integrity``), and extracts only
the files the pages use into ``<sys.prefix>/share/bpe-lab-web/`` (``.venv/share/bpe-lab-web/`` for
``make``; git-ignored), with a ``manifest.json`` recording what was installed.

Run by the install step of the Makefile (the ``$(STAMP)`` recipe), so ``make test`` and ``make html``
have the files. Running it again is quick and offline when the files are already there and intact.

    .venv/bin/python scripts/fetch_web_assets.py            # fetch if missing or changed
    .venv/bin/python scripts/fetch_web_assets.py --check    # exit 1 (and say why) if not installed

Registry mirror: ``--registry URL`` or ``$NPM_CONFIG_REGISTRY``; the sha512 check still applies.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import os
import sys
import tarfile
import time
import urllib.error
import urllib.request
from pathlib import Path

DEFAULT_REGISTRY = "https://registry.npmjs.org"

# Each pin: npm package, version, the tarball's sha512 exactly as npm publishes it (`npm view
# NAME@VERSION dist.integrity`), and the files to extract: {path inside the tarball: path under dest}.
#
# @jupyter-widgets/html-manager 1.0.15 is the renderer for ipywidgets 8 (its dependencies:
# @jupyter-widgets/controls ^5.0.13, base ^6.0.12, output ^6.0.12 -- the same ranges as
# @jupyter-widgets/jupyterlab-manager 5.0.16, which ipywidgets 8.1.9 ships). dist/embed.js is the
# non-AMD bundle (no require.js); it loads Font Awesome (the Play button's icons) from files next to it.
# The tarball has no LICENSE file: the package is BSD-3-Clause (package.json), bundled third-party
# licences are in embed.js.LICENSE.txt, and the fonts are Font Awesome Free's (SIL OFL 1.1).
#
# mathjax 3.2.2 is the MathJax JupyterLab 4 uses. es5/tex-svg-full.js bundles every TeX extension and
# draws with SVG paths, so it loads no font files and no extension on demand: one self-contained file.
PINS = [
    {
        "name": "@jupyter-widgets/html-manager",
        "version": "1.0.15",
        "integrity": "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
        "dest": "html-manager",
        "files": {
            "package/dist/embed.js": "embed.js",
            "package/dist/embed.js.LICENSE.txt": "embed.js.LICENSE.txt",
            "package/package.json": "package.json",
            # Font Awesome Free, referenced from embed.js's CSS (woff2 is what current browsers load).
            "package/dist/1551f4f60c37af51121f.woff2": "1551f4f60c37af51121f.woff2",
            "package/dist/7a3337626410ca2f4071.woff2": "7a3337626410ca2f4071.woff2",
            "package/dist/d878b0a6a1144760244f.woff2": "d878b0a6a1144760244f.woff2",
            "package/dist/2285773e6b4b172f07d9.woff": "2285773e6b4b172f07d9.woff",
            "package/dist/bb58e57c48a3e911f15f.woff": "bb58e57c48a3e911f15f.woff",
            "package/dist/eeccf4f66002c6f2ba24.woff": "eeccf4f66002c6f2ba24.woff",
            "package/dist/491974d108fe4002b2aa.ttf": "491974d108fe4002b2aa.ttf",
            "package/dist/527940b104eb2ea366c8.ttf": "527940b104eb2ea366c8.ttf",
            "package/dist/be9ee23c0c6390141475.ttf": "be9ee23c0c6390141475.ttf",
        },
    },
    {
        "name": "mathjax",
        "version": "3.2.2",
        "integrity": "sha512-Bt+SSVU8eBG27zChVewOicYs7Xsdt40qm4+UpHyX7k0/O9NliPc+x77k1/FEsPsjKPZGJvtRZM1vO+geW0OhGw==",
        "dest": "mathjax",
        "files": {
            "package/es5/tex-svg-full.js": "tex-svg-full.js",
            "package/LICENSE": "LICENSE",
            "package/package.json": "package.json",
        },
    },
]


def assets_dir() -> Path:
    """Where the files go: $BPE_LAB_WEB_ASSETS, else <prefix of this Python>/share/bpe-lab-web."""
    override = os.environ.get("BPE_LAB_WEB_ASSETS")
    return Path(override) if override else Path(sys.prefix) / "share" / "bpe-lab-web"


def tarball_url(pin: dict, registry: str) -> str:
    # https://registry.npmjs.org/@scope/name/-/name-1.0.0.tgz
    base = pin["name"].rsplit("/", 1)[-1]
    return f"{registry.rstrip('/')}/{pin['name']}/-/{base}-{pin['version']}.tgz"


def sha512_integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def problems(root: Path | None = None) -> list[str]:
    """What is missing or wrong under ``root`` (empty when every pinned file is installed and intact)."""
    root = root or assets_dir()
    manifest_path = root / "manifest.json"
    if not manifest_path.exists():
        return [f"{manifest_path} does not exist"]
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return [f"{manifest_path} is unreadable ({exc})"]
    found = []
    for pin in PINS:
        entry = manifest.get(pin["name"])
        if not entry or entry.get("version") != pin["version"] or entry.get("integrity") != pin["integrity"]:
            found.append(f"{pin['name']}@{pin['version']} is not the installed version")
            continue
        for target in pin["files"].values():
            path = root / pin["dest"] / target
            if not path.is_file():
                found.append(f"{path} is missing")
            elif entry.get("files", {}).get(target) != sha256(path):
                found.append(f"{path} was changed after it was installed")
    return found


def download(url: str, attempts: int = 3, timeout: float = 60) -> bytes:
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                return response.read()
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            if attempt == attempts:
                raise SystemExit(f"fetch_web_assets: could not download {url} ({exc}). The static HTML "
                                 "edition needs it once, at install time; check the network or set "
                                 "--registry / NPM_CONFIG_REGISTRY to a mirror.") from exc
            time.sleep(2 * attempt)
    raise AssertionError("unreachable")


def install(pin: dict, root: Path, registry: str) -> dict:
    url = tarball_url(pin, registry)
    data = download(url)
    got = sha512_integrity(data)
    if got != pin["integrity"]:
        raise SystemExit(f"fetch_web_assets: {url} does not match its pinned sha512\n"
                         f"  expected {pin['integrity']}\n  got      {got}\nNothing from it was extracted.")
    dest = root / pin["dest"]
    dest.mkdir(parents=True, exist_ok=True)
    hashes = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for member_name, target in pin["files"].items():
            try:
                member = tar.getmember(member_name)
            except KeyError:
                raise SystemExit(f"fetch_web_assets: {url} has no {member_name}; fix the pin in {__file__}") from None
            if not member.isfile():
                raise SystemExit(f"fetch_web_assets: {member_name} in {url} is not a regular file")
            content = tar.extractfile(member).read()
            path = dest / target  # our own name, never the archive's path
            tmp = path.with_name(path.name + ".part")
            tmp.write_bytes(content)
            tmp.replace(path)
            hashes[target] = hashlib.sha256(content).hexdigest()
    return {"version": pin["version"], "integrity": pin["integrity"], "url": url, "files": hashes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if anything is missing")
    parser.add_argument("--force", action="store_true", help="download again even if installed")
    parser.add_argument("--registry", default=os.environ.get("NPM_CONFIG_REGISTRY") or DEFAULT_REGISTRY,
                        help=f"npm registry (default {DEFAULT_REGISTRY})")
    parser.add_argument("--dest", type=Path, default=None, help="install here instead of " + str(assets_dir()))
    args = parser.parse_args(argv)
    root = args.dest or assets_dir()

    found = problems(root)
    if args.check:
        for line in found:
            print(f"fetch_web_assets: {line}", file=sys.stderr)
        if found:
            print("fetch_web_assets: run `make web-assets` to fetch them", file=sys.stderr)
        return 1 if found else 0
    if not found and not args.force:
        print(f"web assets up to date in {root}")
        return 0

    root.mkdir(parents=True, exist_ok=True)
    manifest = {}
    for pin in PINS:
        manifest[pin["name"]] = install(pin, root, args.registry)
        print(f"fetched {pin['name']}@{pin['version']} (sha512 verified) into {root / pin['dest']}")
    manifest_path = root / "manifest.json"
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    left = problems(root)
    if left:
        raise SystemExit("fetch_web_assets: installed files do not check out: " + "; ".join(left))
    return 0


if __name__ == "__main__":
    sys.exit(main())
