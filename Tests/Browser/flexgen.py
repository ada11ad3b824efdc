"""Random cell templates over the template vocabulary, for the differential test of the stack
layout against Chromium (test_flex.py): nested stacks with every axis, alignment (baselines
too), distribution, spacing, padding and wrapping; labels with line limits, truncations and
alignments; images, spacers, dividers, switches, accessories and boxes; fixed, minimum and
maximum sizes (the root's too, and percentages of the parent's width); margins; grow, shrink,
alignSelf and overlays; images of their natural size or an aspect ratio. Deterministic for a
seed. A template is a tree of dicts, written as XML by `xml()`, so that a failing case can be
shrunk (`shrink()`) to a minimal one.

    flexgen.py SEED       prints the template of a seed
"""
import random
import sys
from xml.sax.saxutils import quoteattr

WORDS = ("the a of to in list row table section header title label stack image switch value detail cell theme layout "
         "render wrap line width height page text font bold settings account profile privacy network Bluetooth battery "
         "storage notifications café naïve Zürich São Paulo 2024 42 7.5 e-mail sign-in well-known long short quick "
         "Incomprehensibilities antidisestablishmentarianism https://example.com/a/path").split()
FONTS = ["body", "headline", "subheadline", "footnote", "caption1", "Inter 13", "Inter Semibold 17", "Liberation Serif 14"]
ALIGNMENTS = ["fill", "leading", "center", "trailing", "firstBaseline", "lastBaseline"]
DISTRIBUTIONS = ["fill", "fillEqually", "equalSpacing", "equalCentering", "leading", "center", "trailing"]


def text(rng):
    count = rng.choice([1, 1, 2, 3, 5, 8, 14])
    words = [rng.choice(WORDS) for _ in range(count)]
    if rng.random() < 0.15:
        words.insert(rng.randrange(len(words) + 1), "\n")
    return " ".join(words).replace(" \n ", "\n")


def sizes(rng, node, kinds=("width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight")):
    for name in kinds:
        if rng.random() < 0.12:
            low = {"width": 10, "height": 10, "minWidth": 5, "maxWidth": 30, "minHeight": 5, "maxHeight": 20}[name]
            node["attrs"][name] = str(rng.choice([low, low * 2, low * 4, low * 7]) + rng.choice([0, 0.5]))
            if name in ("width", "minWidth", "maxWidth") and node["tag"] != "image" and rng.random() < 0.3:
                # A percentage of the parent's width.
                node["attrs"][name] = rng.choice(["25%", "50%", "33.3%", "80%", "100%"])
    if rng.random() < 0.3:
        node["attrs"]["grow"] = str(rng.choice([0, 1, 1, 2, 0.5]))
    if rng.random() < 0.2:
        node["attrs"]["shrink"] = str(rng.choice([0, 1, 2, 0.5]))


def placement(rng, node):
    if rng.random() < 0.15:
        node["attrs"]["alignSelf"] = rng.choice(["auto", "fill", "leading", "center", "trailing", "firstBaseline", "lastBaseline"])
    if rng.random() < 0.12:
        node["attrs"]["margin"] = rng.choice(["4", "8 0", "0 12", "2 4 6 8", "10 16"])
    if rng.random() < 0.08:
        # An overlay: out of the flow, at some of its offsets (or where a sole child would be);
        # two of a size and its two offsets, placed by offsets rather than alignSelf.
        node["attrs"]["position"] = "overlay"
        node["attrs"].pop("alignSelf", None)
        node["attrs"].pop("margin", None)
        for size, edges in (("width", ("left", "right")), ("height", ("top", "bottom"))):
            for edge in edges:
                if rng.random() < 0.4 and not (size in node["attrs"] and all(e in node["attrs"] for e in edges if e != edge)):
                    node["attrs"][edge] = str(rng.choice([-8, -4, 0, 4, 12]))
    return node


def leaf(rng, values):
    kind = rng.choice(["label"] * 6 + ["image", "spacer", "divider", "switch", "accessory"])
    node = {"tag": kind, "attrs": {}, "children": []}
    if kind == "label":
        key = f"t{len(values)}"
        values[key] = text(rng)
        node["attrs"]["text"] = "{" + key + "}"
        node["attrs"]["font"] = rng.choice(FONTS)
        node["attrs"]["lines"] = str(rng.choice([0, 0, 1, 1, 2, 3]))
        if rng.random() < 0.3:
            node["attrs"]["truncation"] = rng.choice(["tail", "head", "middle", "clip"])
        if rng.random() < 0.3:
            node["attrs"]["alignment"] = rng.choice(["natural", "leading", "center", "trailing"])
        sizes(rng, node)
    elif kind == "image":
        # A 32 × 32 picture, or one of 64 × 32 pixels at 2x: 32 × 16 points.
        node["attrs"]["source"] = rng.choice(["square.png", "wide@2x.png"])
        given = rng.choice(["both", "both", "width", "height", "none"])
        if given in ("both", "width"):
            node["attrs"]["width"] = str(rng.choice([16, 29, 40, 64]))
        if given in ("both", "height"):
            node["attrs"]["height"] = str(rng.choice([16, 29, 40, 64]))
        if given != "both" and rng.random() < 0.4:
            node["attrs"]["aspectRatio"] = str(rng.choice([1, 1.5, 0.75, 2]))
        node["attrs"]["contentMode"] = rng.choice(["aspectFit", "aspectFill", "scaleToFill"])
        sizes(rng, node, ("minWidth", "maxWidth", "minHeight", "maxHeight"))
    elif kind == "spacer":
        sizes(rng, node)
    elif kind == "divider":
        pass
    elif kind == "switch":
        node["attrs"]["on"] = rng.choice(["true", "false"])
    else:
        node["attrs"]["type"] = rng.choice(["disclosureIndicator", "checkmark", "detailButton"])
    return placement(rng, node)


