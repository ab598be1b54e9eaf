"""The production libraries a notebook compares with, trained in a second process while ours train.

Notebook 07 trains SentencePiece's BPE and Unigram at four vocabulary sizes: about three seconds of C++ that keeps
Python's lock the whole time, so a thread could not run it beside our own trainers. ``in_background`` starts it in
a second Python process at the top of the notebook and hands back a job at once; ``job.result()``, three sections
later, waits for it if it is still running and returns what it made. With two cores or more, the two run at the
same time::

    job = references.in_background(references.sentencepiece_models, sentences, [503, 1003], model_type=...)
    ...                                    # our trainers run here, while SentencePiece trains in the other process
    models = job.result()                  # {("unigram", 503): b"...model...", ...}

The second process runs the same library with the same arguments, so it learns the same models.
"""

from __future__ import annotations

import io
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor

from . import _checks as check

__all__ = ["in_background", "sentencepiece_models"]

_JOBS: dict[str, Future] = {}  # the jobs started in this process, by what they were asked to do


def sentencepiece_models(sentences, vocab_sizes, model_types=("bpe", "unigram"), **options) -> dict:
    """SentencePiece trained on ``sentences`` once per model type and vocabulary size: the models, as bytes.

    Returns ``{(model_type, vocab_size): model}``; ``sentencepiece.SentencePieceProcessor(model_proto=model)``
    reads one. ``options`` go to ``SentencePieceTrainer.train`` as they are (``character_coverage=1.0``, ...).
    """
    sentences, vocab_sizes, model_types = check.sentences(sentences), check.vocab_sizes(vocab_sizes), \
        check.model_types(model_types)
    import sentencepiece as spm

    models = {}
    for vocab_size in vocab_sizes:
        for model_type in model_types:
            model = io.BytesIO()
            spm.SentencePieceTrainer.train(sentence_iterator=iter(sentences), model_writer=model,
                                           model_type=model_type, vocab_size=vocab_size, **options)
            models[model_type, vocab_size] = model.getvalue()
    return models


def in_background(function, *args, **kwargs) -> Future:
    """``function(*args, **kwargs)`` started in a second Python process; returns its job at once.

    ``job.result()`` waits for the call to end and returns its value (or raises its error); ``job.done()`` says
    whether it has. ``function`` must be importable from a module, as ``references.sentencepiece_models`` is (a
    new process cannot see a function defined in a notebook). The same call made again, a cell run twice, hands
    back the job already started rather than starting another. In a script, call it under
    ``if __name__ == "__main__":``, as any code that starts processes with "spawn" must (the second process
    imports the script).
    """
    function, key = check.background_call(function, args, kwargs)
    if key not in _JOBS or _JOBS[key].cancelled():
        # subtle: "spawn" starts a fresh interpreter; "fork" would copy the notebook kernel, threads and all
        pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        _JOBS[key] = pool.submit(function, *args, **kwargs)
        pool.shutdown(wait=False)  # the process ends when the call does
    return _JOBS[key]

