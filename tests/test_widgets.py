"""What the merge explorer shows at each step, checked without a browser."""

import pytest

from bpe_lab import bpe, plots, widgets

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


@pytest.fixture(scope="module")
def gpt2_tokenizer():
    """GPT-2's tokenizer, read from data/ once for the module (the widgets only encode with it)."""
    from bpe_lab import gpt2

    return gpt2.load()


def test_corpus_view_at_each_step():
    result = bpe.train(HUG, 4)
    views = widgets.corpus_views(result)
    assert views == [widgets.corpus_view(result, k) for k in range(5)]
    assert views[0].splitlines()[0] == "Step 0: no merges yet, every word is split into single symbols."
    assert "      12  pun   p u n" in views[0]
    assert views[1].splitlines()[0] == "Step 1: merged u + g -> ug (count 20)"
    assert "       5  hugs  h ug s" in views[1]
    assert "      12  pun   pun" in views[4]
    assert "62 symbols in the corpus (113 before any merge)" in views[3]


def test_corpus_view_shows_the_most_frequent_words_of_a_large_corpus():
    result = bpe.train({f"w{i}": i for i in range(1, 30)}, 2)
    view = widgets.corpus_view(result, 2, limit=3)
    assert "showing the 3 most frequent words" in view
    assert view.splitlines()[-1].split()[:2] == ["27", "w27"]


def test_histogram_view_highlights_the_winner():
    result = bpe.train(HUG, 5)
    bars = widgets.histogram_view(result, 0)
    assert bars[0] == (("u", "g"), 20, True)
    assert [winner for _, _, winner in bars].count(True) == 1
    assert [count for _, count, _ in bars] == sorted((count for _, count, _ in bars), reverse=True)
    # step 4 is a tie at 5: the bars keep the smaller pair first and mark it
    assert widgets.histogram_view(result, 4)[:2] == [(("hug", "s"), 5, True), (("p", "ug"), 5, False)]
    # after the last merge learned, the pair the next merge would choose is marked
    assert widgets.histogram_view(result, 5)[0] == (("p", "ug"), 5, True)
    # the winner stays visible even when the limit is small
    assert any(winner for _, _, winner in widgets.histogram_view(result, 2, limit=1))


def test_histogram_is_empty_when_nothing_is_left():
    result = bpe.train(HUG, 10)
    assert widgets.histogram_view(result, result.num_merges) == []


def test_word_view_and_compression_view():
    result = bpe.train(HUG, 5)
    assert widgets.word_view(result, 0, "hugs") == [["h", "u", "g", "s"]]
    assert widgets.word_view(result, 5, "hugs  pugs") == [["hugs"], ["p", "ug", "s"]]
    assert widgets.word_view(result, 5, "") == []
    curve = widgets.compression_view(result)
    assert curve["merges"] == [0, 1, 2, 3, 4, 5]
    assert curve["symbols"] == [113, 93, 77, 62, 50, 45]
    # bytes per token counts every byte of the text, spaces included: 113 letters + 35 spaces between 36 words
    assert curve["bytes_per_token"][0] == 148 / 113 and curve["bytes_per_token"][-1] == 148 / 45


def test_end_of_word_marker_adds_no_bytes():
    result = bpe.train({("l", "o", "w", "</w>"): 5}, 3)
    curve = widgets.compression_view(result, end_of_word="</w>")
    assert curve["symbols"] == [20, 15, 10, 5]
    assert curve["bytes_per_token"] == [19 / 20, 19 / 15, 19 / 10, 19 / 5]  # "low low low low low": 15 + 4 spaces
    assert widgets.word_view(result, 3, "low lo", end_of_word="</w>") == [["low</w>"], ["lo", "</w>"]]


def test_html_histogram_shows_every_bar_and_marks_the_winner():
    result = bpe.train(HUG, 5)
    page = plots.html_pair_histogram(widgets.histogram_view(result, 0), "pair counts after 0 merges")
    assert page.count('class="bpe-bar') == 6 and page.count("bpe-winner") == 1
    assert page.index("u + g") < page.index("p + u")  # most frequent first
    assert "&lt;/w&gt;" in plots.html_pair_histogram([(("t", "</w>"), 3, True)], "t")  # escaped
    assert "no pairs left" in plots.html_pair_histogram([], "done")


