"""Bad-input rows for bpe_lab.lm: one call per row (what a row checks: conftest.py)."""

import functools

from bpe_lab import lm

from .conftest import BIG, INF, NAN, Rows

ROWS = Rows("lm")
raises, documented = ROWS.raises, ROWS.documented


@functools.cache
def MODEL():
    return lm.train([[0, 1, 2, 0, 1], [2, 1]], order=3, vocab_size=5)


# the same rows for lm.train and the constructor it calls
for target, make in (("lm.train", lm.train), ("lm.NGramModel", lm.NGramModel)):
    raises(target, "sequences='the cat'", lambda make=make: make("the cat"), TypeError,
        r"sequences must be a list of token-id sequences such as \[\[464, 3290\], \[40\]\], got str")
    raises(target, "sequences=<10 MB str>", lambda make=make: make(BIG), TypeError,
        r"sequences must be a list of token-id sequences.*got str")
    raises(target, "sequences=None", lambda make=make: make(None), TypeError,
        r"sequences must be a list of token-id sequences.*got None")
    raises(target, "sequences={0: [1]}", lambda make=make: make({0: [1]}), TypeError,
        r"sequences must be a list of token-id sequences.*got dict")
    raises(target, "sequences=[0, 1, 2] (one sequence, not wrapped)", lambda make=make: make([0, 1, 2]), TypeError,
        r"got a list of ids: wrap one sequence in a list, \[ids\]")
    raises(target, "sequences=['the cat']", lambda make=make: make(["the cat"]), TypeError,
        r"sequences\[0\] must be a sequence of token ids such as \[464, 3290\], not a str: encode the text first")
    raises(target, "sequences=[None]", lambda make=make: make([None]), TypeError,
        r"sequences\[0\] must be a sequence of token ids such as \[464, 3290\], got None")
    raises(target, "sequences=[[0, 1.5]]", lambda make=make: make([[0, 1.5]]), TypeError,
        r"sequences\[0\]\[1\] must be a whole-number token id, got 1\.5")
    raises(target, "sequences=[[0, True]]", lambda make=make: make([[0, True]]), TypeError,
        r"sequences\[0\]\[1\] must be a whole-number token id, got True")
    raises(target, "sequences=[[0, -1]]", lambda make=make: make([[0, -1]]), ValueError,
        r"sequences\[0\]\[1\] = -1 is not a token id in 0 or more; lm\.BOS may only start a context")
    raises(target, "sequences=[[0, 7]], vocab_size=5", lambda make=make: make([[0, 7]], vocab_size=5), ValueError,
        r"sequences\[0\]\[1\] = 7 is not a token id in range\(vocab_size=5\)")
    raises(target, "sequences=[[]]", lambda make=make: make([[]]), ValueError,
        r"sequences hold no tokens: pass some token ids, or vocab_size= for a uniform model")
    raises(target, "order=0", lambda make=make: make([[0]], order=0), ValueError,
        r"order must be a whole number from 1 to 4 such as 3, got 0")
    raises(target, "order=5", lambda make=make: make([[0]], order=5), ValueError,
        r"order must be a whole number from 1 to 4 such as 3, got 5")
    raises(target, "order=2.0", lambda make=make: make([[0]], order=2.0), TypeError,
        r"order must be a whole number from 1 to 4 such as 3, got 2\.0")
    raises(target, "order=True", lambda make=make: make([[0]], order=True), TypeError,
        r"order must be a whole number from 1 to 4")
    raises(target, "vocab_size=0", lambda make=make: make([[0]], vocab_size=0), ValueError,
        r"vocab_size must be a whole number of at least 1 such as 50257, got 0")
    raises(target, "vocab_size='50257'", lambda make=make: make([[0]], vocab_size="50257"), TypeError,
        r"vocab_size must be a whole number of at least 1")
    raises(target, "discount=0", lambda make=make: make([[0]], discount=0), ValueError,
        r"discount must be between 0 and 1 \(exclusive\) such as 0\.75, got 0")
    raises(target, "discount=1.5", lambda make=make: make([[0]], discount=1.5), ValueError,
        r"discount must be None \(estimated from the counts\) or a number between 0 and 1")
    raises(target, "discount=nan", lambda make=make: make([[0]], discount=NAN), ValueError,
        r"discount must be None \(estimated from the counts\) or a number between 0 and 1")
    raises(target, "discount='0.75'", lambda make=make: make([[0]], discount="0.75"), TypeError,
        r"discount must be None \(estimated from the counts\) or a number between 0 and 1")
documented("lm.train", "sequences=[[], []], vocab_size=4", lambda: lm.train([[], []], vocab_size=4).distribution(()),
    lambda v: list(v) == [0.25] * 4, "a uniform model", r"Sequences without any token give a uniform model")

raises("lm.NGramModel.prob", "token=5 (vocab_size=5)", lambda: MODEL().prob(5, (0,)), ValueError,
    r"token must be a token id in range\(vocab_size=5\), got 5")
raises("lm.NGramModel.prob", "token=lm.BOS", lambda: MODEL().prob(lm.BOS, (0,)), ValueError,
    r"token must be a token id in range\(vocab_size=5\), got -1: lm\.BOS only appears in contexts")
raises("lm.NGramModel.prob", "token='a'", lambda: MODEL().prob("a"), TypeError,
    r"token must be a whole number such as 464, got 'a'")
