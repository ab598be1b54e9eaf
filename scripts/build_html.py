"""Build the static HTML edition of BPE Lab: every topic notebook executed, as web pages that work offline.

    .venv/bin/python scripts/build_html.py                  # all topic notebooks -> build/html/
    .venv/bin/python scripts/build_html.py 01 05 -o /tmp/x  # a subset (number, name or file name)

What it does:

1. executes each topic notebook (notebooks/NN_*.ipynb) with nbclient on a fresh kernel, working
   directory notebooks/ (so relative paths work); nbclient stores the widget state in the notebook's
   metadata, so sliders are drawn with their saved state;
2. exports each with nbconvert's HTMLExporter through the small template in
   scripts/html_template/bpe_static (nbconvert's "lab" template without require.js, the widget renderer
   and MathJax loaded from local copies in _static/ next to the page, and a banner saying what works
   without a kernel); before that, the controls of widgets that need a kernel (the merge explorer,
   the WordPiece explorer, the token inspector) are saved as disabled, with a note above each
   (``disable_kernel_widgets``), so no control moves while its view stays at its first state;
3. rewrites links between notebooks (NN_name.ipynb -> NN_name.html; exercise notebooks -> the index,
   which says they need a live notebook), and refuses to write a page that would load anything from
   the network;
4. copies the renderer and MathJax (fetched at install time by scripts/fetch_web_assets.py) into
   _static/, and writes index.html: the map of the series, one line per notebook, with links.

The pages work from file:// with no network. Sliders over precomputed frames (bpe_lab.widgets.
frames_slider: merge_steps, the Viterbi stepper, notebook 07's size slider) move on the page, because
their link to the frames lives in the browser; views that need Python to recompute show their first state,
with their controls disabled.

Exercise notebooks are not built: their point is checking answers you type, which needs a kernel
(``make lab``); the index lists their questions and says so.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as _dt
import html
import json
import os
import re
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = REPO / "notebooks"
TEMPLATE_DIR = Path(__file__).resolve().parent / "html_template"
TEMPLATE_NAME = "bpe_static"
STATIC = "_static"  # assets folder inside the output dir, referenced relatively from every page

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fetch_web_assets  # noqa: E402  (scripts/fetch_web_assets.py: the pinned web assets)


class BuildError(Exception):
    """A problem the user can fix; main() prints it without a traceback."""


# --------------------------------------------------------------------------------------------------
# Which notebooks, and what each teaches
# --------------------------------------------------------------------------------------------------


def topic_notebooks() -> list[Path]:
    return sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb"))


def exercise_notebooks() -> list[Path]:
    """One per topic notebook, in order, then the capstone."""
    folder = NOTEBOOK_DIR / "exercises"
    return sorted(folder.glob("[0-9][0-9]_*.ipynb")) + sorted(folder.glob("capstone_*.ipynb"))


def select(names: list[str]) -> list[Path]:
    """The notebooks named on the command line: '01', '01_bpe_from_scratch' or '01_bpe_from_scratch.ipynb'."""
    available = topic_notebooks()
    if not names:
        return available
    chosen = []
    for name in names:
        key = Path(name).name.removesuffix(".ipynb")
        matches = [p for p in available if p.stem == key or p.stem.split("_", 1)[0] == key]
        if len(matches) != 1:
            listing = ", ".join(p.stem for p in available)
            raise BuildError(f"unknown notebook {name!r}: choose from {listing} "
                             "(the number alone is enough, e.g. 01)")
        if matches[0] not in chosen:
            chosen.append(matches[0])
    return chosen


def _inline_markdown(text: str) -> str:
    """The little markdown used in one-line descriptions: `code`, *emphasis*, **strong**."""
    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"<em>\1</em>", out)
    return out


def _plain(text: str) -> str:
    """A title without its markdown marks, for <title>."""
    return re.sub(r"[`*]", "", text)


def readme_map() -> dict[str, tuple[str, str]]:
    """README's notebook map: stem -> (what you learn, minutes)."""
    readme = REPO / "README.md"
    rows = {}
    if readme.exists():
        for line in readme.read_text(encoding="utf-8").splitlines():
            match = re.match(r"\|\s*`(\d\d_[\w]+)`\s*\|(.+)\|\s*(\d+)\s*\|\s*$", line)
            if match:
                rows[match.group(1)] = (match.group(2).strip(), match.group(3))
    return rows


