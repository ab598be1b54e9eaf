"""Exercise questions: friendly feedback, and nothing a student writes can crash the check."""

import pytest

from bpe_lab import bpe
from bpe_lab.homework.questions import CORRECT, INCORRECT, NOT_YET, Question

MERGE = Question(
    name="merge_pair",
    prompt="Write merge_pair(symbols, pair): replace every occurrence of pair, left to right.",
    reference=lambda symbols, pair: list(bpe.merge_pair(tuple(symbols), pair)),
    cases=[(["h", "u", "g"], ("u", "g")), (["a", "a", "a"], ("a", "a")), ([], ("a", "b")), (["x"], ("a", "b"))],
    hints=["Walk through the list with an index i.", "When symbols[i], symbols[i+1] == pair, append the merge and skip 2."],
    solution_code="def merge_pair(symbols, pair): ...",
    time_limit=0.5,
)


def good(symbols, pair):
    out, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            out.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def test_states():
    assert MERGE.check().status == NOT_YET and MERGE.check(...).status == NOT_YET
    assert MERGE.check(good).status == CORRECT and bool(MERGE.check(good))


def overlapping(symbols, pair):  # the typical mistake: merges overlapping pairs
    return [a + b for a, b in zip(symbols, symbols[1:]) if (a, b) == pair] or list(symbols)


def no_return(symbols, pair):
    good(symbols, pair)


def forever(symbols, pair):
    while True:
        pass


def chatty(symbols, pair):
    print("x" * 5000)
    return good(symbols, pair)


@pytest.mark.parametrize(
    "answer, message",
    [
        (overlapping, "for input (['h', 'u', 'g'], ('u', 'g')) expected ['h', 'ug'], but got ['ug']"),
        (no_return, "returned None — did you forget `return`?"),
        (forever, "did not finish within 0.5 s"),
        (chatty, "printed 5,001 characters"),  # 5,000 x and a newline
        (lambda s, p: 1 / 0, "raised ZeroDivisionError: division by zero"),
        (lambda s, p: "hug", "expected a list such as ['h', 'ug'], but got a str"),
        (good(["a"], ("a", "b")), "this question wants a function, but got list"),
    ],
)
def test_helpful_messages(answer, message):
    feedback = MERGE.check(answer)
    assert feedback.status == INCORRECT and message in feedback.message, feedback.message
    assert "merge_pair" in str(feedback) and "<div" in feedback._repr_html_()


def test_value_questions_hints_and_solution(capsys):
    question = Question("count", "How often is (u, g) counted in the hug corpus?",
                        reference=lambda: bpe.pair_counts({"hug": 10, "pug": 5, "hugs": 5})[("u", "g")],
                        hints=["Add the counts of every word that holds u g."], rubric="Full marks for 20.")
    assert question.check(20).status == CORRECT
    assert "you answered 19" in question.check(19).message
    assert question.hint().startswith("hint 1 of 1")
    assert "Rubric" in question.solution() and "20" in question.solution()
    assert "no hint" in Question("q", "?", reference=1).hint()


# --------------------------------------------------------------------------------------------------
# The time limit needs no SIGALRM; forbidden calls; a graded release; per-student numbers; hidden cases
# --------------------------------------------------------------------------------------------------

import dataclasses  # noqa: E402
import signal  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

from bpe_lab.homework import set_01, set_02  # noqa: E402
from bpe_lab.homework.questions import RECORDED, graded  # noqa: E402


def catches_exceptions(symbols, pair):
    while True:
        try:
            int("not a number")
        except Exception:  # a common pattern: the stop is not an Exception, so it goes through
            pass


