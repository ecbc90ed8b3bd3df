"""prompt-toolkit for the REPL, loaded without what a prompt never uses: import this before
anything else imports prompt_toolkit (after cli.repl.event_loop: asyncio without ssl).

`import prompt_toolkit` runs every shortcut it offers: dialogs, progress bars, the choice
list, the widget set behind them and HTML text (with xml.dom.minidom), and the modules of ~600
default key bindings, a sixth of importing it. The first prompt uses none of them but the basic
widgets (its layout holds a `Frame` for `show_frame`), and the key bindings load once it is
drawn (cli/repl/keys.py), so they stand in until first use (rules/lean_import.py): the REPL's
first prompt shows sooner, and `from prompt_toolkit.shortcuts import ProgressBar` still works.
"""

from __future__ import annotations

import cli.repl.event_loop  # noqa: F401  (first: asyncio without ssl)
from rules.lean_import import leaving_out


def _same(*names: str) -> dict[str, str | None]:
    return {name: name for name in names}


PROMPT_TOOLKIT_UNUSED: dict[str, dict[str, str | None]] = {
    "prompt_toolkit.shortcuts.dialogs": _same(
        "button_dialog", "checkboxlist_dialog", "input_dialog", "message_dialog",
        "progress_dialog", "radiolist_dialog", "yes_no_dialog"),
    "prompt_toolkit.shortcuts.progress_bar": _same("ProgressBar", "ProgressBarCounter"),
    "prompt_toolkit.shortcuts.choice_input": _same("choice"),
    "prompt_toolkit.formatted_text.html": _same("HTML"),
    "prompt_toolkit.widgets.dialogs": _same("Dialog"),
    "prompt_toolkit.widgets.menus": _same("MenuContainer", "MenuItem"),
    # the default key bindings' own modules: they load with the bindings, at the first key
    # or once the first prompt is drawn (cli/repl/keys.py defaults_at_first_key)
    "prompt_toolkit.key_binding.bindings.basic": _same("load_basic_bindings"),
    "prompt_toolkit.key_binding.bindings.cpr": _same("load_cpr_bindings"),
    "prompt_toolkit.key_binding.bindings.emacs": _same(
        "load_emacs_bindings", "load_emacs_search_bindings", "load_emacs_shift_selection_bindings"),
    "prompt_toolkit.key_binding.bindings.mouse": _same("load_mouse_bindings"),
    "prompt_toolkit.key_binding.bindings.vi": _same("load_vi_bindings", "load_vi_search_bindings"),
    # what prompt_toolkit.buffer imports whole to edit a line in $EDITOR (a temporary file it
    # removes after): shutil also loads bz2 and lzma, 2 ms of the start
    "shutil": {},
    "tempfile": {},
}
"""What `import prompt_toolkit` runs that the REPL's prompts never use (a version that imports
more of them than this lists is imported whole, as it would be anyway)."""

with leaving_out("prompt_toolkit", PROMPT_TOOLKIT_UNUSED):
    import prompt_toolkit  # noqa: F401  (here, not in a function: see leaving_out)
