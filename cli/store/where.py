"""Where a campaign lives: a SQLite file's path, or a PostgreSQL URL whose password is never shown.

A URL is split here, by hand, the way a person writes one: the user's part ends at the last `@`,
so a password with `#`, `/`, `?` or `@` in it (unencoded) is still the password, never a host, a
path or a fragment to print. What the driver is given has that password percent-encoded; what
anything shows or stores has it left out.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, unquote

from rules.errors import UsageError

if TYPE_CHECKING:
    from cli.base.settings import Settings

URL_SCHEMES = ("postgresql://", "postgres://")
"""The forms of `--campaign` / ROLL_CAMPAIGN that name a PostgreSQL database, not a file."""

SECRET_KEYS = frozenset({"password", "passfile", "sslpassword"})
"""Query parameters of a libpq URL that are secrets (or point at them): never shown."""

MASK = "***"
"""What stands for a password in a driver's message."""


class CampaignUnavailable(UsageError):
    """The campaign is there (or may be) but cannot be opened now: a server that does not
    answer, a file that is not a database, a URL that cannot be read. A LINE that needs
    nothing of it goes on without."""


def is_url(text: str) -> bool:
    """Whether `--campaign` names a PostgreSQL database (any case of the scheme)."""
    return text.lower().startswith(URL_SCHEMES)


@dataclass(frozen=True, slots=True)
class URLParts:
    """A postgresql:// URL in pieces: `scheme://user:password@rest` (`rest`: host, path, query)."""

    scheme: str
    user: str | None
    password: str | None
    rest: str

    @property
    def query(self) -> list[tuple[str, str]]:
        """The query's parameters, as written (undecoded)."""
        _, mark, query = self.rest.partition("?")
        pairs = [item.partition("=") for item in query.split("&") if item] if mark else []
        return [(key, value) for key, _, value in pairs]

    def shown(self) -> str:
        """The URL without any password (user part or query): safe for messages and files."""
        where, mark, _ = self.rest.partition("?")
        kept = "&".join(f"{k}={v}" for k, v in self.query if unquote(k).lower() not in SECRET_KEYS)
        user = f"{self.user}@" if self.user is not None else ""
        return f"{self.scheme}://{user}{where}{mark if kept else ''}{kept}"

    def for_driver(self) -> str:
        """The URL libpq reads: user and password percent-encoded (a raw `#` or `/` in a
        password would otherwise end it early)."""
        if self.user is None:
            return f"{self.scheme}://{self.rest}"
        user = quote(unquote(self.user), safe="")
        secret = "" if self.password is None else ":" + quote(unquote(self.password), safe="")
        return f"{self.scheme}://{user}{secret}@{self.rest}"

    def secrets(self) -> list[str]:
        """Every spelling of a password this URL carries (to mask in a driver's message)."""
        found = [v for k, v in self.query if unquote(k).lower() == "password" and v]
        if self.password:
            found.append(self.password)
        spelled = {s for value in found for s in (value, unquote(value), quote(unquote(value),
                                                                               safe=""))}
        return sorted((s for s in spelled if s), key=len, reverse=True)


def url_parts(url: str) -> URLParts:
    """The pieces of a postgresql:// URL (the user's part ends at its last `@`)."""
    scheme, _, rest = url.partition("://")
    userinfo, at, host = rest.rpartition("@")
    if not at:
        return URLParts(scheme, None, None, rest)
    user, colon, password = userinfo.partition(":")
    return URLParts(scheme, user, password if colon else None, host)


def redact(url: str) -> str:
    """The URL without its password (in the user part or the query): safe to show and store."""
    return url_parts(url).shown()


def password_of(url: str) -> str | None:
    """The URL's password as written, if it carries one."""
    secrets = url_parts(url).secrets()
    return secrets[0] if secrets else None


def scrub(message: str, url: str) -> str:
    """A message with the URL (as written or as given to the driver) shown without its
    password, and any spelling of the password masked (a driver may echo either)."""
    parts = url_parts(url)
    for spelled in (url, parts.for_driver()):
        message = message.replace(spelled, parts.shown())
    for secret in parts.secrets():
        message = message.replace(secret, MASK)
    return message


def check_url(url: str) -> None:
    """A UsageError (the URL shown without its password) when the host part cannot be read."""
    parts = url_parts(url)
    host = parts.rest.partition("/")[0].partition("?")[0]
    problem = None
    if not parts.rest.partition("?")[0].strip("/"):
        problem = "it names no host or database"
    elif host.count("[") != host.count("]") or (host.startswith("[") and "]" not in host):
        problem = "an IPv6 host needs its closing ']' (postgresql://user@[::1]:5432/db)"
    elif any(c in host for c in " \t\n"):
        problem = "a host has no spaces"
    if problem is not None:
        raise CampaignUnavailable(f"campaign {parts.shown()}: not a postgresql:// URL roll can read:"
                         f" {problem}")