def test_explorer_moves_and_redraws():
    explorer = widgets.merge_explorer(HUG, 5, word="hugs")
    assert explorer.slider.max == 5 and explorer.slider.value == 0
    assert "h</span>" in explorer.word_out.value and "(4 tokens)" in explorer.word_out.value
    first_histogram = explorer.histogram_out.value
    first_png = explorer.figure.render(0, "step 0")
    explorer.slider.value = 3  # as a student dragging the slider
    assert "(2 tokens)" in explorer.word_out.value and ">hug</span>" in explorer.word_out.value
    assert explorer.histogram_out.value == explorer.histograms[3] != first_histogram
    assert "pair counts after 3 merges" in explorer.histogram_out.value
    assert explorer.last_redraw_seconds is not None
    explorer.show(5)
    assert explorer.slider.value == 5 and "(1 token)" in explorer.word_out.value
    assert "would be next" in explorer.histogram_out.value
    explorer.word_box.value = "bugs"
    assert "(3 tokens)" in explorer.word_out.value
    explorer.word_box.value = "  "
    assert "type a word" in explorer.word_out.value
    later_png = explorer.figure.render(3, "step 3")
    assert first_png.startswith(b"\x89PNG") and later_png != first_png


def test_token_inspector_content_and_switching(gpt2_tokenizer):
    from bpe_lab.tokenizer import Tokenizer

    view = widgets.inspect_tokens(gpt2_tokenizer, "Hello world<|endoftext|>")
    assert view["tokens"] == [(15496, b"Hello"), (995, b" world"), (50256, b"<|endoftext|>")]
    assert view["count"] == 3 and view["bytes"] == 24 and view["bytes_per_token"] == 8.0
    assert widgets.inspect_tokens(Tokenizer(), "")["count"] == 0

    built = []

    def slow_bytes_only():
        built.append(1)
        return Tokenizer()

    inspector = widgets.token_inspector({"GPT-2": gpt2_tokenizer, "bytes": slow_bytes_only}, "strawberry")
    assert "<b>3</b> tokens" in inspector.summary.value and built == []  # GPT-2: st|raw|berry
    inspector.choice.value = "bytes"
    assert "<b>10</b> tokens" in inspector.summary.value and built == [1]
    inspector.text_box.value = "é"
    assert "⟨c3⟩" in inspector.chips.value and "<b>2</b> tokens" in inspector.summary.value
    inspector.choice.value = "GPT-2"
    inspector.choice.value = "bytes"
    assert built == [1]  # built once


def test_compare_tokens(gpt2_tokenizer):
    from bpe_lab.tokenizer import Tokenizer

    view = widgets.compare_tokens(gpt2_tokenizer, "Hello world", "Hello world ")
    assert view["first"] == widgets.inspect_tokens(gpt2_tokenizer, "Hello world")
    assert [i for i, _ in view["second"]["tokens"]] == [15496, 995, 220]  # the trailing space: a token of its own
    assert view["same_start"] == 2
    assert view["difference"] == ("2 vs 3 tokens. The first 2 are the same (up to ' world'); "
                                  "from token 3: nothing vs ' '.")
    view = widgets.compare_tokens(gpt2_tokenizer, "Hello world", " Hello world")
    assert view["same_start"] == 0 and view["difference"] == (
        "2 vs 2 tokens. They differ from token 1: 'Hello', ' world' vs ' Hello', ' world'.")
    assert widgets.compare_tokens(Tokenizer(), "ab", "ab")["difference"] == "The same 2 tokens in both."
    assert widgets.compare_tokens(Tokenizer(), "", "")["difference"] == "The same 0 tokens in both."
    long = widgets.compare_tokens(Tokenizer(), "abcdef", "ab")  # at most 3 tokens of each are listed
    assert long["difference"] == "6 vs 2 tokens. The first 2 are the same (up to 'b'); from token 3: 'c', 'd', 'e', … vs nothing."
    cut = widgets.compare_tokens(Tokenizer(), "é", "e")  # cut characters shown as ⟨hex⟩, as in the chips
    assert cut["difference"] == "2 vs 1 tokens. They differ from token 1: '⟨c3⟩', '⟨a9⟩' vs 'e'."