def describe(path: Path, readme: dict[str, tuple[str, str]]) -> dict:
    """Title, one line on what it teaches, and minutes, from the README's map and the first markdown cell."""
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    first = next((cell.source for cell in notebook.cells if cell.cell_type == "markdown"), "")
    title_match = re.search(r"^#\s+(.+)$", first, flags=re.MULTILINE)
    title = title_match.group(1).strip() if title_match else path.stem
    minutes_match = re.search(r"about (\d+) minutes", first)
    if path.stem in readme:
        line, minutes = readme[path.stem]
    else:  # fall back on the "What you will learn" bullets of the notebook itself
        bullets = re.findall(r"^- (.+(?:\n  .+)*)", first, flags=re.MULTILINE)
        line = "; ".join(" ".join(b.split()).rstrip(";.") for b in bullets) or title
        minutes = minutes_match.group(1) if minutes_match else ""
    return {"stem": path.stem, "title": title, "line": line, "minutes": minutes}


def exercise_questions(path: Path) -> list[tuple[str, str]]:
    """(heading, question) for each '## N. name' cell of an exercise notebook."""
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    questions = []
    for cell in notebook.cells:
        match = re.match(r"##\s+(.+)\n*([\s\S]*)", cell.source) if cell.cell_type == "markdown" else None
        if match:
            questions.append((match.group(1).strip(), " ".join(match.group(2).split())))
    return questions


# --------------------------------------------------------------------------------------------------
# Executing and exporting
# --------------------------------------------------------------------------------------------------


async def _execute_one(path: Path, timeout: int, semaphore: asyncio.Semaphore):
    import nbformat
    from bpe_lab._nbclient import NotebookClient  # nbclient, minus a stall on lost wake-ups
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    async with semaphore:
        notebook = nbformat.read(path, as_version=4)
        client = NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                                resources={"metadata": {"path": str(NOTEBOOK_DIR)}})  # store_widget_state: default True
        started = time.perf_counter()
        try:
            await client.async_execute()
        except CellExecutionError as exc:
            raise BuildError(f"{path.name} stopped with an error in a cell; fix the notebook "
                             f"(or run it in `make lab` to see it):\n{exc}") from None
        except CellTimeoutError as exc:
            raise BuildError(f"{path.name}: a cell ran longer than {timeout} s ({exc}); "
                             "raise --timeout if that is expected") from None
        except DeadKernelError as exc:
            raise BuildError(f"{path.name}: the kernel died ({exc})") from None
        seconds = time.perf_counter() - started
        print(f"executed {path.name} in {seconds:.1f} s", flush=True)
        return notebook, seconds


async def _execute_all(paths: list[Path], timeout: int, jobs: int):
    semaphore = asyncio.Semaphore(jobs)
    tasks = [asyncio.ensure_future(_execute_one(path, timeout, semaphore)) for path in paths]
    try:
        return await asyncio.gather(*tasks)
    except BaseException:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise


# --------------------------------------------------------------------------------------------------
# Widgets that need a kernel: drawn disabled, with a note
# --------------------------------------------------------------------------------------------------

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
BROWSER_LINKS = ("LinkModel", "DirectionalLinkModel")  # jslink and jsdlink: links the page itself keeps

KERNEL_NOTE = (
    '<div class="bpe-static-kernel-note" role="note"><strong>Needs a running kernel.</strong> On this static '
    "page its controls are disabled and it shows its first state (see the note at the top of the page). "
    "Open the notebook live with <code>make lab</code> to use it.</div>"
)


def _model_ids(value) -> list[str]:
    """The widget models a piece of saved state refers to ("IPY_MODEL_<id>" strings, at any depth)."""
    if isinstance(value, str):
        return [value.removeprefix("IPY_MODEL_")] if value.startswith("IPY_MODEL_") else []
    if isinstance(value, dict):
        return [i for item in value.values() for i in _model_ids(item)]
    if isinstance(value, (list, tuple)):
        return [i for item in value for i in _model_ids(item)]
    return []


