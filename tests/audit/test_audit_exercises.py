"""Bad-input rows for bpe_lab.exercises: one call per row (what a row checks: conftest.py)."""

from bpe_lab.homework import questions as exercises

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

raises("exercises.Question", "points=-1", lambda: exercises.Question(**question_args(points=-1)), ValueError,
    r"points must be a number of points such as 2 \(0 or more\), got -1")
raises("exercises.Question", "points='2'", lambda: exercises.Question(**question_args(points="2")), TypeError,
    r"points must be a number of points such as 2")
raises("exercises.Question", "hidden_cases=5", lambda: exercises.Question(**question_args(hidden_cases=5)), TypeError,
    r"hidden_cases must be a function rng -> list of argument tuples, or None; got int")
raises("exercises.Question", "hidden_cases without cases",
    lambda: exercises.Question(**question_args(hidden_cases=lambda rng: [])), ValueError,
    r"hidden_cases is for a function question: give its public cases too")
raises("exercises.Question", "forbidden='bpe_lab.bpe.train'",
    lambda: exercises.Question(**question_args(forbidden="bpe_lab.bpe.train")), TypeError,
    r"forbidden must be a list of dotted names such as 'bpe_lab.bpe.train', not one str")
raises("exercises.Question", "forbidden=[5]", lambda: exercises.Question(**question_args(forbidden=[5])), TypeError,
    r"forbidden\[0\] must be a str, got int")
raises("exercises.Question", "forbidden=['bpe_lab.bpe.trian']",
    lambda: exercises.Question(**question_args(forbidden=["bpe_lab.bpe.trian"])), ValueError,
    r"forbidden names a function, class or module to import, such as 'bpe_lab.bpe.train'; cannot find "
    r"'bpe_lab.bpe.trian'")
raises("exercises.Question", "forbidden=['bpe_lab.bpe.TIE_BREAKS']",
    lambda: exercises.Question(**question_args(forbidden=["bpe_lab.bpe.TIE_BREAKS"])), ValueError,
    r"forbidden names a Python function, class or module, .* 'bpe_lab.bpe.TIE_BREAKS' is a tuple")
raises("exercises.Question", "level='hard'", lambda: exercises.Question(**question_args(level="hard")), ValueError,
    r"level must be one of \('', 'warm-up', 'core', 'stretch', 'project'\), got 'hard'")
raises("exercises.Question", "student=5", lambda: exercises.Question(**question_args(student=5)), TypeError,
    r"student must be a str, got int")
raises("exercises.Question.hidden", "seed=5", lambda: MERGE_Q().hidden(5), TypeError,
    r"seed must be a str such as 'a long random text', got int")
documented("exercises.Question.hidden", "a question without hidden cases", lambda: question().hidden("s"),
    lambda cases: cases == [], "[]", r"\[\] if none")
raises("exercises.Question.hidden", "hidden_cases returning strs",
    lambda: exercises.Question(**question_args(reference=len, cases=[("a",)], hidden_cases=lambda rng: ["ab"])).hidden("s"),
    TypeError, r"question 'q': hidden_cases\(rng\)\[0\] must be a tuple of arguments such as \('ab',\), got str")
raises("exercises.graded", "questions=5", lambda: exercises.graded(5), TypeError,
    r"questions must be a set such as set_01\(\) \(a dict name -> Question\), got int")
raises("exercises.graded", "questions={'a': 5}", lambda: exercises.graded({"a": 5}), TypeError,
    r"questions must be a set such as set_01\(\) .*; questions\['a'\] is a int")
documented("exercises.Question.check", "a function that calls a forbidden function",
    lambda: exercises.Question(**question_args(reference=len, cases=[("ab",)], forbidden=["bpe_lab.bpe.encode"])).check(
        lambda text: len(__import__("bpe_lab.bpe").bpe.encode(text, []))),
    incorrect("calls bpe_lab's own bpe_lab.bpe.encode"), "incorrect: your function calls bpe_lab's own ...",
    r"calls bpe_lab's own implementation of what was asked \(``forbidden``\) is incorrect")

test_bad_input = ROWS.test()
