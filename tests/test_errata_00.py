"""Issue 28, notebook 00: the corrected claims, recomputed with bpe_lab and Hugging Face tokenizers (offline)."""

import pytest
from tokenizers import Tokenizer, models, pre_tokenizers

from bpe_lab import bpe, corpus

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def test_the_novel_has_no_q_x_or_e_acute_so_a_character_bpe_trained_on_it_cannot_spell_cafe():
    text = corpus.load_text("pride_and_prejudice.txt")
    assert [c for c in "QXé" if c in set(text)] == []
    result = bpe.train({("c", "a", "f", "e"): 1, ("t", "e", "a"): 1}, 2)  # any vocabulary without 'é'
    assert bpe.encode("café", result.merges)[-1] == "é"  # merges alone pass it on, although no token holds it
    with pytest.raises(ValueError, match=r"'é' .* is not in the vocabulary"):
        bpe.encode("café", result.merges, vocab=result.vocab)
    assert bpe.encode("café", result.merges, vocab=result.vocab, unknown="[UNK]")[-1] == "[UNK]"


def test_the_hugging_face_course_mug_becomes_unk_ug_in_tokenizers_and_in_bpe_lab():
    """The LLM course, chapter 6, 'Byte-Pair Encoding tokenization': 'm' was never seen, so mug -> [UNK], ug."""
    result = bpe.train(HUG, 3)
    vocab = {symbol: i for i, symbol in enumerate(["[UNK]"] + result.vocab)}
    hf = Tokenizer(models.BPE(vocab=vocab, merges=result.merges, unk_token="[UNK]"))
    hf.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    assert hf.encode("mug").tokens == ["[UNK]", "ug"]
    assert bpe.encode("mug", result.merges, vocab=result.vocab, unknown="[UNK]") == ["[UNK]", "ug"]