@pytest.mark.parametrize("answer", [forever, catches_exceptions])
def test_an_endless_loop_is_stopped_without_sigalrm_in_any_thread(answer, monkeypatch):
    """A real deadline, 0.2 s (MERGE's 0.5 s is stopped the same way, in test_helpful_messages): an endless loop
    never finishes, so a shorter limit stops the same loop, sooner; the stop comes again every 0.2 s (AGAIN) only
    for code that catches it, which neither answer can (TimeLimit is no Exception)."""
    def no_alarm(*args):
        raise AssertionError("SIGALRM was used")

    monkeypatch.setattr(signal, "setitimer", no_alarm, raising=False)
    monkeypatch.setattr(signal, "alarm", no_alarm, raising=False)
    question = dataclasses.replace(MERGE, time_limit=0.2)
    results = []
    started = time.perf_counter()
    results.append(question.check(answer))  # the main thread
    worker = threading.Thread(target=lambda: results.append(question.check(answer)))  # SIGALRM never worked here
    worker.start()
    worker.join(10)
    assert not worker.is_alive() and time.perf_counter() - started < 4
    assert all(r.status == INCORRECT and "did not finish within 0.2 s" in r.message for r in results), results


def test_a_function_finishing_at_the_deadline_leaves_no_stop_behind():
    """The stop may be raised just as the function returns: it must not surface later, in other code. A real
    deadline, 0.09 s; the function returns from 0.02 s before it to 0.02 s after, less than the 0.2 s between
    repeated stops (AGAIN): one stop, raised around the return."""
    for delay in (0.07, 0.08, 0.09, 0.1, 0.11):
        question = Question("busy", "?", reference=lambda: None, cases=[()], time_limit=0.09)
        deadline = time.perf_counter() + delay

        def busy():
            while time.perf_counter() < deadline:
                pass

        question.check(busy)
        total = 0
        for i in range(300_000):  # a pending stop would be raised in this loop
            total += i
        assert total == sum(range(300_000))


TRAIN = set_01()["train"]


def test_calls_into_bpe_lab_s_own_implementation_are_reported():
    wraps = lambda word_counts, num_merges: bpe.train(word_counts, num_merges).merges  # noqa: E731
    for answer in (wraps, TRAIN.reference):  # the game: check(q["train"].reference)
        feedback = TRAIN.check(answer)
        assert feedback.status == INCORRECT and "calls bpe_lab's own bpe_lab.bpe.train" in feedback.message
    merge = set_01()["merge_pair"]
    indirect = lambda symbols, pair: bpe.encode(symbols, [tuple(pair)])  # noqa: E731  (encode merges with merge_pair)
    assert "bpe_lab.bpe.merge_pair" in merge.check(indirect).message

    def hides(word_counts, num_merges):
        import sys
        sys.setprofile(None)
        return []

    assert "replaced the profile hook" in TRAIN.check(hides).message


def test_a_graded_release_keeps_no_hints_solutions_or_references():
    practice = set_01(student="alice")
    questions = graded(practice)
    train, count = questions["train"], questions["count_ug"]
    assert train.hint().startswith("the instructor turned hints off") and not train.hints
    assert train.solution().startswith("the instructor turned solutions off") and not train.solution_code
    assert train.hidden_cases is None and train.rubric == "" and train.wrong_code == ""
    with pytest.raises(PermissionError, match="turned reference answers off"):
        count.reference()
    assert practice["train"].solution_code not in repr(questions)
    assert count.check(36).status == RECORDED  # a value answer is not judged in the notebook
    exec(practice["train"].solution_code, namespace := {})
    assert train.check(namespace["train"]).status == CORRECT  # a function is, on the public cases


def test_per_student_numbers_are_deterministic_and_differ():
    alice, again, bob, everyone = set_01("alice"), set_01("alice"), set_01("bob"), set_01()
    assert alice["count_ug"].prompt == again["count_ug"].prompt and alice["count_ug"].student == "alice"
    assert alice["count_ug"].reference() != bob["count_ug"].reference()
    assert alice["first_merge"].reference() != bob["first_merge"].reference()
    assert "{'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5}" in everyone["count_ug"].prompt
    assert everyone["count_ug"].reference() == 20 and everyone["first_merge"].reference() == ("l", "o")
    assert bob["count_ug"].check(alice["count_ug"].reference()).status == INCORRECT
    two, two_bob = set_02("alice"), set_02("bob")
    for name in ("encode_lowest", "frequency_trap"):
        assert two[name].reference() != two_bob[name].reference() and two[name].prompt != two_bob[name].prompt


