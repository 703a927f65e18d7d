#!/usr/bin/env python3
"""Check ordinance-homes-heldout-4.jsonl against the D.C. Code data (prints PASS or the failures).

Usage: python3 ordinance-homes-heldout-4-check.py [path/to/dc-code-full.jsonl.gz]
"""
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ITEMS = os.path.join(HERE, "ordinance-homes-heldout-4.jsonl")
DEFAULT_CODE = os.path.normpath(os.path.join(HERE, "..", "..", "..", "data", "demo", "dc-code-full.jsonl.gz"))
FIELDS = ["id", "query", "draft_input", "action", "home_sections", "home_chapters", "facts", "trap", "note"]
IDS = ["oh%d" % n for n in range(49, 65)]

errors = []


def fail(msg):
    errors.append(msg)


def operative(sec):
    text = (sec.get("text") or "").strip()
    if sec.get("status") != "in_force" or len(text) < 40:
        return False
    return not text.lower().startswith("repealed")


def main():
    code_path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CODE
    sections = {}
    chapters = set()
    with gzip.open(code_path, "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            sections[r["number"]] = r
            chapters.add((r["title_number"], r["chapter"]))

    with open(ITEMS, encoding="utf-8") as f:
        lines = [l for l in f.read().split("\n") if l.strip()]
    if len(lines) != 16:
        fail("expected 16 lines, got %d" % len(lines))

    items = []
    for n, line in enumerate(lines, 1):
        try:
            items.append(json.loads(line))
        except json.JSONDecodeError as e:
            fail("line %d does not parse: %s" % (n, e))

    ids = [it.get("id") for it in items]
    if ids != IDS and sorted(ids, key=lambda s: int(s[2:])) != IDS:
        fail("ids are not exactly oh49..oh64: %s" % ids)
    if len(set(ids)) != len(ids):
        fail("duplicate ids")

    actions = [it.get("action") for it in items]
    if actions.count("amend") != 8 or actions.count("new") != 8:
        fail("need 8 amend and 8 new, got %d/%d" % (actions.count("amend"), actions.count("new")))

    all_homes = set()
    for it in items:
        all_homes.update(it.get("home_sections") or [])

    traps = 0
    for it in items:
        iid = it.get("id")
        if list(it.keys()) != FIELDS:
            fail("%s: fields/order %s" % (iid, list(it.keys())))
        if it.get("draft_input") != "":
            fail("%s: draft_input must be empty" % iid)
        if not isinstance(it.get("query"), str) or not it["query"].strip():
            fail("%s: empty query" % iid)
        if not isinstance(it.get("note"), str) or not it["note"].strip():
            fail("%s: empty note" % iid)
        if it.get("action") not in ("amend", "new"):
            fail("%s: bad action %r" % (iid, it.get("action")))

        chs = it.get("home_chapters")
        if not isinstance(chs, list):
            fail("%s: home_chapters not a list" % iid)
            chs = []
        ch_keys = set()
        for ch in chs:
            if not isinstance(ch, dict) or list(ch.keys()) != ["title_number", "chapter"]:
                fail("%s: bad chapter entry %r" % (iid, ch))
                continue
            key = (ch["title_number"], ch["chapter"])
            ch_keys.add(key)
            if key not in chapters:
                fail("%s: chapter %s/%s not in data" % (iid, key[0], key[1]))

        homes = it.get("home_sections")
        if not isinstance(homes, list):
            fail("%s: home_sections not a list" % iid)
            homes = []
        if it.get("action") == "amend":
            if len(homes) != 1:
                fail("%s: amend needs exactly one home section" % iid)
            if not chs:
                fail("%s: amend needs its home chapter" % iid)
            if it.get("trap") is not None:
                fail("%s: amend item must have trap null" % iid)
        else:
            if homes:
                fail("%s: new item must have no home sections" % iid)
        for h in homes:
            sec = sections.get(h)
            if sec is None:
                fail("%s: home %s not in data" % (iid, h))
                continue
            if not operative(sec):
                fail("%s: home %s not in force / no operative text" % (iid, h))
            if (sec["title_number"], sec["chapter"]) not in ch_keys:
                fail("%s: home %s (chapter %s/%s) not in listed chapters" % (iid, h, sec["title_number"], sec["chapter"]))

        trap = it.get("trap")
        if trap is not None:
            if not isinstance(trap, str):
                fail("%s: trap must be a string or null" % iid)
            else:
                sec = sections.get(trap)
                if sec is None:
                    fail("%s: trap %s not in data" % (iid, trap))
                elif not operative(sec):
                    fail("%s: trap %s not in force / no operative text" % (iid, trap))
                if trap in all_homes:
                    fail("%s: trap %s is a home section" % (iid, trap))
                if it.get("action") == "new":
                    traps += 1

        facts = it.get("facts")
        if not isinstance(facts, list):
            fail("%s: facts not a list" % iid)
            facts = []
        for fact in facts:
            if not isinstance(fact, str) or fact not in it.get("query", ""):
                fail("%s: fact %r not verbatim in query" % (iid, fact))

    if traps < 5:
        fail("only %d new items have a trap (need 5)" % traps)

    if errors:
        for e in errors:
            print("FAIL: " + e)
        sys.exit(1)
    print("PASS")


if __name__ == "__main__":
    main()
