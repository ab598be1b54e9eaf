"""Bad-input rows for bpe_lab.widgets: one call per row (what a row checks: conftest.py)."""

from bpe_lab import widgets

from .conftest import HUG, LP, TR, FTR, WPR, TOK, TABLE, BERT, EXPLORER, WP_EXPLORER, INSPECTOR, TMP, Rows, missing, tmpfile

ROWS = Rows("widgets")
raises, documented = ROWS.raises, ROWS.documented

# the same rows for widgets.corpus_view and widgets.histogram_view
for fn in ("corpus_view", "histogram_view"):
    raises(f"widgets.{fn}", "result={'hug': 1}", lambda fn=fn: getattr(widgets, fn)({"hug": 1}, 0), TypeError,
        r"pass the result of bpe\.train\(\.\.\.\), got dict")
    raises(f"widgets.{fn}", "result=<a FastTrainResult>", lambda fn=fn: getattr(widgets, fn)(FTR(), 0), TypeError,
        r"pass the result of bpe\.train\(\.\.\.\), got FastTrainResult")
    raises(f"widgets.{fn}", "result=<a WordPieceResult>", lambda fn=fn: getattr(widgets, fn)(WPR(), 0), TypeError,
        r"pass the result of bpe\.train\(\.\.\.\), got WordPieceResult")
    raises(f"widgets.{fn}", "k=4", lambda fn=fn: getattr(widgets, fn)(TR(), 4), ValueError,
        r"k must be between 0 and 3")
    raises(f"widgets.{fn}", "k=-1", lambda fn=fn: getattr(widgets, fn)(TR(), -1), ValueError,
        r"k must be between 0 and 3")
    raises(f"widgets.{fn}", "k=1.5", lambda fn=fn: getattr(widgets, fn)(TR(), 1.5), TypeError,
        r"k must be a whole number")
    raises(f"widgets.{fn}", "limit=0", lambda fn=fn: getattr(widgets, fn)(TR(), 0, limit=0), ValueError,
        r"limit must be a whole number of at least 1, got 0")
    for bad, value in [("'3'", "3"), ("True", True), ("1.5", 1.5)]:
        raises(f"widgets.{fn}", f"limit={bad}", lambda fn=fn, v=value: getattr(widgets, fn)(TR(), 0, limit=v),
            TypeError, r"limit must be a whole number of at least 1")
raises("widgets.corpus_views", "result=5", lambda: widgets.corpus_views(5), TypeError, r"pass the result of bpe\.train")
raises("widgets.corpus_views", "limit=0", lambda: widgets.corpus_views(TR(), 0), ValueError,
    r"limit must be a whole number of at least 1")
raises("widgets.corpus_views", "limit=None", lambda: widgets.corpus_views(TR(), None), TypeError,
    r"limit must be a whole number")
raises("widgets.word_view", "text=['hug']", lambda: widgets.word_view(TR(), 1, ["hug"]), TypeError,
    r"text must be a str such as 'hugs', got list")
raises("widgets.word_view", "text=None", lambda: widgets.word_view(TR(), 1, None), TypeError, r"text must be a str")
raises("widgets.word_view", "k=9", lambda: widgets.word_view(TR(), 9, "hug"), ValueError, r"k must be between 0 and 3")
raises("widgets.word_view", "end_of_word=5", lambda: widgets.word_view(TR(), 1, "hug", end_of_word=5), TypeError,
    r"end_of_word must be a non-empty str such as '</w>' or None")
raises("widgets.word_view", "end_of_word=''", lambda: widgets.word_view(TR(), 1, "hug", end_of_word=""), ValueError,
    r"end_of_word must be a non-empty str")
raises("widgets.word_view", "result=<a FastTrainResult>", lambda: widgets.word_view(FTR(), 1, "hug"), TypeError,
    r"pass the result of bpe\.train")
documented("widgets.word_view", "text=''", lambda: widgets.word_view(TR(), 1, ""), lambda v: v == [], "[]",
    r"empty text gives \[\]")
raises("widgets.compression_view", "result=5", lambda: widgets.compression_view(5), TypeError,
    r"pass the result of bpe\.train")
raises("widgets.compression_view", "result=<a FastTrainResult>", lambda: widgets.compression_view(FTR()), TypeError,
    r"pass the result of bpe\.train")