def controls_needing_a_kernel(state: dict) -> set[str]:
    """The controls (models with a ``disabled`` trait: sliders, Play, text boxes, buttons) that do nothing
    without a kernel: every control not joined, through links kept in the browser (jslink, jsdlink), to a
    model that shows something (a frames slider's Stack). A Play linked only to its slider is such a control."""
    controls = {i for i, model in state.items() if "disabled" in model.get("state", {})}
    neighbours: dict[str, set[str]] = {}
    for model in state.values():
        if model.get("model_name") in BROWSER_LINKS:
            ends = [i for key in ("source", "target") for i in _model_ids(model["state"].get(key))]
            for a in ends:
                neighbours.setdefault(a, set()).update(b for b in ends if b != a)
    working: set[str] = set()
    for start in controls:
        group, todo = {start}, [start]
        while todo:
            for other in neighbours.get(todo.pop(), ()):
                if other not in group:
                    group.add(other)
                    todo.append(other)
        if any(i not in controls and i in state for i in group):
            working |= group
    return controls - working


def _descendants(state: dict, root: str) -> set[str]:
    """``root`` and every model its state refers to, transitively (children, the models inside them...)."""
    seen, todo = {root}, [root]
    while todo:
        for i in _model_ids(state.get(todo.pop(), {}).get("state", {})):
            if i not in seen and i in state:
                seen.add(i)
                todo.append(i)
    return seen


def disable_kernel_widgets(notebook) -> int:
    """Make the static page honest about widgets that need a kernel; returns how many views were changed.

    In each displayed widget, the controls that need a kernel (``controls_needing_a_kernel``) are saved
    as disabled, so they cannot be moved while the view stays at its first state, and a note
    (``KERNEL_NOTE``) is put just above the widget. Frame sliders (``bpe_lab.widgets.frames_slider``) keep
    working, and so does a control displayed on its own (such as notebook 00's test slider), whose only
    output is its own value.
    """
    import nbformat

    state = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    needing = controls_needing_a_kernel(state)
    changed = 0
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        outputs = []
        for output in cell.get("outputs", []):
            root = output.get("data", {}).get(WIDGET_VIEW, {}).get("model_id")
            dead = _descendants(state, root) & needing if root in state and root not in needing else set()
            if dead:
                for i in dead:
                    state[i]["state"]["disabled"] = True
                outputs.append(nbformat.v4.new_output("display_data", data={"text/html": KERNEL_NOTE}))
                changed += 1
            outputs.append(output)
        cell.outputs = outputs
    return changed


def banner_html(info: dict) -> str:
    return (
        '<div class="bpe-static-banner" role="note">'
        f'<p><strong>BPE Lab, static edition</strong> · <a href="index.html">all notebooks</a> · '
        f'{_inline_markdown(info["title"])}</p>'
        "<p>Every cell was run when this page was built, and its outputs and plots are shown as they came out. "
        "Sliders built from precomputed frames (the merge steps, the Viterbi stepper, the vocabulary-size "
        "slider) still move. Views a running kernel draws (the merge explorer, the WordPiece explorer, the "
        "token inspector) show their first state only, with their controls disabled: for those, and to change "
        "the code, open the notebook live with <code>make lab</code>.</p>"
        "</div>"
    )


_LINK = re.compile(r'href="([^"#:]*?)\.ipynb(#[^"]*)?"')


def rewrite_links(page: str, topic_stems: set[str]) -> str:
    """NN_name.ipynb -> NN_name.html; exercises/... .ipynb -> the index's exercises section."""

    def replace(match: re.Match) -> str:
        target, anchor = match.group(1), match.group(2) or ""
        name = target.rsplit("/", 1)[-1]
        if target.startswith("exercises/") or name.endswith("_exercises"):
            return 'href="index.html#exercises"'
        if name in topic_stems:
            return f'href="{name}.html{anchor}"'
        return match.group(0)

    return _LINK.sub(replace, page)


_REMOTE_LOAD = re.compile(
    r"""<(?:script|img|iframe|link|source|audio|video|embed)\b[^>]*?\b(?:src|href)\s*=\s*["']?(?:https?:)?//"""
    r"""|url\(\s*["']?(?:https?:)?//|@import\s+["']?(?:url\()?["']?(?:https?:)?//""",
    re.IGNORECASE,
)


def remote_loads(page: str) -> list[str]:
    """Places where the page would fetch something from the network when opened (links one clicks are fine)."""
    return [page[max(0, m.start() - 40): m.end() + 80] for m in _REMOTE_LOAD.finditer(page)]


