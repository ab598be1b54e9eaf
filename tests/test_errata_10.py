"""Notebook 10's claims (issues 28 and 29), recomputed with tokenizers, transformers, SentencePiece and bpe_lab,
offline, on small tokenizers trained here on the start of the novel (and, for code, a few lines of Python)."""

import os
from collections import Counter

import pytest
import sentencepiece as spm
import tokenizers

from bpe_lab import bert, corpus, export, pretokenize, sentencepiece_bpe, unigram, wordpiece
from bpe_lab.export import hf_wordpiece
from bpe_lab.sentencepiece import model_file

os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

CODE = ("class Point:\n    def __init__(self, x):\n        self.x = x\n\n"
        "    def norm(self):\n        return abs(self.x)\n")


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("exported")
    text = corpus.load_text("pride_and_prejudice.txt")[:40_000]
    words = Counter(w for line in text.splitlines() for w in bert.bert_pre_tokenize(bert.bert_normalize(line)))
    vocab = wordpiece.fast_train(words, 400).vocab
    log_probs = unigram.train(text, 400, seed_factor=2, shrink=0.5, em_iterations=1).log_probs
    (folder / "bert").mkdir()
    return {"vocab": vocab, "log_probs": log_probs, "text": text,
            "wordpiece": export.to_hf(vocab, folder / "wordpiece"),
            "vocab.txt": hf_wordpiece.write_vocab_txt(vocab, folder / "bert" / "vocab.txt"),
            "unigram": export.to_hf(log_probs, folder / "unigram"),
            "model": export.to_sentencepiece(log_probs, folder / "unigram.model"), "folder": folder}


def unigram_ours(log_probs):
    """Notebook 10's unigram_at: the Unigram as SentencePiece runs it, with the exported files' ids."""
    return unigram.SentencePieceModel(model_file.model_pieces(log_probs), normalizer="identity",
                                      add_dummy_prefix=True, remove_extra_whitespaces=True, escape_whitespaces=True)


def test_gpt4_cuts_the_line_break_off_the_indentation():
    """Cell 6: both patterns keep a run of spaces together; only GPT-2's joins a line break to the indentation after it."""
    code = "    total = 0\n    for x in xs:\n        total += x\n"
    gpt2, gpt4 = pretokenize.split(code, "gpt2"), pretokenize.split(code, "gpt4")
    assert gpt2[:5] == ["   ", " total", " =", " 0", "\n   "] and "\n       " in gpt2
    assert gpt4[:7] == ["   ", " total", " =", " ", "0", "\n", "   "] and ":\n" in gpt4 and "       " in gpt4


def test_section_2_decodes_as_the_exported_files_do(files):
    """Section 2: wordpiece.decode is the exported WordPiece decoder, cleanup included (the hand-written glue it
    replaced gave 'dog , and'); the Unigram decodes as SentencePiece: a line break, which no piece holds, is
    ' ⁇ ' in sentencepiece, tokenizers, transformers and ours alike with special tokens kept (issue 29: it was
    ' ⁇ ', '<unk>' and nothing)."""
    from transformers import AutoTokenizer

    exported = tokenizers.Tokenizer.from_file(str(files["wordpiece"] / "tokenizer.json"))
    assert exported.decoder.decode(["dog", ",", "and"]) == wordpiece.decode(["dog", ",", "and"]) == "dog, and"
    ours = unigram_ours(files["log_probs"])
    processor = spm.SentencePieceProcessor(model_file=str(files["model"]))
    text = "Her sister\n    was\tthere."
    ids = ours.encode(text)
    assert ids == processor.encode(text)
    assert not any("\n" in piece for piece in files["log_probs"])  # unigram.train splits at whitespace
    decoded = ours.decode(ids)
    assert decoded == "Her sister ⁇  was ⁇ there." == processor.decode(ids)
    in_tokenizers = tokenizers.Tokenizer.from_file(str(files["unigram"] / "tokenizer.json"))
    assert in_tokenizers.decode(ids, skip_special_tokens=False) == decoded
    assert AutoTokenizer.from_pretrained(files["unigram"]).decode(ids) == decoded  # transformers keeps them
    # tokenizers skips special tokens by default, "<unk>" among them: ours without its ids
    assert in_tokenizers.decode(ids) == ours.decode([i for i in ids if i != ours.unk_id]) == "Her sister wasthere."


