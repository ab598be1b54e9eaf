"""How long a move of the merge explorer's slider takes to redraw, measured inside a real Jupyter kernel.

Run: .venv/bin/python benchmarks/bench_slider.py     (or `make bench`)

A kernel is started, the explorers of notebook 01 are built there (the hug corpus, and Pride and
Prejudice with 200 merges), and the slider is set to many values as a student's drag would. Each move
is timed from the slider's new value to the corpus text, the word and the PNG being sent to the
front end. Prints a table; asserts nothing (speed is measured here, never in the tests).
"""

from __future__ import annotations

import json
import sys
import textwrap

from jupyter_client.manager import start_new_kernel

KERNEL_CODE = textwrap.dedent(
    """
    import json, random, statistics, time
    from bpe_lab import bpe, corpus, widgets

    def measure(name, result, word, moves=60):
        started = time.perf_counter()
        explorer = widgets.merge_explorer(result, word=word)
        build = time.perf_counter() - started
        rng = random.Random(0)
        times = []
        for _ in range(moves):
            k = rng.randrange(explorer.slider.max + 1)
            while k == explorer.slider.value:
                k = rng.randrange(explorer.slider.max + 1)
            explorer.slider.value = k  # what a slider move does: the observer redraws
            times.append(explorer.last_redraw_seconds)
        times.sort()
        return {"explorer": name, "steps": explorer.slider.max, "build_s": build,
                "median_ms": 1000 * statistics.median(times), "p90_ms": 1000 * times[int(0.9 * len(times)) - 1],
                "max_ms": 1000 * times[-1]}

    hug = bpe.train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 10)
    novel = bpe.train(corpus.word_counts(corpus.load_text(), separate_punctuation=True), 200)
    rows = [measure("hug corpus (notebook 01, section 5)", hug, "hugs"),
            measure("Pride and Prejudice, 200 merges (section 9)", novel, "Elizabeth Darcy tokenization")]
    print("RESULT " + json.dumps(rows))
    """
)


def main() -> int:
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        reply = client.execute_interactive(KERNEL_CODE, timeout=300, output_hook=lambda msg: collect(msg))
        if reply["content"]["status"] != "ok":
            print("the benchmark failed inside the kernel:", reply["content"].get("evalue"), file=sys.stderr)
            return 1
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    rows = json.loads(RESULT[0])
    print(f"{'explorer':<46} {'steps':>5} {'build s':>8} {'median ms':>10} {'p90 ms':>7} {'max ms':>7}")
    for row in rows:
        print(f"{row['explorer']:<46} {row['steps']:>5} {row['build_s']:>8.2f} {row['median_ms']:>10.1f} "
              f"{row['p90_ms']:>7.1f} {row['max_ms']:>7.1f}")
    return 0


RESULT: list[str] = []


def collect(msg) -> None:
    if msg["msg_type"] == "stream":
        for line in msg["content"]["text"].splitlines():
            if line.startswith("RESULT "):
                RESULT.append(line[len("RESULT "):])


if __name__ == "__main__":
    sys.exit(main())