def export(notebook, info: dict, topic_stems: set[str]) -> str:
    from nbconvert import HTMLExporter

    notebook.metadata["title"] = f"{_plain(info['title'])} · BPE Lab"
    disable_kernel_widgets(notebook)
    exporter = HTMLExporter(template_name=TEMPLATE_NAME, extra_template_basedirs=[str(TEMPLATE_DIR)])
    resources = {"static_dir": STATIC, "banner_html": banner_html(info),
                 "metadata": {"name": info["stem"]}}
    page, _ = exporter.from_notebook_node(notebook, resources=resources)
    for marker in ("require.min.js", "unpkg.com", "cdnjs", "cdn.jsdelivr"):
        if marker in page:
            raise BuildError(f"{info['stem']}: the exported page still mentions {marker}; "
                             "the template in scripts/html_template no longer matches nbconvert's")
    found = remote_loads(page)
    if found:
        raise BuildError(f"{info['stem']}: the page would load from the network when opened:\n  "
                         + "\n  ".join(found[:5]))
    return rewrite_links(page, topic_stems)


def copy_assets(out: Path) -> None:
    source = fetch_web_assets.assets_dir()
    missing = fetch_web_assets.problems(source)
    if missing:
        raise BuildError("the web assets for the static pages are not installed ("
                         + "; ".join(missing) + "): run `make web-assets`")
    target = out / STATIC
    for pin in fetch_web_assets.PINS:
        (target / pin["dest"]).mkdir(parents=True, exist_ok=True)
        for name in pin["files"].values():
            shutil.copy2(source / pin["dest"] / name, target / pin["dest"] / name)
    shutil.copy2(source / "manifest.json", target / "manifest.json")


def local_link_problems(out: Path, page_name: str, page: str, topic_stems: set[str], built: set[str]) -> list[str]:
    """Relative links on a page whose target is not in the output (topic pages not built this time are fine)."""
    problems = []
    for target in re.findall(r'href="([^"]+)"', page):
        if re.match(r"^[a-z][a-z0-9+.-]*:|^#|^//", target, flags=re.IGNORECASE):
            continue
        path = target.split("#", 1)[0]
        stem = path.removesuffix(".html")
        if stem in topic_stems and stem not in built:
            continue
        if path and not (out / path).exists():
            problems.append(f"{page_name}: link to {target} (no such file in the static edition)")
    return problems


# --------------------------------------------------------------------------------------------------
# The index
# --------------------------------------------------------------------------------------------------


def index_html(infos: list[dict], out: Path, exercises: list[Path]) -> str:
    rows = []
    for info in infos:
        page = f"{info['stem']}.html"
        title = _inline_markdown(info["title"])
        heading = f'<a href="{page}">{title}</a>' if (out / page).exists() else f"{title} <em>(not built)</em>"
        minutes = f' <span class="minutes">{html.escape(info["minutes"])} min</span>' if info["minutes"] else ""
        rows.append(f"<li><p class='nb'>{heading}{minutes}</p><p>{_inline_markdown(info['line'])}</p></li>")
    exercise_rows = []
    for path in exercises:
        questions = exercise_questions(path)
        items = "".join(f"<li><strong>{_inline_markdown(heading)}</strong> {_inline_markdown(text)}</li>"
                        for heading, text in questions)
        exercise_rows.append(f"<li><details><summary><code>notebooks/exercises/{html.escape(path.name)}</code>: "
                             f"{len(questions)} questions</summary><ul class='questions'>{items}</ul></details></li>")
    manifest = json.loads((out / STATIC / "manifest.json").read_text(encoding="utf-8"))
    versions = {name: html.escape(entry["version"]) for name, entry in manifest.items()}
    built = _dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>BPE Lab · static edition</title>