def test_token_inspector_compare_box(gpt2_tokenizer):
    from bpe_lab.tokenizer import Tokenizer

    plain = widgets.token_inspector({"GPT-2": gpt2_tokenizer}, "Hello world")
    assert plain.compare_box is None and len(plain.widget.children) == 4  # no compare: as before

    inspector = widgets.token_inspector({"GPT-2": gpt2_tokenizer, "bytes": Tokenizer()}, "Hello world",
                                        compare="Hello world ")
    children = inspector.widget.children
    assert children.index(inspector.text_box) + 1 == children.index(inspector.compare_box)  # the box below the first
    assert children.index(inspector.chips) + 2 == children.index(inspector.compare_chips)  # tokens one above the other
    assert "<b>2</b> tokens" in inspector.summary.value and "<b>3</b> tokens" in inspector.compare_summary.value
    assert inspector.compare_chips.value.count('class="bpe-chip"') == 3 and "␣" in inspector.compare_chips.value
    assert "from token 3: nothing vs &#x27; &#x27;" in inspector.difference.value
    inspector.choice.value = "bytes"  # both redrawn with the chosen tokenizer
    assert "<b>11</b> tokens" in inspector.summary.value and "<b>12</b> tokens" in inspector.compare_summary.value
    assert inspector.difference.value.startswith("11 vs 12 tokens. The first 11 are the same")
    inspector.compare_box.value = "Hello world"
    assert inspector.difference.value == "The same 11 tokens in both."
    inspector.compare_box.value = ""
    assert "type or paste any text in the compare box" in inspector.compare_summary.value
    assert inspector.compare_chips.value == "" and inspector.difference.value == ""
    inspector.compare_box.value = "a\ud800"
    assert "lone surrogate" in inspector.compare_summary.value and inspector.difference.value == ""
    assert "<b>11</b> tokens" in inspector.summary.value  # the first text is unaffected


def test_token_inspector_bad_input():
    import pytest

    with pytest.raises(ValueError, match="non-empty dict"):
        widgets.token_inspector({})
    with pytest.raises(TypeError, match="must be a bpe_lab Tokenizer"):
        widgets.inspect_tokens("gpt2", "text")
    with pytest.raises(TypeError, match="compare must be a str .* or None for one text box, got int"):
        widgets.token_inspector({"bytes": _bytes_tokenizer()}, "x", compare=5)
    with pytest.raises(TypeError, match="other must be a str, got NoneType"):
        widgets.compare_tokens(_bytes_tokenizer(), "x", None)


def _bytes_tokenizer():
    from bpe_lab.tokenizer import Tokenizer

    return Tokenizer()


def test_wordpiece_explorer():
    from bpe_lab import wordpiece

    result = wordpiece.train(HUG, 20, score="ratio")
    views = widgets.wordpiece_corpus_views(result)
    assert views[0].startswith("Step 0:") and "      12  pun   p ##u ##n" in views[0]
    assert views[1].startswith("Step 1: merged ##g + ##s -> ##gs   ratio 5 / (20 x 5) = 0.05")
    bars = widgets.wordpiece_histogram_view(result, 0)
    assert bars[0] == (("##g", "##s"), 0.05, True)
    explorer = widgets.wordpiece_explorer(result, "hugs")
    assert "(4 pieces" in explorer.word_out.value  # h ##u ##g ##s before any merge
    explorer.slider.value = 3
    assert "(2 pieces" in explorer.word_out.value and "pair scores after 3 merges" in explorer.histogram_out.value
    assert "0.05" in explorer.histograms[0] and "count(ab) / (count(a) x count(b))" in explorer.histograms[0]


