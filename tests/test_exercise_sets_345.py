"""The question sets of exercise notebooks 03, 04 and 05, without a kernel: what each module docstring lists is what
its questions' fields say (name, asks, level, in order; the shape every set must have is tests/test_question_sets.py),
every question has hints, a solution and a typical wrong answer, a rubric exactly where judgement is needed, hints
that do not give the code away, and each project's cases test what its prompt says (cut characters, French
elisions, WordPiece's gain).

The notebooks themselves, in their three states, are tests/test_notebooks.py (run) and tests/test_homework.py (read)."""

import re
import unicodedata

import pytest

from bpe_lab import wordpiece
from bpe_lab.homework.sets import ex03_byte_level, ex04_gpt2_pretokenization, ex05_wordpiece

MODULES = {"03": ex03_byte_level, "04": ex04_gpt2_pretokenization, "05": ex05_wordpiece}
STUDENTS = ("", "alice", "bob")


def listed(module) -> list[tuple[str, str, str]]:
    """(name, asks, level) for each "- ``name`` — asks, level" line of the module docstring (the project's line
    reads "- ``name`` — project (what it builds)": its level is "project" too)."""
    rows = re.findall(r"^- ``(\w+)`` — ([\w ]+?)(?:, ([\w-]+))?(?: \(.*)?$", module.__doc__, flags=re.M)
    return [(name, asks, level or asks) for name, asks, level in rows]


@pytest.mark.parametrize("number", MODULES)
def test_the_docstring_lists_each_question_as_its_fields_say(number):
    module = MODULES[number]
    for student in STUDENTS:
        questions = getattr(module, f"set_{number}")(student=student)
        assert listed(module) == [(name, q.asks, q.level) for name, q in questions.items()], student
        for name, question in questions.items():
            assert question.hints and question.solution_code and question.wrong_code, name
            assert question.is_function_question == (question.asks in ("function", "project")), name
            assert bool(question.rubric) == (question.asks == "explain"), f"{name}: a rubric exactly where needed"
            if question.asks == "explain":
                assert "explain" in question.prompt, name


def test_byte_tokenizer_cases_cut_characters_in_several_scripts():
    question = ex03_byte_level.set_03()["byte_tokenizer"]
    scripts, cut = set(), 0
    for train_text, vocab_size, text in question.cases:
        ids, decoded, shown = question.reference(train_text, vocab_size, text)
        assert decoded == text and "".join(shown) == text and len(shown) == len(ids)
        tokenizer = ex03_byte_level.Tokenizer.train(train_text, vocab_size, pattern=None)
        alone = [tokenizer.token_bytes(i).decode("utf-8", errors="replace") for i in ids]
        cut += alone != shown  # a token ends inside a character: shown one by one, it would be '\ufffd'
        scripts |= {unicodedata.name(ch).split()[0] for ch in text if ch.isalpha()}
    assert cut >= 3 and {"CYRILLIC", "DEVANAGARI", "CJK", "LATIN"} <= scripts, (cut, scripts)


@pytest.mark.parametrize("text, chunks", [
    ("l'homme", ["l'", "homme"]),
    ("C'est l'été", ["C'", "est", " l'", "été"]),
    ("Jusqu'à demain", ["Jusqu'", "à", " demain"]),
    ("puisqu’on  l’a dit", ["puisqu’", "on", " ", " l’", "a", " dit"]),
    ("aujourd'hui, quelqu'un", ["aujourd'hui", ",", " quelqu'un"]),
    ("l' homme", ["l", "'", " homme"]),  # no letter after the apostrophe: not an elision
    ("'hui", ["'", "hui"]),
    ("n'est-ce pas ?", ["n'", "est", "-", "ce", " pas", " ?"]),
    ("Il a 3 ans", ["Il", " a", " 3", " ans"]),
    ("", []),
])
def test_split_french_follows_its_statement(text, chunks):
    """The project's reference pattern gives what its prompt says, chunks written out by hand."""
    assert ex04_gpt2_pretokenization.set_04()["split_french"].reference(text) == chunks


def test_split_french_cases_join_back_to_the_text_and_catch_the_ascii_apostrophe():
    question = ex04_gpt2_pretokenization.set_04()["split_french"]
    assert all("".join(question.reference(text)) == text for (text,) in question.cases)
    namespace = {}
    exec(question.wrong_code, namespace)
    assert any(namespace["split_french"](*case) != question.reference(*case) for case in question.cases)


def test_train_wordpiece_cases_need_only_the_gain_of_question_2():
    """In the project's corpora no step scores a pair of two equal pieces, no merge makes a piece that exists,
    and the best gain is never a near-tie that float rounding could decide."""
    question = ex05_wordpiece.set_05()["train_wordpiece"]
    for word_counts, steps in question.cases:
        alphabet = {piece for word in word_counts for piece in wordpiece.word_symbols(word)}
        result = wordpiece.train(word_counts, len(alphabet) + steps, special_tokens=(), score="likelihood")
        made = set(alphabet)
        for step in result.steps[:steps]:
            assert all(a != b for a, b in step.scores), step
            assert step.new_piece not in made, step
            made.add(step.new_piece)
            near = {score for score, _ in step.scores.values() if abs(score - step.score) < 1e-9}
            assert near == {step.score}, step
    namespace = {}
    exec(question.wrong_code, namespace)
    assert any(namespace["train_wordpiece"](*case) != question.reference(*case) for case in question.cases)


@pytest.mark.parametrize("number", MODULES)
def test_each_rubric_gives_the_value_the_reference_computes(number):
    """Everyone's rubric is typed by hand, a student's is written from their values: its "Full marks for ..." must
    be what the check expects."""
    for student in STUDENTS:
        for name, question in getattr(MODULES[number], f"set_{number}")(student=student).items():
            if question.rubric:
                expected = question.reference() if callable(question.reference) else question.reference
                shown = f"about {expected:.2f}" if isinstance(expected, float) else repr(expected)
                assert question.rubric.startswith(f"Full marks for {shown} "), (name, shown, question.rubric[:80])
