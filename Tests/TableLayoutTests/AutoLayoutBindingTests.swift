import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
@testable import TableLayout

/// Outlets bound to an item's values, and cells sized by their content as UIKit self-sizes them.
@Suite struct AutoLayoutBindingTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/xib").path
    static let theme = try! ThemeLoader.load("ios")

    static func helpCenter() throws -> Template {
        let library = try TemplateLibrary(theme: theme, folders: [examples + "/templates"])
        return try library.template("HelpCenterCell", role: .cell, at: nil)
    }

    func laidOut(_ values: Value.Object, width: Double = 390, text: TextEngine = TextEngine()) throws -> LaidOutView {
        let template = try Self.helpCenter()
        let flex = FlexLayout(text: text)
        let bound = try flex.autoLayout.layout(template, document: template.interfaceBuilder!, values: values, width: width, height: nil,
                                               theme: Self.theme, assetsFolder: Self.examples + "/assets", at: SourceLocation(file: "doc.json", path: "$.sections[0].items[0]"))
        return flex.layoutRoot(bound, width: width, height: nil)
    }

    func find(_ id: String, in view: LaidOutView, origin: (Double, Double) = (0, 0)) -> Rect? {
        let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
        if view.style.id == id { return frame }
        for child in view.children {
            if let found = find(id, in: child, origin: (frame.x, frame.y)) { return found }
        }
        return nil
    }

    /// The cell is as tall as its margins and stack: the title, the detail (each as tall as the
    /// text engine measures it at the width it got), the button, with the stack's spacing.
    @Test(arguments: [240.0, 390, 700])
    func selfSizingFollowsTheText(width: Double) throws {
        let text = TextEngine()
        let detail = try String(contentsOfFile: "/usr/share/common-licenses/Apache-2.0", encoding: .utf8)
            .split(separator: "\n\n").dropFirst(3).first.map(String.init) ?? "fallback"
        let root = try laidOut(["detailLabel": .string(detail)], width: width, text: text)
        let title = try #require(find("hc1-Lb-005", in: root))
        let body = try #require(find("hc1-Lb-006", in: root))
        let button = try #require(find("hc1-Bt-007", in: root))
        // A label in a text style is as tall as UIFont's line height for its size.
        var headline = try #require(Self.theme.font("headline"))
        headline.lineHeight = SystemFont.lineHeight(headline.size)
        let bodyFont = IBFonts.system(Self.theme.font("body")!.family, size: 15, weight: 400, italic: false, theme: Self.theme)
        // A label is as tall as its text, rounded up to the device's pixels (a third of a point).
        let titleHeight = text.measure("Help Center", style: TextStyle(font: headline, lines: 0), width: title.width).height
        let bodyHeight = text.measure(detail, style: TextStyle(font: bodyFont, lines: 0), width: body.width).height
        #expect(abs(title.height - DeviceMetrics.ceilToPixel(titleHeight)) < 0.01)
        #expect(abs(body.height - DeviceMetrics.ceilToPixel(bodyHeight)) < 0.01)
        // Margins 16 (20 from 393 pt screens), icon 32, gap 12.
        let margin = width >= 393 ? 20.0 : 16
        #expect(abs(body.x - (margin + 32 + 12)) < 0.01)
        // In a leading-aligned stack a label hugs its text: as wide as its longest line once
        // wrapped at the column's width (UILabel's size for the width it was given; IB stores
        // such labels narrower than their column), rounded up to the pixel.
        let column = width - 2 * margin - 32 - 12
        let longest = DeviceMetrics.ceilToPixel(text.measure(detail, style: TextStyle(font: bodyFont, lines: 0), width: column).width)
        #expect(longest <= column + 0.01)
        #expect(abs(body.width - longest) < 0.01, "\(body.width) against \(longest) in \(column)")
        #expect(abs(body.y - (title.maxY + 4)) < 0.01)
        #expect(abs(button.y - (body.maxY + 4)) < 0.01)
        #expect(abs(root.frame.height - (button.maxY + 11)) < 0.01)
    }

    @Test func outletsSetNaturalContentAndProperties() throws {
        let root = try laidOut(["titleLabel": .object(["text": .string("Orders"), "textColor": .string("systemRed")]),
                                "helpCenterButton": .object(["hidden": .bool(true)])])
        #expect(find("hc1-Bt-007", in: root) == nil)
        func label(_ view: LaidOutView) -> (String, String)? {
            if view.style.id == "hc1-Lb-005", case .label(let text, _, let color) = view.style.content { return (text, color) }
            return view.children.lazy.compactMap(label).first
        }
        let found = try #require(label(root))
        #expect(found.0 == "Orders" && found.1 == "systemRed")
    }

    @Test func unknownOutletsAndPropertiesAreErrorsWithSuggestions() throws {
        do {
            _ = try laidOut(["titelLabel": .string("x")])
            Issue.record("an unknown outlet was accepted")
        } catch let error as Diagnostic {
            #expect(error.message.contains("'titelLabel'") && error.message.contains("titleLabel"))
            #expect(error.location?.path == "$.sections[0].items[0].values.titelLabel")
        }
        do {
            _ = try laidOut(["titleLabel": .object(["txt": .string("x")])])
            Issue.record("an unknown property was accepted")
        } catch let error as Diagnostic {
            #expect(error.message.contains("'txt'") && error.message.contains("text"))
        }
        do {
            _ = try laidOut(["titleLabel": .object(["textColor": .string("notAColour")])])
            Issue.record("an unknown colour was accepted")
        } catch let error as Diagnostic {
            #expect(error.message.contains("notAColour"))
        }
    }
}

