"""bpe_lab.sentencepiece_bpe.train: a readable SentencePiece BPE trainer, compared with SentencePiece's own.

The novel's first 90% of lines train both trainers (byte fallback on, the "identity" normalisation, SentencePiece's
other defaults) at 1,000 and 4,000 pieces; the last 10% are held out. Measured (sentencepiece 0.2.0 to 0.2.3, see
benchmarks/bench_sp_bpe_trainer.py): the same pieces in the same order at both sizes, so every held-out line
is segmented identically. The thresholds below leave a margin of 1% for other versions of SentencePiece.
Then: our model written as a SentencePiece ``.model`` gives our ids in ``SentencePieceProcessor``; small texts
(rare characters, digits, punctuation, several scripts, runs of one letter) give SentencePiece's pieces exactly;
the trainer's steps on tiny texts; and ``remove_extra_whitespaces=False`` (runs of spaces kept, as in Llama-family
models) gives SentencePiece's pieces on the novel and Python code, which then round-trips through the .model.
"""

import io
from pathlib import Path

import pytest
import sentencepiece as spm

import bpe_lab
from bpe_lab import corpus, export, sentencepiece_bpe
from bpe_lab.sentencepiece.model_file import BYTE, CONTROL, NORMAL, UNKNOWN
from conftest import record_parity

SPECIAL_AND_BYTES = 3 + 256


def sentencepiece_train(lines, vocab_size, **options) -> spm.SentencePieceProcessor:
    """SentencePiece's BPE trainer with our trainer's settings (identity normalisation, byte fallback on)."""
    options = {"byte_fallback": True, **options}
    if "max_piece_length" in options:
        options["max_sentencepiece_length"] = options.pop("max_piece_length")
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, model_type="bpe",
                                   vocab_size=vocab_size, normalization_rule_name="identity", minloglevel=2, **options)
    return spm.SentencePieceProcessor(model_proto=model.getvalue())


def pieces_of(processor: spm.SentencePieceProcessor) -> list[str]:
    return [processor.id_to_piece(i) for i in range(processor.get_piece_size())]


@pytest.fixture(scope="module")
def novel():
    """(training lines, held-out lines): the first 90% of the novel's lines, and the non-empty lines of the rest."""
    lines = corpus.load_text().splitlines()
    cut = int(len(lines) * 0.9)
    return lines[:cut], [line for line in lines[cut:] if line.strip()]


@pytest.fixture(scope="module")
def models(novel):
    """vocab_size -> (ours, SentencePiece's processor), trained on the same lines."""
    training, _ = novel
    return {size: (sentencepiece_bpe.train(training, size), sentencepiece_train(training, size))
            for size in (1000, 4000)}


@pytest.mark.parametrize("size", [1000, 4000])
def test_the_same_pieces_as_sentencepiece_on_the_novel(models, novel, size):
    ours, theirs = models[size]
    our_pieces, their_pieces = [piece for piece, _, _ in ours.pieces], pieces_of(theirs)
    assert len(our_pieces) == len(their_pieces) == size
    assert our_pieces[:SPECIAL_AND_BYTES] == their_pieces[:SPECIAL_AND_BYTES]  # <unk> <s> </s> <0x00> ... <0xFF>
    shared = len(set(our_pieces[SPECIAL_AND_BYTES:]) & set(their_pieces[SPECIAL_AND_BYTES:]))
    assert shared / (size - SPECIAL_AND_BYTES) >= 0.99  # measured: 1.0 (741 and 3,741 pieces)
    assert our_pieces[:SPECIAL_AND_BYTES + 100] == their_pieces[:SPECIAL_AND_BYTES + 100]  # the first 100 merges

    _, held_out = novel
    our_ids = [ours.encode(line) for line in held_out]
    their_ids = [theirs.encode(line) for line in held_out]
    our_tokens, their_tokens = sum(map(len, our_ids)), sum(map(len, their_ids))
    assert abs(our_tokens - their_tokens) <= 0.01 * their_tokens  # measured: equal (22,388 and 15,816 tokens)
    same = sum(a == b for a, b in zip(our_ids, their_ids)) / len(held_out)
    assert same >= 0.99  # measured: 1.0 of 1,051 lines
    record_parity(f"SentencePiece BPE trainer, {size:,} pieces: held-out lines segmented alike", len(held_out),
                  our_tokens)


def test_the_scores_replay_the_merges_in_order(models):
    ours, theirs = models[1000]
    normal = [(piece, score) for piece, score, kind in ours.pieces if kind == NORMAL]
    assert [score for _, score in normal] == [-float(i) for i in range(len(normal))]
    assert all(theirs.get_score(i) == score for i, (_, score, _) in enumerate(ours.pieces))
    assert normal[:4] == [("▁t", -0.0), ("he", -1.0), ("▁a", -2.0), ("in", -3.0)]
    # the single characters come last, most frequent first: the novel's 57 kept of its 74
    characters = [piece for piece, _ in normal if len(piece) == 1]
    assert [piece for piece, _ in normal[-len(characters):]] == characters and characters[:3] == ["▁", "e", "t"]
    assert len(characters) == 57 and "1" not in characters and "U" not in characters