<style>
body {{ font-family: system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 52rem; margin: 2rem auto;
       padding: 0 1rem; line-height: 1.5; color: #1f1f1f; }}
h1 {{ margin-bottom: 0.2rem; }}
ol.series {{ padding-left: 0; list-style: none; }}
ol.series li {{ margin: 0 0 1rem 0; padding: 0.6rem 0.9rem; border: 1px solid #ddd; border-radius: 6px; }}
ol.series p {{ margin: 0.2rem 0; }}
p.nb {{ font-size: 1.1rem; font-weight: 600; }}
.minutes {{ font-weight: normal; color: #666; font-size: 0.9rem; margin-left: 0.5rem; }}
.note {{ padding: 0.6rem 0.9rem; background: #fff8e1; border-left: 6px solid #c9a227; }}
code {{ background: #f2f2f2; padding: 0 3px; }}
ul.questions li {{ margin: 0.3rem 0; }}
summary {{ cursor: pointer; }}
footer {{ color: #666; font-size: 0.85rem; margin-top: 2rem; }}
</style>
</head>
<body>
<h1>BPE Lab</h1>
<p>Learn subword tokenization by building it: from the BPE merge loop on a five-word corpus to the
tokenizers real language models use.</p>
<p class="note"><strong>Static edition.</strong> Every notebook was run when these pages were built; they
show all outputs and plots, and work offline. Sliders built from precomputed frames still move. Typing,
buttons that recompute and kernel-driven views need a live notebook (here their controls are disabled): install
BPE Lab and run <code>make lab</code>.</p>
<h2>The series</h2>
<ol class="series">
{chr(10).join(rows)}
</ol>
<h2 id="exercises">Exercises</h2>
<p>Each topic notebook has an exercise notebook in <code>notebooks/exercises/</code>, and the capstone builds
GPT-4's tokenizer step by step. They are not part of
the static edition: you answer in a cell and the check under it runs your answer, which needs Python
(<code>make lab</code>). The questions, to think about on paper meanwhile:</p>
<ul>
{chr(10).join(exercise_rows)}
</ul>
<footer>Built {built} by <code>scripts/build_html.py</code>. Widgets are drawn with
@jupyter-widgets/html-manager {versions.get("@jupyter-widgets/html-manager", "?")} (BSD-3-Clause) and math
with MathJax {versions.get("mathjax", "?")} (Apache-2.0): local copies in <code>{STATIC}/</code>, with their
licence files.</footer>
</body>
</html>
"""


# --------------------------------------------------------------------------------------------------


def build(out: Path, names: list[str], timeout: int, jobs: int) -> dict[str, float]:
    paths = select(names)
    if out.exists() and not out.is_dir():
        raise BuildError(f"--out {out} exists and is not a directory")
    out.mkdir(parents=True, exist_ok=True)
    copy_assets(out)  # first: a missing asset fails before minutes of execution

    readme = readme_map()
    all_infos = [describe(path, readme) for path in topic_notebooks()]
    by_stem = {info["stem"]: info for info in all_infos}
    topic_stems = set(by_stem)

    times: dict[str, float] = {}
    started = time.perf_counter()
    results = asyncio.run(_execute_all(paths, timeout, jobs))
    times["execute"] = time.perf_counter() - started

    started = time.perf_counter()
    pages = {}
    for path, (notebook, seconds) in zip(paths, results):
        times[path.stem] = seconds
        page = export(notebook, by_stem[path.stem], topic_stems)
        target = out / f"{path.stem}.html"
        target.write_text(page, encoding="utf-8")
        pages[target.name] = page
        print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB)", flush=True)
    index = index_html(all_infos, out, exercise_notebooks())
    (out / "index.html").write_text(index, encoding="utf-8")
    pages["index.html"] = index
    times["export"] = time.perf_counter() - started

    built = {path.stem for path in paths} | {p.stem for p in out.glob("[0-9][0-9]_*.html")}
    for name, page in pages.items():
        for problem in local_link_problems(out, name, page, topic_stems, built):
            print(f"warning: {problem}", file=sys.stderr)
    print(f"wrote {out / 'index.html'}; open it in a browser (file://{(out / 'index.html').resolve()})")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build the static HTML edition: execute the topic notebooks and write web pages "
                    "that work offline.")
    parser.add_argument("notebooks", nargs="*", metavar="NOTEBOOK",
                        help="only these (e.g. 01 or 01_bpe_from_scratch); default: every topic notebook")
    parser.add_argument("-o", "--out", type=Path, default=REPO / "build" / "html",
                        help="output directory (default: build/html)")
    parser.add_argument("--timeout", type=int, default=600, help="seconds allowed per cell (default 600)")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                        help="notebooks executed at the same time (default: CPUs, at most 4)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    try:
        started = time.perf_counter()
        build(args.out, args.notebooks, args.timeout, args.jobs)
        print(f"static edition built in {time.perf_counter() - started:.1f} s")
    except BuildError as exc:
        print(f"build_html: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
