"""Issue 28, notebook 01: the corrected claims, recomputed with bpe_lab and Hugging Face tokenizers (offline)."""

import json

import pytest
from conftest import ROOT
from tokenizers import Tokenizer, models, trainers

from bpe_lab import bpe, corpus

SENNRICH = {"low": 5, "lower": 2, "newest": 6, "widest": 3}
HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def largest_wins(words, num_merges):
    """subword-nmt's learn_bpe.py rule, max(stats, key=lambda x: (stats[x], x)): among tied pairs, the largest."""
    merges = []
    for _ in range(num_merges):
        counts = bpe.pair_counts(words)
        pair = max(counts, key=lambda p: (counts[p], p))
        words = {bpe.merge_pair(w, pair): c for w, c in words.items()}
        merges.append((pair, counts[pair]))
    return merges


def paper_algorithm_1(vocab, num_merges):
    """Sennrich et al. (2016), Algorithm 1, re-written: pairs counted in a dict in corpus order, max(pairs, key=get)."""
    merges = []
    for _ in range(num_merges):
        pairs = {}
        for word, freq in vocab.items():
            for pair in zip(word, word[1:]):
                pairs[pair] = pairs.get(pair, 0) + freq
        best = max(pairs, key=pairs.get)
        vocab = {bpe.merge_pair(word, best): freq for word, freq in vocab.items()}
        merges.append(best)
    return merges


def test_sennrich_counts_without_the_marker_start_with_es_9_est_9_lo_7():
    steps = bpe.train(SENNRICH, 3).steps
    assert [(s.pair, s.count) for s in steps] == [(("e", "s"), 9), (("es", "t"), 9), (("l", "o"), 7)]
    # and the plain text 'low low low lower lower lowest newest widest' is another corpus: it learns other merges
    assert bpe.train("low low low lower lower lowest newest widest", 3).merges != bpe.train(SENNRICH, 3).merges


def test_three_tie_rules_smallest_bpe_lab_first_the_paper_largest_subword_nmt():
    separate = corpus.symbol_counts(SENNRICH, end_of_word="</w>")
    attached = corpus.symbol_counts(SENNRICH, end_of_word="</w>", marker="attached")
    assert paper_algorithm_1(separate, 10) == bpe.train(separate, 10, tie_break="first").merges
    subword_nmt = largest_wins(attached, 10)
    smallest = bpe.train(attached, 10)
    assert sum(a != b for a, b in zip(smallest.merges, [p for p, _ in subword_nmt])) == 8
    assert subword_nmt[0] == (("s", "t</w>"), 9) and subword_nmt[2] == (("l", "o"), 7)
    assert smallest.steps[2].pair == ("l", "o") and smallest.steps[2].count == 7
    assert min(count for _, count in subword_nmt) >= 2  # subword-nmt's low-count stop would not bind here


def test_a_target_vocabulary_size_is_base_symbols_plus_merges_in_tokenizers_too():
    result = bpe.train(HUG, 12 - len(bpe.train(HUG, 0).base_symbols))
    assert len(result.vocab) == 12 and len(result.merges) == 5
    hf = Tokenizer(models.BPE())
    hf.train_from_iterator([" ".join(w for w, c in HUG.items() for _ in range(c))],
                           trainers.BpeTrainer(vocab_size=12, show_progress=False))
    assert hf.get_vocab_size() == 12  # 7 letters + 5 merges


@pytest.mark.parametrize("counts", ['{"cat": 3, "hat": 2}', '{"aaaa": 3, "ab": 2}', '{"low": 5, "lower": 2}'])
def test_sections_1_to_9_of_notebook_01_run_with_other_counts(counts):
    """'Edit the counts and re-run everything below': sections 1-9 (up to the novel) run on other counts
    (cell 13 used to look up ('p', 'ug') and raised KeyError)."""
    cells = json.loads((ROOT / "notebooks" / "01_bpe_from_scratch.ipynb").read_text(encoding="utf-8"))["cells"]
    cells = [(c["cell_type"], "".join(c["source"])) for c in cells]
    end = next(i for i, (_, source) in enumerate(cells) if source.startswith("## 10."))
    namespace = {}
    for cell_type, source in cells[:end]:
        if cell_type == "code":
            source = "\n".join(line for line in source.splitlines() if not line.startswith("%"))
            if source.startswith("hug_counts = "):
                source = source.replace(source.splitlines()[0], f"hug_counts = {counts}")
            exec(source, namespace)
    assert namespace["result"].merges == namespace["our_merges"]


def test_bytes_per_token_times_symbols_is_constant_so_one_axis_is_enough():
    result = bpe.train(HUG, 5)
    text_bytes = len(" ".join(w for w, c in HUG.items() for _ in range(c)).encode())
    from bpe_lab import widgets
    curve = widgets.compression_view(result)
    assert all(abs(b * n - text_bytes) < 1e-9 for b, n in zip(curve["bytes_per_token"], curve["symbols"]))


def test_running_text_merges_cross_word_boundaries_and_decoding_is_joining():
    novel = corpus.load_text("pride_and_prejudice.txt")
    start = novel.index("It is a truth")
    opening = " ".join(novel[start:start + 12_000].split())
    running = bpe.train({tuple(opening): 1}, 60)
    assert any(" " in step.new_symbol.strip() for step in running.steps)
    (tokens,) = running.corpus_after(60)
    assert "".join(tokens) == opening
