"""rules/lean_import.py: pyparsing imported without its test helpers and ready-made expressions,
prompt-toolkit without its dialogs and progress bars, each loaded whole on first use; a library
that wants more is imported as it is. Each check runs
in a fresh interpreter (this one has pyparsing imported already)."""

from __future__ import annotations

import subprocess
import sys

LATER = """
import sys
from rules.notation import parse
assert str(parse("4d6kh3 + 2").expr) == "4d6kh3 + 2"
print("unittest" in sys.modules, "datetime" in sys.modules)
import pyparsing as pp
before = len(pp.core_builtin_exprs)
from pyparsing import pyparsing_common
print(pyparsing_common.integer.parse_string("12")[0] + 1)
print(pp.common is pp.pyparsing_common is pyparsing_common._real, pp.common.__name__)
print(len(pp.core_builtin_exprs) - before == len(sys.modules["pyparsing.common"]._builtin_exprs))
print(pp.testing.__name__, pp.pyparsing_test is pp.testing, "unittest" in sys.modules)
"""


def python(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout.splitlines()


def test_a_parse_loads_neither_and_both_load_whole_when_used() -> None:
    assert python(LATER) == [
        "False False",
        "13",
        "True pyparsing_common",
        "True",
        "pyparsing_test True True",
    ]


def test_a_pyparsing_that_wants_more_is_imported_as_it_is() -> None:
    """A placeholder without a name pyparsing imports from it: the import falls back whole."""
    code = ("import sys, rules.notation as notation\n"
            "notation.PYPARSING_UNUSED['pyparsing.common'].pop('_builtin_exprs')\n"
            "from rules.notation import parse\n"
            "assert str(parse('4d6kh3 + 2').expr) == '4d6kh3 + 2'\n"
            "import pyparsing as pp\n"
            "print(type(pp.common).__name__, 'unittest' in sys.modules, 'datetime' in sys.modules)")
    assert python(code) == ["type True True"]


TOOLKIT = """
import sys
import cli.repl.session
later = ("prompt_toolkit.shortcuts.dialogs", "prompt_toolkit.shortcuts.progress_bar",
         "prompt_toolkit.shortcuts.choice_input", "prompt_toolkit.widgets.dialogs",
         "prompt_toolkit.widgets.menus", "prompt_toolkit.formatted_text.html", "xml.dom.minidom")
print([name for name in later if name in sys.modules])
from prompt_toolkit.formatted_text import HTML, to_formatted_text
print(to_formatted_text(HTML("<b>luck</b>")))
import prompt_toolkit, prompt_toolkit.formatted_text
print(prompt_toolkit.HTML is prompt_toolkit.formatted_text.HTML is sys.modules[
    "prompt_toolkit.formatted_text.html"].HTML)
from prompt_toolkit.shortcuts import ProgressBar
from prompt_toolkit.shortcuts.progress_bar import ProgressBar as real
import prompt_toolkit.shortcuts as shortcuts
print(ProgressBar.__name__, shortcuts.ProgressBar is real, type(real).__name__)
"""


def test_the_repl_loads_no_dialog_and_each_loads_whole_when_used() -> None:
    """Once a stand-in is used, the real object is bound where prompt_toolkit bound it (in
    prompt_toolkit.shortcuts and prompt_toolkit both)."""
    assert python(TOOLKIT) == [
        "[]",
        "FormattedText([('class:b', 'luck')])",
        "True",
        "ProgressBar True type",
    ]


def test_a_library_imported_already_is_left_as_it_is() -> None:
    code = """
import sys, prompt_toolkit
before = dict(sys.modules)
import cli.repl.toolkit
print(all(sys.modules[name] is module for name, module in before.items()))
print(type(prompt_toolkit.shortcuts.ProgressBar).__name__)
"""
    assert python(code) == ["True", "type"]


def test_a_class_standing_in_can_be_subclassed_and_checked_against() -> None:
    """A library that subclasses a deferred class, or names it in isinstance, gets the real
    one (the stand-in loads it): never a class silently made of a stand-in."""
    code = """
import cli.repl.session
from prompt_toolkit.widgets import Dialog
from prompt_toolkit.shortcuts import ProgressBar
class Mine(Dialog): pass
print(type(Mine).__name__, Mine.__mro__[1].__module__)
from prompt_toolkit.shortcuts.progress_bar import ProgressBar as real
print(isinstance(object(), ProgressBar), issubclass(real, ProgressBar))
"""
    assert python(code) == ["type prompt_toolkit.widgets.dialogs", "False True"]


def test_a_module_imported_whole_stands_in_until_read() -> None:
    """prompt_toolkit.buffer's `import shutil` and `import tempfile` (to edit a line in $EDITOR):
    not loaded by the REPL's modules; whatever is read from them comes from the real ones."""
    code = """
import sys
import cli.repl.session
print('shutil' in sys.modules, 'tempfile' in sys.modules)
import prompt_toolkit.buffer as buffer
descriptor, name = buffer.tempfile.mkstemp('.txt')
import os, shutil, tempfile
os.close(descriptor); os.remove(name)
print(buffer.shutil.rmtree is shutil.rmtree, buffer.tempfile.gettempdir() == tempfile.gettempdir())
"""
    assert python(code) == ["False False", "True True"]
