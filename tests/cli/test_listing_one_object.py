"""A listing in a --json batch (`sheet list`, `alias list`, `table list`, `log`) is one
`{"input", "kind", "items"}` object whatever the count, so `jq '.items[]'` reads none, one
and many alike (SPEC §3, issue 49); from a shell it stays a line per item."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import invoke, invoke_json

LISTINGS = "sheet list\nalias list\ntable list\nlog\n"


def batch(text: str) -> list[dict[str, object]]:
    code, out, err = invoke("--json", input=text)
    assert (code, err) == (0, "")
    return [json.loads(line) for line in out.splitlines()]


def sheet(tmp_path: Path, name: str) -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\nsystem = "generic"\n[max]\nhp = 10\n', encoding="utf-8")
    return str(path)


def add(tmp_path: Path, n: int) -> None:
    """Its n-th character, alias, table and logged LINE."""
    name = ["Ann", "Bo"][n - 1]
    assert invoke("sheet", "import", sheet(tmp_path, name))[0] == 0
    assert invoke("alias", "add", f"shot{n}", f"d20+{n}")[0] == 0
    table = tmp_path / f"t{n}.csv"
    table.write_text("weight,text\n1,rain\n1,sun\n", encoding="utf-8")
    assert invoke("table", "import", str(table))[0] == 0
    assert invoke("--as", name, f"hurt {n}")[0] == 0


def test_none_one_and_two_are_each_one_object_of_items(tmp_path: Path) -> None:
    assert invoke("alias", "add", "x", "d6")[0] == 0  # the campaign, with nothing listed yet
    assert invoke("alias", "rm", "x")[0] == 0
    assert [(o["input"], o["kind"], o["items"]) for o in batch(LISTINGS)][:3] == [
        ("sheet list", "characters", []), ("alias list", "aliases", []),
        ("table list", "tables", [])]
    add(tmp_path, 1)
    one = batch(LISTINGS)
    assert one[:3] == [
        {"input": "sheet list", "kind": "characters",
         "items": [{"name": "Ann", "system": "generic"}]},
        {"input": "alias list", "kind": "aliases",
         "items": [{"name": "shot1", "line": "d20+1", "character": None}]},
        {"input": "table list", "kind": "tables",
         "items": [{"name": "t1", "roll": "d2", "rows": 2, "title": None}]}]
    assert (one[3]["input"], one[3]["kind"]) == ("log", "log")
    assert [e["input"] for e in one[3]["items"]] == ["hurt 1"]
    add(tmp_path, 2)
    two = batch(LISTINGS)
    assert [[i["name"] for i in o["items"]] for o in two[:3]] == [
        ["Ann", "Bo"], ["shot1", "shot2"], ["t1", "t2"]]
    assert [e["input"] for e in two[3]["items"]] == ["hurt 1", "hurt 2"]
    assert [sorted(o) for o in two] == [["input", "items", "kind"]] * 4


def test_log_in_a_batch_is_one_object_with_one_entry(tmp_path: Path) -> None:
    assert invoke("sheet", "import", sheet(tmp_path, "Ann"))[0] == 0
    assert invoke("--as", "Ann", "hurt 3")[0] == 0
    [answer] = batch("log -n 1\n")
    assert (answer["input"], answer["kind"], len(answer["items"])) == ("log -n 1", "log", 1)
    entry = answer["items"][0]
    assert (entry["id"], entry["input"], entry["character"], entry["changes"][0]["after"]) == (
        1, "hurt 3", "Ann", 7)


@pytest.mark.parametrize("count", [1, 2])
def test_from_a_shell_a_listing_is_a_line_per_item(tmp_path: Path, count: int) -> None:
    for n in range(1, count + 1):
        add(tmp_path, n)
    assert invoke_json("sheet", "list") == (0, [
        {"name": name, "system": "generic"} for name in ["Ann", "Bo"][:count]])