def test_the_special_token_rule_holds_for_wordpiece_and_unigram(files):
    """Section 5: a typed [CLS] or <s> is the special id by default (as export.encode_with_specials) and characters
    with split_special_tokens=True (as ours and the .model). Before issue 29 the Unigram file read '<s>' as a
    piece it could choose even with split_special_tokens=True; now both kinds give our ids both ways."""
    from transformers import AutoTokenizer

    ids = {piece: i for i, piece in enumerate(files["vocab"])}

    def wordpiece_encode(text):
        return [ids[piece] for piece in bert.bert_tokenize(text, ids)]

    ours = unigram_ours(files["log_probs"])
    model = spm.SentencePieceProcessor(model_file=str(files["model"]))
    for obj, folder, encode, text in [(files["vocab"], files["wordpiece"], wordpiece_encode, "see [CLS] and [SEP]"),
                                      (files["log_probs"], files["unigram"], ours.encode, "see <s> and <unk>")]:
        exported = AutoTokenizer.from_pretrained(folder)
        by_default = exported(text, add_special_tokens=False)["input_ids"]
        assert by_default == export.encode_with_specials(encode, text, export.special_tokens(obj)) != encode(text)
        assert exported(text, add_special_tokens=False, split_special_tokens=True)["input_ids"] == encode(text)
    assert model.encode("see <s> and <unk>") == ours.encode("see <s> and <unk>")
    assert model.piece_to_id("<s>") not in model.encode("see <s> and <unk>")


def test_vocab_txt_needs_a_folder_of_its_own_and_from_pretrained(files, tmp_path):
    """Section 5: BertTokenizer.from_pretrained(folder) reads vocab.txt, and a folder's tokenizer.json instead
    when it holds one; BertTokenizer(vocab_file=...) ignores the file in transformers 5 (five special tokens)."""
    import transformers
    from transformers import BertTokenizer

    ids = {piece: i for i, piece in enumerate(files["vocab"])}
    text = files["text"][:2000]
    loaded = BertTokenizer.from_pretrained(files["vocab.txt"].parent)
    assert len(loaded) == len(files["vocab"])
    assert loaded(text, add_special_tokens=False)["input_ids"] == [ids[p] for p in bert.bert_tokenize(text, ids)]
    assert loaded.decode(loaded(text)["input_ids"], skip_special_tokens=True) == \
        wordpiece.decode(bert.bert_tokenize(text, ids))
    both = export.to_hf(files["vocab"], tmp_path / "both")
    hf_wordpiece.write_vocab_txt(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "x"], both / "vocab.txt")
    assert len(BertTokenizer.from_pretrained(both)) == len(files["vocab"])  # the tokenizer.json, not vocab.txt
    if int(transformers.__version__.split(".")[0]) >= 5:
        assert len(BertTokenizer(vocab_file=str(files["vocab.txt"]))) == 5


def test_sentencepiece_bpe_keeps_indentation_only_when_asked(files, tmp_path):
    """Section 5: sentencepiece_bpe.train(..., remove_extra_whitespaces=False) written by export.to_sentencepiece
    gives code back through SentencePiece ('    def __init__' exactly); the default makes the indentation one ▁
    and drops it at the start. No piece is made of spaces alone (Llama 2's allow_whitespace_only_pieces would)."""
    lines = files["text"][:20_000].splitlines() + CODE.splitlines() * 20
    kept = sentencepiece_bpe.train(lines, 600, remove_extra_whitespaces=False)
    tidy = sentencepiece_bpe.train(lines, 600)
    processor = spm.SentencePieceProcessor(model_file=str(export.to_sentencepiece(kept, tmp_path / "kept.model")))
    for text in ["    def __init__", CODE]:
        assert processor.encode(text) == kept.encode(text)
        assert processor.decode(processor.encode(text)) == text == kept.decode(kept.encode(text))
    assert tidy.decode(tidy.encode("    def __init__")) == "def __init__"
    assert not any(len(piece) > 1 and set(piece) == {"▁"} for piece, _, _ in kept.pieces)
    assert processor.encode("    def", out_type=str)[:4] == ["▁"] * 4