raises("widgets.compression_view", "end_of_word=5", lambda: widgets.compression_view(TR(), end_of_word=5), TypeError,
    r"end_of_word must be a non-empty str such as '</w>' or None")
raises("widgets.compression_view", "raw_text=5", lambda: widgets.compression_view(TR(), raw_text=5), TypeError,
    r"raw_text must be a str, got int")
raises("widgets.compression_view", "raw_text='a\\ud800' (lone surrogate)",
    lambda: widgets.compression_view(TR(), raw_text="a\ud800"), ValueError, r"raw_text holds a lone surrogate U\+D800")
raises("widgets.MergeExplorer", "raw_text=b'hug'", lambda: widgets.MergeExplorer(TR(), raw_text=b"hug"), TypeError,
    r"raw_text must be a str")
raises("widgets.MergeExplorer", "result=5", lambda: widgets.MergeExplorer(5), TypeError,
    r"pass the result of bpe\.train")
raises("widgets.MergeExplorer", "word=5", lambda: widgets.MergeExplorer(TR(), word=5), TypeError,
    r"word must be a str such as 'hugs', got int")
raises("widgets.MergeExplorer", "top_words=0", lambda: widgets.MergeExplorer(TR(), top_words=0), ValueError,
    r"top_words must be a whole number of at least 1")
raises("widgets.MergeExplorer", "title=5", lambda: widgets.MergeExplorer(TR(), title=5), TypeError,
    r"title must be a str")
raises("widgets.MergeExplorer", "end_of_word=5", lambda: widgets.MergeExplorer(TR(), end_of_word=5), TypeError,
    r"end_of_word must be a non-empty str")
raises("widgets.MergeExplorer.show", "k=99", lambda: EXPLORER().show(99), ValueError, r"k must be between 0 and 3")
raises("widgets.MergeExplorer.show", "k='1'", lambda: EXPLORER().show("1"), TypeError, r"k must be a whole number")
raises("widgets.MergeExplorer.show", "k=-1", lambda: EXPLORER().show(-1), ValueError, r"k must be between 0 and 3")
raises("widgets.merge_explorer", "num_merges left out", lambda: widgets.merge_explorer(HUG), ValueError,
    r"pass num_merges, the number of merges to learn")
raises("widgets.merge_explorer", "num_merges with a result", lambda: widgets.merge_explorer(TR(), 3), ValueError,
    r"num_merges is already fixed by the training result; leave it out")
raises("widgets.merge_explorer", "num_merges='3'", lambda: widgets.merge_explorer(HUG, "3"), TypeError,
    r"num_merges must be a whole number")
raises("widgets.merge_explorer", "word=5", lambda: widgets.merge_explorer(HUG, 2, word=5), TypeError,
    r"word must be a str such as 'hugs'")
raises("widgets.merge_explorer", "top_words=0", lambda: widgets.merge_explorer(HUG, 2, top_words=0), ValueError,
    r"top_words must be a whole number of at least 1")
raises("widgets.merge_explorer", "top_pairs='3'", lambda: widgets.merge_explorer(HUG, 2, top_pairs="3"), TypeError,
    r"top_pairs must be a whole number")
raises("widgets.merge_explorer", "end_of_word=5", lambda: widgets.merge_explorer(HUG, 2, end_of_word=5), TypeError,
    r"end_of_word must be a non-empty str")
raises("widgets.merge_explorer", "raw_text=5", lambda: widgets.merge_explorer(HUG, 2, raw_text=5), TypeError,
    r"raw_text must be a str, got int")
raises("widgets.merge_explorer", "corpus_or_result=<a FastTrainResult>", lambda: widgets.merge_explorer(FTR()),
    TypeError, r"pass a corpus and num_merges, or the result of bpe\.train\(\.\.\.\), got FastTrainResult")
raises("widgets.inspect_tokens", "tokenizer=5", lambda: widgets.inspect_tokens(5, "x"), TypeError,
    r"tokenizer must be a bpe_lab Tokenizer, got int")
raises("widgets.inspect_tokens", "tokenizer=<a FastTrainResult>", lambda: widgets.inspect_tokens(FTR(), "x"), TypeError,
    r"tokenizer must be a bpe_lab Tokenizer")
raises("widgets.inspect_tokens", "tokenizer=<a BertTokenizer>", lambda: widgets.inspect_tokens(BERT(), "x"), TypeError,
    r"tokenizer must be a bpe_lab Tokenizer, got BertTokenizer")
