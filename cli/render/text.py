"""The text renderer: the summary line, one line per pool change, and notes; colour on a TTY."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cli.base.safe import shown
from cli.render.change_words import change_line as change_line
from cli.render.change_words import pool_label as pool_label
from cli.render.change_words import value_text as value_text
from cli.render.colour_marks import RESET as RESET
from cli.render.colour_marks import STYLES as STYLES
from cli.render.colour_marks import dropped, in_colour, rerolled_away
from rules.errors import RollError
from rules.said import Face, Note, OutcomeWord, Said

if TYPE_CHECKING:
    from rules.resolution import Change, Resolution

CHANGE = "\x1b[36m"


class TextRenderer:
    """A result as plain text, one method per part of it: the summary line (a `# comment`
    names it) and each of its parts (rules/said.py: a text, a die, an outcome word), a pool
    change, a note. What a person typed reaches the output only through `text` and `note` (a
    LINE's echo, its labels, names), the one place to make it safe."""

    def resolution(self, res: Resolution) -> str:
        lines = [self.summary(res)]
        lines.extend(self.changes(res))
        lines.extend(self.note(n, res) for n in res.notes)
        return "\n".join(lines)

    def summary(self, res: Resolution) -> str:
        comment = res.comment
        body = self.said(res.summary_parts, res)
        return f"{self.text(comment)}: {body}" if comment else body

    def said(self, said: Said, res: Resolution | None) -> str:
        """A summary's parts, each shown by its own method."""
        out = []
        for part in said.parts:
            if isinstance(part, str):
                out.append(self.text(part))
            elif isinstance(part, Face):
                out.append(self.face(part))
            else:
                out.append(self.word(part, res))
        return "".join(out)

    def text(self, text: str) -> str:
        return text

    def face(self, face: Face) -> str:
        """A die: `5`, `~~2~~` for one dropped, `1↻` for a face rerolled away."""
        return face.plain

    def word(self, word: OutcomeWord, res: Resolution | None) -> str:
        return word.word

    def change(self, change: Change, system_id: str | None) -> str:
        return change_line(change, system_id)

    def changes(self, res: Resolution) -> list[str]:
        """The result's changes, a line each; a fight command's several alike in one line
        (cli/render/change_groups.py): a fight's ten foes joining read as one, said by the
        headline alone."""
        if not res.changes:
            return []  # a dice LINE: the grouping's module stays unloaded
        from cli.render.change_groups import grouped, is_fight

        if is_fight(res.changes):
            return [self.change_text(line)
                    for line in grouped(res.changes, res.system, headlined=True)]
        return [self.change(c, res.system) for c in res.changes]

    def change_text(self, line: str) -> str:
        """A change's line as this renderer shows it."""
        return line

    def note(self, note: str, res: Resolution) -> str:
        return note


class ShownRenderer(TextRenderer):
    """The plain text for a terminal: each part's control characters made visible
    (cli.base.safe), so a name or comment holding a newline or an escape sequence stays on its
    own line, inert. JSON and the log keep the data as it is (TextRenderer)."""

    def said(self, said: Said, res: Resolution | None) -> str:
        """Part by part, as TextRenderer's, in one pass (`shown` maps each character alone)."""
        return shown(said.plain)

    def text(self, text: str) -> str:
        return shown(text)

    def change(self, change: Change, system_id: str | None) -> str:
        return shown(super().change(change, system_id))

    def change_text(self, line: str) -> str:
        return shown(line)

    def note(self, note: str, res: Resolution) -> str:
        return shown(super().note(note, res))


class ColourRenderer(ShownRenderer):
    """The text on a colour terminal, from the result's fields and its parts' flags: an
    outcome word the result says (its outcome, crit, fumble) in its colour, a die not kept
    dimmed and struck, pool changes in their own colour. Text the person typed (a label that
    spells `pass`, a comment holding `~~x~~`) is a text part: never styled."""

    said = TextRenderer.said

    def word(self, word: OutcomeWord, res: Resolution | None) -> str:
        return word.word if res is None else in_colour(word.word, res)

    def face(self, face: Face) -> str:
        if face.replaced:
            return rerolled_away(face.plain)
        return face.text if face.kept else dropped(face.text)

    def change(self, change: Change, system_id: str | None) -> str:
        return f"{CHANGE}{super().change(change, system_id)}{RESET}"

    def change_text(self, line: str) -> str:
        return f"{CHANGE}{super().change_text(line)}{RESET}"

    def note(self, note: str, res: Resolution) -> str:
        """A note with parts (rules/said.py `Note`: `crit: …`, a damage roll's dice) shown
        part by part, as the summary is; any other note is text."""
        if isinstance(note, Note):
            return self.said(note.said, res)
        return super().note(note, res)


PLAIN = TextRenderer()
SHOWN = ShownRenderer()
COLOUR = ColourRenderer()


def plain_text(res: Resolution) -> str:
    """Everything a person reads for this LINE, without colour; a `# comment` names it (as
    data: JSON and the log escape its control characters, a terminal gets `shown_text`)."""
    return PLAIN.resolution(res)


def shown_text(res: Resolution) -> str:
    """plain_text for a terminal: control characters made visible (ShownRenderer)."""
    return SHOWN.resolution(res)


def renderer(color: bool) -> ShownRenderer:
    """The renderer of a terminal's results: made safe, and coloured when asked."""
    return COLOUR if color else SHOWN


def render(res: Resolution, color: bool) -> str:
    """A result for a terminal: made safe, and coloured when asked."""
    return renderer(color).resolution(res)


def quiet(res: Resolution) -> str:
    """`-q`: the outcome word of any LINE that has one (`d20 vs 10` too), else the total,
    else the summary."""
    if res.outcome is not None:
        return shown(res.outcome)
    if res.total is not None:
        return str(res.total)
    return shown(res.summary)


def error_text(line: str | None, error: RollError, number: int | None = None) -> str:
    """`roll: error: MESSAGE`, with the LINE and a caret under the bad character (its lines
    as written: cli/base/error_layout.py's `error_lines`)."""
    from cli.base.error_layout import error_lines

    return error_lines(line, error, number).text()


def columns(text: str) -> int:
    """How many terminal columns `text` takes: cli.render.layout's `width_of` (wcwidth)."""
    from cli.render.layout import width_of

    return width_of(text)
