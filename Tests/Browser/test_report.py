"""The snapshot report in Chromium: its slider follows the pointer wherever it presses on the
picture (not only a corner grip), images fit the window until "Actual pixels" is ticked, and the
page runs nothing but its own script (its Content-Security-Policy allows that one by hash)."""
import json
import subprocess

from pagecheck import BINARY


def failing_report(folder):
    (folder / "docs" / "templates").mkdir(parents=True)
    (folder / "docs" / "templates" / "Row.xml").write_text('<cell><stack padding="11 16"><label text="{title}"/></stack></cell>')
    document = {"templates": ["templates"], "style": "insetGrouped",
                "sections": [{"header": "Fruit", "items": [{"template": "Row", "values": {"title": "Apple"}}]}]}
    (folder / "docs" / "list.json").write_text(json.dumps(document))
    (folder / "tablerender.json").write_text(json.dumps({"documents": ["docs"], "devices": ["iphone-se"], "scales": [2]}))
    project = ["--project", str(folder / "tablerender.json"), "--report", str(folder / "report")]
    subprocess.run([str(BINARY), "snapshot", "record", "-q"] + project, check=True)
    document["sections"][0]["items"][0]["values"]["title"] = "Pear"
    (folder / "docs" / "list.json").write_text(json.dumps(document))
    verify = subprocess.run([str(BINARY), "snapshot", "verify", "--record", "never"] + project, capture_output=True, text=True)
    assert verify.returncode == 1, verify.stderr
    return folder / "report" / "index.html"


def test_slider_follows_the_pointer_and_images_fit_the_window(browser, tmp_path):
    report = failing_report(tmp_path)
    page = browser.new_page(viewport={"width": 400, "height": 900})
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(report.as_uri())
    page.click("label:text('Slider')")
    frame = page.locator(".view.slider .frame").first
    box = frame.bounding_box()
    # 640 pixels of image in a 400 px window: fitted.
    assert box["width"] <= 400 - 2 * 24, box
    # Pressed in the middle of the picture, far from any corner, and dragged.
    page.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.5)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.25, box["y"] + box["height"] * 0.5, steps=4)
    page.mouse.up()
    assert not errors, errors
    edge = page.evaluate("() => document.querySelector('.view.slider .edge').getBoundingClientRect().left")
    assert abs(edge + 1 - (box["x"] + box["width"] * 0.25)) < 2, (edge, box)
    shown = page.evaluate("() => getComputedStyle(document.querySelector('.view.slider .over')).clipPath")
    assert shown.startswith("inset(0px ") and shown != "inset(0px 50% 0px 0px)", shown
    page.check("#actual-pixels")
    widths = page.evaluate("() => { const image = document.querySelector('.view.slider .frame > img'); return [image.naturalWidth, image.clientWidth]; }")
    assert abs(widths[0] - widths[1]) < 1, widths
    assert not errors, errors
    page.close()
