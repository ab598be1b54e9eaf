"""Bad-input rows for bpe_lab.bert: one call per row (what a row checks: conftest.py)."""

from bpe_lab import bert

from .conftest import WP_VOCAB, TMP, BERT, tmpfile, missing, Rows

ROWS = Rows("bert")
raises, documented = ROWS.raises, ROWS.documented

raises("bert.load_vocab", "path=5", lambda: bert.load_vocab(5), TypeError,
    r"path must be a file path \(a str or pathlib\.Path\), got int")
raises("bert.load_vocab", "a missing file", lambda: bert.load_vocab(missing("vocab.txt")), FileNotFoundError,
    r"no vocabulary file at ")
raises("bert.load_vocab", "a folder", lambda: bert.load_vocab(TMP), IsADirectoryError, r"is a folder, not a vocab\.txt")
raises("bert.load_vocab", "an empty file", lambda: bert.load_vocab(tmpfile("empty.txt", "")), ValueError,
    r"empty\.txt is empty: a BERT vocab\.txt lists one piece per line")
raises("bert.load_vocab", "a repeated piece", lambda: bert.load_vocab(tmpfile("dupes.txt", "[UNK]\na\na\n")),
    ValueError, r"dupes\.txt, line 3: a piece must be non-empty and listed once, got 'a'")
raises("bert.load_vocab", "no '[UNK]'", lambda: bert.load_vocab(tmpfile("nounk.txt", "a\nb\n")), ValueError,
    r"nounk\.txt has no '\[UNK\]' piece")
raises("bert.load_vocab", "not UTF-8", lambda: bert.load_vocab(tmpfile("latin1.txt", b"[UNK]\n\xe9\n")), ValueError,
    r"latin1\.txt is not a UTF-8 vocab\.txt")
raises("bert.load_vocab", "cut inside its last line", lambda: bert.load_vocab(tmpfile("cut.txt", "[UNK]\nplay\n##in")),
    ValueError, r"cut\.txt, line 3: '##in' has no line end after it: is the file cut short\?")
raises("bert.load_vocab", "an empty line", lambda: bert.load_vocab(tmpfile("gap.txt", "[UNK]\n\nplay\n")), ValueError,
    r"gap\.txt, line 2: a piece must be non-empty and listed once, got ''")
raises("bert.load_vocab", "a line repeated", lambda: bert.load_vocab(tmpfile("again.txt", "[UNK]\nplay\n##s\nplay\n")),
    ValueError, r"again\.txt, line 4: a piece must be non-empty and listed once, got 'play' \(already on line 2\)")
raises("bert.load_vocab", "a piece with a space", lambda: bert.load_vocab(tmpfile("space.txt", "[UNK]\nplay ing\n")),
    ValueError, r"space\.txt, line 2: the piece 'play ing' holds whitespace \(' '\)")
documented("bert.load_vocab", "Windows line ends", lambda: bert.load_vocab(tmpfile("crlf.txt", "[UNK]\r\nplay\r\n")),
    lambda v: v == {"[UNK]": 0, "play": 1}, "{'[UNK]': 0, 'play': 1}", r"Line ends are \\n, \\r\\n or \\r")
raises("bert.load_vocab", "not UTF-8 on line 3", lambda: bert.load_vocab(tmpfile("bytes.txt", b"[UNK]\na\n\xff\n")),
    ValueError, r"bytes\.txt is not a UTF-8 vocab\.txt: line 3 holds the byte 0xff")
raises("bert.BertTokenizer", "a vocab.txt cut short",
    lambda: bert.BertTokenizer(tmpfile("cut.txt", "[UNK]\nplay\n##in")), ValueError, r"cut\.txt, line 3: .* cut short")
raises("bert.bert_normalize", "text=5", lambda: bert.bert_normalize(5), TypeError, r"text must be a str, got int")
raises("bert.bert_normalize", "text=None", lambda: bert.bert_normalize(None), TypeError, r"text must be a str")
raises("bert.bert_pre_tokenize", "text=5", lambda: bert.bert_pre_tokenize(5), TypeError, r"text must be a str, got int")
raises("bert.bert_pre_tokenize", "text=None", lambda: bert.bert_pre_tokenize(None), TypeError, r"text must be a str")
raises("bert.bert_pre_tokenize", "text=['a b']", lambda: bert.bert_pre_tokenize(["a b"]), TypeError,
    r"text must be a str, got list")
raises("bert.bert_tokenize", "text=5", lambda: bert.bert_tokenize(5, WP_VOCAB), TypeError,
    r"text must be a str, got int")
raises("bert.bert_tokenize", "vocab=5", lambda: bert.bert_tokenize("hug", 5), TypeError,
    r"vocab must be a set, list or dict")
raises("bert.bert_tokenize", "vocab=[]", lambda: bert.bert_tokenize("hug", []), ValueError, r"vocab is empty")
documented("bert.bert_tokenize", "text=''", lambda: bert.bert_tokenize("", WP_VOCAB), lambda v: v == [], "[]",
    r"empty text gives \[\]")
raises("bert.BertTokenizer", "vocab_path=5", lambda: bert.BertTokenizer(5), TypeError, r"path must be a file path")
raises("bert.BertTokenizer", "a missing file", lambda: bert.BertTokenizer(missing("vocab.txt")), FileNotFoundError,
    r"no vocabulary file at ")
raises("bert.BertTokenizer", "a folder", lambda: bert.BertTokenizer(TMP), IsADirectoryError,
    r"is a folder, not a vocab\.txt")
# the same rows for bert.BertTokenizer.tokenize and bert.BertTokenizer.encode
for method in ("tokenize", "encode"):
    raises(f"bert.BertTokenizer.{method}", "text=5", lambda m=method: getattr(BERT(), m)(5), TypeError,
        r"text must be a str, got int")
    raises(f"bert.BertTokenizer.{method}", "text=None", lambda m=method: getattr(BERT(), m)(None), TypeError,
        r"text must be a str")
    raises(f"bert.BertTokenizer.{method}", "text=b'hug'", lambda m=method: getattr(BERT(), m)(b"hug"), TypeError,
        r"text must be a str")
documented("bert.BertTokenizer.encode", "text=''", lambda: BERT().encode(""), lambda v: v == [], "[]",
    r"empty text gives \[\]")

test_bad_input = ROWS.test()
