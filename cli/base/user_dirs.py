"""The user's own folders for roll-rules (config, data, state), where platformdirs puts them: on
Linux and the BSDs the XDG rule platformdirs implements, read here; elsewhere platformdirs itself.

Why not platformdirs everywhere: its import costs a one-shot `roll 2d6+3` about 6 ms (it loads
tempfile, shutil, bz2 and lzma), and every one-shot asks where the config file is; for the same
reason a dir is a path's text (pathlib loads urllib.parse and ipaddress: ~2 ms more)."""

from __future__ import annotations

import os
import sys
from typing import Literal

APP = "roll-rules"
"""The folder's name under each of the user's dirs."""

Kind = Literal["config", "data", "state"]
"""Which of the user's dirs: settings, the campaign, the REPL's history."""

XDG: dict[Kind, tuple[str, str]] = {
    "config": ("XDG_CONFIG_HOME", "~/.config"),
    "data": ("XDG_DATA_HOME", "~/.local/share"),
    "state": ("XDG_STATE_HOME", "~/.local/state"),
}
"""Each kind's XDG variable and the default under HOME (the XDG Base Directory spec)."""

OTHER_PLATFORMS = ("win32", "darwin", "ios", "android")
"""Where platformdirs follows another rule than XDG's."""


def user_dir(kind: Kind) -> str:
    """The user's `kind` dir for roll-rules, as platformdirs' `user_<kind>_dir` names it."""
    found = xdg_dir(kind)
    if found is not None:
        return os.path.join(found, APP)
    import platformdirs  # only here: a platform without the XDG rule, or a HOME that is no path

    finders = {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
               "state": platformdirs.user_state_dir}
    return finders[kind](APP, appauthor=False)


def xdg_dir(kind: Kind) -> str | None:
    """The base dir by the XDG rule (its variable when an absolute path, else its default under
    an absolute HOME); None where platformdirs decides otherwise."""
    if sys.platform in OTHER_PLATFORMS or "ANDROID_DATA" in os.environ:
        return None  # Android reports "linux" before Python 3.13; platformdirs asks it apart
    variable, default = XDG[kind]
    named = os.environ.get(variable, "")
    if os.path.isabs(named):
        return named
    if not os.path.isabs(os.environ.get("HOME", "")):
        return None  # platformdirs then asks the password database (pwd) for the home dir
    return os.path.expanduser(default)