def test_no_piece_mixes_letters_with_punctuation_or_digits(models):
    ours, _ = models[4000]
    pieces = [piece for piece, _, kind in ours.pieces if kind == NORMAL]
    assert all(len({char.isalpha() for char in piece.lstrip("▁")}) <= 1 for piece in pieces)
    assert all("▁" not in piece[1:] for piece in pieces)
    assert "▁Mr" in pieces and "▁Mr." not in pieces


def test_sentencepiece_reads_our_model_and_gives_our_ids(models, novel, tmp_path):
    ours, _ = models[4000]
    path = export.to_sentencepiece(ours, tmp_path / "novel_4000.model")
    processor = spm.SentencePieceProcessor(model_file=str(path))
    assert pieces_of(processor) == [piece for piece, _, _ in ours.pieces]
    udhr = [line for language in corpus.load_udhr().values() for line in language["text"].split("\n")]
    texts = novel[1] + udhr + ["Chapter 12", "東京 naïve 🙂", "  spaces  ", ""]
    tokens = 0
    for text in texts:
        ids = ours.encode(text)
        assert processor.encode(text) == ids, text[:80]
        tokens += len(ids)
    assert any(piece.startswith("<0x") for piece in ours.encode_pieces(udhr[-1]))  # byte fallback was used
    record_parity("SentencePiece BPE trainer: our model as a .model, SentencePieceProcessor vs our ids",
                  len(texts), tokens)
    loaded = sentencepiece_bpe.load(path)
    assert loaded.pieces == ours.pieces and loaded.byte_fallback and loaded.normalizer == ours.normalizer


SMALL_TEXTS = {  # name -> (lines, vocab_size, options): each trained by both, compared piece for piece
    "runs of one letter": (["aaaa aaa aaaaa", "aa aaaaaa a", "baaab aab"] * 3, 263, {}),
    "a rare character": (["naïve cafe cafe", "the cafe", "café"] * 2, 274, {"character_coverage": 0.98}),
    "digits joined": (["In 1811 and 1812, and in 2024."] * 3, 280, {}),
    "digits split": (["In 1811 and 1812, and in 2024."] * 3, 278, {"split_digits": True}),
    "short pieces": (["unbelievable believable unbelief"] * 2, 276, {"max_piece_length": 3}),
    "several scripts": (["Москва и Киев", "東京と京都", "Ελλάδα και Αθήνα", "naïve Москва 東京"], 300, {}),
    "punctuation": (['"Yes," said he. "No!" -- (yes); no...'] * 2, 280, {}),
    "no byte fallback": (["hug pug pun bun hugs", "hug hug pun"], 18, {"byte_fallback": False}),
}


@pytest.mark.parametrize("name", list(SMALL_TEXTS))
def test_small_texts_give_sentencepiece_pieces(name):
    lines, vocab_size, options = SMALL_TEXTS[name]
    ours = sentencepiece_bpe.train(lines, vocab_size, **options)
    theirs = sentencepiece_train(lines, vocab_size, **options)
    assert [piece for piece, _, _ in ours.pieces] == pieces_of(theirs)
    for line in lines:
        assert ours.encode(line) == theirs.encode(line), line


def test_the_dummy_prefix_and_the_spaces():
    model = sentencepiece_bpe.train("  to be  or not to be ", 3 + 4 + 7, byte_fallback=False)
    assert model.normalize("  to be  or ") == "▁to▁be▁or"
    pieces = [piece for piece, _, kind in model.pieces if kind == NORMAL]
    # every pair of "▁to" and "▁be" counts 2; ties go to the shorter piece, then the smaller string
    assert pieces[:4] == ["be", "to", "▁be", "▁to"]
    assert pieces[4:] == ["▁", "o", "t", "b", "e", "n", "r"]  # the characters, most frequent first
    assert model.encode_pieces("to be") == ["▁to", "▁be"]


def test_coverage_drops_rare_characters():
    text = "aaaa bbbb c"  # "▁aaaa▁bbbb▁c": a 4, b 4, ▁ 3 make 11 of 12 characters, past 0.9, so c is dropped
    with_bytes = sentencepiece_bpe.train(text, SPECIAL_AND_BYTES + 2 + 3, character_coverage=0.9)
    assert [piece for piece, _, _ in with_bytes.pieces[SPECIAL_AND_BYTES:]] == ["aa", "bb", "a", "b", "▁"]
    assert with_bytes.encode_pieces("c a") == ["▁", "<0x63>", "▁", "a"]  # c in its UTF-8 byte
    without = sentencepiece_bpe.train(text, 3 + 2 + 3, character_coverage=0.9, byte_fallback=False)
    assert without.encode("c a") == [without.ids["▁"], 0, without.ids["▁"], without.ids["a"]]  # c is <unk>, id 0
    everything = sentencepiece_bpe.train(text, SPECIAL_AND_BYTES + 2 + 4, character_coverage=1.0)
    assert everything.encode_pieces("c a") == ["▁", "c", "▁", "a"]