raises("widgets.inspect_tokens", "text=5", lambda: widgets.inspect_tokens(TOK(), 5), TypeError,
    r"text must be a str, got int")
raises("widgets.inspect_tokens", "text='a\\ud800' (lone surrogate)", lambda: widgets.inspect_tokens(TOK(), "a\ud800"),
    ValueError, r"text contains a lone surrogate U\+D800 at index 1")
documented("widgets.inspect_tokens", "text=''", lambda: widgets.inspect_tokens(TOK(), ""),
    lambda v: v["count"] == 0 and v["bytes_per_token"] == 0.0, "count 0, bytes_per_token 0.0", r"empty text")
# the same rows for widgets.TokenInspector and widgets.token_inspector
for fn in ("TokenInspector", "token_inspector"):
    raises(f"widgets.{fn}", "tokenizers=5", lambda fn=fn: getattr(widgets, fn)(5), TypeError,
        r"tokenizers must be a (non-empty )?dict")
    raises(f"widgets.{fn}", "tokenizers={}", lambda fn=fn: getattr(widgets, fn)({}), ValueError,
        r"tokenizers must be a non-empty dict")
    raises(f"widgets.{fn}", "text=5", lambda fn=fn: getattr(widgets, fn)({"bytes": TOK()}, 5), TypeError,
        r"text must be a str, got int")
    raises(f"widgets.{fn}", "tokenizers={'x': 5}", lambda fn=fn: getattr(widgets, fn)({"x": 5}), TypeError,
        r"tokenizers\['x'\] must be a bpe_lab Tokenizer or a function returning one, got int")
    raises(f"widgets.{fn}", "compare=5", lambda fn=fn: getattr(widgets, fn)({"bytes": TOK()}, "x", compare=5),
        TypeError, r"compare must be a str \(the text of a second box, such as 'Hello world '\) or None for one text "
        r"box, got int")
    raises(f"widgets.{fn}", "compare=b'x'", lambda fn=fn: getattr(widgets, fn)({"bytes": TOK()}, "x", compare=b"x"),
        TypeError, r"compare must be a str .* got bytes")
    documented(f"widgets.{fn}", "compare=''", lambda fn=fn: getattr(widgets, fn)({"bytes": TOK()}, "x", compare=""),
        lambda v: v.compare_box is not None and "type or paste" in v.compare_summary.value,
        "a second, empty text box", r"or a str to show a second text box")
    documented(f"widgets.{fn}", "compare='a\\ud800' (lone surrogate)",
        lambda fn=fn: getattr(widgets, fn)({"bytes": TOK()}, "x", compare="a\ud800"),
        lambda v: "lone surrogate U+D800 at index 1" in v.compare_summary.value and v.difference.value == "",
        "the error shown under the second box", r"shows the error in place of its tokens")
raises("widgets.compare_tokens", "tokenizer=5", lambda: widgets.compare_tokens(5, "x", "y"), TypeError,
    r"tokenizer must be a bpe_lab Tokenizer, got int")
raises("widgets.compare_tokens", "text=5", lambda: widgets.compare_tokens(TOK(), 5, "y"), TypeError,
    r"text must be a str, got int")
raises("widgets.compare_tokens", "other=None", lambda: widgets.compare_tokens(TOK(), "x", None), TypeError,
    r"other must be a str, got NoneType")
raises("widgets.compare_tokens", "other='a\\ud800' (lone surrogate)", lambda: widgets.compare_tokens(TOK(), "x", "a\ud800"),
    ValueError, r"text contains a lone surrogate U\+D800 at index 1")
documented("widgets.compare_tokens", "text='', other=''", lambda: widgets.compare_tokens(TOK(), "", ""),
    lambda v: v["same_start"] == 0 and v["difference"] == "The same 0 tokens in both.", "'The same 0 tokens in both.'",
    r"inspect_tokens")
raises("widgets.TokenInspector.tokenizer", "name='nope'", lambda: INSPECTOR().tokenizer("nope"), ValueError,
    r"name must be one of \['bytes'\]")
raises("widgets.TokenInspector.tokenizer", "name=5", lambda: INSPECTOR().tokenizer(5), (TypeError, ValueError),
    r"name must be one of \['bytes'\]")
