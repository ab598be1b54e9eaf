"""Exercises for notebook 08 (tokens and language models), from a word's pieces to the digit patterns of a
tokenizer.

====  ==========================  =============  =======  ======  =============================================
 #    name                        asks           level    points  what it asks
====  ==========================  =============  =======  ======  =============================================
 1    ``raspberry_tokens``        new case       warm-up  1       GPT-2's tokens for a word with and without its
                                                                  space
 2    ``digit_groups_left``       function       warm-up  1       cl100k's groups of at most three digits, from
                                                                  the left
 3    ``trailing_space``          explain        core     1       a prompt ending in a space and its continuation:
                                                                  tokens glued vs encoded whole, and why
 4    ``embedding_parameters``    function       core     1       what a vocabulary costs in embedding parameters
 5    ``safe_user_text``          explain        core     1       a user's text holding special-token texts: ids
                                                                  injected vs encoded safely, and why
 6    ``unseen_tokens``           function       stretch  2       the merged tokens of a vocabulary a text never
                                                                  produces
 7    ``number_patterns``         function       stretch  2       a tokenizer's digit-group patterns over a range
                                                                  of numbers
 8    ``gpt2_single_numbers``     project        project  3       run it on GPT-2 for a range of numbers: a count,
                                                                  and why
====  ==========================  =============  =======  ======  =============================================

Lesson's own numbers: none of 8. All are new
cases, functions and predictions to explain; an *explain* question has a value answer (checked) and a written
``why`` that an instructor marks with its ``rubric``. No question loads cl100k or o200k (seconds each): the
vocabulary questions use GPT-2, which the exercise notebook loads once as ``enc``, and small tokenizers trained
here in milliseconds.

Grading: ``set_08(student="alice")`` gives alice her own word, prompt and continuation, user text and range of
numbers in the value questions (``student_rng``; "" is everyone's version, the lesson's). The four function
questions have hidden cases (digit strings, model sizes, numbers, tokenizers trained here on a few words) and forbid
bpe_lab's own ``pretokenize.chunk_counts`` and ``vocab_audit.unseen_tokens`` where they answer the question. Not
``pretokenize.split`` (it gives ``digit_groups_left`` away with the gpt4 pattern): the grader stubs what any function
question of a set forbids, and a Tokenizer's ``encode``, which ``unseen_tokens`` and ``number_patterns`` call, splits
with it.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ... import _checks as check
from ... import gpt2, pretokenize, vocab_audit
from ..questions import Question
from ...tokenizer import Tokenizer
from ._shared import by_name, same_tuple, student_rng, apart

# One function per question (q_...) builds it; set_08, the notebook's set, is what graders call.
__all__ = ["set_08"]


def set_08(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 08: tokens and language models. ``student``: an id such as "alice" gives that
    student's own word, text and numbers in the value questions ("": everyone's version, the lesson's)."""
    student = check.student(student)
    return by_name(q_raspberry_tokens(student), q_digit_groups_left(), q_trailing_space(student),
                   q_embedding_parameters(), q_safe_user_text(student), q_unseen_tokens(), q_number_patterns(),
                   q_gpt2_single_numbers(student))


@lru_cache(maxsize=1)
def _gpt2() -> Tokenizer:
    return gpt2.load()  # a third of a second: once per session for every reference answer


# -- 1-2: warm-up ---------------------------------------------------------------------------------------------

# Words for the students' versions: GPT-2 cuts them into 1 to 4 tokens without a space, 1 to 3 with one.
WORDS = ("strawberry", "blueberry", "unbelievable", "cucumber", "avocado", "hippopotamus", "kaleidoscope",
         "lemonade", "marshmallow", "rhubarb", "gooseberry", "cranberry", "grapefruit", "Wednesday")


def _word(student: str) -> str:
    rng = student_rng(student, "08 raspberry_tokens")
    return "raspberry" if rng is None else rng.choice(WORDS)


