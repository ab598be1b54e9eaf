"""Bad-input rows for bpe_lab.vocab_audit: one call per row (what a row checks: conftest.py)."""

from bpe_lab import vocab_audit

from .conftest import BIG, BERT, FTR, TOK, Rows

ROWS = Rows("vocab_audit")
raises, documented = ROWS.raises, ROWS.documented

for fn in ("partial_utf8_tokens", "unreachable_tokens", "unreachable_after_split"):
    raises(f"vocab_audit.{fn}", "tokenizer=5", lambda fn=fn: getattr(vocab_audit, fn)(5), TypeError,
        r"tokenizer must be a bpe_lab Tokenizer, such as gpt2\.load\(\) or Tokenizer\.train\(text, 300\), got int")
    raises(f"vocab_audit.{fn}", "tokenizer=<a BertTokenizer>", lambda fn=fn: getattr(vocab_audit, fn)(BERT()),
        TypeError, r"tokenizer must be a bpe_lab Tokenizer.*got BertTokenizer")
    raises(f"vocab_audit.{fn}", "tokenizer=<a FastTrainResult>", lambda fn=fn: getattr(vocab_audit, fn)(FTR()),
        TypeError, r"tokenizer must be a bpe_lab Tokenizer.*got FastTrainResult")
raises("vocab_audit.unseen_tokens", "tokenizer='gpt2'", lambda: vocab_audit.unseen_tokens("gpt2", "x"), TypeError,
    r"tokenizer must be a bpe_lab Tokenizer.*got str")
raises("vocab_audit.unseen_tokens", "text=b'abc'", lambda: vocab_audit.unseen_tokens(TOK(), b"abc"), TypeError,
    r"text must be a str, got bytes; read a file with corpus\.load_text\(\) first")
raises("vocab_audit.unseen_tokens", "text=None", lambda: vocab_audit.unseen_tokens(TOK(), None), TypeError,
    r"text must be a str, got NoneType")
raises("vocab_audit.unseen_tokens", "text='a\\ud800' (lone surrogate)", lambda: vocab_audit.unseen_tokens(TOK(), "a\ud800"),
    ValueError, r"text contains a lone surrogate U\+D800 at index 1")
documented("vocab_audit.unseen_tokens", "text=''", lambda: vocab_audit.unseen_tokens(TOK(), ""),
    lambda v: v == list(range(256)), "[0, 1, ..., 255]", r"An empty text gives every ordinary id")
documented("vocab_audit.unseen_tokens", "text=<1 MB>", lambda: vocab_audit.unseen_tokens(TOK(), BIG[:1_000_000]),
    lambda v: len(v) == 255, "every byte but 'x'", r"in id order")
raises("vocab_audit.token_table", "tokenizer=5", lambda: vocab_audit.token_table(5, [1]), TypeError,
    r"tokenizer must be a bpe_lab Tokenizer.*got int")
raises("vocab_audit.token_table", "ids=5", lambda: vocab_audit.token_table(TOK(), 5), TypeError,
    r"ids must be a list of token ids such as \[262, 290\], got int")
raises("vocab_audit.token_table", "ids='ab'", lambda: vocab_audit.token_table(TOK(), "ab"), TypeError,
    r"ids must be a list of token ids such as \[262, 290\], got str")
raises("vocab_audit.token_table", "ids=[1.5]", lambda: vocab_audit.token_table(TOK(), [1.5]), TypeError,
    r"ids\[0\] must be a whole-number token id, got 1\.5")
raises("vocab_audit.token_table", "ids=[True]", lambda: vocab_audit.token_table(TOK(), [True]), TypeError,
    r"ids\[0\] must be a whole-number token id, got True")
raises("vocab_audit.token_table", "ids=[999]", lambda: vocab_audit.token_table(TOK(), [5, 999]), ValueError,
    r"ids\[1\] = 999 is not an ordinary token id of this tokenizer \(ids run from 0 to 255")
raises("vocab_audit.token_table", "ids=[-1]", lambda: vocab_audit.token_table(TOK(), [-1]), ValueError,
    r"ids\[0\] = -1 is not an ordinary token id")
documented("vocab_audit.token_table", "ids=[]", lambda: vocab_audit.token_table(TOK(), []),
    lambda v: v.empty and list(v.columns)[0] == "id", "an empty DataFrame with the columns", r"one row per id")

test_bad_input = ROWS.test()
