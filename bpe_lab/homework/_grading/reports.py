"""What the grader writes: a table per set (printed), a CSV per set with public and hidden columns, a
feedback file per submission, and a per-question summary with a bar chart.

A folder mixing sets gives one table, one CSV and one summary per set: each notebook is scored against
its own set's questions only.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

from .runner import Submission

NOT_GRADED = ("unreadable", "unknown set", "stopped")


def label(submissions: list[Submission]) -> None:
    """Name each submission by its path below the folder they all share (alice/01_....ipynb when every
    student's notebook has the same file name)."""
    parents = [str(Path(s.file).resolve().parent) for s in submissions]
    common = Path(os.path.commonpath(parents)) if parents else None
    for s in submissions:
        s.label = Path(s.file).resolve().relative_to(common).as_posix() if common else Path(s.file).name


def feedback_name(s: Submission) -> str:
    """The feedback file of a submission: its label with / and the .ipynb suffix replaced."""
    return s.name.removesuffix(".ipynb").replace("/", "__") + ".md"


def by_set(submissions: list[Submission]) -> dict[str, list[Submission]]:
    """Set id -> its submissions, in the order given; the ones that could not be graded are left out."""
    groups: dict[str, list[Submission]] = {}
    for s in submissions:
        if s.status not in NOT_GRADED:
            groups.setdefault(s.set_id, []).append(s)
    return groups


def _cell(r) -> str:
    text = f"{r.earned:g}/{r.points:g}" + ("" if r.status == "correct" else f" {r.status}")
    if r.kind == "function" and r.status not in ("missing", "not yet", "forbidden"):
        text += f" p{r.public[0]}/{r.public[1]}" + (f" h{r.hidden[0]}/{r.hidden[1]}" if r.hidden[1] else "")
    return text


def note(s: Submission) -> str:
    parts = list(s.notes) + [f"cell {n} {why if 'ran over' in why or 'ended' in why else 'raised ' + why}"
                             for n, why in s.cell_errors]
    return "; ".join(parts)[:300]


def table(submissions: list[Submission]) -> list[list[str]]:
    """The printed table of one set: a line per submission, a column per question (points, status, p/h)."""
    names = list(submissions[0].questions)
    rows = [["file", "student", "identity", *names, "points", "note"]]
    for s in submissions:
        rows.append([s.name, s.student or "-", "ok" if s.identity == "verified" else "NOT verified",
                     *(_cell(s.questions[n]) for n in names), f"{s.earned:g}/{s.possible:g}", note(s)])
    return rows


def csv_rows(submissions: list[Submission]) -> list[list]:
    """The CSV of one set: for each question its status, public and hidden cases passed, and points."""
    names = list(submissions[0].questions)
    header = ["file", "student", "identity"]
    for n in names:
        header += [f"{n} status", f"{n} public", f"{n} hidden", f"{n} points"]
    rows = [header + ["points", "out of", "note"]]
    for s in submissions:
        row = [s.file, s.student, s.identity]
        for n in names:
            r = s.questions[n]
            row += [r.status, f"{r.public[0]}/{r.public[1]}", f"{r.hidden[0]}/{r.hidden[1]}" if r.hidden[1] else "",
                    f"{r.earned:g}"]
        rows.append(row + [f"{s.earned:g}", f"{s.possible:g}", note(s)])
    return rows


def write_csv(path: Path, rows: list[list]) -> None:
    """Write ``rows`` as CSV atomically (an interrupted run leaves the old file whole)."""
    from ...storage import write_text_atomic

    buffer = io.StringIO(newline="")
    csv.writer(buffer).writerows(rows)
    write_text_atomic(path, buffer.getvalue())


def feedback(s: Submission) -> str:
    """A submission's feedback file (Markdown): per question, what each check said."""
    lines = [f"# Feedback: {s.name}", ""]
    if s.status in NOT_GRADED:
        return "\n".join(lines + [f"Not graded ({s.status}): {'; '.join(s.notes)}", ""])
    lines += [f"Set {s.set_id}" + (f", student {s.student}" if s.student else "")
              + f": **{s.earned:g} of {s.possible:g} points**.", ""]
    if s.identity != "verified":
        lines += [f"**Identity not verified**: {s.identity.removeprefix('NOT verified: ')}.", ""]
    for r in s.questions.values():
        counts = ""
        if r.kind == "function" and r.public[1]:
            counts = f" — public cases {r.public[0]}/{r.public[1]}" + (
                f", hidden cases {r.hidden[0]}/{r.hidden[1]}" if r.hidden[1] else "")
        lines.append(f"## {r.name}: {r.earned:g}/{r.points:g} ({r.status}){counts}")
        lines += [f"- {m}" for m in r.messages] + [""]
    if s.cell_errors or s.notes:
        lines.append("## The notebook")
        lines += [f"- cell {n}: {why}" for n, why in s.cell_errors] + [f"- {n}" for n in s.notes] + [""]
    return "\n".join(lines)


def summary_rows(submissions: list[Submission]) -> list[list]:
    """Per question: how many solved it (full points), partly, not at all, not answered; mean points; pass rates;
    what it asks and its level."""
    names = list(submissions[0].questions)
    rows = [["question", "kind", "points", "submissions", "solved", "partial", "incorrect", "not answered",
             "forbidden call", "mean points", "public cases passed", "hidden cases passed", "asks", "level"]]
    for n in names:
        results = [s.questions[n] for s in submissions]
        count = {k: sum(r.status == k for r in results) for k in ("correct", "partial", "incorrect", "forbidden")}
        unanswered = sum(r.status in ("missing", "not yet") for r in results)
        public = _rate(sum(r.public[0] for r in results), sum(r.public[1] for r in results))
        hidden = _rate(sum(r.hidden[0] for r in results), sum(r.hidden[1] for r in results))
        mean = sum(r.earned for r in results) / len(results)
        rows.append([n, results[0].kind, f"{results[0].points:g}", len(results), count["correct"], count["partial"],
                     count["incorrect"], unanswered, count["forbidden"], f"{mean:.2f}", public, hidden,
                     results[0].asks, results[0].level])
    return rows


def _rate(passed: int, total: int) -> str:
    return f"{passed}/{total}" if total else ""


def summary_chart(submissions: list[Submission], set_id: str, path: Path) -> None:
    """A horizontal bar per question: how many submissions solved it, partly, or not."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = summary_rows(submissions)[1:]
    names = [r[0] for r in rows][::-1]
    solved = [r[4] for r in rows][::-1]
    partial = [r[5] for r in rows][::-1]
    rest = [len(submissions) - a - b for a, b in zip(solved, partial)]
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(names) + 1.5))
    ax.barh(names, solved, color="#34a853", label="solved (full points)")
    ax.barh(names, partial, left=solved, color="#fbbc04", label="partly")
    ax.barh(names, rest, left=[a + b for a, b in zip(solved, partial)], color="#dadce0",
            label="not solved or not answered")
    ax.set_xlabel("submissions")
    ax.set_ylabel("question")
    ax.set_xlim(0, max(len(submissions), 1))
    ax.set_title(f"Set {set_id}: {len(submissions)} submissions")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.08), ncol=3, fontsize="small", frameon=False)
    fig.tight_layout()
    image = io.BytesIO()
    fig.savefig(image, format="png", dpi=100)
    plt.close(fig)
    from ...storage import write_bytes_atomic

    write_bytes_atomic(path, image.getvalue())


def question_rows(questions: dict, personalised: set) -> list[list]:
    """The questions of a set as an instructor chooses them: what each asks, its level and points, how it is
    checked, and whether it has hidden cases, per-student numbers (``personalised``: their names) or
    forbidden calls."""
    rows = [["question", "asks", "level", "points", "checked as", "public cases", "hidden cases", "per student",
             "forbidden calls"]]
    for q in questions.values():
        rows.append([q.name, q.asks, q.level, f"{q.points:g}", q.kind, len(q.cases) if q.cases else "",
                     "yes" if q.hidden_cases else "", "yes" if q.name in personalised else "",
                     ", ".join(q.forbidden)])
    return rows


def aligned(rows: list[list]) -> str:
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows)
