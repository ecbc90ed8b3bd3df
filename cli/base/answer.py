"""A one-shot subcommand's answer under `--json`: its objects as they come, its text as one
object, the shape a batch line's answer has (cli/commands/subcommand.py's OneAnswer)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cli.base.environment import Environment


class TextAnswer(Environment):
    """Prints the subcommand's JSON objects at once (`log --follow` streams them) and holds
    the text it prints (`sheet export`, `completion bash`, `sheet import`'s line), so that
    `answer` prints it as `{"input": LINE, "kind": WORD, "text": …}`: under --json, stdout
    holds JSON Lines only."""

    def __init__(self, env: Environment) -> None:
        super().__init__(env.stdin, env.stdout, env.stderr, env.confirm, holding=env.holding,
                         as_json=True, columns=env.columns, line=env.line,
                         line_number=env.line_number)
        self.said: list[str] = []

    def out(self, text: str, end: str = "\n") -> None:
        self.said.append(text + end)

    def json(self, obj: Mapping[str, Any]) -> None:
        from cli.base.safe import dumps

        super().out(dumps(dict(obj)))

    def answer(self, line: str) -> None:
        """Print the text held, if any, as one object; its kind is the subcommand's word."""
        if not self.said:
            return
        kind = line.split(None, 1)[0].lower() if line.strip() else "roll"
        self.json({"input": line, "kind": kind, "text": "".join(self.said).rstrip("\n")})