def q_raspberry_tokens(student: str = "") -> Question:
    word = _word(student)
    counts = (len(_gpt2().encode(word)), len(_gpt2().encode(" " + word)))
    return Question(
        name="raspberry_tokens",
        prompt=(f"Into how many GPT-2 tokens is {word!r} cut at the start of a line (no space before it), and "
                f"into how many is {' ' + word!r} cut after a space? Answer a pair (without the space, with it)."),
        reference=lambda: (len(_gpt2().encode(word)), len(_gpt2().encode(" " + word))),
        hints=["In running text a word carries the space before it, and the vocabulary learned words that way.",
               "Encode both spellings with GPT-2 (enc in this notebook) and count the ids."],
        solution_code=f"word_tokens = (len(enc.encode({word!r})), len(enc.encode({' ' + word!r})))",
        wrong_code=("word_tokens = (1, 1)  # as if the space made no difference" if counts != (1, 1) else
                    "word_tokens = (2, 2)  # as if the space were a token of its own"),
        answer_name="word_tokens",
        points=1,
        level="warm-up",
        asks="new case",
        student=student,
    )


def _hidden_digit_groups(rng) -> list[tuple]:
    """Strings of 0-20 digits, each length from 0 to 20 about equally likely."""
    return [("".join(rng.choice("0123456789") for _ in range(rng.randint(0, 20))),) for _ in range(10)]


def q_digit_groups_left() -> Question:
    public = [("1234567",), ("12",), ("123",), ("1000000",), ("",), ("12345678901",)]
    return Question(
        name="digit_groups_left",
        prompt=("Write digit_groups(digits): cut a string of digits into groups of at most three from the left, "
                "as the cl100k pattern does ('1234567' -> ['123', '456', '7']). An empty string gives []."),
        reference=lambda digits: pretokenize.split(digits, "gpt4"),
        cases=public,
        hints=["The first group is always the first three digits (or fewer, if the string is shorter); then the "
               "next three, and so on. Only the last group can be short.",
               "Step through the string three positions at a time; a slice past the end of a string is simply "
               "shorter, never an error."],
        solution_code=("def digit_groups(digits):\n"
                       "    return [digits[k:k + 3] for k in range(0, len(digits), 3)]"),
        wrong_code=("def digit_groups(digits):\n"
                    "    # from the right, as thousands separators group them\n"
                    "    first = len(digits) % 3 or 3\n"
                    "    return [digits[:first]] + [digits[k:k + 3] for k in range(first, len(digits), 3)]"
                    " if digits else []"),
        answer_name="digit_groups",
        points=1,
        hidden_cases=apart(_hidden_digit_groups, public),
        # not pretokenize.split, whose gpt4 pattern gives the groups: Tokenizer.encode splits with it, and the grader
        # stubs what any function question of the set forbids, so unseen_tokens and number_patterns need it
        forbidden=("bpe_lab.pretokenize.chunk_counts",),
        level="warm-up",
        asks="function",
    )


# -- 3-5: core -----------------------------------------------------------------------------------------------

# Phrases of 1 to 7 GPT-2 tokens a prompt ends with (then a space), and words a model might go on with: GPT-2 has
# ' ' + each word as one or two tokens and the bare word as more, so the two ways of counting always differ.
PHRASES = ("Hello", "See you", "Good night", "Thank you very much", "Once upon a time there lived a",
           "The weather today is", "I would like to thank", "Happy birthday to my dear")
GO_ON = ("sunshine", "kindly", "tomorrow", "everyone", "friend", "again", "soon", "darling", "wide")


def _prompt_and_word(student: str) -> tuple[str, str]:
    """('Hello world ', 'wide'), or for a student another phrase and another word."""
    rng = student_rng(student, "08 trailing_space")
    if rng is None:
        return "Hello world ", "wide"
    return rng.choice(PHRASES) + " ", rng.choice(GO_ON)


def _glued_and_whole(prompt: str, word: str) -> tuple[int, int]:
    """Tokens of the prompt's ids followed by the continuation's, and tokens of the same text encoded whole."""
    return len(_gpt2().encode(prompt)) + len(_gpt2().encode(word)), len(_gpt2().encode(prompt + word))