raises("lm.NGramModel.prob", "token=1.0", lambda: MODEL().prob(1.0), TypeError,
    r"token must be a whole number such as 464, got 1\.0")
raises("lm.NGramModel.prob", "context=0", lambda: MODEL().prob(1, 0), TypeError,
    r"context must be a tuple of the previous token ids such as \(464,\), got 0: write a one-token context as \(id,\)")
raises("lm.NGramModel.prob", "context='ab'", lambda: MODEL().prob(1, "ab"), TypeError,
    r"context must be a sequence of token ids such as \[464, 3290\], not a str")
raises("lm.NGramModel.prob", "context=None", lambda: MODEL().prob(1, None), TypeError,
    r"context must be a sequence of token ids such as \[464, 3290\], got None")
raises("lm.NGramModel.prob", "context=(0, lm.BOS)", lambda: MODEL().prob(1, (0, lm.BOS)), ValueError,
    r"context\[1\] = -1 is not a token id in range\(vocab_size=5\); lm\.BOS may only start a context")
raises("lm.NGramModel.prob", "context=(9,)", lambda: MODEL().prob(1, (9,)), ValueError,
    r"context\[0\] = 9 is not a token id in range\(vocab_size=5\)")
documented("lm.NGramModel.prob", "context=(4, 4, 4, 4, 0)", lambda: MODEL().prob(1, (4, 4, 4, 4, 0)),
    lambda v: v == MODEL().prob(1, (4, 0)), "the same as for (4, 0)", r"Only its last ``order − 1`` ids are used")
raises("lm.NGramModel.distribution", "context=1", lambda: MODEL().distribution(1), TypeError,
    r"context must be a tuple of the previous token ids such as \(464,\), got 1")
raises("lm.NGramModel.distribution", "context=(0.5,)", lambda: MODEL().distribution((0.5,)), TypeError,
    r"context\[0\] must be a whole-number token id, got 0\.5")
raises("lm.NGramModel.distribution", "context=(inf,)", lambda: MODEL().distribution((INF,)), TypeError,
    r"context\[0\] must be a whole-number token id, got inf")
raises("lm.NGramModel.distribution", "context=(-2,)", lambda: MODEL().distribution((-2,)), ValueError,
    r"context\[0\] = -2 is not a token id in range\(vocab_size=5\)")
raises("lm.NGramModel.bits", "sequence='ab'", lambda: MODEL().bits("ab"), TypeError,
    r"sequence must be a sequence of token ids such as \[464, 3290\], not a str: encode the text first")
raises("lm.NGramModel.bits", "sequence=<10 MB str>", lambda: MODEL().bits(BIG), TypeError,
    r"sequence must be a sequence of token ids.*not a str")
raises("lm.NGramModel.bits", "sequence=3", lambda: MODEL().bits(3), TypeError,
    r"sequence must be a sequence of token ids such as \[464, 3290\], got 3")
raises("lm.NGramModel.bits", "sequence=[0, 5]", lambda: MODEL().bits([0, 5]), ValueError,
    r"sequence\[1\] = 5 is not a token id in range\(vocab_size=5\)")
raises("lm.NGramModel.bits", "sequence=[lm.BOS, 0]", lambda: MODEL().bits([lm.BOS, 0]), ValueError,
    r"sequence\[0\] = -1 is not a token id.*lm\.BOS may only start a context")
documented("lm.NGramModel.bits", "sequence=[]", lambda: MODEL().bits([]), lambda v: v == 0, "0",
    r"an empty sequence costs 0 bits")

raises("lm.bits_per_byte", "model='trigram'", lambda: lm.bits_per_byte("trigram", [[0]], 10), TypeError,
    r"model must be an n-gram model from lm\.train\(sequences, order=3\), got str")
raises("lm.bits_per_byte", "model=None", lambda: lm.bits_per_byte(None, [[0]], 10), TypeError,
    r"model must be an n-gram model from lm\.train.*got NoneType")
raises("lm.bits_per_byte", "n_bytes=0", lambda: lm.bits_per_byte(MODEL(), [[0]], 0), ValueError,
    r"n_bytes must be the number of UTF-8 bytes the sequences cover, a whole number of at least 1 such as 1000")
raises("lm.bits_per_byte", "n_bytes=10.5", lambda: lm.bits_per_byte(MODEL(), [[0]], 10.5), TypeError,
    r"n_bytes must be the number of UTF-8 bytes the sequences cover")
raises("lm.bits_per_byte", "n_bytes='10'", lambda: lm.bits_per_byte(MODEL(), [[0]], "10"), TypeError,
    r"n_bytes must be the number of UTF-8 bytes")
raises("lm.bits_per_byte", "sequences=[0, 1]", lambda: lm.bits_per_byte(MODEL(), [0, 1], 10), TypeError,
    r"got a list of ids: wrap one sequence in a list, \[ids\]")
raises("lm.bits_per_byte", "sequences='ab'", lambda: lm.bits_per_byte(MODEL(), "ab", 10), TypeError,
    r"sequences must be a list of token-id sequences.*got str")
raises("lm.bits_per_byte", "sequences=[[0, 9]]", lambda: lm.bits_per_byte(MODEL(), [[0, 9]], 10), ValueError,
    r"sequences\[0\]\[1\] = 9 is not a token id in range\(vocab_size=5\)")

test_bad_input = ROWS.test()