def stack(rng, values, depth):
    node = {"tag": "stack", "attrs": {"axis": rng.choice(["horizontal", "vertical"])}, "children": []}
    if rng.random() < 0.6:
        node["attrs"]["alignment"] = rng.choice(ALIGNMENTS)
    if rng.random() < 0.4:
        node["attrs"]["distribution"] = rng.choice(DISTRIBUTIONS)
    if rng.random() < 0.6:
        node["attrs"]["spacing"] = str(rng.choice([0, 2, 4, 8, 12, 16]))
    if rng.random() < 0.5:
        node["attrs"]["padding"] = rng.choice(["4", "8 16", "11 0", "2 4 6 8", "12 16"])
    # equalCentering keeps its children on one line.
    if node["attrs"]["axis"] == "horizontal" and node["attrs"].get("distribution") != "equalCentering" and rng.random() < 0.15:
        node["attrs"]["wrap"] = "true"
        node["attrs"]["lineSpacing"] = str(rng.choice([0, 2, 6]))
    if depth > 0:
        sizes(rng, node)
        placement(rng, node)
    elif rng.random() < 0.1:
        # The root's own size: the cell is as wide as the page, the root as wide as it says.
        sizes(rng, node, ("width", "minWidth", "maxWidth", "height", "minHeight"))
    for _ in range(rng.choice([1, 2, 2, 3, 3, 4])):
        if depth < 3 and rng.random() < 0.3:
            node["children"].append(stack(rng, values, depth + 1))
        elif depth < 3 and rng.random() < 0.05:
            box = {"tag": "box", "attrs": {"padding": rng.choice(["4", "8"])}, "children": [leaf(rng, values)]}
            if box["children"][0]["attrs"].get("position") != "overlay" and rng.random() < 0.3:
                badge = leaf(rng, values)
                for name in ("left", "bottom", "alignSelf", "margin"):
                    badge["attrs"].pop(name, None)
                badge["attrs"].update({"position": "overlay", "top": "-4", "right": "-4"})
                box["children"].append(badge)
            node["children"].append(box)
        else:
            node["children"].append(leaf(rng, values))
    return node


def has_height(node):
    """Whether a view's percentage-height children have a height to be a percentage of: its own
    (points or a percentage), and not the share of a vertical fillEqually stack."""
    attrs = node["attrs"]
    equal_rows = node["tag"] == "stack" and attrs.get("axis") == "vertical" and attrs.get("distribution") == "fillEqually"
    return "height" in attrs and not equal_rows


def percent_heights(rng, node):
    """Percentage heights where they can be: under a parent with a height of its own, and on
    overlays (of the parent's padding box). A second random stream, so that the rest of a
    seed's template is what it was before."""
    for child in node["children"]:
        overlay = child["attrs"].get("position") == "overlay"
        if (has_height(node) or overlay) and child["tag"] != "image" and rng.random() < 0.3:
            name = rng.choice(["height", "height", "minHeight", "maxHeight"])
            child["attrs"][name] = rng.choice(["25%", "50%", "33.3%", "80%", "100%"])
            if overlay and name == "height" and "top" in child["attrs"] and "bottom" in child["attrs"]:
                del child["attrs"]["bottom"]
        percent_heights(rng, child)


def template(seed):
    """A random cell template and the values of its labels."""
    rng = random.Random(seed)
    values = {}
    root = stack(rng, values, 0)
    percent_heights(random.Random(seed * 7919 + 1), root)
    return root, values


def xml(node, depth=1):
    attrs = "".join(f" {name}={quoteattr(value)}" for name, value in node["attrs"].items())
    pad = "  " * depth
    if not node["children"]:
        return f"{pad}<{node['tag']}{attrs}/>\n"
    inner = "".join(xml(child, depth + 1) for child in node["children"])
    return f"{pad}<{node['tag']}{attrs}>\n{inner}{pad}</{node['tag']}>\n"


def cell(node):
    return "<cell>\n" + xml(node) + "</cell>\n"


def smaller(node):
    """Every template one step simpler than `node`: a child removed, a child replaced by its
    own children, an attribute removed."""
    for index in range(len(node["children"])):
        if len(node["children"]) > 1:
            yield {**node, "children": node["children"][:index] + node["children"][index + 1:]}
        child = node["children"][index]
        if child["children"]:
            yield {**node, "children": node["children"][:index] + child["children"] + node["children"][index + 1:]}
        for simpler in smaller(child):
            yield {**node, "children": node["children"][:index] + [simpler] + node["children"][index + 1:]}
    for name in list(node["attrs"]):
        if name in ("text", "source", "type", "axis"):
            continue
        yield {**node, "attrs": {k: v for k, v in node["attrs"].items() if k != name}}


def shrink(node, fails):
    """The smallest template still failing `fails`, by greedy steps."""
    changed = True
    while changed:
        changed = False
        for candidate in smaller(node):
            if fails(candidate):
                node, changed = candidate, True
                break
    return node


if __name__ == "__main__":
    tree, values = template(int(sys.argv[1]))
    print(cell(tree))
    print(values)