def test_wordpiece_explorer_shows_each_rule_in_its_own_words():
    """The head line and the x label are the run's own rule; negative likelihood gains are drawn, not refused."""
    from bpe_lab import wordpiece

    heads = {"likelihood": "Step 1: merged ##u + ##g -> ##ug   likelihood gain 28.02 (count 20; ##u 36, ##g 20)",
             "ratio": "Step 1: merged ##g + ##s -> ##gs   ratio 5 / (20 x 5) = 0.05",
             "frequency": "Step 1: merged ##u + ##g -> ##ug   count 20"}
    for rule, head in heads.items():
        result = wordpiece.train(HUG, 20, score=rule)
        explorer = widgets.wordpiece_explorer(result, "hugs bugs")
        assert explorer.texts[1].splitlines()[0] == head
        assert widgets.wordpiece_merges.SCORE_LABELS[rule] in explorer.histograms[0]
        for k in range(len(result.steps) + 1):  # every step draws
            explorer.show(k)
            assert f"pair scores after {k} merges" in explorer.histogram_out.value
        assert explorer.vocab_at(len(result.steps)) == set(result.vocab)
    likelihood = wordpiece.train(HUG, 20)
    gains = [score for bars in (widgets.wordpiece_histogram_view(likelihood, k) for k in range(len(likelihood.steps)))
             for _, score, _ in bars]
    assert min(gains) < 0 < max(gains)  # the hug corpus has pairs whose merge lowers the likelihood
    negative = next(k for k in range(len(likelihood.steps))
                    if any(score < 0 for _, score, _ in widgets.wordpiece_histogram_view(likelihood, k)))
    page = widgets.wordpiece_explorer(likelihood).histograms[negative]
    assert "-" in page and "background:#444" in page  # a negative value, and the zero line it is drawn left of


def test_wordpiece_explorer_on_a_fast_train_result_shows_the_winner_alone():
    from bpe_lab import wordpiece

    fast = wordpiece.fast_train(HUG, 20)
    assert [s.pair for s in fast.steps] == wordpiece.train(HUG, 20).merges
    bars = widgets.wordpiece_histogram_view(fast, 0)
    assert bars == [(("##u", "##g"), fast.steps[0].score, True)]
    explorer = widgets.wordpiece_explorer(fast, "hugs")
    explorer.show(len(fast.steps))
    assert "(1 piece," in explorer.word_out.value  # hugs is one piece by the end


def test_viterbi_stepper_views():
    from bpe_lab import unigram

    cats = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "cats": -3.0,
            "at": -1.9, "ats": -2.1, "ts": -2.0}
    table = unigram.viterbi_table("cats", cats)
    start = widgets.viterbi_view(table, 0)
    assert "<svg" in start and "<tr><td>1</td>" not in start and "best segmentation" not in start
    middle = widgets.viterbi_view(table, 2)
    assert "ca: 0.00 + -1.80 = -1.80 ★" in middle and "<tr><td>3</td>" not in middle
    end = widgets.viterbi_view(table, 4)
    assert "best segmentation:</b> cats (log-probability -3.00)" in end and 'stroke="#000000" stroke-width="4"' in end
    stepper = widgets.viterbi_stepper("cats", cats)
    assert len(stepper.frames) == 5
    assert [child.value for child in stepper.stack.children] == stepper.frames
    assert _linked(stepper, stepper.slider, "value", stepper.stack, "selected_index")
    import pytest

    with pytest.raises(ValueError, match="k must be a position from 0 to 4"):
        widgets.viterbi_view(table, 5)


def _linked(box, source, source_attr, target, target_attr) -> bool:
    """Whether a jslink (kept by the browser, no kernel needed) joins source.attr to target.attr."""
    return any(link.source == (source, source_attr) and link.target == (target, target_attr) for link in box.links)