raises("widgets.wordpiece_corpus_views", "result=5", lambda: widgets.wordpiece_corpus_views(5), TypeError,
    r"pass the result of wordpiece\.train\(\.\.\.\), got int")
raises("widgets.wordpiece_corpus_views", "result=<a TrainResult>", lambda: widgets.wordpiece_corpus_views(TR()),
    TypeError, r"pass the result of wordpiece\.train\(\.\.\.\), got TrainResult")
raises("widgets.wordpiece_corpus_views", "limit=0", lambda: widgets.wordpiece_corpus_views(WPR(), 0), ValueError,
    r"limit must be a whole number of at least 1")
raises("widgets.wordpiece_histogram_view", "result=5", lambda: widgets.wordpiece_histogram_view(5, 0), TypeError,
    r"pass the result of wordpiece\.train")
raises("widgets.wordpiece_histogram_view", "result=<a TrainResult>", lambda: widgets.wordpiece_histogram_view(TR(), 0),
    TypeError, r"pass the result of wordpiece\.train")
raises("widgets.wordpiece_histogram_view", "k=-1", lambda: widgets.wordpiece_histogram_view(WPR(), -1), ValueError,
    r"k must be between 0 and 5, got -1")
raises("widgets.wordpiece_histogram_view", "k=99", lambda: widgets.wordpiece_histogram_view(WPR(), 99), ValueError,
    r"k must be between 0 and 5")
for bad, value in [("'1'", "1"), ("1.5", 1.5), ("True", True)]:
    raises("widgets.wordpiece_histogram_view", f"k={bad}", lambda v=value: widgets.wordpiece_histogram_view(WPR(), v),
        TypeError, r"k must be a whole number")
for bad, value, err in [("0", 0, ValueError), ("-1", -1, ValueError), ("'x'", "x", TypeError)]:
    raises("widgets.wordpiece_histogram_view", f"limit={bad}",
        lambda v=value: widgets.wordpiece_histogram_view(WPR(), 0, v), err,
        r"limit must be a whole number of at least 1")
raises("widgets.WordPieceExplorer", "result=5", lambda: widgets.WordPieceExplorer(5), TypeError,
    r"pass the result of wordpiece\.train")
raises("widgets.WordPieceExplorer", "result=<a TrainResult>", lambda: widgets.WordPieceExplorer(TR()), TypeError,
    r"pass the result of wordpiece\.train")
raises("widgets.WordPieceExplorer", "word=5", lambda: widgets.WordPieceExplorer(WPR(), word=5), TypeError,
    r"word must be a str, got int")
for bad, value, err in [("999", 999, ValueError), ("-1", -1, ValueError), ("'1'", "1", TypeError)]:
    raises("widgets.WordPieceExplorer.show", f"k={bad}", lambda v=value: WP_EXPLORER().show(v), err,
        r"k must be (between 0 and 5|a whole number)")
    raises("widgets.WordPieceExplorer.vocab_at", f"k={bad}", lambda v=value: WP_EXPLORER().vocab_at(v), err,
        r"k must be (between 0 and 5|a whole number)")
raises("widgets.wordpiece_explorer", "result=5", lambda: widgets.wordpiece_explorer(5), TypeError,
    r"pass the result of wordpiece\.train")
raises("widgets.wordpiece_explorer", "result=<a TrainResult>", lambda: widgets.wordpiece_explorer(TR()), TypeError,
    r"pass the result of wordpiece\.train")
raises("widgets.wordpiece_explorer", "word=5", lambda: widgets.wordpiece_explorer(WPR(), 5), TypeError,
    r"word must be a str, got int")
raises("widgets.viterbi_view", "table=5", lambda: widgets.viterbi_view(5, 0), TypeError,
    r"table must be a ViterbiTable \(from unigram\.viterbi_table\)")
raises("widgets.viterbi_view", "k=99", lambda: widgets.viterbi_view(TABLE(), 99), ValueError,
    r"k must be a position from 0 to 3, got 99")
raises("widgets.viterbi_view", "k=-1", lambda: widgets.viterbi_view(TABLE(), -1), ValueError,
    r"k must be a position from 0 to 3")
for bad, value in [("'1'", "1"), ("True", True), ("1.5", 1.5)]:
    raises("widgets.viterbi_view", f"k={bad}", lambda v=value: widgets.viterbi_view(TABLE(), v), TypeError,
        r"k must be a (whole number|position)")
