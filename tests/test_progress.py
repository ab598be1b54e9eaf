"""bpe_lab._progress: the bar long training calls show with progress=True (a line on stderr outside a kernel)."""

from bpe_lab import _progress


def test_silent_by_default_and_a_line_with_progress(capsys):
    with _progress.steps(total=3, description="merges", progress=False) as bar:
        for _ in range(3):
            bar.advance()
    assert bar.done == 3 and capsys.readouterr().err == ""
    with _progress.steps(total=4, description="merges", progress=True) as bar:
        for _ in range(4):
            bar.advance()
        bar.restart(2, "pruning")
        bar.advance(2)
    err = capsys.readouterr().err
    assert "merges: 4/4 (100%)" in err and "pruning: 2/2 (100%)" in err and err.endswith("\n")


def test_the_estimate_of_time_left():
    bar = _progress._Bar(total=10, description="rounds")
    bar.started -= 2.0  # two seconds in, a fifth done: about 8 s left
    bar.done = 2
    assert bar.text().startswith("rounds: 2/10 (20%), 2.0 s, about 8 s left")
    assert "left" not in bar.text(final=True)
