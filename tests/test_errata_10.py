"""Notebook 10's corrected claims (issue 28), recomputed with tokenizers, transformers, SentencePiece and bpe_lab,
offline, on small tokenizers trained here on the start of the novel."""

import os
from collections import Counter

import pytest
import sentencepiece as spm
import tokenizers

from bpe_lab import bert, corpus, export, pretokenize, unigram, wordpiece
from bpe_lab.sentencepiece import model_file

os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("exported")
    text = corpus.load_text("pride_and_prejudice.txt")[:40_000]
    words = Counter(w for line in text.splitlines() for w in bert.bert_pre_tokenize(bert.bert_normalize(line)))
    vocab = wordpiece.fast_train(words, 400).vocab
    log_probs = unigram.train(text, 400, seed_factor=2, shrink=0.5, em_iterations=1).log_probs
    return {"vocab": vocab, "log_probs": log_probs,
            "wordpiece": export.to_hf(vocab, folder / "wordpiece.json"),
            "unigram": export.to_hf(log_probs, folder / "unigram.json"),
            "model": export.to_sentencepiece(log_probs, folder / "unigram.model")}


def test_gpt4_cuts_the_line_break_off_the_indentation():
    """Cell 6: both patterns keep a run of spaces together; only GPT-2's joins a line break to the indentation after it."""
    code = "    total = 0\n    for x in xs:\n        total += x\n"
    gpt2, gpt4 = pretokenize.split(code, "gpt2"), pretokenize.split(code, "gpt4")
    assert gpt2[:5] == ["   ", " total", " =", " 0", "\n   "] and "\n       " in gpt2
    assert gpt4[:7] == ["   ", " total", " =", " ", "0", "\n", "   "] and ":\n" in gpt4 and "       " in gpt4


def test_the_exported_wordpiece_decoder_also_cleans_up(files):
    """Cell 8: the exported decoder is not only '##' glue and spaces: cleanup removes the space before punctuation,
    and special tokens such as [UNK] decode to nothing."""
    exported = tokenizers.Tokenizer.from_file(str(files["wordpiece"]))
    assert exported.decoder.decode(["dog", ",", "and"]) == "dog, and"
    assert " ".join(["dog", ",", "and"]).replace(" ##", "") == "dog , and"  # the notebook's glue
    assert exported.decode([files["vocab"].index("[UNK]")]) == ""


def test_special_token_text_becomes_special_ids_in_the_exported_files(files):
    """Cell 40: a typed [CLS] or <s> is the special id in the WordPiece / Unigram tokenizer.json, characters in
    ours and in the SentencePiece .model; split_special_tokens=True gives WordPiece's ids back."""
    from transformers import PreTrainedTokenizerFast

    ids = {piece: i for i, piece in enumerate(files["vocab"])}
    text = "see [CLS] and [SEP]"
    ours = [ids[piece] for piece in bert.bert_tokenize(text, set(files["vocab"]))]
    exported = PreTrainedTokenizerFast(tokenizer_file=str(files["wordpiece"]))
    by_default = exported(text, add_special_tokens=False)["input_ids"]
    assert ids["[CLS]"] in by_default and ids["[SEP]"] in by_default and by_default != ours
    assert exported(text, add_special_tokens=False, split_special_tokens=True)["input_ids"] == ours

    text = "see <s> and <unk>"
    unigram_ours = unigram.SentencePieceModel(model_file.model_pieces(files["log_probs"]), normalizer="identity",
                                              add_dummy_prefix=True, remove_extra_whitespaces=True, escape_whitespaces=True)
    in_file = tokenizers.Tokenizer.from_file(str(files["unigram"])).encode(text, add_special_tokens=False)
    assert "<s>" in in_file.tokens and in_file.ids != unigram_ours.encode_ids(text)
    model = spm.SentencePieceProcessor(model_file=str(files["model"]))
    assert model.encode(text) == unigram_ours.encode_ids(text) and model.piece_to_id("<s>") not in model.encode(text)
