"""The homework's names before it moved into ``bpe_lab.homework``, for notebooks handed out before the move:
``bpe_lab.exercises`` is ``bpe_lab.homework.questions`` and ``bpe_lab.exercise_sets`` (and its modules) is
``bpe_lab.homework.sets``. Nothing is imported until an old name is."""

import importlib
import importlib.abc
import importlib.util
import sys

OLD = {"bpe_lab.exercises": "bpe_lab.homework.questions", "bpe_lab.exercise_sets": "bpe_lab.homework.sets"}


class _OldNames(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path=None, target=None):
        new = _new_name(name)
        return None if new is None else importlib.util.spec_from_loader(name, self)

    def create_module(self, spec):
        module = importlib.import_module(_new_name(spec.name))  # the module itself, under its old name too
        self.spec = module.__spec__  # importlib sets __spec__ to the old name's: put it back in exec_module
        return module

    def exec_module(self, module):
        module.__spec__ = self.spec


def _new_name(name: str):
    for old, new in OLD.items():
        if name == old or name.startswith(old + "."):
            return new + name[len(old):]
    return None


def install() -> None:
    if not any(isinstance(finder, _OldNames) for finder in sys.meta_path):
        sys.meta_path.insert(0, _OldNames())  # first: the path finder would load the files again under the old name