def test_hidden_cases_come_from_the_seed():
    merge = set_01()["merge_pair"]
    assert merge.hidden("s1") == merge.hidden("s1") != merge.hidden("s2")
    assert all(isinstance(case, tuple) for case in merge.hidden("s1")) and set_01()["count_ug"].hidden("s1") == []


def test_the_hints_of_sets_01_and_02_do_not_give_the_code_or_the_answer_away():
    for questions in (set_01(), set_02()):
        for q in questions.values():
            for hint in q.hints:
                assert not any(code in hint for code in ("==", "+=", "append(", "def ", "i + 1", "i += ")), hint
                if not q.is_function_question:
                    assert repr(q.reference()) not in hint and str(q.reference()) not in hint, hint


def test_the_instructors_guide_examples_run(capsys):
    import re

    from conftest import ROOT

    guide = (ROOT / "docs" / "INSTRUCTORS.md").read_text(encoding="utf-8")
    for block in re.findall(r"```python\n(.*?)```", guide, re.S):
        exec(block, {})
    printed = capsys.readouterr().out
    assert "✓ count_pairs: correct on all 4 cases!" in printed
    assert "calls bpe_lab's own bpe_lab.bpe.pair_counts" in printed and "✓ top_pair" in printed


def test_another_library_s_functions_can_be_forbidden_a_package_s_submodules_and_compiled_code_too():
    """'tiktoken' (a package whose functions live in submodules, and whose core is compiled Rust) forbids
    Encoding.encode and CoreBPE's methods; a bpe_lab package forbids its submodules' functions."""
    import tiktoken

    from bpe_lab.homework._grading import limits
    from bpe_lab.export import tiktoken_file

    codes = limits.forbidden_code(["tiktoken"])
    assert tiktoken.Encoding.encode.__code__ in codes and (tiktoken._tiktoken.CoreBPE, "encode") in codes
    assert tiktoken_file.write.__code__ in limits.forbidden_code(["bpe_lab.export"])
    encoding = tiktoken.Encoding("bytes", pat_str=r"\S+|\s+", special_tokens={},
                                 mergeable_ranks={bytes([b]): b for b in range(256)})
    question = Question("ids", "Write ids(text).", reference=lambda text: list(text.encode("utf-8")),
                        cases=[("hi",)], forbidden=["tiktoken"])
    for cheat in (encoding.encode, encoding._core_bpe.encode_ordinary, lambda text: list(text.encode("utf-8"))):
        feedback = question.check(cheat)
        assert (feedback.status, "calls tiktoken" in feedback.message) == (
            (CORRECT, False) if cheat.__name__ == "<lambda>" else (INCORRECT, True)), feedback


def test_set_01_s_bytes_per_token_answer_is_what_the_widget_shows():
    """Set 01 computes the compression curve's numbers itself (building a set must not import the widgets and
    matplotlib: the grader builds it in every child process); they must be the ones compression_view shows."""
    import subprocess
    import sys

    from bpe_lab import widgets
    from bpe_lab.homework.sets import ex01_bpe_from_scratch as ex01

    shown = widgets.compression_view(bpe.train(ex01.HUG, 10))["bytes_per_token"]
    assert [ex01._hug_bytes_per_token(k) for k in range(len(shown))] == shown
    imported = subprocess.run([sys.executable, "-c", "import sys; from bpe_lab.homework import sets\n"
                               "[getattr(sets, name)(student='alice') for name in sets.__all__]\n"
                               "print(sorted({'matplotlib', 'ipywidgets', 'pandas'} & set(sys.modules)))"],
                              capture_output=True, text=True, timeout=120)
    assert imported.stdout.strip() == "[]", imported.stderr[-2000:]