def test_frames_slider_links_the_slider_to_the_frames_in_the_browser():
    import ipywidgets as w
    import pytest

    box = widgets.frames_slider(["<b>a</b>", "<b>b</b>", "<b>c</b>"], "step")
    assert isinstance(box.stack, w.Stack) and box.stack.selected_index == 0
    assert box.slider.max == 2 and box.slider.description == "step"
    assert _linked(box, box.slider, "value", box.stack, "selected_index")
    labelled = widgets.frames_slider(["x", "y"], "vocabulary", labels=[1000, 2000], play=True)
    assert labelled.slider.options == ("1000", "2000")
    assert _linked(labelled, labelled.slider, "index", labelled.stack, "selected_index")
    player = labelled.children[0].children[0]
    assert isinstance(player, w.Play) and _linked(labelled, player, "value", labelled.slider, "index")
    with pytest.raises(ValueError, match="non-empty list of HTML strings"):
        widgets.frames_slider([], "step")
    with pytest.raises(ValueError, match="non-empty list of HTML strings"):
        widgets.frames_slider("<b>one</b>", "step")
    with pytest.raises(ValueError, match="one entry per frame"):
        widgets.frames_slider(["x", "y"], "step", labels=["a"])
    with pytest.raises(ValueError, match="distinct"):
        widgets.frames_slider(["x", "y"], "step", labels=["a", "a"])
    with pytest.raises(TypeError, match="description must be a str"):
        widgets.frames_slider(["x"], 3)


def test_merge_steps_precomputes_every_step():
    import pytest

    result = bpe.train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 4)
    frames = widgets.merge_step_frames(result, "hugs")
    assert len(frames) == 5 and all('data-step="%d"' % k in frame for k, frame in enumerate(frames))
    assert "pair counts after 0 merges" in frames[0] and "u + g" in frames[0]
    assert "<b>hugs</b> after 0 merges: 4 tokens" in frames[0]
    assert "<b>hugs</b> after 4 merges: 2 tokens" in frames[4]  # hug + s
    assert "merges learned" in frames[2] and "after 2 merges" in frames[2]
    box = widgets.merge_steps(result, word="hugs")
    assert box.frames == frames and _linked(box, box.slider, "value", box.stack, "selected_index")
    with pytest.raises(ValueError, match="pass num_merges"):
        widgets.merge_steps({"hug": 1})
    with pytest.raises(TypeError, match="word must be a str"):
        widgets.merge_step_frames(result, 5)


def test_svg_compression_curve_checks_its_input():
    import pytest

    from bpe_lab import plots

    svg = plots.svg_compression_curve([0, 1, 2], [1.0, 1.5, 2.0], 2)
    assert "2.00 bytes per token after 2 merges" in svg and 'role="img"' in svg
    with pytest.raises(ValueError, match="same length"):
        plots.svg_compression_curve([0, 1], [1.0], 0)
    with pytest.raises(ValueError, match="k must be a step from 0 to 1"):
        plots.svg_compression_curve([0, 1], [1.0, 1.5], 2)


def test_plot_style_is_readable_and_colour_blind_safe():
    import matplotlib as mpl

    from bpe_lab import plots

    with mpl.rc_context():
        plots.use_style()
        assert mpl.rcParams["font.size"] >= 12 and mpl.rcParams["axes.labelsize"] >= 12
        assert mpl.rcParams["axes.prop_cycle"].by_key()["color"] == plots.PALETTE
    # Okabe-Ito, and every series also differs by something other than colour.
    assert plots.PALETTE[:3] == ["#0072B2", "#D55E00", "#009E73"]
    assert len(set(plots.MARKERS)) == len(plots.MARKERS) and len(set(plots.HATCHES)) == len(plots.HATCHES)
    assert 'border:1px solid' in plots.html_chunks(["a", "b"])  # chips have visible boundaries