def q_trailing_space(student: str = "") -> Question:
    prompt, word = _prompt_and_word(student)
    glued, whole = _glued_and_whole(prompt, word)
    return Question(
        name="trailing_space",
        prompt=(f"A model is given the prompt {prompt!r} (it ends in a space) and goes on with the word {word!r}, "
                f"so the text reads {prompt + word!r}. How many GPT-2 tokens is the prompt's ids followed by the "
                "continuation's, and how many is the same text encoded whole? Answer (glued, whole); then, in the "
                "cell under it, explain why they differ and why a model rarely produces the glued sequence."),
        reference=lambda: _glued_and_whole(prompt, word),
        compare=same_tuple,
        hints=["Where does the space go when GPT-2 encodes a word in running text? And where is it in the prompt?",
               f"Encode {prompt!r} and {word!r} separately, then {prompt + word!r} at once, and compare the "
               "pieces (enc.decode([i]) for each id).",
               "Notebook 08 §3, the trailing space: how often does a bare ' ' come before a word in the novel?"],
        solution_code=(f"glued_whole = (len(enc.encode({prompt!r})) + len(enc.encode({word!r})), "
                       f"len(enc.encode({prompt + word!r})))\n"
                       "# Why: GPT-2 gives a word the space before it (' word' is one token), but the prompt already\n"
                       "# ends in a bare ' ', so the model must go on with the word without its space, cut into\n"
                       "# more pieces; in training text a bare space practically never comes before a word."),
        wrong_code=f"glued_whole = ({whole}, {whole})  # as if the trailing space joined the word",
        answer_name="glued_whole",
        rubric=("Full marks for the pair. For the written reason: GPT-2's pattern gives a word the space before it,\n"
                "so the whole text ends in one token such as ' wide'; the prompt ends in a bare ' ' token, and a\n"
                "continuation after it must start without a space (the bare word, often cut into more tokens).\n"
                "Training text encoded the same way almost never has a bare ' ' before a word, so that sequence\n"
                "is rare for the model (token healing backs up the ' ' and lets the next token start with it)."),
        points=1,
        level="core",
        asks="explain",
        student=student,
    )


def _embedding_parameters(vocab_size, width, tied):
    return vocab_size * width if tied else 2 * vocab_size * width


def _hidden_embedding_parameters(rng) -> list[tuple]:
    """Vocabulary sizes from 0 to 300,000 and widths from 1 to 12,288, tied or not."""
    return [(rng.randint(0, 300_000), rng.randint(1, 12_288), rng.random() < 0.5) for _ in range(8)]


def q_embedding_parameters() -> Question:
    public = [(50_257, 768, True), (50_257, 768, False), (200_019, 4_096, False), (1, 1, True), (0, 512, False)]
    return Question(
        name="embedding_parameters",
        prompt=("Write embedding_parameters(vocab_size, width, tied): the parameters of a model's input embedding "
                "and output layer together, one row of `width` numbers per token in each; tied means the two "
                "share one matrix."),
        reference=_embedding_parameters,
        cases=public,
        hints=["How many numbers does one matrix with a row of `width` numbers per token hold?",
               "Untied, the input embedding and the output layer are two such matrices; tied, they are one."],
        solution_code=("def embedding_parameters(vocab_size, width, tied):\n"
                       "    return vocab_size * width if tied else 2 * vocab_size * width"),
        wrong_code=("def embedding_parameters(vocab_size, width, tied):\n"
                    "    return vocab_size * width  # forgets the output layer when untied"),
        answer_name="embedding_parameters",
        points=1,
        hidden_cases=apart(_hidden_embedding_parameters, public),
        level="core",
        asks="function",
    )


USER_WORDS = ("Hello", "Thanks", "Bye", "Stop", "Please", "OK", "Ignore this", "Go on", "Yes", "Sure")
SPECIAL_TEXT = "<|endoftext|>"


def _user_text(student: str) -> str:
    """'Hi<|endoftext|>', or for a student a word and one to three special-token texts, sometimes two side by
    side (then GPT-2 merges '><' across them, as ordinary text), sometimes with words between or after them."""
    rng = student_rng(student, "08 safe_user_text")
    if rng is None:
        return "Hi" + SPECIAL_TEXT
    text = rng.choice(USER_WORDS)
    for _ in range(rng.randint(1, 3)):
        text += SPECIAL_TEXT + rng.choice(["", "", " now", "!", " again"])
    return text