@dataclass(frozen=True, slots=True)
class CampaignURL:
    """A campaign in a PostgreSQL database; `str()` is the URL without its password."""

    url: str = field(repr=False)

    def __str__(self) -> str:
        return redact(self.url)

    def __repr__(self) -> str:
        return f"CampaignURL({str(self)!r})"

    @property
    def conninfo(self) -> str:
        """What the driver connects with (the password encoded, never shown)."""
        return url_parts(self.url).for_driver()

    def expanduser(self) -> CampaignURL:
        return self


Where = Path | CampaignURL
"""A campaign's location, as `--campaign` or ROLL_CAMPAIGN gave it."""


def where_of(settings: Settings) -> Where:
    """Where the settings' campaign is: `--campaign`, else ROLL_CAMPAIGN (a path or a
    postgresql:// URL), else the default file."""
    if settings.campaign is not None:
        return campaign_where(settings.campaign)
    from_env = os.environ.get("ROLL_CAMPAIGN")
    if from_env:
        if is_url(from_env) and not from_env.isascii():  # a path's bytes are its own
            from cli.base.os_text import env_text

            from_env = env_text("ROLL_CAMPAIGN") or from_env
        return campaign_where(from_env)
    configured = settings.config().campaign
    if configured is not None:
        return campaign_where(configured)
    return default_campaign_path()


def default_campaign_path() -> Path:
    """Where the campaign lives when neither `--campaign` nor `ROLL_CAMPAIGN` says otherwise."""
    from cli.base.user_dirs import user_dir  # only here: --campaign or ROLL_CAMPAIGN needs none

    return Path(user_dir("data")) / "campaign.sqlite3"


def no_campaign(path: Where, acting: str | None = None) -> UsageError:
    """The error of a command that needs a campaign where there is none (it never makes one);
    `acting`: who would act in it, said (a LINE of plain dice needs one only for them)."""
    who = "" if acting is None else f" for {acting} to act in"
    return UsageError(f"no campaign at {shown_name(str(path))}{who} (roll sheet import FILE"
                      " creates one)")


A_CAMPAIGN = "a campaign is a regular file or a postgresql:// URL"
"""What every refused `--campaign` says it should have been (SPEC §6)."""


def _refused(path: Path, why: str) -> UsageError:
    return UsageError(f"campaign {shown_name(str(path)[:200])} is {why}; {A_CAMPAIGN}")


def check_file(path: Path) -> None:
    """A UsageError unless `path` can be a campaign file: a regular file (or a link to one),
    or none yet below a directory. Checked before SQLite opens it, which would take
    `:memory:` and `file:` URIs as its own names and write `NAME-journal` beside a device."""
    text = str(path)
    if text == ":memory:" or text.lower().startswith("file:"):
        kind = "SQLite's in-memory database" if text == ":memory:" else "a SQLite URI"
        plain = shown_name(os.path.abspath(text))
        raise _refused(path, f"{kind}, not a file ({plain} names a file of that name)")
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        _check_parent(path)
        return
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "a NUL byte"
        raise UsageError(f"campaign {shown_name(text[:80])}: {why}") from None
    if stat.S_ISDIR(mode):
        raise _refused(path, "a directory")
    if not stat.S_ISREG(mode):
        raise _refused(path, "not a regular file (a FIFO, a device or a socket)")


def _check_parent(path: Path) -> None:
    """A missing campaign is made below its nearest existing ancestor: that must be a
    directory (its missing directories are made with it)."""
    for parent in Path(os.path.abspath(path)).parents:
        try:
            mode = os.stat(parent).st_mode
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:
            raise UsageError(f"campaign {shown_name(str(path)[:80])}: {exc.strerror}") from None
        if not stat.S_ISDIR(mode):
            raise _refused(path, f"below {shown_name(str(parent))}, which is not a directory")
        return


def shown_name(text: str) -> str:
    """A path as a message shows it: its control characters made visible."""
    from cli.base.safe import shown

    return shown(text)


def path_exists(path: Path) -> bool:
    """Whether a campaign file is there; a path no file can have (too long, a NUL byte) or
    that no campaign can be (a device, a directory, `:memory:`) is a UsageError naming it."""
    check_file(path)
    try:
        return path.exists()
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "a NUL byte"
        raise UsageError(f"campaign {shown_name(str(path)[:80])}: {why}") from None


def campaign_where(given: str | Path) -> Where:
    """The location `--campaign` / ROLL_CAMPAIGN names: a URL as such, anything else a path."""
    text = str(given)
    if is_url(text):
        return CampaignURL(text)
    return Path(text).expanduser()