def test_explorer_on_byte_level_merges_splits_a_typed_word_into_bytes():
    """Notebook 03's explorer: a word typed into the box is split into UTF-8 bytes, as the merges are bytes
    (found by the browser test: it used to raise TypeError in the slider's observer)."""
    result = bpe.train({"café".encode(): 6, b"cafe": 3, "été".encode(): 2}, 4)
    explorer = widgets.merge_explorer(result, word="café")
    for k in range(result.num_merges + 1):
        explorer.show(k)
        assert "token" in explorer.word_out.value
    assert b"".join(widgets.word_view(result, 4, "café")[0]) == "café".encode()
    assert "café" in widgets.merge_step_frames(result, "café")[2]


# ------------------------------------------------------------------------------------------------
# Misuse: empty text, a whole novel pasted, text that could break the HTML
# ------------------------------------------------------------------------------------------------

def _novel() -> str:
    from bpe_lab import corpus

    return corpus.load_text("pride_and_prejudice.txt")  # 684,768 characters


def _chip_texts(value: str) -> list[str]:
    """The text of every chip (merge explorer boxes and plots.html_chunks chips) in a widget's HTML."""
    import re

    return re.findall(r"<span[^>]*>([^<]*)", value)


def _timed(action) -> float:
    import time

    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def test_word_view_is_bpe_encode_word_by_word():
    """word_view encodes each distinct word once with ranks built once: the same as bpe.encode per word."""
    text = "hugs pugs hugs  bun\nhug hugss xyz hugs"
    result = bpe.train(HUG, 6)
    for k in range(result.num_merges + 1):
        assert widgets.word_view(result, k, text) == [bpe.encode(w, result.merges[:k]) for w in text.split()]
    marked = bpe.train({("l", "o", "w", "</w>"): 5, ("l", "o", "w", "e", "r", "</w>"): 2}, 5)
    for k in range(6):
        assert widgets.word_view(marked, k, "low lower low", end_of_word="</w>") == [
            bpe.encode(tuple(w) + ("</w>",), marked.merges[:k]) for w in ["low", "lower", "low"]]
    byte_result = bpe.train({"café".encode(): 6, b"cafe": 3}, 4)
    for k in range(5):
        assert widgets.word_view(byte_result, k, "café cafe café") == [
            bpe.encode("café".encode(), byte_result.merges[:k]), bpe.encode(b"cafe", byte_result.merges[:k]),
            bpe.encode("café".encode(), byte_result.merges[:k])]
    views = widgets.word_view(result, 6, "hugs hugs")
    views[0].append("x")  # the lists handed out are separate: changing one leaves the other alone
    assert views[1] == widgets.word_view(result, 6, "hugs")[0]


def test_truncation_limits_are_documented_constants():
    assert widgets.MERGE_EXPLORER_MAX_CHARS == widgets.WORDPIECE_EXPLORER_MAX_CHARS == 500
    assert widgets.TOKEN_INSPECTOR_MAX_BYTES == 2_000
    for name in ["MERGE_EXPLORER_MAX_CHARS", "WORDPIECE_EXPLORER_MAX_CHARS", "TOKEN_INSPECTOR_MAX_BYTES"]:
        assert name in widgets.__doc__ and name in widgets.__all__
    assert widgets.common.truncated("short", 10) == ("short", "")
    shown, note = widgets.common.truncated("a" * 30, 10)  # no space to cut at: cut at the limit
    assert shown == "a" * 10 and "showing the first 10 characters of 30" in note
    shown, note = widgets.common.truncated("word " * 10, 11)  # cut at the last space, not inside a word
    assert shown == "word word" and "showing the first 9 characters of 50" in note
    shown, note = widgets.common.truncated("🎉" * 30, 10, "UTF-8 bytes")  # 4 bytes each: 2 fit
    assert shown == "🎉🎉" and "showing the first 2 characters of 30" in note and "10 UTF-8 bytes" in note
    assert widgets.common.truncated("🎉" * 3, 12, "UTF-8 bytes") == ("🎉" * 3, "")