/// A `tableViewHeaderFooterView` XIB is a header or footer template: its content view is laid
/// out with the table's margins and sizes itself.
@Suite struct HeaderFooterViewTests {
    static let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
    <tableViewHeaderFooterView contentMode="scaleToFill" reuseIdentifier="Header" id="hf">
      <rect key="frame" x="0" y="0" width="320" height="40"/>
      <view key="contentView" contentMode="scaleToFill" id="hfc">
        <rect key="frame" x="0" y="0" width="320" height="40"/>
        <subviews>
          <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar">
            <rect key="frame" x="16" y="11" width="288" height="18"/>
            <constraints><constraint firstAttribute="height" constant="18" id="h"/></constraints>
          </view>
        </subviews>
        <constraints>
          <constraint firstItem="bar" firstAttribute="leading" secondItem="hfc" secondAttribute="leadingMargin" id="l"/>
          <constraint firstAttribute="trailingMargin" secondItem="bar" secondAttribute="trailing" id="r"/>
          <constraint firstItem="bar" firstAttribute="top" secondItem="hfc" secondAttribute="topMargin" id="t"/>
          <constraint firstAttribute="bottomMargin" secondItem="bar" secondAttribute="bottom" id="b"/>
        </constraints>
      </view>
    </tableViewHeaderFooterView></objects></document>
    """

    @Test func itServesAsAHeaderAndSizesItself() throws {
        let document = try IBReader.read(file: "Header.xib", bytes: Array(Self.xib.utf8))
        #expect(document.kind == .headerFooter && document.content.id == "hfc")
        let template = Template(id: "Header", interfaceBuilder: document)
        #expect(template.serves(.header) && template.serves(.footer) && !template.serves(.cell))
        let theme = AutoLayoutBindingTests.theme
        let bound = try AutoLayout(text: TextEngine()).layout(template, document: document, values: [:], width: 500, height: nil, theme: theme,
                                                             assetsFolder: FileManager.default.currentDirectoryPath, at: SourceLocation(file: "doc.json"))
        // 11 + 18 + 11 tall; the bar 20 pt from each side at a width of 500.
        #expect(bound.style.height == 40)
        let bar = try #require(bound.children.first)
        #expect(bar.style.overlay?.left == 20 && bar.style.width == 460)
    }
}
