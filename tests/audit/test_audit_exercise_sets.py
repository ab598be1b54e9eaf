"""Bad-input rows for bpe_lab.exercise_sets: one call per row (what a row checks: conftest.py)."""

from bpe_lab.homework import sets as exercise_sets

from .conftest import Rows

ROWS = Rows("exercise_sets")
raises, documented = ROWS.raises, ROWS.documented

raises("exercise_sets.set_01", "student=5", lambda: exercise_sets.set_01(student=5), TypeError,
    r"student must be a str, got int")
raises("exercise_sets.set_01", "student of 200 characters", lambda: exercise_sets.set_01(student="a" * 200), ValueError,
    r"student must be an id such as 'alice' \(printable, at most 100 characters\)")
documented("exercise_sets.set_01", "student=''", lambda: exercise_sets.set_01(student=""),
    lambda q: q["count_ug"].reference() == 20, "everyone's version (the hug corpus)", r'"" : everyone\'s version')
raises("exercise_sets.set_02", "student=None", lambda: exercise_sets.set_02(student=None), TypeError,
    r"student must be a str, got NoneType")
raises("exercise_sets.set_02", "student='\\t'", lambda: exercise_sets.set_02(student="\t"), ValueError,
    r"student must be an id such as 'alice'")
raises("exercise_sets.set_06", "student=6", lambda: exercise_sets.set_06(student=6), TypeError,
    r"student must be a str, got int")
documented("exercise_sets.set_06", "student=''", lambda: exercise_sets.set_06(student=""),
    lambda q: q["count_all"].reference() == 128, "everyone's version (the lesson's examples)",
    r'"": everyone\'s version')
raises("exercise_sets.set_07", "student=['alice']", lambda: exercise_sets.set_07(student=["alice"]), TypeError,
    r"student must be a str, got list")
raises("exercise_sets.set_07", "student='a\\nb'", lambda: exercise_sets.set_07(student="a\nb"), ValueError,
    r"student must be an id such as 'alice'")
raises("exercise_sets.set_08", "student=b'alice'", lambda: exercise_sets.set_08(student=b"alice"), TypeError,
    r"student must be a str, got bytes")
documented("exercise_sets.set_08", "student=''", lambda: exercise_sets.set_08(student=""),
    lambda q: q["trailing_space"].reference() == (4, 3), "everyone's version (the lesson's example)",
    r'"": everyone\'s version')

raises("exercise_sets.set_03", "student=3", lambda: exercise_sets.set_03(student=3), TypeError,
    r"student must be a str, got int")
documented("exercise_sets.set_03", "student=''", lambda: exercise_sets.set_03(student=""),
    lambda q: q["bytes_of_text"].reference() == 13, "everyone's version ('naïve 東京')", r'"": everyone\'s version')
raises("exercise_sets.set_04", "student=['alice']", lambda: exercise_sets.set_04(student=["alice"]), TypeError,
    r"student must be a str, got list")
documented("exercise_sets.set_04", "student=''", lambda: exercise_sets.set_04(student=""),
    lambda q: q["count_chunks"].reference() == 7, "everyone's version (\"I'm here,  twice.\")",
    r'"": everyone\'s version')
raises("exercise_sets.set_05", "student='\\n'", lambda: exercise_sets.set_05(student="\n"), ValueError,
    r"student must be an id such as 'alice'")
documented("exercise_sets.set_05", "student=''", lambda: exercise_sets.set_05(student=""),
    lambda q: q["score"].reference() == 12 / 600, "everyone's version (counts 12, 40, 15)", r'"": everyone\'s version')
raises("exercise_sets.set_09", "student=9", lambda: exercise_sets.set_09(student=9), TypeError,
    r"student must be a str, got int")
documented("exercise_sets.set_09", "student=''", lambda: exercise_sets.set_09(student=""),
    lambda q: q["tokyo_pieces"].reference() == 7, "everyone's version (the text '東京')", r'"": everyone\'s version')
raises("exercise_sets.set_10", "student=['alice']", lambda: exercise_sets.set_10(student=["alice"]), TypeError,
    r"student must be a str, got list")
documented("exercise_sets.set_10", "student=''", lambda: exercise_sets.set_10(student=""),
    lambda q: q["allowed_in_training"].reference() == {"<|endoftext|>"}, "everyone's version (notebook 10's tokens)",
    r'"": everyone\'s version')
raises("exercise_sets.set_11", "student=11", lambda: exercise_sets.set_11(student=11), TypeError,
    r"student must be a str, got int")
documented("exercise_sets.set_11", "student=''", lambda: exercise_sets.set_11(student=""),
    lambda q: q["continuation_count"].reference() == (4, 1, 2), "everyone's version ('San Francisco')",
    r'"": everyone\'s version')
raises("exercise_sets.set_capstone", "student='a\\nb'", lambda: exercise_sets.set_capstone(student="a\nb"),
    ValueError, r"student must be an id such as 'alice'")
documented("exercise_sets.set_capstone", "student=''", lambda: exercise_sets.set_capstone(student=""),
    lambda q: "the space" in q["space_rank"].prompt, "everyone's version (the space's rank)",
    r'"": everyone\'s version')

test_bad_input = ROWS.test()
