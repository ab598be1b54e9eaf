"""Notebook 03's corrected claims (issue 28), recomputed with Python's Unicode tables and the production
libraries (tiktoken built from data/, SentencePiece, Hugging Face tokenizers' BERT normaliser), offline."""

import codecs
import unicodedata

import sentencepiece as spm
import tiktoken
import tiktoken_ext.openai_public
from tiktoken.load import data_gym_to_mergeable_bpe_ranks
from tokenizers.normalizers import BertNormalizer

from bpe_lab import byte_level, corpus
from bpe_lab.tokenizer import Tokenizer
from bpe_lab.sentencepiece import model_file

VOWELS, TONE_MARKS = "aăâeêioôơuưy", ["", "\u0300", "\u0301", "\u0309", "\u0303", "\u0323"]
VIETNAMESE = [unicodedata.normalize("NFC", vowel + tone) for vowel in VOWELS for tone in TONE_MARKS]


def accents(char):
    return len(unicodedata.normalize("NFD", char)) - 1


def test_one_accent_is_enough_for_three_bytes():
    """Cell 4: not only letters that stack two accents take three bytes; ạ ả ẹ ... with one accent do too."""
    assert all(len(char) == 1 for char in VIETNAMESE)  # every Vietnamese letter has a code point of its own
    one_accent_three_bytes = [char for char in VIETNAMESE if accents(char) == 1 and len(char.encode()) == 3]
    assert "".join(one_accent_three_bytes) == "ảạẻẽẹỉịỏọủụỳỷỹỵ"  # 15 (the issue counted 14)
    assert all(0x1E00 <= ord(char) <= 0x1EFF for char in one_accent_three_bytes)  # Latin Extended Additional
    accented = [char for char in VIETNAMESE if accents(char)]
    assert sum(0x1E00 <= ord(char) <= 0x1EFF for char in accented) == 45 > len(accented) / 2  # "most": 45 of 66
    assert len("é".encode()) == 2 and len("ế".encode()) == 3 and accents("ế") == 2


def test_streaming_shows_a_replacement_character_unless_held_back():
    """Cell 34: a token decoded alone shows U+FFFD; a stream decoder that holds bytes back shows none."""
    hindi = corpus.load_udhr()["hin"]["text"].split("\n")[1]
    tokenizer = Tokenizer.train(hindi, 300, pattern=None)
    ids = tokenizer.encode(hindi)
    assert "\ufffd" in "".join(tokenizer.decode([i]) for i in ids) and "\ufffd" not in hindi
    stream, python = byte_level.StreamDecoder(), codecs.getincrementaldecoder("utf-8")(errors="replace")
    shown = []
    for i in ids:
        shown.append(stream.feed(tokenizer.token_bytes(i)))
        assert shown[-1] == python.decode(tokenizer.token_bytes(i))
    assert "".join(shown) + stream.flush() == hindi
    cut = "नमस्ते".encode()[:-1]
    stream = byte_level.StreamDecoder()
    assert stream.feed(cut) + stream.flush() == cut.decode("utf-8", errors="replace") == "नमस्त\ufffd"


def test_normal_forms():
    """Cell 10's new text: NFC composes, NFD decomposes, NFKC also replaces compatibility characters."""
    nfd = unicodedata.normalize("NFD", "é")
    assert (len("é".encode()), len(nfd), len(nfd.encode())) == (2, 2, 3)
    assert unicodedata.normalize("NFKC", "ﬁne Ｃａｆé x²") == "fine Café x2"
    assert unicodedata.normalize("NFC", "ﬁne Ｃａｆé x²") == "ﬁne Ｃａｆé x²"


def test_which_tokenizers_normalise(tmp_path):
    """Cell 10's new text: byte-level BPE normalises nothing, SentencePiece's default rule is nmt_nfkc (NFKC),
    an uncased BERT lower-cases and strips accents but applies no NFKC."""
    ranks = data_gym_to_mergeable_bpe_ranks(str(corpus.data_path("vocab.bpe")), str(corpus.data_path("encoder.json")))
    gpt2 = tiktoken.Encoding("gpt2", pat_str=tiktoken_ext.openai_public.r50k_pat_str, mergeable_ranks=ranks,
                             special_tokens={})
    samples = ["fine", "ﬁne", "café", unicodedata.normalize("NFD", "café"), "Ｃａｆé", "x²"]
    assert all(gpt2.decode(gpt2.encode(text)) == text for text in samples)
    assert gpt2.encode("ﬁne") != gpt2.encode("fine") and gpt2.encode(samples[2]) != gpt2.encode(samples[3])

    # SentencePiece's default rule, read from a model trained with default options
    spm.SentencePieceTrainer.train(sentence_iterator=iter(["a fine café", "ﬁne Ｃａｆé x²"] * 20),
                                   model_prefix=str(tmp_path / "default"), vocab_size=20, model_type="char")
    assert model_file.read(tmp_path / "default.model").normalizer["name"] == "nmt_nfkc"
    model = spm.SentencePieceProcessor(model_file=str(tmp_path / "default.model"))
    assert model.normalize("ﬁne Ｃａｆé x²") == "▁fine▁Café▁x2"
    data_model = spm.SentencePieceProcessor(model_file=str(corpus.data_path("botchan_en_unigram_1000.model")))
    assert all(data_model.normalize(text) == "▁" + unicodedata.normalize("NFKC", text) for text in samples)

    bert = BertNormalizer(lowercase=True)  # uncased BERT: strip_accents follows lowercase
    assert [bert.normalize_str(text) for text in ["ﬁne", "Café", "Ｃａｆé", "x²"]] == ["ﬁne", "cafe", "ｃａｆe", "x²"]