raises("widgets.viterbi_stepper", "text=5", lambda: widgets.viterbi_stepper(5, LP), TypeError,
    r"text must be a str, got int")
raises("widgets.viterbi_stepper", "log_probs=5", lambda: widgets.viterbi_stepper("cat", 5), TypeError,
    r"log_probs must be a non-empty dict")
raises("widgets.viterbi_stepper", "a text the pieces cannot cover", lambda: widgets.viterbi_stepper("dog", LP),
    ValueError, r"the vocabulary cannot cover 'dog'")
raises("widgets.viterbi_stepper", "log_probs={}", lambda: widgets.viterbi_stepper("cat", {}), ValueError,
    r"log_probs must be a non-empty dict")
raises("widgets.frames_slider", "frames=5", lambda: widgets.frames_slider(5, "x"), TypeError,
    r"frames must be a non-empty list of HTML strings")
raises("widgets.frames_slider", "frames=[]", lambda: widgets.frames_slider([], "x"), ValueError,
    r"frames must be a non-empty list of HTML strings")
raises("widgets.frames_slider", "frames='<p>'", lambda: widgets.frames_slider("<p>", "x"), (TypeError, ValueError),
    r"frames must be a non-empty list of HTML strings")
raises("widgets.frames_slider", "frames=[5]", lambda: widgets.frames_slider([5], "x"), (TypeError, ValueError),
    r"frames must be a non-empty list of HTML strings")
raises("widgets.frames_slider", "description=5", lambda: widgets.frames_slider(["a"], 5), TypeError,
    r"description must be a str naming what the slider moves")
raises("widgets.frames_slider", "labels=5", lambda: widgets.frames_slider(["a"], "x", labels=5), TypeError,
    r"labels must be a list of one label per frame")
raises("widgets.frames_slider", "2 labels for 1 frame", lambda: widgets.frames_slider(["a"], "x", labels=["a", "b"]),
    ValueError, r"labels must have one entry per frame: 1 frames, 2 labels")
raises("widgets.frames_slider", "repeated labels", lambda: widgets.frames_slider(["a", "b"], "x", labels=["a", "a"]),
    ValueError, r"labels must be distinct")
raises("widgets.merge_step_frames", "result=5", lambda: widgets.merge_step_frames(5), TypeError,
    r"pass the result of bpe\.train")
raises("widgets.merge_step_frames", "word=5", lambda: widgets.merge_step_frames(TR(), 5), TypeError,
    r"word must be a str such as 'hugs'")
raises("widgets.merge_step_frames", "top_words=0", lambda: widgets.merge_step_frames(TR(), top_words=0), ValueError,
    r"top_words must be a whole number of at least 1")
raises("widgets.merge_step_frames", "end_of_word=5, word='hug'",
    lambda: widgets.merge_step_frames(TR(), "hug", end_of_word=5), TypeError, r"end_of_word must be a non-empty str")
raises("widgets.merge_step_frames", "end_of_word=5, no word", lambda: widgets.merge_step_frames(TR(), end_of_word=5),
    TypeError, r"end_of_word must be a non-empty str")
raises("widgets.merge_step_frames", "top_pairs='x'", lambda: widgets.merge_step_frames(TR(), top_pairs="x"), TypeError,
    r"top_pairs must be a whole number")
raises("widgets.merge_steps", "num_merges left out", lambda: widgets.merge_steps(HUG), ValueError,
    r"pass num_merges, the number of merges to learn")
raises("widgets.merge_steps", "num_merges with a result", lambda: widgets.merge_steps(TR(), 3), ValueError,
    r"num_merges is already fixed")
raises("widgets.merge_steps", "num_merges=-1", lambda: widgets.merge_steps(HUG, -1), ValueError,
    r"num_merges must be 0 or more")
raises("widgets.merge_steps", "corpus_or_result=<a FastTrainResult>", lambda: widgets.merge_steps(FTR()), TypeError,
    r"pass a corpus and num_merges, or the result of bpe\.train\(\.\.\.\), got FastTrainResult")

# your own text (notebook 10): a path or an upload's bytes, read as UTF-8
raises("widgets.read_text", "path=5", lambda: widgets.read_text(5), TypeError, r"path must be a file path")
raises("widgets.read_text", "path=b'notes.txt'", lambda: widgets.read_text(b"notes.txt"), TypeError,
    r"path must be a file path \(a str or pathlib.Path\), got bytes")
