import Foundation
import TableRender
import TestSupport
import Testing

/// What VoiceOver would read (`--format accessibility`, `.accessibility`), compared with trees
/// worked out by hand from UIKit's rules (docs/accessibility.md).
@Suite struct AccessibilityTreeTests {
    /// The elements' lines without their frames: what is read, in order.
    static func spoken(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            var line = String(line)
            if let at = line.range(of: " @ ") { line = String(line[..<at.lowerBound]) }
            return line
        }
    }

    /// The Settings example: the title and headers are headers; each row one element combining its
    /// texts; disclosure rows are buttons, the switch row a toggle with its value, the link row a
    /// link; the footer's text an element; in reading order.
    @Test func theSettingsExampleAsUIKitReadsIt() throws {
        let loaded = try LoadedDocument(path: Repository.root + "/Examples/settings/settings.json")
        let text = loaded.renderer.accessibility(try loaded.layout())
        #expect(Self.spoken(text) == [
            #"1. "Settings" — header"#,
            #"2. "ACCOUNT" — header"#,
            #"3. "Manage Coach IDs" — button"#,
            #"4. "Active Coach ID, 123456" — button"#,
            #"5. "Default Country, United States" — button"#,
            #"6. "Signature, Sent from my phone, between two meetings, by the whole coaching team" — button"#,
            #"7. "Notifications", value "on" — button, toggle"#,
            #"8. "Your active Coach ID is used for every link you share.""#,
            #"9. "About the Developer 💪🤓" — button"#,
            #"10. "☕️☕️☕️?" — button"#,
            #"11. "Rate BB Links ⭐️⭐️⭐️⭐️⭐️, 1,024 people have rated this version""#,
            #"12. "Share BB Links 🗣️👥, Know a coach who would love this app?" — link"#,
        ], "\(text)")
        // Each element's frame is its row's on the page.
        #expect(text.contains(#"3. "Manage Coach IDs" — button @ 16,106 358×44 in manageAccounts"#), "\(text)")
    }

    /// A XIB cell with what IB's Identity inspector sets: a decorative image left out
    /// (`isElement` NO), a label with a label of its own, a button with a hint and an
    /// identifier, a view made an element with traits. A cell holding elements is no element
    /// itself: its texts and controls are read top to bottom then leading to trailing (the name
    /// and the badge on one line); right to left, the same order, mirrored places.
    @Test func interfaceBuilderSettingsAndControls() throws {
        let folder = Repository.folder(with: [
            "people.json": #"{"templates": ["."], "sections": [{"items": [{"id": "ada", "template": "PersonCell"}]}]}"#,
            "PersonCell.xib": Self.personCell,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = try LoadedDocument(path: folder + "/people.json")
        let text = loaded.renderer.accessibility(try loaded.layout())
        #expect(Self.spoken(text) == [
            #"1. "Name: Ada Lovelace""#,
            #"2. "Verified account" — image, static text"#,
            #"3. "Mathematician""#,
            #"4. "Follow", hint "Shows her posts in your feed" — button #follow-button"#,
            #"5. "", value "off" — button, toggle"#,
        ], "\(text)")
        let rightToLeft = try LoadedDocument(path: folder + "/people.json", direction: .rightToLeft)
        let mirroredText = rightToLeft.renderer.accessibility(try rightToLeft.layout())
        let mirrored = Self.spoken(mirroredText)
        // Mirrored, the reading order stays the logical one: the button, now on the right, first.
        #expect(mirrored == Self.spoken(text), "\(mirroredText)")
        #expect(mirroredText.contains("#follow-button @ 278,") && mirroredText.contains("\"off\" — button, toggle @ 14,"), "\(mirroredText)")
    }

    /// A document's `accessibility` for an item replaces what is worked out (label, value, hint,
    /// traits, identifier) or leaves the row out; a trait it does not know is a located error.
    @Test func aDocumentsItemsSayWhatTheyAre() throws {
        let folder = Repository.folder(with: ["doc.json": #"""
            {"sections": [{"items": [
              {"id": "wifi", "template": "value1", "values": {"title": "Wi-Fi", "detail": "Home", "accessory": "disclosureIndicator"},
               "accessibility": {"label": "Wi-Fi network", "value": "Home", "hint": "Opens the list of networks", "identifier": "wifi-row"}},
              {"id": "spacer", "template": "basic", "values": {"title": "—"}, "accessibility": {"hidden": true}},
              {"id": "sync", "template": "basic", "values": {"title": "Sync now"}, "accessibility": {"traits": ["button", "summary element"]}}
            ]}]}
            """#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = try LoadedDocument(path: folder + "/doc.json")
        let text = loaded.renderer.accessibility(try loaded.layout())
        #expect(Self.spoken(text) == [
            #"1. "Wi-Fi network", value "Home", hint "Opens the list of networks" — button #wifi-row"#,
            #"2. "Sync now" — button, summary element"#,
        ], "\(text)")
        try #"{"sections": [{"items": [{"template": "basic", "values": {"title": "A"}, "accessibility": {"traits": ["buton"]}}]}]}"#
            .write(toFile: folder + "/doc.json", atomically: true, encoding: .utf8)
        #expect {
            try LoadedDocument(path: folder + "/doc.json")
        } throws: { error in
            "\(error)".contains("doc.json:1:") && "\(error)".contains("$.sections[0].items[0].accessibility.traits[0]")
                && "\(error)".contains("unknown trait 'buton'; did you mean 'button'?")
        }
    }

    /// The lint names what VoiceOver cannot say and what is too small to tap: the switch with no
    /// label, the 60 × 30 pt button; not the labelled button, not the decorative avatar.
    @Test func theLintFindsUnlabeledControlsAndSmallTapTargets() throws {
        let folder = Repository.folder(with: [
            "people.json": #"{"templates": ["."], "sections": [{"items": [{"id": "ada", "template": "PersonCell"}]}]}"#,
            "PersonCell.xib": Self.personCell,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = try LoadedDocument(path: folder + "/people.json")
        let findings = LayoutLint().findings(try loaded.layout(), document: loaded, variant: "w390", appearances: [.light])
        let accessibility = findings.filter { $0.kind == .unlabeledControl || $0.kind == .smallTapTarget }.map { "\($0.kind.rawValue) \($0.view)" }
        #expect(accessibility == ["smallTapTarget pc0-FB-005", "unlabeledControl pc0-SW-006"], "\(findings.map(\.message))")
        let unlabeled = try #require(findings.first { $0.kind == .unlabeledControl })
        #expect(unlabeled.message.contains("VoiceOver reads only “switch button, off”"), "\(unlabeled.message)")

        // Labelled in IB, the switch is no finding.
        let labelled = Self.personCell.replacingOccurrences(of: #"on="NO" translatesAutoresizingMaskIntoConstraints="NO" id="pc0-SW-006">"#,
                                                            with: #"on="NO" translatesAutoresizingMaskIntoConstraints="NO" id="pc0-SW-006"><accessibility key="accessibilityConfiguration" label="Notifications"/>"#)
        try labelled.write(toFile: folder + "/PersonCell.xib", atomically: true, encoding: .utf8)
        let again = try LoadedDocument(path: folder + "/people.json")
        let after = LayoutLint().findings(try again.layout(), document: again, variant: "w390", appearances: [.light])
        #expect(!after.contains { $0.kind == .unlabeledControl }, "\(after.map(\.message))")
        #expect(again.renderer.accessibility(try again.layout()).contains(#""Notifications", value "off" — button, toggle"#))
    }

    /// The PDF is tagged: a document, the title and section headers as headings, each section's
    /// rows a list whose items hold each row's text, footers paragraphs, in the reading order of
    /// the accessibility tree (`pdfinfo -struct-text`, poppler's reading of the structure, is the
    /// oracle); on paper, across pages, with the header repeated at a page's top read once (an
    /// artifact).
    @Test(arguments: ["settings/settings.json", "catalogue/catalogue.json"])
    func thePDFIsTaggedInReadingOrder(_ example: String) throws {
        let loaded = try LoadedDocument(path: Repository.root + "/Examples/" + example)
        let laidOut = try loaded.layout()
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("tablerender-tagged-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: pdf) }
        try loaded.renderer.pdf(laidOut, to: pdf)
        let info = Tool.run("pdfinfo", [pdf])
        #expect(info.output.contains("Tagged:          yes"), "\(info.output)")
        let structure = Tool.run("pdfinfo", ["-struct-text", pdf]).output
        let lines = structure.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "Document" && lines.contains("H1 (block)") && lines.contains("Sect") && lines.contains("L (block)"), "\(structure)")
        // Every element's text, in order: the tree's labels against the structure's texts (both
        // without spaces and commas, which the PDF's text runs do not keep between labels; emoji
        // and truncated texts aside).
        func squeezed(_ text: String) -> String { String(text.filter { !$0.isWhitespace && $0 != "," }) }
        // A header repeated at a page's top is an artifact, in no element: read once. A row a
        // page break cuts is one item with a body on each page: its texts are one element's.
        var merged: [String] = []
        var continuesItem = false
        for line in structure.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let quoted = trimmed.hasPrefix("\"")
            if quoted, continuesItem { merged[merged.count - 1] += trimmed.dropFirst().dropLast() } else if quoted { merged.append(String(trimmed.dropFirst().dropLast())) }
            continuesItem = quoted || (continuesItem && trimmed == "LBody (block)")
        }
        let texts = merged.map(squeezed).filter { !$0.isEmpty }
        let spoken = Self.spoken(loaded.renderer.accessibility(laidOut)).compactMap { line -> String? in
            guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].lastIndex(of: "\"") else { return nil }
            return squeezed(String(line[line.index(after: open)..<close]))
        }.filter { !$0.isEmpty }
        #expect(texts.count == spoken.count, "\(texts.count) texts in the PDF's structure, \(spoken.count) elements")
        for (pdfText, element) in zip(texts, spoken) where element.unicodeScalars.allSatisfy({ $0.value < 0x2000 }) {
            // (A colour emoji's glyph has no text in the PDF: such labels are left out.)
            let prefix = min(pdfText.count, element.count, 16)
            #expect(pdfText.prefix(prefix) == element.prefix(prefix), "\(pdfText) against \(element)")
        }
    }

    /// Templates say what VoiceOver reads as IB's Identity inspector does, per view: a
    /// decorative image left out (`isAccessibilityElement="false"`), a label read by its
    /// `accessibilityLabel` in its row's label; a view made an element with its label, traits and
    /// identifier; a switch made an element reads as UISwitch (a toggle button, on or off) with a
    /// hint; a row holding elements is no element itself (its text read among them). Values
    /// bound from the document; what only an element has, on a view that is none, is an error.
    @Test func templateViewsSayWhatVoiceOverReads() throws {
        let folder = Repository.folder(with: [
            "t/Plain.xml": #"<cell><stack padding="11 16" spacing="8" alignment="center"><image source="dot.png" width="20" height="20" alt="Decoration" isAccessibilityElement="false"/><label text="{title}" accessibilityLabel="{spoken}"/><label text="{detail}"/></stack></cell>"#,
            "t/Toggle.xml": #"<cell><stack padding="11 16" spacing="8" alignment="center"><label text="{title}" grow="1"/><image source="dot.png" width="20" height="20" accessibilityLabel="Verified" isAccessibilityElement="true" accessibilityTraits="image, static text" accessibilityIdentifier="badge"/><switch on="{on}" isAccessibilityElement="true" accessibilityLabel="{title}" accessibilityHint="Turns it on"/></stack></cell>"#,
            "doc.json": #"{"templates": ["t"], "sections": [{"items": [{"template": "Plain", "values": {"title": "Wi-Fi", "spoken": "Wireless network", "detail": "Home"}}, {"template": "Toggle", "values": {"title": "Bluetooth", "on": true}}]}]}"#,
            "t2/Bad.xml": #"<cell><label text="x" accessibilityHint="Opens it"/></cell>"#,
            "bad.json": #"{"templates": ["t2"], "sections": [{"items": [{"template": "Bad"}]}]}"#,
            "t3/Trait.xml": #"<cell><label text="x" isAccessibilityElement="true" accessibilityTraits="button, buton"/></cell>"#,
            "trait.json": #"{"templates": ["t3"], "sections": [{"items": [{"template": "Trait"}]}]}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(TestPNG.solid(width: 20, height: 20)).write(to: URL(fileURLWithPath: folder + "/dot.png"))
        let loaded = try LoadedDocument(path: folder + "/doc.json")
        let text = loaded.renderer.accessibility(try loaded.layout())
        #expect(Self.spoken(text) == [
            #"1. "Wireless network, Home""#,
            #"2. "Bluetooth""#,
            #"3. "Verified" — image, static text #badge"#,
            #"4. "Bluetooth", value "on", hint "Turns it on" — button, toggle"#,
        ], "\(text)")
        do {
            _ = try LoadedDocument(path: folder + "/bad.json").layout()
            Issue.record("a hint on a view that is no element was accepted")
        } catch {
            #expect(error.description.contains("accessibilityHint is what VoiceOver reads of an element of its own: add isAccessibilityElement=\"true\""), "\(error.description)")
        }
        do {
            _ = try LoadedDocument(path: folder + "/trait.json").layout()
            Issue.record("an unknown trait was accepted")
        } catch {
            #expect(error.description.contains("Trait.xml:1:53") && error.description.contains("unknown trait 'buton'") && error.description.contains("'button'"),
                    "\(error.description)")
        }
    }

    /// A row's image with a text to read is a figure of the tagged PDF: each such image one
    /// `Figure` in its row's item, the row's text still in the item's body beside it (Cairo 1.16
    /// writes an element's content or its elements, never both: a figure inside the body would
    /// erase the body's text), read in the tree's order (`pdfinfo -struct-text`). The figures'
    /// alternative texts are read with pypdf in `test_accessibility.py`.
    @Test func rowImagesAreFiguresBesideTheRowsText() throws {
        let loaded = try LoadedDocument(path: Repository.root + "/Examples/feed/feed.json")
        let laidOut = try loaded.layout()
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("tablerender-figures-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: pdf) }
        try loaded.renderer.pdf(laidOut, to: pdf)
        func images(_ view: LaidOutView) -> Int {
            var count = 0
            if case .image(_, _, let alt) = view.style.content, !alt.isEmpty { count = 1 }
            return count + view.children.map(images).reduce(0, +)
        }
        let rows = laidOut.pages.flatMap(\.blocks).filter { $0.kind == .row && !$0.repeated && $0.contentOffset == 0 }
        let expected = rows.map { $0.content.map(images) ?? 0 }
        #expect(expected.reduce(0, +) >= 10, "the feed's posts and albums have avatars and covers")
        let structure = Tool.run("pdfinfo", ["-struct-text", pdf]).output
        // Each item: its figures, and the text of its bodies.
        var items: [(figures: Int, text: String)] = []
        for line in structure.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line == "LI (block)" { items.append((0, "")) } else if line == "Figure", !items.isEmpty { items[items.count - 1].figures += 1 } else if line.hasPrefix("\""), !items.isEmpty {
                items[items.count - 1].text += line.dropFirst().dropLast()
            }
        }
        #expect(items.map(\.figures) == expected, "\(structure)")
        func squeezed(_ text: String) -> String { String(text.filter { !$0.isWhitespace && $0 != "," }) }
        let spoken = Self.spoken(loaded.renderer.accessibility(laidOut)).filter { !$0.contains("— header") }.map { line -> String in
            guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].lastIndex(of: "\"") else { return "" }
            return squeezed(String(line[line.index(after: open)..<close]))
        }
        #expect(items.count == spoken.count, "\(items.count) items, \(spoken.count) rows read")
        // A figure between two texts: body, figure, body, both texts kept; an image in a view left
        // out of what VoiceOver reads is no figure.
        let folder = Repository.folder(with: [
            "t/Row.xml": #"<cell><stack axis="horizontal" padding="11 16" spacing="8"><label text="{before}"/><image source="dot.png" width="20" height="20" alt="{alt}"/><label text="{after}"/><stack isAccessibilityElement="false"><image source="dot.png" width="20" height="20" alt="Left out"/></stack></stack></cell>"#,
            "doc.json": #"{"templates": ["t"], "sections": [{"items": [{"template": "Row", "values": {"before": "Before", "alt": "A dot", "after": "After"}}]}]}"#,
        ])
        try Data(TestPNG.solid(width: 20, height: 20)).write(to: URL(fileURLWithPath: folder + "/dot.png"))
        let between = try LoadedDocument(path: folder + "/doc.json")
        try between.renderer.pdf(try between.layout(), to: pdf)
        let lines = Tool.run("pdfinfo", ["-struct-text", pdf]).output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let item = Array(lines.drop { $0 != "LI (block)" })
        #expect(item == ["LI (block)", "LBody (block)", "\"Before\"", "Figure", "\"\"", "LBody (block)", "\"After\""], "\(lines)")
        for (item, label) in zip(items, spoken) {
            // The row's label reads the figure's text first, then the row's texts: the body's
            // (compared where poppler gives text in logical order: not right to left, Indic or Thai).
            let text = squeezed(item.text)
            #expect(!text.isEmpty, "\(label): its text is in the structure")
            if label.unicodeScalars.allSatisfy({ $0.value < 0x0590 }) { #expect(label.contains(text.prefix(12)), "\(text) in \(label)") }
        }
    }

    /// A view's texts, in order.
    static func texts(_ view: LaidOutView) -> String {
        var found = ""
        if case .label(let text, _, _) = view.style.content { found += text }
        return found + view.children.map(texts).joined()
    }

    /// A cell: avatar (decorative), name (labelled "Name: …"), role, badge (an element with traits
    /// image and static text), then on one line a button "Follow" and a switch; the badge is above
    /// them, so it is read first.
    static let personCell = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="pc0-Cl-000">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="120"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="pc0-Cl-000" id="pc0-CV-000">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="120"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="pc0-AV-001">
                                <rect key="frame" x="20" y="11" width="40" height="40"/>
                                <color key="backgroundColor" systemColor="systemBlueColor"/>
                                <accessibility key="accessibilityConfiguration">
                                    <bool key="isElement" value="NO"/>
                                </accessibility>
                                <constraints>
                                    <constraint firstAttribute="width" constant="40" id="pc0-Cn-001"/>
                                    <constraint firstAttribute="height" constant="40" id="pc0-Cn-002"/>
                                </constraints>
                            </view>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Ada Lovelace" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="pc0-NL-002">
                                <rect key="frame" x="72" y="11" width="120" height="21"/>
                                <accessibility key="accessibilityConfiguration" label="Name: Ada Lovelace"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Mathematician" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="pc0-RL-003">
                                <rect key="frame" x="72" y="36" width="120" height="18"/>
                                <fontDescription key="fontDescription" type="system" pointSize="15"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="pc0-BG-004">
                                <rect key="frame" x="349" y="11" width="24" height="24"/>
                                <color key="backgroundColor" systemColor="systemGreenColor"/>
                                <accessibility key="accessibilityConfiguration" label="Verified account">
                                    <accessibilityTraits key="traits" image="YES" staticText="YES"/>
                                    <bool key="isElement" value="YES"/>
                                </accessibility>
                                <constraints>
                                    <constraint firstAttribute="width" constant="24" id="pc0-Cn-041"/>
                                    <constraint firstAttribute="height" constant="24" id="pc0-Cn-042"/>
                                </constraints>
                            </view>
                            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="pc0-FB-005">
                                <rect key="frame" x="72" y="70" width="60" height="30"/>
                                <accessibility key="accessibilityConfiguration" hint="Shows her posts in your feed" identifier="follow-button"/>
                                <state key="normal" title="Follow"/>
                            </button>
                            <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="NO" translatesAutoresizingMaskIntoConstraints="NO" id="pc0-SW-006">
                                <rect key="frame" x="322" y="69.5" width="51" height="31"/>
                            </switch>
                        </subviews>
                        <constraints>
                            <constraint firstItem="pc0-AV-001" firstAttribute="leading" secondItem="pc0-CV-000" secondAttribute="leadingMargin" id="pc0-Cn-101"/>
                            <constraint firstItem="pc0-AV-001" firstAttribute="top" secondItem="pc0-CV-000" secondAttribute="topMargin" id="pc0-Cn-102"/>
                            <constraint firstItem="pc0-NL-002" firstAttribute="leading" secondItem="pc0-AV-001" secondAttribute="trailing" constant="12" id="pc0-Cn-103"/>
                            <constraint firstItem="pc0-NL-002" firstAttribute="top" secondItem="pc0-CV-000" secondAttribute="topMargin" id="pc0-Cn-104"/>
                            <constraint firstItem="pc0-RL-003" firstAttribute="leading" secondItem="pc0-NL-002" secondAttribute="leading" id="pc0-Cn-105"/>
                            <constraint firstItem="pc0-RL-003" firstAttribute="top" secondItem="pc0-NL-002" secondAttribute="bottom" constant="4" id="pc0-Cn-106"/>
                            <constraint firstItem="pc0-BG-004" firstAttribute="trailing" secondItem="pc0-CV-000" secondAttribute="trailingMargin" id="pc0-Cn-107"/>
                            <constraint firstItem="pc0-BG-004" firstAttribute="top" secondItem="pc0-CV-000" secondAttribute="topMargin" id="pc0-Cn-108"/>
                            <constraint firstItem="pc0-FB-005" firstAttribute="leading" secondItem="pc0-NL-002" secondAttribute="leading" id="pc0-Cn-109"/>
                            <constraint firstItem="pc0-FB-005" firstAttribute="top" secondItem="pc0-RL-003" secondAttribute="bottom" constant="16" id="pc0-Cn-110"/>
                            <constraint firstItem="pc0-CV-000" firstAttribute="bottomMargin" secondItem="pc0-FB-005" secondAttribute="bottom" id="pc0-Cn-111"/>
                            <constraint firstItem="pc0-SW-006" firstAttribute="trailing" secondItem="pc0-CV-000" secondAttribute="trailingMargin" id="pc0-Cn-112"/>
                            <constraint firstItem="pc0-SW-006" firstAttribute="centerY" secondItem="pc0-FB-005" secondAttribute="centerY" id="pc0-Cn-113"/>
                        </constraints>
                    </tableViewCellContentView>
                </tableViewCell>
            </objects>
            <resources>
                <systemColor name="systemBlueColor"><color red="0.0" green="0.478" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></systemColor>
                <systemColor name="systemGreenColor"><color red="0.204" green="0.78" blue="0.349" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></systemColor>
            </resources>
        </document>
        """
}
