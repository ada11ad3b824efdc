import Foundation
import TableRender
import TestSupport
import Testing

/// The deviations from CSS flexbox that a random differential test against Chromium found
/// (issue 12), each as the minimal template it was found with. The expected frames are
/// Chromium's layout of tablerender's own HTML for the template at width 390 (every view, in
/// document order: x, y, width, height relative to its parent), within half a point, the
/// tolerance of `Tests/Browser/test_flex.py`. The last cases are the vocabulary added with the
/// fixes: `alignSelf`, images of their natural size or an aspect ratio, baseline alignment,
/// overlays, margins, percentage widths and heights, and `equalCentering`.
@Suite struct FlexDeviationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let template: String
        let values: [String: String]
        let chromium: [[Double]]
        init(_ name: String, _ template: String, _ values: [String: String], _ chromium: [[Double]]) {
            self.name = name
            self.template = template
            self.values = values
            self.chromium = chromium
        }
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case("rootWidth", ##"<cell><stack axis="horizontal" width="100"><spacer height="10" grow="1"/><label text="{t}"/></stack></cell>"##,
             ["t": "Root"],
             [[0, 0, 100, 22], [0, 0, 64.09, 10], [64.09, 0, 35.91, 22]]),
        Case("rootWiderThanTheCell", ##"<cell><stack axis="horizontal" width="500"><spacer height="10" grow="1"/><label text="{t}"/></stack></cell>"##,
             ["t": "Root"],
             [[0, 0, 500, 22], [0, 0, 464.09, 10], [464.09, 0, 35.91, 22]]),
        Case("rootWidthWithinItsMinimumAndMaximum", ##"<cell><stack axis="horizontal" width="300" maxWidth="200" minWidth="50"><spacer height="10" grow="1"/><label text="{t}"/></stack></cell>"##,
             ["t": "Root"],
             [[0, 0, 200, 22], [0, 0, 164.09, 10], [164.09, 0, 35.91, 22]]),
        Case("rootMaximumWidth", ##"<cell><stack axis="horizontal" maxWidth="200"><spacer height="10" grow="1"/><label text="{t}"/></stack></cell>"##,
             ["t": "Root"],
             [[0, 0, 200, 22], [0, 0, 164.09, 10], [164.09, 0, 35.91, 22]]),
        Case("rootWidthWithPadding", ##"<cell><stack axis="horizontal" width="100" padding="8 16"><spacer height="10" grow="1"/><label text="{t}"/></stack></cell>"##,
             ["t": "Root"],
             [[0, 0, 100, 38], [16, 8, 32.09, 10], [48.09, 8, 35.91, 22]]),
        Case("rootHeightIsTheLineChildrenAreAlignedIn", ##"<cell><stack axis="horizontal" height="80" alignment="center"><spacer height="10" width="20"/><label text="{t}"/></stack></cell>"##,
             ["t": "Root"],
             [[0, 0, 390, 80], [0, 35, 20, 10], [20, 29, 35.91, 22]]),
        Case("labelUnderCenterAlignmentIsFitContent", ##"<cell><stack axis="vertical" alignment="center"><label text="{t}"/></stack></cell>"##,
             ["t": "Incomprehensibilities antidisestablishmentarianism and more words"],
             [[0, 0, 390, 22], [0, 0, 390, 22]]),
        Case("fixedSizeViewsClampedByMinimumAndMaximum", ##"<cell><stack axis="horizontal"><spacer width="40" maxWidth="20" height="10"/><spacer width="10" height="10"/><switch on="true" minWidth="80"/><spacer width="10" height="10"/></stack></cell>"##,
             [:],
             [[0, 0, 390, 31], [0, 0, 20, 10], [20, 0, 10, 10], [30, 0, 80, 31], [110, 0, 10, 10]]),
        Case("imageMinimumSize", ##"<cell><stack axis="horizontal" alignment="leading"><image source="square.png" width="16" height="16" minWidth="30" minHeight="40"/><label text="{t}"/></stack></cell>"##,
             ["t": "x"],
             [[0, 0, 390, 40], [0, 0, 30, 40], [30, 0, 9.17, 22]]),
        Case("japaneseNeverStartsALineWithSmallKana", ##"<cell><stack axis="vertical"><label text="{t}" width="70" lines="0"/></stack></cell>"##,
             ["t": "ちょっとキャッシュのチェックをしょうりゃくします"],
             [[0, 0, 390, 154], [0, 0, 70, 154]]),
        // The spaces between Korean or Arabic words: the width of the text itself in Chromium
        // (a range around it), which the label took from tablerender's sizer before spaces were
        // set in the paragraph's own font (Chromium's text was then 4.9 px wider than its box,
        // the Arabic 3.1 px narrower).
        Case("koreanSpaces", ##"<cell><stack axis="horizontal" alignment="leading"><label text="{t}"/><spacer height="4" width="4"/></stack></cell>"##,
             ["t": "안녕 하세요 여러분 반갑 습니다 오늘"],
             [[0, 0, 390, 22], [0, 0, 258.5, 22], [258.5, 0, 4, 4]]),
        Case("arabicSpaces", ##"<cell><stack axis="horizontal" alignment="leading"><label text="{t}"/><spacer height="4" width="4"/></stack></cell>"##,
             ["t": "مرحبا بكم في هذا العالم الجديد"],
             [[0, 0, 390, 22], [0, 0, 216.8, 22], [216.8, 0, 4, 4]]),
        Case("minimumHeightStretchesTheLine", ##"<cell><stack axis="vertical"><stack axis="horizontal" minHeight="60"><spacer width="10" height="10"/><label text="{t}"/></stack></stack></cell>"##,
             ["t": "stretched"],
             [[0, 0, 390, 60], [0, 0, 390, 60], [0, 0, 10, 10], [10, 0, 73.55, 60]]),
        Case("maximumHeightClampsTheLine", ##"<cell><stack axis="vertical"><stack axis="horizontal" maxHeight="15"><spacer width="10" height="10"/><label text="{t}" lines="0"/></stack></stack></cell>"##,
             ["t": "two\nlines"],
             [[0, 0, 390, 15], [0, 0, 390, 15], [0, 0, 10, 10], [10, 0, 35.03, 15]]),
        Case("neverSmallerThanPadding", ##"<cell><stack hidesWhenEmpty="false" axis="horizontal"><stack hidesWhenEmpty="false" axis="horizontal" padding="0 30" width="20"><spacer height="10"/></stack><spacer width="10" height="10"/></stack></cell>"##,
             [:],
             [[0, 0, 390, 10], [0, 0, 60, 10], [30, 0, 0, 10], [60, 0, 10, 10]]),
        Case("overflowCentredStartsBeforeTheEdge", ##"<cell><stack axis="horizontal"  hidesWhenEmpty="false" distribution="center"><spacer width="300" height="10"/><spacer width="200" height="10"/></stack></cell>"##,
             [:],
             [[0, 0, 390, 10], [-55, 0, 300, 10], [245, 0, 200, 10]]),
        Case("overflowTrailingStartsBeforeTheEdge", ##"<cell><stack axis="vertical" hidesWhenEmpty="false" alignment="trailing"><spacer width="500" height="10"/></stack></cell>"##,
             [:],
             [[0, 0, 390, 10], [-110, 0, 500, 10]]),
        Case("verticalFillEquallyGivesEqualRows", ##"<cell><stack axis="vertical" distribution="fillEqually"><label text="{a}"/><label text="{b}" lines="0"/></stack></cell>"##,
             ["a": "one", "b": "two\nthree\nfour"],
             [[0, 0, 390, 132], [0, 0, 390, 66], [0, 66, 390, 66]]),
        Case("clipTruncationKeepsTheLineLimit", ##"<cell><stack axis="vertical"><label text="{t}" lines="2" truncation="clip" width="80"/></stack></cell>"##,
             ["t": "one two three four five six seven eight"],
             [[0, 0, 390, 44], [0, 0, 80, 44]]),
        Case("oneLineLimitWithANewline", ##"<cell><stack axis="vertical"><label text="{t}" lines="1"/></stack></cell>"##,
             ["t": "first\nsecond"],
             [[0, 0, 390, 22], [0, 0, 390, 22]]),
        Case("longWordBrokenWithoutHyphen", ##"<cell><stack axis="horizontal"><label text="{t}" width="60" lines="0"/></stack></cell>"##,
             ["t": "Incomprehensibilities"],
             [[0, 0, 390, 66], [0, 0, 60, 66]]),
        Case("growBesideAMinimum", ##"<cell><stack axis="horizontal" hidesWhenEmpty="false"><spacer height="10" grow="1" minWidth="300"/><spacer height="10" grow="1"/><spacer height="10" grow="2"/></stack></cell>"##,
             [:],
             [[0, 0, 390, 10], [0, 0, 300, 10], [300, 0, 30, 10], [330, 0, 60, 10]]),
        Case("shrinkBesideAMaximum", ##"<cell><stack hidesWhenEmpty="false" axis="horizontal"><stack hidesWhenEmpty="false" axis="horizontal" maxWidth="150"><spacer width="250" height="10"/></stack><stack hidesWhenEmpty="false" axis="horizontal"><spacer width="250" height="10"/></stack></stack></cell>"##,
             [:],
             [[0, 0, 390, 10], [0, 0, 150, 10], [0, 0, 250, 10], [150, 0, 240, 10], [0, 0, 250, 10]]),
        Case("shrinkFactorsBelowOne", ##"<cell><stack hidesWhenEmpty="false" axis="horizontal"><spacer width="200" height="10"/><label text="{t}" shrink="0.2"/><stack hidesWhenEmpty="false" axis="horizontal" shrink="0.3"><spacer width="200" height="10"/></stack></stack></cell>"##,
             ["t": "words that want room"],
             [[0, 0, 390, 22], [0, 0, 200, 10], [200, 0, 135.97, 22], [335.97, 0, 142.97, 22], [0, 0, 200, 10]]),
        Case("alignSelfInARow", ##"<cell><stack axis="horizontal" alignment="fill"><spacer width="10" height="60"/><label text="{a}" alignSelf="center"/><label text="{b}" alignSelf="trailing"/><label text="{c}"/></stack></cell>"##,
             ["a": "centre", "b": "end", "c": "stretched"],
             [[0, 0, 390, 60], [0, 0, 10, 60], [10, 19, 49.25, 22], [59.25, 38, 29.52, 22], [88.77, 0, 73.55, 60]]),
        Case("alignSelfInAColumn", ##"<cell><stack axis="vertical" alignment="leading"><label text="{a}" alignSelf="fill"/><label text="{b}" alignSelf="center"/><label text="{c}" alignSelf="trailing"/><label text="{d}"/></stack></cell>"##,
             ["a": "filled", "b": "centre", "c": "end", "d": "leading"],
             [[0, 0, 390, 88], [0, 0, 390, 22], [170.38, 22, 49.25, 22], [360.48, 44, 29.52, 22], [0, 66, 55.77, 22]]),
        Case("alignSelfInFillEquallyColumn", ##"<cell><stack axis="vertical" distribution="fillEqually"><label text="{a}" alignSelf="center"/><label text="{b}"/></stack></cell>"##,
             ["a": "centre", "b": "filled"],
             [[0, 0, 390, 44], [170.38, 0, 49.25, 22], [0, 22, 390, 22]]),
        Case("alignSelfInABox", ##"<cell><stack axis="vertical"><box padding="4"><label text="{a}" alignSelf="trailing"/></box></stack></cell>"##,
             ["a": "end of the box"],
             [[0, 0, 390, 30], [0, 0, 390, 30], [274.92, 4, 111.08, 22]]),
        Case("imageNaturalSize", ##"<cell><stack axis="horizontal" alignment="center"><image source="square.png"/><image source="wide@2x.png"/><label text="{a}"/></stack></cell>"##,
             ["a": "pictures"],
             [[0, 0, 390, 32], [0, 0, 32, 32], [32, 8, 32, 16], [64, 5, 61.67, 22]]),
        Case("imageWidthAndItsRatio", ##"<cell><stack axis="horizontal" alignment="leading"><image source="wide@2x.png" width="60"/><image source="square.png" height="20" aspectRatio="1.5"/><image source="square.png" aspectRatio="2"/><label text="{a}"/></stack></cell>"##,
             ["a": "ratios"],
             [[0, 0, 390, 30], [0, 0, 60, 30], [60, 0, 30, 20], [90, 0, 32, 16], [122, 0, 42.94, 22]]),
        Case("firstBaselinesOfMixedFonts", ##"<cell><stack axis="horizontal" alignment="firstBaseline" spacing="8"><label text="{a}" font="title1"/><label text="{b}" font="footnote"/><image source="square.png" width="20" height="20"/></stack></cell>"##,
             ["a": "Title", "b": "detail"],
             [[0, 0, 390, 34], [0, 0, 51.44, 34], [59.44, 13, 33.48, 18], [100.92, 7, 20, 20]]),
        Case("lastBaselinesOfAMultilineLabel", ##"<cell><stack axis="horizontal" alignment="lastBaseline" spacing="8"><label text="{a}" font="headline" lines="0"/><label text="{b}" font="caption1"/><spacer width="10" height="5"/></stack></cell>"##,
             ["a": "two\nlines", "b": "detail"],
             [[0, 0, 390, 44], [0, 0, 36.86, 44], [44.86, 27, 31.27, 16], [84.12, 34, 10, 5]]),
        Case("aColumnsBaselineIsItsFirstItems", ##"<cell><stack axis="horizontal" alignment="firstBaseline" padding="4"><stack axis="vertical" padding="3"><label text="{a}" font="title2"/><label text="{b}"/></stack><label text="{c}" font="caption2"/></stack></cell>"##,
             ["a": "Big", "b": "small", "c": "tiny"],
             [[0, 0, 390, 64], [4, 4, 45.55, 56], [3, 3, 39.55, 28], [3, 31, 39.55, 22], [49.55, 19, 19.16, 13]]),
        Case("lastBaselineInATallerRowAndAFirstBaselineBeside", ##"<cell><stack axis="horizontal" minHeight="80" alignment="lastBaseline"><label text="{a}" font="title3"/><label text="{b}" font="footnote" alignSelf="firstBaseline"/><spacer width="5" height="30"/></stack></cell>"##,
             ["a": "Last", "b": "first"],
             [[0, 0, 390, 80], [0, 55, 34.27, 25], [34.27, 0, 23.83, 18], [58.09, 44, 5, 30]]),
        Case("baselinesAcrossAColumnAreItsEdges", ##"<cell><stack axis="vertical" alignment="lastBaseline"><label text="{a}"/><label text="{b}" alignSelf="firstBaseline"/></stack></cell>"##,
             ["a": "end", "b": "start"],
             [[0, 0, 390, 44], [360.48, 0, 29.52, 22], [0, 22, 35.97, 22]]),
        Case("aRowsBaselineIsItsFirstItemsWhenNoneShareOne", ##"<cell><stack axis="horizontal" alignment="firstBaseline"><stack axis="horizontal" alignment="center"><spacer width="10" height="40"/><label text="{a}"/></stack><label text="{b}" font="title1"/></stack></cell>"##,
             ["a": "inner", "b": "Outer"],
             [[0, 0, 390, 47], [0, 0, 48.39, 40], [0, 0, 10, 40], [10, 9, 38.39, 22], [48.39, 13, 67.58, 34]]),
        Case("aBoxsBaselineIsItsChilds", ##"<cell><stack axis="horizontal" alignment="firstBaseline"><label text="{a}"/><box padding="6"><label text="{b}" font="caption1"/></box></stack></cell>"##,
             ["a": "plain", "b": "boxed"],
             [[0, 0, 390, 28], [0, 1, 36.19, 22], [36.19, 0, 46.98, 28], [6, 6, 34.98, 16]]),
        Case("overlayBadgeOnAnImage", ##"<cell><stack axis="horizontal" spacing="12" padding="8 16" alignment="center"><box><image source="square.png" width="40" height="40" cornerRadius="20"/><label text="{n}" font="caption2" position="overlay" top="-4" right="-4" background="systemRed" color="#FFFFFF"/></box><label text="{t}"/></stack></cell>"##,
             ["n": "3", "t": "Messages"],
             [[0, 0, 390, 56], [16, 8, 40, 40], [0, 0, 40, 40], [37, -4, 7, 13], [68, 17, 78.42, 22]]),
        Case("overlaySpanningLeftToRightAtTheBottom", ##"<cell><stack axis="vertical" padding="4"><label text="{t}"/><spacer position="overlay" left="0" right="0" bottom="0" height="2" background="tint"/></stack></cell>"##,
             ["t": "underlined"],
             [[0, 0, 390, 30], [4, 4, 382, 22], [0, 28, 390, 2]]),
        Case("overlayAtTheStaticPositionOfACentredRow", ##"<cell><stack axis="horizontal" distribution="center" alignment="trailing" padding="4" minHeight="60"><label text="{t}"/><label text="{u}" position="overlay"/></stack></cell>"##,
             ["t": "flow", "u": "static"],
             [[0, 0, 390, 60], [178.75, 34, 32.48, 22], [173.92, 34, 42.14, 22]]),
        Case("overlayLabelWrapsInWhatItsOffsetLeaves", ##"<cell><stack axis="vertical" alignment="center"><label text="{t}"/><label text="{u}" position="overlay" top="2" lines="0"/></stack></cell>"##,
             ["t": "column", "u": "an overlay label with a long text that must wrap somewhere in the row because it is long"],
             [[0, 0, 390, 22], [166.97, 0, 56.06, 22], [0, 2, 390, 44]]),
        Case("overlaySpanningTopToBottom", ##"<cell><stack axis="horizontal"><label text="{t}"/><stack axis="vertical" position="overlay" top="0" bottom="0" right="8" width="30" background="separator"><spacer/></stack></stack></cell>"##,
             ["t": "side bar"],
             [[0, 0, 390, 22], [0, 0, 61.53, 22]]),
        Case("overlayPinnedRight", ##"<cell><stack axis="vertical" alignment="firstBaseline"><label text="{t}"/><label text="{u}" position="overlay" right="0"/></stack></cell>"##,
             ["t": "x", "u": "right"],
             [[0, 0, 390, 22], [0, 0, 9.17, 22], [354.83, 0, 35.17, 22]]),
        Case("overlayInAnEqualRowsColumnIsCentredInThePaddingBox", ##"<cell><stack axis="vertical" distribution="fillEqually" alignment="center" padding="8 16"><switch/><label text="{t}" position="overlay"/></stack></cell>"##,
             ["t": "grid centre"],
             [[0, 0, 390, 47], [169.5, 8, 51, 31], [153.45, 0, 83.09, 22]]),
        Case("overlayInAnEqualRowsColumnAtTheEnd", ##"<cell><stack axis="vertical" distribution="fillEqually" alignment="trailing" padding="8 16"><switch/><label text="{t}" position="overlay"/></stack></cell>"##,
             ["t": "grid end"],
             [[0, 0, 390, 47], [323, 8, 51, 31], [326.64, 0, 63.36, 22]]),
        Case("overlayCentredAmongPaddingTakesTheWholeWidth", ##"<cell><stack axis="horizontal" distribution="center" padding="4 30"><switch/><label text="{t}" position="overlay"/></stack></cell>"##,
             ["t": "centred static with a long text that goes on and on and on and on and on"],
             [[0, 0, 390, 39], [169.5, 4, 51, 31], [0, 4, 390, 22]]),
        Case("overlayAtTheEndFitsBeforeTheEndPadding", ##"<cell><stack axis="horizontal" distribution="trailing" padding="4 30"><switch/><label text="{t}" position="overlay" lines="0"/></stack></cell>"##,
             ["t": "trailing static with a long text that goes on and on and on and on and on"],
             [[0, 0, 390, 39], [309, 4, 51, 31], [0, 4, 360, 44]]),
        Case("overlayCentredAcrossAColumn", ##"<cell><stack axis="vertical" alignment="center" padding="4 30"><switch/><label text="{t}" position="overlay" lines="0"/></stack></cell>"##,
             ["t": "column centre static with a long text that goes on and on and on and on and on"],
             [[0, 0, 390, 39], [169.5, 4, 51, 31], [0, 4, 390, 44]]),
        Case("marginsAlongARow", ##"<cell><stack axis="horizontal" alignment="center"><label text="{a}" margin="4 8"/><spacer height="30" width="10" margin="0 12"/><label text="{b}" margin="2 4 6 8" grow="1"/></stack></cell>"##,
             ["a": "left", "b": "grows"],
             [[0, 0, 390, 30], [8, 4, 24.92, 22], [52.92, 0, 10, 30], [82.92, 2, 303.08, 22]]),
        Case("marginsAcrossAColumn", ##"<cell><stack axis="vertical" alignment="center" padding="4"><label text="{a}" margin="10 16"/><label text="{b}" margin="0 0 8 40" alignSelf="trailing"/><label text="{c}" margin="6" alignSelf="fill"/></stack></cell>"##,
             ["a": "centred", "b": "end", "c": "filled"],
             [[0, 0, 390, 114], [165.31, 14, 59.36, 22], [356.48, 46, 29.52, 22], [10, 82, 370, 22]]),
        Case("marginsInsideAnEqualRow", ##"<cell><stack axis="vertical" distribution="fillEqually"><label text="{a}" margin="8"/><label text="{b}" lines="0"/></stack></cell>"##,
             ["a": "grid", "b": "two\nlines"],
             [[0, 0, 390, 88], [8, 8, 374, 28], [0, 44, 390, 44]]),
        Case("marginsAndBaselines", ##"<cell><stack axis="horizontal" alignment="firstBaseline"><label text="{a}" font="title1" margin="12 0 0 0"/><label text="{b}" font="footnote" margin="0 0 0 8"/></stack></cell>"##,
             ["a": "Title", "b": "detail"],
             [[0, 0, 390, 46], [0, 12, 51.44, 34], [59.44, 25, 33.48, 18]]),
        Case("marginsOfWrappingChips", ##"<cell><stack axis="horizontal" wrap="true" lineSpacing="4"><label text="{a}" margin="4 8"/><label text="{b}" margin="4 8"/><label text="{c}" margin="4 8"/></stack></cell>"##,
             ["a": "a chip with words", "b": "another chip with some more words", "c": "and a third chip that will have to wrap"],
             [[0, 0, 390, 98], [8, 4, 134.16, 22], [8, 38, 273.95, 22], [8, 72, 284.83, 22]]),
        Case("percentWidthOfTheRowInsideItsPadding", ##"<cell><stack axis="horizontal" padding="0 16" spacing="8"><label text="{a}" width="40%"/><label text="{b}" grow="1"/></stack></cell>"##,
             ["a": "a title at forty per cent", "b": "the rest of the row"],
             [[0, 0, 390, 22], [16, 0, 143.19, 22], [167.19, 0, 206.81, 22]]),
        Case("percentMinimumAndMaximum", ##"<cell><stack axis="vertical" alignment="leading"><label text="{a}" minWidth="50%" background="tint"/><label text="{b}" maxWidth="25%" lines="0"/></stack></cell>"##,
             ["a": "at least half", "b": "at most a quarter of the width, so it wraps"],
             [[0, 0, 390, 110], [0, 0, 195, 22], [0, 22, 97.5, 88]]),
        Case("percentOfTheRootAndInsideIt", ##"<cell><stack axis="horizontal" width="80%"><spacer height="10" width="50%"/><label text="{a}"/></stack></cell>"##,
             ["a": "root at 80%"],
             [[0, 0, 312, 22], [0, 0, 156, 10], [156, 0, 88.33, 22]]),
        Case("percentWidthOfAnOverlayIsOfThePaddingBox", ##"<cell><box padding="4"><label text="{a}" position="overlay" width="50%" right="0" top="0"/><label text="{b}"/></box></cell>"##,
             ["a": "half", "b": "flow"],
             [[0, 0, 390, 30], [195, 0, 195, 22], [4, 4, 382, 22]]),
        Case("equalCenteringStepsFromCentreToCentre", ##"<cell><stack axis="horizontal" distribution="equalCentering" spacing="8" hidesWhenEmpty="false"><spacer width="20" height="10"/><spacer width="100" height="10"/><spacer width="40" height="10"/><spacer width="60" height="10"/></stack></cell>"##,
             [:],
             [[0, 0, 390, 10], [0, 0, 20, 10], [76.66, 0, 100, 10], [223.33, 0, 40, 10], [330, 0, 60, 10]]),
        Case("equalCenteringKeepsTheSpacing", ##"<cell><stack axis="horizontal" distribution="equalCentering" spacing="50" hidesWhenEmpty="false"><spacer width="20" height="10"/><spacer width="100" height="10"/><spacer width="40" height="10"/><spacer width="60" height="10"/></stack></cell>"##,
             [:],
             [[0, 0, 390, 10], [0, 0, 20, 10], [75, 0, 100, 10], [225, 0, 40, 10], [330, 0, 60, 10]]),
        Case("percentHeightOfAFixedHeightColumn", ##"<cell><stack axis="vertical" height="120" padding="10 0"><label text="{a}" height="50%" background="tint"/><spacer height="25%" width="10"/></stack></cell>"##,
             ["a": "half the column's inner height"],
             [[0, 0, 390, 120], [0, 10, 390, 50], [0, 60, 10, 25]]),
        Case("percentMinimumAndMaximumHeightsAcrossARow", ##"<cell><stack axis="horizontal" height="80" alignment="leading"><label text="{a}" minHeight="75%"/><label text="{b}" lines="0" maxHeight="25%" width="60"/></stack></cell>"##,
             ["a": "at least three quarters", "b": "at most a quarter of the row's height"],
             [[0, 0, 390, 80], [0, 0, 169.16, 60], [169.16, 0, 60, 20]]),
        Case("percentHeightOfAnOverlayIsOfThePaddingBox", ##"<cell><box padding="8"><label text="{a}"/><spacer position="overlay" height="50%" width="20" right="0" bottom="0"/></box></cell>"##,
             ["a": "a row of automatic height"],
             [[0, 0, 390, 38], [8, 8, 374, 22], [370, 19, 20, 19]]),
        Case("percentHeightOfAPercentHeight", ##"<cell><stack axis="vertical" height="100" hidesWhenEmpty="false"><stack axis="vertical" height="60%" background="tint" hidesWhenEmpty="false"><spacer height="50%" width="10"/></stack></stack></cell>"##,
             [:],
             [[0, 0, 390, 100], [0, 0, 390, 60], [0, 0, 10, 30]]),
        Case("equalCenteringDownAColumnOfDefiniteHeight", ##"<cell><stack axis="vertical" distribution="equalCentering" height="200" alignment="leading"><label text="{a}"/><spacer width="10" height="60"/><label text="{b}" margin="4 0"/></stack></cell>"##,
             ["a": "top", "b": "bottom"],
             [[0, 0, 390, 200], [0, 0, 25.7, 22], [0, 68, 10, 60], [0, 174, 55.67, 22]]),
    ]

    /// Lays each case out as the only row of a plain table 390 wide.
    static func laidOut(_ cases: [Case]) throws -> [String: LaidOutView] {
        var files: [String: String] = [:]
        var items: [[String: Any]] = []
        for (index, item) in cases.enumerated() {
            files["templates/T\(index).xml"] = item.template
            items.append(["id": item.name, "template": "T\(index)", "values": item.values])
        }
        let document: [String: Any] = ["theme": "ios", "style": "plain", "width": 390, "templates": ["templates"], "assets": "assets",
                                       "sections": [["id": "s", "items": items]]]
        files["doc.json"] = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
        let folder = Repository.folder(with: files)
        // The images of the cases: 32 × 32 pixels, and 64 × 32 at 2x (32 × 16 points).
        try FileManager.default.createDirectory(atPath: folder + "/assets", withIntermediateDirectories: true)
        try Data(TestPNG.solid(width: 32, height: 32)).write(to: URL(fileURLWithPath: folder + "/assets/square.png"))
        try Data(TestPNG.solid(width: 64, height: 32)).write(to: URL(fileURLWithPath: folder + "/assets/wide@2x.png"))
        let table = try LoadedDocument(path: folder + "/doc.json").layout()
        var rows: [String: LaidOutView] = [:]
        for block in table.pages.flatMap(\.blocks) where block.kind == .row { rows[block.id] = block.content }
        return rows
    }

    static let rows = Result { try laidOut(cases) }

    static func frames(_ view: LaidOutView) -> [[Double]] {
        [[view.frame.x, view.frame.y, view.frame.width, view.frame.height]] + view.children.flatMap(frames)
    }

    @Test(arguments: cases)
    func laysOutAsChromium(_ item: Case) throws {
        let view = try #require(try Self.rows.get()[item.name])
        let ours = Self.frames(view)
        #expect(ours.count == item.chromium.count)
        for (index, (frame, expected)) in zip(ours, item.chromium).enumerated() {
            #expect(zip(frame, expected).allSatisfy { abs($0 - $1) <= 0.5 }, "view \(index): tablerender \(frame), Chromium \(expected)")
        }
    }

    /// Deviation 11 and 12: the lines themselves. A one-line limit keeps one line whatever the
    /// newlines; a clipped label keeps its line limit; a word longer than its label is broken
    /// where it must be, with no inserted hyphen (as a browser's `overflow-wrap: anywhere`).
    @Test func linesOfLimitedAndBrokenLabels() throws {
        let rows = try Self.rows.get()
        func lines(_ name: String) -> [String] { rows[name]?.children.first?.textLines?.lines ?? [] }
        #expect(lines("oneLineLimitWithANewline") == ["first…"])
        #expect(lines("clipTruncationKeepsTheLineLimit") == ["one two", "three four"])
        let broken = lines("longWordBrokenWithoutHyphen")
        #expect(broken.joined() == "Incomprehensibilities" && broken.count == 3)
        let kana = lines("japaneseNeverStartsALineWithSmallKana")
        #expect(kana.joined() == "ちょっとキャッシュのチェックをしょうりゃくします")
        #expect(kana.allSatisfy { !"ょッャュっゃゅ".contains($0.first ?? " ") }, "\(kana)")
    }

    /// What CSS would quietly take for `auto` (a percentage height with nothing definite to be
    /// a percentage of), and a layout CSS cannot state on several lines, are errors that say
    /// where and what to do.
    @Test(arguments: [
        (#"<cell><stack axis="vertical" height="50%"><label text="a"/></stack></cell>"#, "the template's root view has none"),
        (#"<cell><stack axis="vertical"><label text="a" height="50%"/></stack></cell>"#, "this parent is as tall as its content"),
        (#"<cell><stack axis="vertical" height="90" distribution="fillEqually"><label text="a" maxHeight="50%"/><label text="b"/></stack></cell>"#, "vertical fillEqually stack"),
        (#"<cell><stack axis="horizontal" wrap="true" distribution="equalCentering"><label text="a"/></stack></cell>"#, "does not wrap"),
    ])
    func layoutsCSSCannotStateAreErrors(template: String, message: String) throws {
        let folder = Repository.folder(with: ["templates/T.xml": template,
                                              "doc.json": #"{"templates": ["templates"], "sections": [{"id": "s", "items": [{"id": "r", "template": "T"}]}]}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try LoadedDocument(path: folder + "/doc.json").layout()
            Issue.record("laid out without an error")
        } catch {
            let text = "\(error)"
            #expect(text.contains("$.sections[0].items[0]") && text.contains("templates/T.xml:1") && text.contains(message), "\(text)")
        }
    }
}