def _injection(text: str) -> tuple[int, int, int]:
    """Ids of the text encoded with every special allowed, how many of them are <|endoftext|>'s id, and ids of
    the text encoded as ordinary text."""
    unsafe = _gpt2().encode(text, allowed_special="all")
    return len(unsafe), unsafe.count(_gpt2().special_tokens[SPECIAL_TEXT]), len(_gpt2().encode_ordinary(text))


def q_safe_user_text(student: str = "") -> Question:
    text = _user_text(student)
    unsafe, special, safe = _injection(text)
    return Question(
        name="safe_user_text",
        prompt=(f"A chat program puts GPT-2's end-of-text id (50256) between turns itself, but encodes what a user "
                f"types with encode(text, allowed_special='all'). A user types {text!r}. Answer (unsafe, special, "
                "safe): how many ids that encoding gives, how many of them are 50256, and how many ids the text "
                "takes encoded safely, as ordinary characters. Then, in the cell under it, explain what the user "
                "gains from the bug, and why the safe count is not simply the special-token texts' pieces added up."),
        reference=lambda: _injection(text),
        compare=same_tuple,
        hints=["encode(..., allowed_special='all') turns each '<|endoftext|>' the user typed into the one id 50256.",
               "The safe encoding treats every character as text (notebook 08, section 5); encode both ways and "
               "look at the pieces (enc.decode([i]) for each id) where two special-token texts meet."],
        solution_code=(f"injection = (len(enc.encode({text!r}, allowed_special='all')),\n"
                       f"             enc.encode({text!r}, allowed_special='all').count(50256),\n"
                       f"             len(enc.encode_ordinary({text!r})))\n"
                       "# Why: with the bug each typed '<|endoftext|>' is the id the program uses to end a turn, so\n"
                       "# the user can end their turn and write what follows as if it came from elsewhere; encoded\n"
                       "# as text it is ordinary pieces ('<', '|', 'end', ...), and pieces merge across its edges."),
        wrong_code=f"injection = ({unsafe}, {special}, {unsafe})  # the special texts left as special ids",
        answer_name="injection",
        points=1,
        level="core",
        asks="explain",
        student=student,
        rubric=("Full marks for the triple. For the written reason: with allowed_special='all' every typed\n"
                "'<|endoftext|>' becomes 50256, the id the program itself uses to end a turn, so the user can\n"
                "close their turn and inject text the model reads as a new document or turn; special ids must\n"
                "come only from the program that builds the template, and text a user typed is encoded as text\n"
                "(or refused). Encoded as text the special string is several ordinary tokens, and BPE merges\n"
                "across its edges (a word before it, '><' where two meet), so counts do not simply add up."),
    )


# -- 6: stretch: tokens a text never produces -----------------------------------------------------------------

def _hidden_unseen(rng) -> list[tuple]:
    """Tokenizers trained here on a few random words (GPT-2's pattern or none, 256-280 tokens, sometimes a
    special token after them), and a text of other words over the same letters."""
    def words(count):
        return " ".join("".join(rng.choice("abcde") for _ in range(rng.randint(1, 5))) for _ in range(count))
    cases = []
    for _ in range(6):
        trained = Tokenizer.train(words(rng.randint(3, 12)), rng.randint(256, 280), rng.choice(["gpt2", None]))
        special = {"<|end|>": len(trained.vocab)} if rng.random() < 0.4 else None
        tok = Tokenizer(trained.merges, trained.pattern, special_tokens=special)
        cases.append((tok, words(rng.randint(0, 6)) + ("<|end|>" if special and rng.random() < 0.5 else "")))
    return cases


def _unseen_merged_tokens(tok, text) -> list[int]:
    return [token_id for token_id in vocab_audit.unseen_tokens(tok, text) if token_id >= 256]


