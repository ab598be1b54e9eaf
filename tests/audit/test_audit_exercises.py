"""Bad-input rows for bpe_lab.exercises: one call per row (what a row checks: conftest.py)."""

from bpe_lab import exercises

from .conftest import BIG, NAN, INF, Unequal, question, question_args, MERGE_Q, incorrect, Rows

ROWS = Rows("exercises")
raises, documented = ROWS.raises, ROWS.documented

raises("exercises.Question", "name=5", lambda: exercises.Question(**question_args(name=5)), TypeError,
    r"name must be a non-empty str such as 'merge_pair', got int")
raises("exercises.Question", "name=''", lambda: exercises.Question(**question_args(name="")), ValueError,
    r"name must be a non-empty str")
raises("exercises.Question", "prompt=None", lambda: exercises.Question(**question_args(prompt=None)), TypeError,
    r"prompt must be a str, got NoneType")
raises("exercises.Question", "hints='one hint'", lambda: exercises.Question(**question_args(hints="one hint")),
    TypeError, r"hints must be a list of str, not one str")
raises("exercises.Question", "hints=[1]", lambda: exercises.Question(**question_args(hints=[1])), TypeError,
    r"hints\[0\] must be a str, got int")
raises("exercises.Question", "cases=5", lambda: exercises.Question(**question_args(reference=len, cases=5)), TypeError,
    r"cases must be a list of argument tuples, got int")
raises("exercises.Question", "cases=['abc']", lambda: exercises.Question(**question_args(reference=len, cases=["abc"])),
    TypeError, r"cases\[0\] must be a tuple of arguments such as \('abc',\), got str")
raises("exercises.Question", "time_limit=0", lambda: exercises.Question(**question_args(time_limit=0)), ValueError,
    r"time_limit must be a positive number of seconds, got 0")
raises("exercises.Question", "time_limit=nan", lambda: exercises.Question(**question_args(time_limit=NAN)), ValueError,
    r"time_limit must be a positive number of seconds")
raises("exercises.Question", "time_limit=inf", lambda: exercises.Question(**question_args(time_limit=INF)), ValueError,
    r"time_limit must be a positive number of seconds")
raises("exercises.Question", "time_limit='2'", lambda: exercises.Question(**question_args(time_limit="2")), TypeError,
    r"time_limit must be a positive number of seconds, got '2'")
raises("exercises.Question", "compare=5", lambda: exercises.Question(**question_args(compare=5)), TypeError,
    r"compare must be a function \(got, expected\) -> bool, got int")
documented("exercises.Question.check", "an answer whose == raises", lambda: question().check(Unequal()),
    incorrect("raised ValueError"), "incorrect: comparing it raised ValueError", r"Never raises")
documented("exercises.Question.check", "a function returning one whose == raises",
    lambda: MERGE_Q().check(lambda s, p: Unequal()), incorrect("raised ValueError"),
    "incorrect: comparing it raised ValueError", r"Never raises")
documented("exercises.Question.check", "answer of 10 MB", lambda: question().check(BIG), incorrect("you answered 'xxx"),
    "incorrect, the answer shown cut to a few hundred characters", r"Never raises")
documented("exercises.Question.check", "a function for a value question", lambda: question().check(len),
    incorrect("you answered <built-in function len>"), "incorrect: you answered <built-in function len>",
    r"Never raises")
documented("exercises.Question.check", "a function returning 10 MB", lambda: MERGE_Q().check(lambda s, p: BIG),
    incorrect("but got a str: 'xxx"), "incorrect, the value shown cut to a few hundred characters", r"Never raises")
documented("exercises.Question.check", "a function of the wrong arity", lambda: MERGE_Q().check(lambda s: s),
    incorrect("your function raised TypeError"), "incorrect: your function raised TypeError", r"Never raises")

test_bad_input = ROWS.test()