def test_empty_text_gives_a_friendly_prompt(gpt2_tokenizer):
    from bpe_lab import wordpiece

    for word in ["", "   ", "\n\t"]:
        explorer = widgets.merge_explorer(HUG, 3, word=word)
        assert explorer.word_out.value == "<i>type a word to see how the first k merges split it</i>"
        explorer.show(3)
        assert "type a word" in explorer.word_out.value
        wp = widgets.wordpiece_explorer(wordpiece.train(HUG, 20), word)
        assert "type a word: it is split by greedy longest match" in wp.word_out.value
    inspector = widgets.token_inspector({"GPT-2": gpt2_tokenizer}, "")
    assert "type or paste any text above" in inspector.summary.value and inspector.chips.value == ""
    inspector.text_box.value = "  "  # spaces are text too: they have tokens
    assert "<b>2</b> bytes" in inspector.summary.value and "␣" in inspector.chips.value
    inspector.text_box.value = ""
    assert "type or paste any text above" in inspector.summary.value and inspector.chips.value == ""


def test_merge_explorer_with_a_novel_pasted_shows_its_start_and_says_so():
    result = bpe.train(HUG, 5)
    novel = _novel()
    explorer = widgets.merge_explorer(result, word="")
    explorer.show(5)
    seconds = _timed(lambda: setattr(explorer.word_box, "value", novel))
    value = explorer.word_out.value
    shown, _ = widgets.common.truncated(novel, widgets.MERGE_EXPLORER_MAX_CHARS)
    assert len(shown) <= widgets.MERGE_EXPLORER_MAX_CHARS < len(novel)
    assert f"showing the first {len(shown):,} characters of {len(novel):,}" in value
    count = sum(len(symbols) for symbols in widgets.word_view(result, 5, shown))
    assert f"({count:,} tokens)" in value and len(_chip_texts(value)) == count
    assert len(value) < 100_000
    slider = _timed(lambda: explorer.show(2))  # the slider redraws the word too
    assert "showing the first" in explorer.word_out.value
    explorer.word_box.value = "hugs"
    tokens = len(widgets.word_view(result, 2, "hugs")[0])
    assert "showing the first" not in explorer.word_out.value and f"({tokens} tokens)" in explorer.word_out.value
    print(f"\nmerge explorer, novel pasted: {1000 * seconds:.1f} ms; slider move with it: {1000 * slider:.1f} ms")


def test_wordpiece_explorer_with_a_novel_pasted_shows_its_start_and_says_so():
    from bpe_lab import wordpiece

    result = wordpiece.train(HUG, 20)
    novel = _novel()
    explorer = widgets.wordpiece_explorer(result)
    explorer.slider.value = explorer.slider.max
    seconds = _timed(lambda: setattr(explorer.word_box, "value", novel))
    value = explorer.word_out.value
    shown, _ = widgets.common.truncated(novel, widgets.WORDPIECE_EXPLORER_MAX_CHARS)
    assert f"showing the first {len(shown):,} characters of {len(novel):,}" in value
    vocab = explorer.vocab_at(explorer.slider.max)
    pieces = [p for word in shown.lower().split() for p in wordpiece.tokenize(word, vocab)]
    assert f"({len(pieces):,} pieces" in value and len(value) < 100_000
    print(f"\nWordPiece explorer, novel pasted: {1000 * seconds:.1f} ms")


def test_token_inspector_with_a_novel_pasted_shows_its_start_and_says_so(gpt2_tokenizer):
    novel = _novel()
    inspector = widgets.token_inspector({"GPT-2": gpt2_tokenizer}, "")
    seconds = _timed(lambda: setattr(inspector.text_box, "value", novel))
    shown, _ = widgets.common.truncated(novel, widgets.TOKEN_INSPECTOR_MAX_BYTES, "UTF-8 bytes")
    assert len(shown.encode()) <= widgets.TOKEN_INSPECTOR_MAX_BYTES
    assert f"showing the first {len(shown):,} characters of {len(novel):,}" in inspector.summary.value
    view = widgets.inspect_tokens(gpt2_tokenizer, shown)
    assert f"<b>{view['count']:,}</b> tokens" in inspector.summary.value
    assert inspector.chips.value.count('class="bpe-chip"') == view["count"] < len(novel) // 100
    assert inspector.text_box.value == novel  # the box keeps what was pasted
    inspector.text_box.value = "strawberry"
    assert "showing the first" not in inspector.summary.value
    emoji = _timed(lambda: setattr(inspector.text_box, "value", "🎉" * 5_000))  # 3 tokens each
    assert "showing the first 500 characters of 5,000" in inspector.summary.value
    assert inspector.chips.value.count('class="bpe-chip"') <= widgets.TOKEN_INSPECTOR_MAX_BYTES
    print(f"\ntoken inspector, novel pasted: {1000 * seconds:.1f} ms; 5,000 emoji: {1000 * emoji:.1f} ms")