def q_unseen_tokens() -> Question:
    abc = Tokenizer(merges=[(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")], pattern=None)
    abc_special = Tokenizer(merges=[(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")], pattern=None,
                            special_tokens={"<|end|>": 259})
    the = Tokenizer(merges=[(b" ", b"t"), (b"h", b"e"), (b" t", b"he"), (b"t", b"he")])  # GPT-2's pattern
    public = [(abc, "abc ab"), (abc, ""), (abc_special, "bc"), (the, "the the"), (the, "then")]
    return Question(
        name="unseen_tokens",
        prompt=("Write unseen_tokens(tok, text): the ids of the merged tokens of a bpe_lab Tokenizer that encoding "
                "text (tok.encode_ordinary) never produces, sorted. The merged tokens have the ids 256 to "
                "len(tok.vocab) - 1 (0-255 are the single bytes); special tokens (tok.special_tokens) come after them "
                "and are never counted. (vocab_audit.unseen_tokens, notebook 08 section 4, gives the same for every "
                "ordinary token: write it yourself.)"),
        reference=_unseen_merged_tokens,
        cases=public,
        hints=["Which ids does encoding the text give? Every other ordinary id is unseen.",
               "Whether a token's bytes occur in the text is not the question: in 'abc ab' the bytes of 'abc' occur, "
               "yet with these merges encoding makes 'ab' + 'c' (notebook 08: reachable vs produced).",
               "Mind the special token: it has an id but is not an ordinary token, so it is never in the answer."],
        solution_code=("def unseen_tokens(tok, text):\n"
                       "    produced = set(tok.encode_ordinary(text))\n"
                       "    return sorted(set(range(256, len(tok.vocab))) - produced)"),
        wrong_code=("def unseen_tokens(tok, text):\n"
                    "    # a token counts as seen when its bytes occur somewhere in the text\n"
                    "    data = text.encode('utf-8')\n"
                    "    return [i for i in range(256, len(tok.vocab)) if tok.token_bytes(i) not in data]"),
        answer_name="unseen_tokens",
        points=2,
        hidden_cases=apart(_hidden_unseen, public),
        forbidden=("bpe_lab.vocab_audit.unseen_tokens",),
        level="stretch",
        asks="function",
    )


# -- 7-8: project: the digit patterns of a tokenizer ----------------------------------------------------------

def _number_patterns(tok, numbers) -> dict:
    patterns = Counter(tuple(len(tok.token_bytes(i)) for i in tok.encode_ordinary(str(n))) for n in numbers)
    return dict(patterns)


@lru_cache(maxsize=1)
def _number_tokenizers() -> tuple:
    """Two small tokenizers trained here on numbers, one line each (years, small numbers, multiples of 25):
    one with cl100k's pattern (digits in groups of at most three), one with GPT-2's (a run of digits whole)."""
    text = "\n".join(str(n) for n in [*range(1950, 2030), *range(120), *range(0, 1000, 25)] * 3)
    return Tokenizer.train(text, 320, pattern="gpt4"), Tokenizer.train(text, 320, pattern="gpt2")


def _hidden_number_patterns(rng) -> list[tuple]:
    """One of the two number tokenizers, on 0-60 numbers: a run of consecutive numbers or numbers drawn from
    0 to 10^rng digits."""
    cases = []
    for _ in range(6):
        tok = rng.choice(_number_tokenizers())
        if rng.random() < 0.5:
            start = rng.randint(0, 3000)
            numbers = range(start, start + rng.randint(0, 60))
        else:
            numbers = [rng.randint(0, 10 ** rng.randint(1, 9)) for _ in range(rng.randint(0, 20))]
        cases.append((tok, numbers))
    return cases


def q_number_patterns() -> Question:
    groups_of_three, whole_runs = _number_tokenizers()
    public = [(groups_of_three, range(0, 1200)), (whole_runs, range(0, 1200)), (whole_runs, range(1900, 2100)),
              (groups_of_three, [7, 1234567, 99999, 2024]), (whole_runs, [])]
    return Question(
        name="number_patterns",
        prompt=("Write number_patterns(tok, numbers): encode each number, written plainly (str(n)), with "
                "tok.encode_ordinary, and describe it by its pattern, the tuple of its tokens' lengths in digits "
                "(in cl100k, 1234 is '123' + '4': the pattern (3, 1)). Return a dict pattern -> how many of the "
                "numbers have it. The cases use two small tokenizers trained on numbers, one with cl100k's pattern "
                "and one with GPT-2's."),
        reference=_number_patterns,
        cases=public,
        hints=["One number at a time: its ids, then each id's length. tok.token_bytes(i) gives a token's bytes, "
               "and a digit is one byte.",
               "Count the patterns as you go (collections.Counter, or a dict). A pattern must be a tuple: a list "
               "cannot be a dict key.",
               "Do not cut the digits yourself into groups of three: the tokenizer decides, and with GPT-2's "
               "pattern it does not cut in threes at all."],
        solution_code=("from collections import Counter\n"
                       "def number_patterns(tok, numbers):\n"
                       "    patterns = Counter()\n"
                       "    for n in numbers:\n"
                       "        patterns[tuple(len(tok.token_bytes(i)) for i in tok.encode_ordinary(str(n)))] += 1\n"
                       "    return dict(patterns)"),
        wrong_code=("from collections import Counter\n"
                    "def number_patterns(tok, numbers):\n"
                    "    # cl100k's rule for every tokenizer: groups of three from the left, without encoding\n"
                    "    return dict(Counter(tuple(len(str(n)[k:k + 3]) for k in range(0, len(str(n)), 3))\n"
                    "                        for n in numbers))"),
        answer_name="number_patterns",
        points=2,
        hidden_cases=apart(_hidden_number_patterns, public),
        level="stretch",
        asks="function",
    )


def _number_range(student: str) -> range:
    """1000 to 1999, or for a student 500 numbers from 1500 to 2499 (years, round numbers, the rest)."""
    rng = student_rng(student, "08 gpt2_single_numbers")
    if rng is None:
        return range(1000, 2000)
    start = rng.randrange(1500, 2001, 50)
    return range(start, start + 500)


def q_gpt2_single_numbers(student: str = "") -> Question:
    numbers = _number_range(student)
    first, last = numbers[0], numbers[-1]
    shown = f"range({first}, {last + 1})"
    years = "1950-1999" if last < 2000 else "1950-2020"
    return Question(
        name="gpt2_single_numbers",
        prompt=(f"Project: run your number_patterns on GPT-2 (enc) for the numbers {first} to {last}. How "
                "many of them are a single token? Answer a number, and say in `why` which numbers they mostly are, "
                "why GPT-2 has tokens for them, and what cl100k's patterns for the same numbers would be."),
        reference=lambda: _number_patterns(_gpt2(), numbers).get((4,), 0),
        hints=["A single token of four digits has the pattern (4,).",
               f"To see which numbers they are, list the n in {first}-{last} for which enc.encode(str(n)) has one "
               "id: where do they bunch up?",
               "Where would text on the web write numbers of this size? And notebook 08, section 2, says how cl100k "
               "cuts every four-digit number."],
        solution_code=(f"single_numbers = number_patterns(enc, {shown}).get((4,), 0)\n"
                       f"why = ('Most are years, most of {years}, and round numbers like 1500: frequent in '\n"
                       "       'web text, so GPT-2 learned them as merges. cl100k cuts every one of them the same '\n"
                       "       'way, 3 digits + 1, the pattern (3, 1).')"),
        wrong_code=f"single_numbers = number_patterns(enc, {shown}).get((1,), 0)  # one digit, not one token",
        answer_name="single_numbers",
        rubric=("The number (checked): the count of pattern (4,) among the numbers in GPT-2. The explanation, 3 "
                "points:\n"
                f"1 point: they are mostly years (most of {years}, and 19xx generally), with a few round numbers.\n"
                "1 point: GPT-2's merges come from the frequency of strings in its training text (web pages, where\n"
                "  years are common); there is no rule for numbers, so 1984 is one token and 1734 is not.\n"
                "1 point: cl100k's pattern cuts digits in groups of at most three from the left, so every four-digit\n"
                "  number is (3, 1): regular, but not aligned with place value."),
        points=3,
        level="project",
        asks="project",
        student=student,
    )