raises("widgets.read_text", "a missing file", lambda: widgets.read_text(missing("notes.txt")), FileNotFoundError,
    r"no file at .*notes.txt: check the path")
raises("widgets.read_text", "a folder", lambda: widgets.read_text(TMP / "empty"), IsADirectoryError,
    r"is a folder: give the path of a text file in it")
raises("widgets.read_text", "an empty file", lambda: widgets.read_text(tmpfile("empty.txt", b"")), ValueError,
    r"empty.txt is empty: there is nothing to train on")
raises("widgets.read_text", "a file of NUL bytes", lambda: widgets.read_text(tmpfile("zeros.bin", bytes(100))),
    ValueError, r"zeros.bin looks binary, not text: byte 0 is a NUL byte")
raises("widgets.read_text", "a Latin-1 file", lambda: widgets.read_text(tmpfile("latin1.txt", "café".encode("latin-1"))),
    ValueError, r"latin1.txt is not UTF-8 text: byte 3 \(line 1\) is 0xe9.*save it as UTF-8")
raises("widgets.read_text", "1,001 bytes, max_bytes=1000",
    lambda: widgets.read_text(tmpfile("big.txt", "a" * 1001), max_bytes=1000), ValueError,
    r"big.txt is 1,001 bytes, more than the limit of 1,000 bytes \(max_bytes\)")
raises("widgets.read_text", "max_bytes=0", lambda: widgets.read_text(tmpfile("ok.txt", "ok"), max_bytes=0), ValueError,
    r"max_bytes must be a whole number of bytes of at least 1")
raises("widgets.read_text", "max_bytes='1000'", lambda: widgets.read_text(tmpfile("ok.txt", "ok"), max_bytes="1000"),
    TypeError, r"max_bytes must be a whole number of bytes")
raises("widgets.decode_text", "data='text'", lambda: widgets.decode_text("text"), TypeError,
    r"data must be a file's content as bytes .*got str; it is text already")
raises("widgets.decode_text", "data=None", lambda: widgets.decode_text(None), TypeError,
    r"data must be a file's content as bytes \(bytes, bytearray or memoryview\), got NoneType")
raises("widgets.decode_text", "name=5", lambda: widgets.decode_text(b"ok", 5), TypeError, r"name must be a str")
raises("widgets.decode_text", "data=b''", lambda: widgets.decode_text(b""), ValueError, r"the file is empty")
raises("widgets.decode_text", "data=UTF-16 text", lambda: widgets.decode_text("text".encode("utf-16")), ValueError,
    r"the file is UTF-16 text .*save it as UTF-8")
raises("widgets.decode_text", "10 MB + 1 byte", lambda: widgets.decode_text(memoryview(bytes(10_000_001))), ValueError,
    r"the file is 10,000,001 bytes \(10.0 MB\), more than the limit of 10,000,000 bytes \(10.0 MB\) \(max_bytes\)")
raises("widgets.decode_text", "max_bytes=-1", lambda: widgets.decode_text(b"ok", max_bytes=-1), ValueError,
    r"max_bytes must be a whole number of bytes of at least 1")
documented("widgets.decode_text", "data=a UTF-8 byte-order mark + 'ok'", lambda: widgets.decode_text(b"\xef\xbb\xbfok"),
    lambda v: v == "ok", "'ok'", r"A UTF-8 byte-order mark at the start is dropped")
raises("widgets.TextUpload", "max_bytes=0", lambda: widgets.TextUpload(max_bytes=0), ValueError,
    r"max_bytes must be a whole number of bytes of at least 1")
raises("widgets.TextUpload", "max_bytes=1.5", lambda: widgets.TextUpload(max_bytes=1.5), TypeError,
    r"max_bytes must be a whole number of bytes")
raises("widgets.text_upload", "max_bytes=None", lambda: widgets.text_upload(max_bytes=None), TypeError,
    r"max_bytes must be a whole number of bytes")
raises("widgets.text_upload", "keep='x'", lambda: widgets.text_upload(keep="x"), TypeError,
    r"keep must be the upload widget made when the cell ran before \(text_upload\(keep=upload\)\) or None, got str")

test_bad_input = ROWS.test()
