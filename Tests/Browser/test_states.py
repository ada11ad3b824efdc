"""Stateful sections in the browser: the switcher shows exactly each state's rows in order, laid
out as the static render of that state; the change is animated, not at all under reduced motion;
without JavaScript every state is shown."""
import json
from pathlib import Path

import pytest

from pagecheck import ROOT, render

DOCUMENT = ROOT / "Examples" / "states" / "states.json"


def expected_states():
    document = json.loads(DOCUMENT.read_text())
    result = {}
    for section in document["sections"]:
        if "states" in section:
            names = list(section["states"])
            lists = {name: [entry if isinstance(entry, str) else entry["id"] for entry in ids] for name, ids in section["states"].items()}
            result[section["id"]] = (section.get("initialState", names[0]), names, lists)
    return result


VISIBLE_ROWS = """(section) => {
  const main = document.querySelector('main').getBoundingClientRect();
  return [...document.querySelectorAll(`section[data-id="${section}"] ul.state-list`)]
    .filter(list => getComputedStyle(list).display !== 'none')
    .flatMap(list => [...list.children].map(li => {
      const box = li.getBoundingClientRect();
      // The switcher bars above the row (JavaScript only, not in the layout) move it down by
      // their height.
      const bars = [...document.querySelectorAll('.switcher-bar')].map(bar => bar.getBoundingClientRect())
        .filter(bar => bar.bottom <= box.top + 0.5).reduce((sum, bar) => sum + bar.height, 0);
      return {id: li.dataset.id, height: box.height, expectedHeight: parseFloat(li.dataset.height),
              top: box.top - main.top - bars, expectedTop: parseFloat(li.dataset.y), opacity: getComputedStyle(li).opacity};
    }));
}"""


@pytest.fixture(scope="module")
def page_path(tmp_path_factory):
    return render(DOCUMENT, tmp_path_factory.mktemp("states"), "--format", "html")[0]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_state_shows_its_rows_as_laid_out(browser, page_path, scheme):
    page = browser.new_page(viewport={"width": 390, "height": 1600}, color_scheme=scheme)
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(Path(page_path).resolve().as_uri())
    page.add_style_tag(content="li { content-visibility: visible !important; }")
    worst = 0.0
    for section, (initial, names, lists) in expected_states().items():
        for name in names + [initial]:
            page.click(f'section[data-id="{section}"] button[data-state="{name}"]')
            page.wait_for_timeout(450)
            rows = page.evaluate(VISIBLE_ROWS, section)
            assert [row["id"] for row in rows] == lists[name], f"{section} in {name}"
            pressed = page.evaluate(f"""() => [...document.querySelectorAll('section[data-id="{section}"] button')]
                .filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.state)""")
            assert pressed == [name]
            for row in rows:
                worst = max(worst, abs(row["height"] - row["expectedHeight"]), abs(row["top"] - row["expectedTop"]))
                assert abs(row["height"] - row["expectedHeight"]) <= 1, f"{section}/{name}/{row['id']} height {row}"
                assert abs(row["top"] - row["expectedTop"]) <= 1, f"{section}/{name}/{row['id']} top {row}"
                assert row["opacity"] == "1"
    print(f"\nstates ({scheme}): every state of every section shown in order; worst row height/top difference after the animation {worst:.2f} px")
    assert problems == []
    assert requests == [Path(page_path).resolve().as_uri()]
    page.close()


def test_changes_are_animated_unless_motion_is_reduced(browser, page_path):
    for reduced, expected in (("no-preference", True), ("reduce", False)):
        page = browser.new_page(viewport={"width": 390, "height": 1600}, reduced_motion=reduced)
        page.goto(Path(page_path).resolve().as_uri())
        page.click('section[data-id="party"] button[data-state="on"]')
        running = page.evaluate("() => document.getAnimations().map(a => a.effect.getComputedTiming().duration)")
        assert (len(running) > 0) == expected, f"{reduced}: {running}"
        if expected:
            assert all(duration == 300 for duration in running)
            kinds = page.evaluate("""() => document.getAnimations().map(a => Object.keys(a.effect.getKeyframes()[0]).filter(k => k === 'opacity' || k === 'transform')[0])""")
            assert "transform" in kinds and "opacity" in kinds
        page.close()


def test_without_javascript_every_state_is_shown(browser, page_path):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 1600})
    page = context.new_page()
    page.goto(Path(page_path).resolve().as_uri())
    for section, (_, names, lists) in expected_states().items():
        rows = page.evaluate(VISIBLE_ROWS, section)
        assert [row["id"] for row in rows] == [row for name in names for row in lists[name]]
        captions = page.evaluate(f"""() => [...document.querySelectorAll('section[data-id="{section}"] .state-caption')]
            .filter(c => getComputedStyle(c).display !== 'none').length""")
        assert captions == len(names)
    assert page.evaluate("() => getComputedStyle(document.querySelector('.switcher-bar')).display") == "none"
    context.close()
