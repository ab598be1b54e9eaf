"""bpe_lab.sentencepiece_bpe gives the ids and pieces of SentencePiece's own BPE encoder.

Four models are trained here by SentencePiece (byte fallback on/off x split digits on/off, 1,000 pieces, the
"nfkc" normaliser: its compiled character map, which the model file carries) on the first 3,000 lines of the
novel and its lines with digits ("Chapter 12"), so that splitting digits or not makes different pieces. Each is
compared with ``SentencePieceProcessor`` on every word of the novel, every word of the UDHR file (20 languages)
and on generated text. Every normaliser, and Unigram models: tests/test_sentencepiece.py.
"""

import io

import pytest
import sentencepiece as spm
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_lab import corpus, sentencepiece_bpe
from bpe_lab.sentencepiece.model_file import BYTE
from conftest import every_word, examples, record_parity

SETTINGS = [  # (byte_fallback, split_digits)
    (True, True),
    (True, False),
    (False, True),
    (False, False),
]


def name(setting) -> str:
    byte_fallback, split_digits = setting
    return f"byte fallback {'on' if byte_fallback else 'off'}, digits {'split' if split_digits else 'joined'}"


def train(path, lines, vocab_size, byte_fallback, split_digits, normalization_rule_name="nfkc"):
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, model_type="bpe",
                                   vocab_size=vocab_size, byte_fallback=byte_fallback, split_digits=split_digits,
                                   normalization_rule_name=normalization_rule_name, minloglevel=2)
    path.write_bytes(model.getvalue())
    return sentencepiece_bpe.load(path), spm.SentencePieceProcessor(model_file=str(path))


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """setting -> (ours, SentencePiece's processor), for the four settings."""
    lines = [line for line in corpus.load_text().splitlines() if line.strip()]
    lines = lines[:3000] + [line for line in lines if any(c.isdigit() for c in line)]
    folder = tmp_path_factory.mktemp("sentencepiece_bpe")
    return {setting: train(folder / f"bpe_{setting[0]}_{setting[1]}.model", lines, 1000, *setting)
            for setting in SETTINGS}


def assert_same(ours, reference, texts, label: str) -> None:
    """Same pieces and ids as SentencePiece on every text; counted in the parity summary."""
    tokens = 0
    for text in texts:
        expected = reference.encode(text, out_type=str)
        assert ours.encode_pieces(text) == expected, f"{label}: pieces differ for {text[:80]!r}"
        assert ours.encode(text) == reference.encode(text), f"{label}: ids differ for {text[:80]!r}"
        tokens += len(expected)
    record_parity(label, len(texts), tokens)


def test_the_models_read(models):
    for (byte_fallback, _), (ours, reference) in models.items():
        assert len(ours.pieces) == reference.get_piece_size() == 1000
        assert [piece for piece, _, _ in ours.pieces] == [reference.id_to_piece(i) for i in range(1000)]
        assert ours.byte_fallback == byte_fallback
        byte_pieces = [piece for piece, _, kind in ours.pieces if kind == BYTE]
        assert byte_pieces == ([sentencepiece_bpe.byte_piece(b) for b in range(256)] if byte_fallback else [])
        assert ours.unk_id == reference.unk_id()


@pytest.mark.parametrize("setting", SETTINGS, ids=name)
def test_every_word_of_the_novel(models, setting):
    """Every line of the novel, compared through its words (``every_word``): its 13,059 distinct words, once each
    (a seventh of its 685,000 characters), and its lines that are not words between single spaces (6 start
    with spaces, 2,309 are empty; no line has a run of spaces, a tab or trailing spaces)."""
    ours, reference = models[setting]
    assert not any("▁" in piece[1:] for piece, _, _ in ours.pieces)  # what every_word counts on
    lines = corpus.load_text().splitlines()
    other_spaces = [line for line in lines if " ".join(line.split(" ")) != " ".join(line.split())] + [""]
    assert len(other_spaces) == 7
    assert_same(ours, reference, every_word(lines) + other_spaces,
                f"SentencePiece BPE, {name(setting)}: the novel's words")


@pytest.mark.parametrize("setting", SETTINGS, ids=name)
def test_every_word_of_the_udhr_in_20_languages(models, setting):
    """Every line of the UDHR file, compared through its words (``every_word``; its lines are words between
    single spaces, and one is empty): 11,354 distinct words, 98,000 of its 180,000 characters. Chinese, Japanese
    and Thai write no spaces: a line of theirs is a word."""
    udhr = corpus.load_udhr()
    assert len(udhr) == 20
    lines = [line for language in udhr.values() for line in language["text"].split("\n")]
    assert all(line == " ".join(line.split()) for line in lines)
    ours, reference = models[setting]
    assert not any("▁" in piece[1:] for piece, _, _ in ours.pieces)  # what every_word counts on
    assert_same(ours, reference, every_word(lines) + [""],
                f"SentencePiece BPE, {name(setting)}: UDHR words, 20 languages")


def test_the_digit_switch_makes_different_pieces(models):
    for byte_fallback in (True, False):
        split = models[(byte_fallback, True)][0].encode_pieces("Chapter 12")
        joined = models[(byte_fallback, False)][0].encode_pieces("Chapter 12")
        assert split == ["▁Chapter", "▁", "1", "2"] and joined == ["▁Chapter", "▁1", "2"]


def test_byte_fallback_shows_on_the_udhr(models):
    ours, _ = models[(True, True)]
    pieces = ours.encode_pieces(corpus.load_udhr()["rus"]["text"].split("\n")[0])
    assert any(piece.startswith("<0x") for piece in pieces)
    ours, _ = models[(False, True)]
    assert ours.unk_id in ours.encode(corpus.load_udhr()["rus"]["text"].split("\n")[0])


