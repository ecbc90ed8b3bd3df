"""The REPL's terminal output: prompt-toolkit's own, and one that draws the toolbar without CPR."""

from __future__ import annotations

from prompt_toolkit.output import Output, create_output
from prompt_toolkit.output.vt100 import Vt100_Output


class RowsBelowUnasked(Vt100_Output):
    """A terminal that answers no cursor-position request (CPR): prompt-toolkit draws a bottom
    toolbar only once it knows the rows below the cursor, so a pane without CPR
    (PROMPT_TOOLKIT_NO_CPR=1, some multiplexers) would never show the pools. This output says
    none are known to be free (0, the Output interface's own answer for Windows), which is all
    the toolbar waits for; nothing is reserved below the prompt."""

    def get_rows_below_cursor_position(self) -> int:
        return 0


def pane_output(output: Output | None = None) -> Output:
    """`output` if given, else the terminal's, as prompt-toolkit makes it; a terminal that does
    not answer CPR gets `RowsBelowUnasked`, so its toolbar shows."""
    if output is not None:
        return output
    made = create_output()
    if type(made) is Vt100_Output and not made.responds_to_cpr:
        return RowsBelowUnasked(made.stdout, made.get_size, term=made.term,
                                default_color_depth=made.default_color_depth,
                                enable_bell=made.enable_bell, enable_cpr=False)
    return made
