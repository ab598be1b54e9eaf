"""What the merge explorer shows at each step, checked without a browser."""

from bpe_lab import bpe, plots, widgets

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


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
    assert curve["bytes_per_token"][0] == 1.0 and curve["bytes_per_token"][-1] == 113 / 45


def test_end_of_word_marker_adds_no_bytes():
    result = bpe.train({("l", "o", "w", "</w>"): 5}, 3)
    curve = widgets.compression_view(result, end_of_word="</w>")
    assert curve["symbols"] == [20, 15, 10, 5]
    assert curve["bytes_per_token"] == [15 / 20, 15 / 15, 15 / 10, 15 / 5]
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


def test_token_inspector_content_and_switching():
    from bpe_lab import gpt2
    from bpe_lab.tokenizer import Tokenizer

    view = widgets.inspect_tokens(gpt2.load(), "Hello world<|endoftext|>")
    assert view["tokens"] == [(15496, b"Hello"), (995, b" world"), (50256, b"<|endoftext|>")]
    assert view["count"] == 3 and view["bytes"] == 24 and view["bytes_per_token"] == 8.0
    assert widgets.inspect_tokens(Tokenizer(), "")["count"] == 0

    built = []

    def slow_bytes_only():
        built.append(1)
        return Tokenizer()

    inspector = widgets.token_inspector({"GPT-2": gpt2.load(), "bytes": slow_bytes_only}, "strawberry")
    assert "<b>3</b> tokens" in inspector.summary.value and built == []  # GPT-2: st|raw|berry
    inspector.choice.value = "bytes"
    assert "<b>10</b> tokens" in inspector.summary.value and built == [1]
    inspector.text_box.value = "é"
    assert "⟨c3⟩" in inspector.chips.value and "<b>2</b> tokens" in inspector.summary.value
    inspector.choice.value = "GPT-2"
    inspector.choice.value = "bytes"
    assert built == [1]  # built once


def test_token_inspector_bad_input():
    import pytest

    with pytest.raises(ValueError, match="non-empty dict"):
        widgets.token_inspector({})
    with pytest.raises(TypeError, match="must be a bpe_lab Tokenizer"):
        widgets.inspect_tokens("gpt2", "text")


def test_wordpiece_explorer():
    from bpe_lab import wordpiece

    result = wordpiece.train(HUG, 20)
    views = widgets.wordpiece_corpus_views(result)
    assert views[0].startswith("Step 0:") and "      12  pun   p ##u ##n" in views[0]
    assert views[1].startswith("Step 1: merged ##g + ##s -> ##gs   score 5 / (20 x 5) = 0.05")
    bars = widgets.wordpiece_histogram_view(result, 0)
    assert bars[0] == (("##g", "##s"), 0.05, True)
    explorer = widgets.wordpiece_explorer(result, "hugs")
    assert "(4 pieces" in explorer.word_out.value  # h ##u ##g ##s before any merge
    explorer.slider.value = 3
    assert "(2 pieces" in explorer.word_out.value and "pair scores after 3 merges" in explorer.histogram_out.value
    assert "0.05" in explorer.histograms[0]


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