# Characters the novel has and has not: NFKC changes some (ligature, full-width, circled digit, combining accent).
ALPHABET = list("abcdefghijklmnopqrstuvwxyzEHMTWZ0123456789 .,;:'\"!?-_")
ALPHABET += ["  ", "é", "ï", "ç", "ß", "東", "京", "🙂", "ﬁ", "Ａ", "①", "e\u0301", "▁", " ▁ "]
texts = st.lists(st.sampled_from(ALPHABET), max_size=30).map("".join)


@pytest.mark.parametrize("setting", SETTINGS, ids=name)
def test_generated_text(models, setting):
    ours, reference = models[setting]

    @settings(max_examples=examples(100), deadline=None, database=None)
    @given(text=texts)
    def check(text):
        assert_same(ours, reference, [text], f"SentencePiece BPE, {name(setting)}: generated text")

    check()


def test_the_issue_example_on_a_model_of_the_whole_novel(tmp_path):
    lines = [line for line in corpus.load_text().splitlines() if line.strip()]
    ours, reference = train(tmp_path / "novel_4000.model", lines, 4000, True, True, "nmt_nfkc")
    text = "Emma Woodhouse, 1816. 東京 naïve 🙂"
    pieces = ours.encode_pieces(text)
    assert pieces == reference.encode(text, out_type=str) and ours.encode(text) == reference.encode(text)
    assert " ▁ <0xE6> <0x9D> <0xB1> <0xE4> <0xBA> <0xAC> " in " ".join(pieces)  # 東京, in UTF-8 bytes
    assert pieces[-4:] == ["<0xF0>", "<0x9F>", "<0x99>", "<0x82>"]  # 🙂, in its four UTF-8 bytes


def test_merge_by_score_takes_the_best_score_then_the_leftmost_pair():
    scores = {"ab": -2.0, "bc": -1.0}
    assert sentencepiece_bpe.merge_by_score(list("abc"), scores) == ["a", "bc"]  # "bc" scores higher than "ab"
    assert sentencepiece_bpe.merge_by_score(list("abab"), {"ab": -1.0, "abab": -2.0}) == ["abab"]
    assert sentencepiece_bpe.merge_by_score([], scores) == []


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: sentencepiece_bpe.load(3), TypeError, "path"),
        (lambda: sentencepiece_bpe.load("/no/such/file.model"), FileNotFoundError, "no SentencePiece model at"),
        (lambda: sentencepiece_bpe.load(corpus.data_path("botchan_en_unigram_1000.model")), ValueError,
         "holds a SentencePiece Unigram model, not BPE: read it with bpe_lab.unigram.read_sentencepiece_model"),
    ],
)
def test_clear_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_encode_checks_its_text(models):
    ours, _ = models[(True, True)]
    with pytest.raises(TypeError, match=r"text must be a str \(or UTF-8 bytes\), got int"):
        ours.encode(5)
    with pytest.raises(TypeError, match=r"text must be a str \(or UTF-8 bytes\), got int"):
        ours.encode_pieces(5)


def test_user_defined_and_control_pieces(tmp_path):
    """A user-defined piece is one symbol from the start (never split, never merged into); a control piece
    such as <cls> is not matched in text. Every fifth line of the novel, and a few made for them."""
    lines = [line for line in corpus.load_text().splitlines() if line.strip()]
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines[:3000]), model_writer=model, model_type="bpe",
                                   vocab_size=1000, user_defined_symbols=["<sep>", "Mr.", "ing"],
                                   control_symbols=["<cls>"], byte_fallback=True, normalization_rule_name="nfkc",
                                   minloglevel=2)
    path = tmp_path / "user_defined.model"
    path.write_bytes(model.getvalue())
    ours, reference = sentencepiece_bpe.load(path), spm.SentencePieceProcessor(model_file=str(path))
    made = ["Mr. Darcy<sep>said <cls> nothing", "Mr.Mr.<sep><sep>", "singing", "<cls>"]
    assert ours.encode_pieces("singing<sep>") == reference.encode("singing<sep>", out_type=str)
    assert "<sep>" in ours.encode_pieces("a<sep>b")
    assert_same(ours, reference, lines[::5] + made, "SentencePiece BPE, user-defined pieces: the novel's lines")


@pytest.mark.parametrize("byte_fallback", [True, False])
def test_the_exercise_encoder_is_sentencepieces_rule(byte_fallback):
    """Exercise 09's project question (sentencepiece_encode) states SentencePiece's encoding rule: its reference
    gives the pieces SentencePieceBPE gives, with and without byte fallback, on the toy model of the exercise."""
    from bpe_lab.homework.sets.ex09_sentencepiece_bpe import TOY_MODEL, _sentencepiece_encode

    normalizer = {"name": "identity", "add_dummy_prefix": True, "remove_extra_whitespaces": False,
                  "escape_whitespaces": True}
    pieces = [("<unk>", 0.0, 2), ("<s>", 0.0, 3), ("</s>", 0.0, 3)]
    pieces += [(sentencepiece_bpe.byte_piece(b), 0.0, BYTE) for b in range(256)] if byte_fallback else []
    pieces += [(piece, score, 1) for piece, score in TOY_MODEL.items()]
    model = sentencepiece_bpe.SentencePieceBPE(pieces, normalizer, byte_fallback)
    for text in ["naïve", "lower", "東京 naïve", "", "a  b", "Low", "über low", "xx東京yy", " lead"]:
        assert [pieces[i][0] for i in model.encode(text)] == _sentencepiece_encode(text, TOY_MODEL, byte_fallback)
