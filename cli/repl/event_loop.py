"""asyncio for prompt-toolkit, loaded without the ssl module: import this before prompt_toolkit.

OpenSSL (`ssl`, `_ssl`) is a third of importing asyncio, whose event loop the REPL uses only
for the terminal, a timer and signals, never a TLS socket; asyncio's modules take `ssl = None`
when `import ssl` fails, and then only leave TLS out. `import ssl` works again afterwards, for
whoever needs it (psycopg opening a server's campaign).
"""

from __future__ import annotations

import sys
from types import ModuleType


def import_asyncio_without_ssl() -> ModuleType:
    """asyncio, imported (if it is not yet) while `import ssl` fails."""
    blocked = "asyncio" not in sys.modules and "ssl" not in sys.modules
    if blocked:
        sys.modules["ssl"] = None  # type: ignore[assignment]  # import's mark: not there
    try:
        import asyncio
    finally:
        if blocked and "ssl" in sys.modules and sys.modules["ssl"] is None:
            del sys.modules["ssl"]
    return asyncio


import_asyncio_without_ssl()
