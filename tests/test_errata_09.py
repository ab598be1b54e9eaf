"""Notebook 09's corrected claims (issue 28), recomputed with SentencePiece, tiktoken and bpe_lab, offline.

The models are trained here as the notebook trains them (SentencePiece's trainer on the novel's lines, Llama-style
switches); tiktoken's GPT-2 and cl100k are built from the files in data/.
"""

import io
from collections import Counter

import pytest
import sentencepiece as spm
import tiktoken
import tiktoken_ext.openai_public
from tiktoken.load import data_gym_to_mergeable_bpe_ranks

from bpe_lab import corpus, gpt2, pretokenize, sentencepiece_bpe

LLAMA_STYLE = dict(model_type="bpe", normalization_rule_name="identity", remove_extra_whitespaces=False,
                   allow_whitespace_only_pieces=True, split_digits=True, minloglevel=2)


@pytest.fixture(scope="module")
def lines():
    return [line for line in corpus.load_text("pride_and_prejudice.txt").splitlines() if line.strip()]


def train(lines, vocab_size, **settings):
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, vocab_size=vocab_size,
                                   **{**LLAMA_STYLE, **settings})
    return model.getvalue()


@pytest.fixture(scope="module")
def models(lines):
    return {"byte fallback": train(lines, 4_000, byte_fallback=True), "<unk>": train(lines, 4_000 - 256, byte_fallback=False)}


def test_spaces_go_with_the_next_token_but_woodhouse_is_no_token(models):
    """Cell 60: not '␣Woodhouse' / '▁Woodhouse' but '␣Wood|house' (GPT-2, cl100k) and '▁W|ood|h|ouse' (the novel's model)."""
    ranks = data_gym_to_mergeable_bpe_ranks(str(corpus.data_path("vocab.bpe")), str(corpus.data_path("encoder.json")))
    encodings = {"gpt2": tiktoken.Encoding("gpt2", pat_str=tiktoken_ext.openai_public.r50k_pat_str,
                                           mergeable_ranks=ranks, special_tokens={}),
                 "cl100k_base": tiktoken.Encoding("cl100k_base", pat_str=pretokenize.PATTERNS["gpt4"],
                                                  mergeable_ranks=gpt2.load_ranks("cl100k_base"), special_tokens={})}
    text = "Emma Woodhouse, 1816."
    cut = {name: [e.decode_single_token_bytes(i) for i in e.encode_ordinary(text)] for name, e in encodings.items()}
    assert cut["gpt2"][:4] == [b"Em", b"ma", b" Wood", b"house"]
    assert cut["cl100k_base"][:3] == [b"Emma", b" Wood", b"house"]
    fallback = spm.SentencePieceProcessor(model_proto=models["byte fallback"])
    assert fallback.encode(text, out_type=str)[:7] == ["▁E", "m", "ma", "▁W", "ood", "h", "ouse"]
    assert fallback.piece_to_id("▁Woodhouse") == fallback.unk_id()  # no such piece


def test_what_the_unk_model_loses_in_languages_written_like_the_novel(models):
    """Cell 36: not 'French and Turkish lose a few percent': Turkish 8.8 %, Vietnamese 24.7 %, and every line break
    is an <unk> (English: 59 of its 71 lost characters)."""
    no_fallback = spm.SentencePieceProcessor(model_proto=models["<unk>"])
    assert no_fallback.piece_to_id("\n") == no_fallback.unk_id()
    udhr = corpus.load_udhr()
    lost, share = {}, {}
    for code in ["eng", "fra", "tur", "vie"]:
        text = udhr[code]["text"]
        pieces, ids = no_fallback.encode(text, out_type=str), no_fallback.encode(text)
        lost[code] = Counter("".join(p for p, i in zip(pieces, ids) if i == no_fallback.unk_id()))
        share[code] = round(100 * sum(lost[code].values()) / len(text), 1)
        assert lost[code]["\n"] == text.count("\n")  # every line break lost
    assert share == {"eng": 0.7, "fra": 4.5, "tur": 8.8, "vie": 24.7}
    assert (lost["eng"]["\n"], sum(lost["eng"].values())) == (59, 71)


def test_load_is_exact_for_identity_and_nmt_nfkc(lines, models, tmp_path):
    """Cells 55/71: sentencepiece_bpe.load gives SentencePiece's ids for identity models, and (since issue 29, which
    reads the model's compiled character map) for nmt_nfkc too: a zero-width space or a control character alike."""
    texts = ["a\u200bb", "a\x7fb", "Emma Woodhouse, 1816. 東京 naïve 🙂"]
    path = tmp_path / "identity.model"
    path.write_bytes(models["byte fallback"])
    identity = spm.SentencePieceProcessor(model_proto=models["byte fallback"])
    assert all(sentencepiece_bpe.load(path).encode(t) == identity.encode(t) for t in texts)
    nfkc_model = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines[:2_000]), model_writer=nfkc_model, vocab_size=500,
                                   model_type="bpe", byte_fallback=True, minloglevel=2)  # the default: nmt_nfkc
    path = tmp_path / "nmt_nfkc.model"
    path.write_bytes(nfkc_model.getvalue())
    reference, ours = spm.SentencePieceProcessor(model_proto=nfkc_model.getvalue()), sentencepiece_bpe.load(path)
    assert ours.encode(texts[2]) == reference.encode(texts[2])
    assert reference.encode("a\u200bb", out_type=str) == ["▁a", "▁b"]  # nmt_nfkc: a zero-width space is a space
    assert reference.encode("a\x7fb", out_type=str) == ["▁a", "b"]  # and a control character is dropped
    assert ours.encode("a\u200bb") == reference.encode("a\u200bb")
    assert ours.encode("a\x7fb") == reference.encode("a\x7fb")


def test_the_coverage_answer_was_on_screen(lines):
    """Cell 63: section 1 printed how many characters coverage keeps on all lines; section 7 asked it again for 90 %
    of the lines, and the answer is the same number (so the Predict there is gone)."""
    coverage = 0.9995

    def kept(text_lines):
        counts = Counter(ch for line in text_lines for ch in "▁" + line.replace(" ", "▁"))
        total, covered, found = sum(counts.values()), 0, 0
        for _, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            if covered / total >= coverage:
                break
            covered, found = covered + count, found + 1
        return found

    novel_lines = corpus.load_text().splitlines()
    assert kept(lines) == kept(novel_lines[: int(len(novel_lines) * 0.9)]) == 57
