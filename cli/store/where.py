"""Where a campaign lives: a SQLite file's path, or a PostgreSQL URL whose password is never shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

URL_SCHEMES = ("postgresql://", "postgres://")
"""The forms of `--campaign` / ROLL_CAMPAIGN that name a PostgreSQL database, not a file."""

SECRET_KEYS = frozenset({"password", "passfile", "sslpassword"})
"""Query parameters of a libpq URL that are secrets (or point at them): never shown."""


def is_url(text: str) -> bool:
    """Whether `--campaign` names a PostgreSQL database (any case of the scheme)."""
    return text.lower().startswith(URL_SCHEMES)


def redact(url: str) -> str:
    """The URL without its password (in the netloc or the query): safe for messages and files."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.partition(':')[0]}@{host}"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k.lower() not in SECRET_KEYS])
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def password_of(url: str) -> str | None:
    """The URL's password, if it carries one (to scrub it from a driver's message)."""
    secret = urlsplit(url).password
    query = [v for k, v in parse_qsl(urlsplit(url).query) if k.lower() == "password"]
    return secret or (query[0] if query else None)


def scrub(message: str, url: str) -> str:
    """A message with the URL and its password replaced by the redacted URL (a driver may echo
    either)."""
    message = message.replace(url, redact(url))
    secret = password_of(url)
    return message if not secret else message.replace(secret, "***")


@dataclass(frozen=True)
class CampaignURL:
    """A campaign in a PostgreSQL database; `str()` is the URL without its password."""

    url: str = field(repr=False)

    def __str__(self) -> str:
        return redact(self.url)

    def __repr__(self) -> str:
        return f"CampaignURL({str(self)!r})"

    def expanduser(self) -> CampaignURL:
        return self


Where = Path | CampaignURL
"""A campaign's location, as `--campaign` or ROLL_CAMPAIGN gave it."""


def campaign_where(given: str | Path) -> Where:
    """The location `--campaign` / ROLL_CAMPAIGN names: a URL as such, anything else a path."""
    text = str(given)
    if is_url(text):
        return CampaignURL(text)
    return Path(text).expanduser()