def test_byte_pieces_come_after_the_special_pieces():
    model = sentencepiece_bpe.train("hug pug pun bun hugs", SPECIAL_AND_BYTES + 10)
    assert model.pieces[:3] == [("<unk>", 0.0, UNKNOWN), ("<s>", 0.0, CONTROL), ("</s>", 0.0, CONTROL)]
    assert model.pieces[3:SPECIAL_AND_BYTES] == [(sentencepiece_bpe.byte_piece(b), 0.0, BYTE) for b in range(256)]
    assert model.byte_fallback and model.ids["<0xE6>"] == 3 + 0xE6
    assert model.encode_pieces("ö") == ["▁", "<0xC3>", "<0xB6>"]


def test_split_digits_keeps_every_digit_alone():
    text = "In 1811 and 1812, and in 2024. " * 3
    joined = sentencepiece_bpe.train(text, 3 + 27, byte_fallback=False)
    split = sentencepiece_bpe.train(text, 3 + 23, byte_fallback=False, split_digits=True)
    assert "▁181" in joined.ids and "2," in joined.ids  # digits and punctuation share a script ("Common")
    assert all(len(piece) == 1 for piece in split.ids if any(char.isdigit() for char in piece))
    assert joined.encode_pieces("1812") == ["▁181", "2"]
    assert split.encode_pieces("1812") == ["▁", "1", "8", "1", "2"]


def test_a_vocabulary_too_small_or_too_large_is_refused():
    with pytest.raises(ValueError, match=r"vocab_size=100 is too small: .* 259 special and byte pieces and 8 "
                                         r"characters, so pass at least 267"):
        sentencepiece_bpe.train("hug pug pun bun hugs", 100)
    with pytest.raises(ValueError, match=r"vocab_size=40 is too large for this text: .* pass vocab_size=\d+ or less"):
        sentencepiece_bpe.train("hug pug", 40, byte_fallback=False)


def test_runs_of_spaces_are_kept_when_asked(novel, tmp_path):
    """remove_extra_whitespaces=False (as Llama-family models): every space is a "▁", so indented code keeps its
    indentation. The same pieces as SentencePiece trained with the same switch, on the novel and on Python code
    (bpe_lab's own modules); the model written as a .model gives our ids in SentencePiece and decodes to the text."""
    code = [line for path in sorted((Path(bpe_lab.__file__).parent).glob("*.py"))[:8] for line in
            path.read_text(encoding="utf-8").splitlines()]
    lines = novel[0][:1500] + code
    ours = sentencepiece_bpe.train(lines, 1200, remove_extra_whitespaces=False)
    theirs = sentencepiece_train(lines, 1200, remove_extra_whitespaces=False)
    assert [piece for piece, _, _ in ours.pieces] == pieces_of(theirs)
    assert ours.normalize("    def f():") == "▁▁▁▁▁def▁f():"
    processor = spm.SentencePieceProcessor(model_file=str(export.to_sentencepiece(ours, tmp_path / "code.model")))
    texts = code + ["    def __init__(self):", "\tx = 1  # two spaces", "  ", ""]
    assert all(processor.encode(text) == ours.encode(text) for text in texts)
    assert all(processor.decode(ours.encode(text)) == ours.decode(ours.encode(text)) == text for text in texts)
    record_parity("SentencePiece BPE trainer, spaces kept: code as a .model, SentencePieceProcessor vs our ids",
                  len(texts), sum(len(ours.encode(text)) for text in texts))
    default = sentencepiece_bpe.train(lines, 1200)  # spaces tidied: indentation is lost
    assert default.decode(default.encode("    def f():")) == "def f():"


def test_a_model_is_written_with_its_normaliser(tmp_path):
    """A model whose switches differ from SentencePiece's defaults is written with them: SentencePiece reads it and
    gives our ids."""
    pieces = [("<unk>", 0.0, UNKNOWN), ("▁a", -0.0, NORMAL), ("a", -1.0, NORMAL), ("▁", -2.0, NORMAL)]
    switches = {"name": "identity", "add_dummy_prefix": False, "remove_extra_whitespaces": False,
                "escape_whitespaces": True}
    ours = sentencepiece_bpe.SentencePieceBPE(pieces, switches, False)
    path = export.to_sentencepiece(ours, tmp_path / "m.model")
    processor = spm.SentencePieceProcessor(model_file=str(path))
    for text in ["a", " a", "a  a ", "aa", "", " "]:
        assert processor.encode(text) == ours.encode(text), text
    assert sentencepiece_bpe.load(path).normalizer == ours.normalizer