def test_view_functions_do_not_truncate(gpt2_tokenizer):
    long = "hugs " * 2_000  # 10,000 characters, past every widget's limit
    assert len(widgets.word_view(bpe.train(HUG, 5), 5, long)) == 2_000
    assert widgets.inspect_tokens(gpt2_tokenizer, long)["bytes"] == 10_000


DANGEROUS = ["<script>alert(1)</script>", "a\x00b", "\x1b[31mred\x7f", "🎉 party", "x\ud800y", '"quoted" & \'single\'']


def _safe(value: str) -> None:
    """A widget's HTML: no live markup from the text, no invisible control characters, sendable as UTF-8."""
    assert "<script" not in value and "\x00" not in value and "\x1b" not in value
    value.encode("utf-8")  # a lone surrogate would make the kernel fail to send the update


def test_widgets_escape_what_is_typed(gpt2_tokenizer):
    from bpe_lab import wordpiece

    merge = widgets.merge_explorer(HUG, 5, word="")
    bytes_level = widgets.merge_explorer(bpe.train({"café".encode(): 6, b"cafe": 3}, 4), word="")
    wp = widgets.wordpiece_explorer(wordpiece.train(HUG, 20))
    inspector = widgets.token_inspector({"GPT-2": gpt2_tokenizer}, "")
    for text in DANGEROUS:
        for explorer in (merge, bytes_level):
            explorer.word_box.value = text
            _safe(explorer.word_out.value)
            assert "token" in explorer.word_out.value
        wp.word_box.value = text
        _safe(wp.word_out.value)
        inspector.text_box.value = text
        _safe(inspector.summary.value + inspector.chips.value)
    merge.word_box.value = "<script>alert(1)</script>"
    assert "&lt;" in merge.word_out.value and "&gt;" in merge.word_out.value
    merge.word_box.value = "a\x00b 🎉"
    assert _chip_texts(merge.word_out.value) == ["a", "␀", "b", "🎉"]
    merge.word_box.value = "x\ud800y"
    assert "⟨U+D800⟩" in merge.word_out.value
    wp.word_box.value = "a\x00b"
    assert "[UNK]" in wp.word_out.value  # not a word of the vocabulary; shown, not hidden
    inspector.text_box.value = "<script>"
    assert ["&lt;" in chip for chip in _chip_texts(inspector.chips.value)][:1] == [True]
    inspector.text_box.value = "a\x00b"
    assert "\\x00" in inspector.chips.value  # the NUL byte as a token, written out
    inspector.text_box.value = "x\ud800y"  # no UTF-8 bytes, so no tokens: said, not raised
    assert "lone surrogate" in inspector.summary.value and inspector.chips.value == ""
    for frame in widgets.merge_step_frames(bpe.train(HUG, 2), "<script>a\x00b"):
        _safe(frame)
        assert "&lt;script&gt;a␀b" in frame


def test_a_long_text_that_starts_blank_says_it_was_cut():
    from bpe_lab import wordpiece

    text = " " * 5_000 + "hugs"  # what is shown is blank, but the box is not
    explorer = widgets.merge_explorer(HUG, 3, word=text)
    assert "type a word" in explorer.word_out.value and "characters of 5,004" in explorer.word_out.value
    wp = widgets.wordpiece_explorer(wordpiece.train(HUG, 20), text)
    assert "type a word" in wp.word_out.value and "characters of 5,004" in wp.word_out.value
