import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
@testable import TableLayout

/// More of UIKit's rules that public apps' files rely on: scroll views' content, a cell's own
/// height in a self-sizing row, empty text views. Each on a small file written here in IB's
/// format, with the frames IB would store worked out beside it.
extension IBRulesTests {
    /// A XIB of `toolsVersion` shown on `device` (an iPhone 8 by default) holding `objects`.
    static func xib(toolsVersion: String = "21701", device: String = "retina4_7", _ objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            <objects>
        \(objects)
            </objects>
        </document>
        """
    }

    /// Constraints between a scroll view's edges (or margins) and a view inside it attach to the
    /// scroll view's content area, not its frame; its width, height and centres are the frame's
    /// (Apple's "Working with Scroll Views"). Pocket Casts' view controllers pin a box 40 pt above
    /// the scroll view's bottom: the content ends there, the box is not stretched to the frame.
    /// So do constraints to its content layout guide. 375 × 600, the scroll view filling it: the
    /// box at 20, 40, 335 × 100 (its width from the frame's centre and the content's sides); the
    /// second box, by the content layout guide, at 20, 180, 335 × 50.
    @Test func aScrollViewsEdgesAreItsContentsToWhatItHolds() throws {
        let xml = Self.xib("""
                    <view contentMode="scaleToFill" id="sc0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="600"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sc0-SV-001">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="600"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sc0-BX-002">
                                        <rect key="frame" x="20" y="40" width="335" height="100"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="100" id="sc0-Cn-001"/>
                                        </constraints>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sc0-BX-003">
                                        <rect key="frame" x="20" y="180" width="335" height="50"/>
                                    </view>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="sc0-BX-002" firstAttribute="top" secondItem="sc0-SV-001" secondAttribute="top" constant="40" id="sc0-Cn-002"/>
                                    <constraint firstItem="sc0-BX-002" firstAttribute="leading" secondItem="sc0-SV-001" secondAttribute="leading" constant="20" id="sc0-Cn-003"/>
                                    <constraint firstAttribute="trailing" secondItem="sc0-BX-002" secondAttribute="trailing" constant="20" id="sc0-Cn-004"/>
                                    <constraint firstItem="sc0-BX-002" firstAttribute="centerX" secondItem="sc0-SV-001" secondAttribute="centerX" id="sc0-Cn-005"/>
                                    <constraint firstItem="sc0-BX-003" firstAttribute="top" secondItem="sc0-BX-002" secondAttribute="bottom" constant="40" id="sc0-Cn-006"/>
                                    <constraint firstItem="sc0-BX-003" firstAttribute="leading" secondItem="sc0-BX-002" secondAttribute="leading" id="sc0-Cn-007"/>
                                    <constraint firstItem="sc0-BX-003" firstAttribute="width" secondItem="sc0-BX-002" secondAttribute="width" id="sc0-Cn-008"/>
                                    <constraint firstItem="sc0-BX-003" firstAttribute="height" secondItem="sc0-CG-001" secondAttribute="height" multiplier="0.2" id="sc0-Cn-009"/>
                                    <constraint firstItem="sc0-CG-001" firstAttribute="bottom" secondItem="sc0-BX-003" secondAttribute="bottom" constant="20" id="sc0-Cn-010"/>
                                </constraints>
                                <viewLayoutGuide key="contentLayoutGuide" id="sc0-CG-001"/>
                                <viewLayoutGuide key="frameLayoutGuide" id="sc0-FG-001"/>
                            </scrollView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="sc0-SV-001" firstAttribute="top" secondItem="sc0-VV-000" secondAttribute="top" id="sc0-Cn-011"/>
                            <constraint firstItem="sc0-SV-001" firstAttribute="leading" secondItem="sc0-VV-000" secondAttribute="leading" id="sc0-Cn-012"/>
                            <constraint firstAttribute="trailing" secondItem="sc0-SV-001" secondAttribute="trailing" id="sc0-Cn-013"/>
                            <constraint firstAttribute="bottom" secondItem="sc0-SV-001" secondAttribute="bottom" id="sc0-Cn-014"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let (frames, warnings) = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                                 assetsFolder: AutoLayoutOracleTests.folder)
        Self.expect(frames, "sc0-SV-001", 0, 0, 375, 600)
        // The content is 40 + 100 + 40 + 50 + 20 = 250 tall, the second box a fifth of it.
        Self.expect(frames, "sc0-BX-002", 20, 40, 335, 100)
        Self.expect(frames, "sc0-BX-003", 20, 180, 335, 50)
        #expect(!warnings.contains { $0.hasPrefix("Unable to simultaneously") }, "\(warnings)")
    }

    /// A constraint to the cell itself (not its content view) does not size a self-sizing row:
    /// UIKit fits the content view while the cell keeps its frame, then lays the row out again
    /// at the height it found. Element's phone number cell ties a button's height to the cell's
    /// and centres everything: nothing inside sizes the row, so UIKit uses 44 pt and the button
    /// is 44 tall, as IB stores it. (Tied to the content view, the button's own 30 pt would have
    /// made a 30 pt row.)
    @Test func aConstraintToTheCellsHeightDoesNotSizeTheRow() throws {
        let xml = Self.xib("""
                    <tableViewCell contentMode="scaleToFill" selectionStyle="none" indentationWidth="10" id="ch0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="ch0-Cl-000" id="ch0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                            <subviews>
                                <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="ch0-BT-001">
                                    <rect key="frame" x="16" y="0.0" width="60" height="44"/>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="60" id="ch0-Cn-001"/>
                                    </constraints>
                                    <fontDescription key="fontDescription" type="system" pointSize="15"/>
                                    <state key="normal" title="+33"/>
                                </button>
                            </subviews>
                            <constraints>
                                <constraint firstItem="ch0-BT-001" firstAttribute="leading" secondItem="ch0-CV-000" secondAttribute="leading" constant="16" id="ch0-Cn-002"/>
                                <constraint firstItem="ch0-BT-001" firstAttribute="centerY" secondItem="ch0-CV-000" secondAttribute="centerY" id="ch0-Cn-003"/>
                            </constraints>
                        </tableViewCellContentView>
                        <constraints>
                            <constraint firstItem="ch0-BT-001" firstAttribute="height" secondItem="ch0-Cl-000" secondAttribute="height" id="ch0-Cn-004"/>
                        </constraints>
                    </tableViewCell>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "ch0-BT-001", 16, 0, 60, 44)
        let row = try Self.row(template, document)
        #expect(row.frame.height == 44)
        let button = try #require(Self.find("ch0-BT-001", in: row))
        #expect(button.frame.y == 0 && button.frame.height == 44, "\(button.frame)")
        // At a height the document fixes, the button is as tall as the row.
        let fixed = try Self.row(template, document, height: 60)
        #expect(Self.find("ch0-BT-001", in: fixed)?.frame.height == 60)
    }

    /// A stack view with no arranged view (one the app fills in code) has no size of its own but
    /// never less than nothing: in a self-sizing row it takes no room, and the views after it stay
    /// below the ones before it. WooCommerce's product cell: an empty attributes stack between
    /// its labels, and a thumbnail whose bottom the row must clear; the row once shrank the
    /// empty stack past zero to the thumbnail's 71 pt and drew "View Add-ons" over the title.
    /// Here a column of a 20 pt view, the empty stack and a 30 pt view (4 pt apart) 10 pt inside
    /// the row beside a 44 pt image whose bottom the row clears by 8: the row is 10 + 20 + 4 + 0
    /// + 4 + 30 + 10 = 78 pt tall, the last view at 28 in the column. On the canvas the empty
    /// stack keeps the size it has (IB's frames: 12.5 pt in WooCommerce's file).
    @Test func anEmptyStackViewTakesNoRoomInARow() throws {
        let xml = Self.xib("""
                    <tableViewCell contentMode="scaleToFill" selectionStyle="none" indentationWidth="10" rowHeight="100" id="es1-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="es1-Cl-000" id="es1-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="es1-IM-001">
                                    <rect key="frame" x="16" y="10" width="44" height="44"/>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="44" id="es1-Cn-001"/>
                                        <constraint firstAttribute="height" constant="44" id="es1-Cn-002"/>
                                    </constraints>
                                </view>
                                <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="4" translatesAutoresizingMaskIntoConstraints="NO" id="es1-ST-002">
                                    <rect key="frame" x="76" y="10" width="228" height="80"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="infinite" placeholderIntrinsicHeight="20" id="es1-BX-003">
                                            <rect key="frame" x="0.0" y="0.0" width="228" height="20"/>
                                        </view>
                                        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="es1-ST-004">
                                            <rect key="frame" x="0.0" y="24" width="228" height="22"/>
                                        </stackView>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="infinite" placeholderIntrinsicHeight="30" id="es1-BX-005">
                                            <rect key="frame" x="0.0" y="50" width="228" height="30"/>
                                        </view>
                                    </subviews>
                                </stackView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="es1-IM-001" firstAttribute="top" secondItem="es1-ST-002" secondAttribute="top" id="es1-Cn-003"/>
                                <constraint firstItem="es1-IM-001" firstAttribute="leading" secondItem="es1-CV-000" secondAttribute="leading" constant="16" id="es1-Cn-004"/>
                                <constraint firstAttribute="bottom" relation="greaterThanOrEqual" secondItem="es1-IM-001" secondAttribute="bottom" constant="8" id="es1-Cn-005"/>
                                <constraint firstItem="es1-ST-002" firstAttribute="top" secondItem="es1-CV-000" secondAttribute="top" constant="10" id="es1-Cn-006"/>
                                <constraint firstAttribute="bottom" secondItem="es1-ST-002" secondAttribute="bottom" constant="10" id="es1-Cn-007"/>
                                <constraint firstItem="es1-ST-002" firstAttribute="leading" secondItem="es1-IM-001" secondAttribute="trailing" constant="16" id="es1-Cn-008"/>
                                <constraint firstAttribute="trailing" secondItem="es1-ST-002" secondAttribute="trailing" constant="16" id="es1-Cn-009"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        let (template, document) = try Self.inline(xml)
        let row = try Self.row(template, document, width: 320)
        #expect(row.frame.height == 78, "\(row.frame)")
        let empty = try #require(Self.find("es1-ST-004", in: row)), last = try #require(Self.find("es1-BX-005", in: row))
        #expect(empty.frame.height == 0 && empty.frame.y == 34, "\(empty.frame)")
        #expect(last.frame.y == 38 && last.frame.height == 30, "\(last.frame)")
        // On the canvas, at the cell's 100 pt, the empty stack keeps its 22 pt.
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "es1-ST-004", 0, 24, 228, 22)
        Self.expect(frames, "es1-BX-005", 0, 50, 228, 30)
    }

    /// An image view the app fills (no image in the file, no size of its own): a row gives it no
    /// room of its own, as a device does before the app sets the image; the gallery, which marks empty
    /// outlets, gives it the room the nib gives it, a labelled box 355 × 120, as it gives a marked
    /// label its outlet's name (WooCommerce's empty-state view drew a 0 pt line across the screen).
    @Test func aMarkedEmptyImageViewTakesTheNibsRoom() throws {
        let xml = Self.xib("""
                    <tableViewCell contentMode="scaleToFill" selectionStyle="none" indentationWidth="10" rowHeight="160" id="mi1-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="160"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="mi1-Cl-000" id="mi1-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="160"/>
                            <subviews>
                                <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="mi1-ST-001">
                                    <rect key="frame" x="10" y="10" width="355" height="140"/>
                                    <subviews>
                                        <imageView userInteractionEnabled="NO" contentMode="scaleAspectFit" translatesAutoresizingMaskIntoConstraints="NO" id="mi1-IV-002">
                                            <rect key="frame" x="0.0" y="0.0" width="355" height="120"/>
                                        </imageView>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="infinite" placeholderIntrinsicHeight="20" id="mi1-BX-003">
                                            <rect key="frame" x="0.0" y="120" width="355" height="20"/>
                                        </view>
                                    </subviews>
                                </stackView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="mi1-ST-001" firstAttribute="top" secondItem="mi1-CV-000" secondAttribute="top" constant="10" id="mi1-Cn-001"/>
                                <constraint firstItem="mi1-ST-001" firstAttribute="leading" secondItem="mi1-CV-000" secondAttribute="leading" constant="10" id="mi1-Cn-002"/>
                                <constraint firstAttribute="trailing" secondItem="mi1-ST-001" secondAttribute="trailing" constant="10" id="mi1-Cn-003"/>
                                <constraint firstAttribute="bottom" secondItem="mi1-ST-001" secondAttribute="bottom" constant="10" id="mi1-Cn-004"/>
                            </constraints>
                        </tableViewCellContentView>
                        <connections>
                            <outlet property="heroImage" destination="mi1-IV-002" id="mi1-Ot-001"/>
                        </connections>
                    </tableViewCell>
            """)
        let (template, document) = try Self.inline(xml)
        let plain = try Self.row(template, document)
        #expect(plain.frame.height < 60 && (Self.find("mi1-IV-002", in: plain)?.frame.height ?? 0) < 20, "\(plain.frame)")
        var marking = Self.theme
        marking.marksEmptyOutlets = true
        let flex = FlexLayout(text: TextEngine())
        let bound = try flex.autoLayout.layout(template, document: document, values: [:], width: 375, height: nil, theme: marking,
                                               assetsFolder: AutoLayoutOracleTests.folder, at: TableModel.SourceLocation(file: "doc.json"))
        let marked = flex.layoutRoot(bound, width: 375, height: nil)
        #expect(marked.frame.height == 160, "\(marked.frame)")
        let image = try #require(Self.find("mi1-IV-002", in: marked))
        #expect(image.frame == Rect(x: 10, y: 10, width: 355, height: 120), "\(image.frame)")
    }

    /// An empty text view that does not scroll: IB's canvas before Xcode 14 (TextKit 1) keeps
    /// the line its caret stands on — 33 pt for 14 pt text, as public apps' files of Xcode 12
    /// and 13 store it — and Xcode 14's on (iOS 16's TextKit 2) only the 8 pt insets above and
    /// below, 16 pt (a file of Xcode 15 stores 16). A row draws today's device: 16.
    @Test func anEmptyTextViewHasALineOnlyBeforeTextKit2() throws {
        func file(_ toolsVersion: String) -> String {
            Self.xib(toolsVersion: toolsVersion, """
                    <view contentMode="scaleToFill" id="tv0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" scrollEnabled="NO" editable="NO" textAlignment="natural" translatesAutoresizingMaskIntoConstraints="NO" id="tv0-TV-001">
                                <rect key="frame" x="16" y="20" width="343" height="33"/>
                                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                <textInputTraits key="textInputTraits" autocapitalizationType="sentences"/>
                            </textView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="tv0-TV-001" firstAttribute="top" secondItem="tv0-VV-000" secondAttribute="top" constant="20" id="tv0-Cn-001"/>
                            <constraint firstItem="tv0-TV-001" firstAttribute="leading" secondItem="tv0-VV-000" secondAttribute="leading" constant="16" id="tv0-Cn-002"/>
                            <constraint firstAttribute="trailing" secondItem="tv0-TV-001" secondAttribute="trailing" constant="16" id="tv0-Cn-003"/>
                        </constraints>
                    </view>
            """)
        }
        for (version, height) in [("17701", 33.0), ("19455", 33.0), ("22505", 16.0)] {
            let (template, document) = try Self.inline(file(version))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
            Self.expect(frames, "tv0-TV-001", 16, 20, 343, height)
        }
    }

    /// IB's canvas lays a XIB's top-level view out as a view controller's root view: UIKit's
    /// system minimum margins, none above and below and the screen's side margin at the sides
    /// (16 pt on an iPhone 8, 20 on an iPhone 11); one that preserves its superview's margins
    /// keeps the window's 8 above and below. (WooCommerce's section header views: a stack at the
    /// margins + 14 is at 16, 14; its filter bar's stack at the margins is at 16, 8.) Not
    /// UIView's 8 pt on every side, which a view loaded into a table keeps when drawn.
    @Test func aTopLevelViewHasARootViewsMargins() throws {
        func file(device: String, width: Double, preserves: Bool) -> String {
            Self.xib(device: device, """
                    <view opaque="NO" contentMode="scaleToFill"\(preserves ? " preservesSuperviewLayoutMargins=\"YES\"" : "") insetsLayoutMarginsFromSafeArea="NO" id="rv0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="60"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="rv0-BX-001">
                                <rect key="frame" x="16" y="14" width="343" height="30"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="30" id="rv0-Cn-001"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="rv0-BX-001" firstAttribute="leading" secondItem="rv0-VV-000" secondAttribute="leadingMargin" id="rv0-Cn-002"/>
                            <constraint firstAttribute="trailingMargin" secondItem="rv0-BX-001" secondAttribute="trailing" id="rv0-Cn-003"/>
                            <constraint firstItem="rv0-BX-001" firstAttribute="top" secondItem="rv0-VV-000" secondAttribute="topMargin" constant="14" id="rv0-Cn-004"/>
                        </constraints>
                        <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
                    </view>
            """)
        }
        for (device, width, preserves, x, y) in [("retina4_7", 375.0, false, 16.0, 14.0), ("retina4_7", 375, true, 16, 22), ("retina6_1", 414, false, 20, 14)] {
            let (template, document) = try Self.inline(file(device: device, width: width, preserves: preserves))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "rv0-BX-001", x, y, width - 2 * x, 30)
        }
    }

    /// IB lays a file out with UIKit on the device it names: a label's text size is rounded up to
    /// that device's pixels, not to tablerender's @3x grid — a 17 pt label is 20.5 pt tall on an
    /// iPhone 8 (@2x), 20.33 on an iPhone 14 (@3x), as public apps' storyboards of Xcode 16 store
    /// it. Centred in a 51 pt row, its frame is 15.5, 20.5 at @2x (15.33, 20.33 at @3x).
    @Test func textIsSizedToTheDesignDevicesPixels() throws {
        func file(_ device: String) -> String {
            Self.xib(device: device, """
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="px0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="51"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="px0-Cl-000" id="px0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="51"/>
                            <subviews>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Theme" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="px0-LL-001">
                                    <rect key="frame" x="20" y="15.5" width="53" height="20.5"/>
                                    <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                </label>
                            </subviews>
                            <constraints>
                                <constraint firstItem="px0-LL-001" firstAttribute="leading" secondItem="px0-CV-000" secondAttribute="leading" constant="20" id="px0-Cn-001"/>
                                <constraint firstItem="px0-LL-001" firstAttribute="centerY" secondItem="px0-CV-000" secondAttribute="centerY" id="px0-Cn-002"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        }
        for (device, y, height) in [("retina4_7", 15.5, 20.5), ("retina6_12", 15.33, 20.33)] {
            let (template, document) = try Self.inline(file(device))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
            let label = try #require(frames["px0-LL-001"])
            #expect(abs(label.y - y) < 0.01 && abs(label.height - height) < 0.01, "\(device): \(label)")
        }
    }

    /// A text field with no border is as tall as its line in whole points: the font's line height
    /// in the system font (21 pt at 17, 18 at 15), its text style's leading in a Dynamic Type
    /// font (a body field is 22 pt, as NetNewsWire's and Simplenote's files store it), but the
    /// font's line height again when it is secure (their password fields are 21). On the canvas
    /// of Xcode 11 and before (iOS 13's UIKit) a field in a text style is as tall as its font's
    /// line too (LoopKit's body fields of Xcode 11 store 21).
    @Test(arguments: [("21701", [22.0, 21, 21, 18]), ("16097", [21.0, 21, 21, 18])])
    func aTextFieldsLineFollowsItsFont(toolsVersion: String, heights: [Double]) throws {
        func field(_ id: String, x: Int, font: String, secure: Bool = false) -> String {
            """
                                <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" placeholder="Name" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                                    <rect key="frame" x="\(x)" y="10" width="80" height="21"/>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="80" id="\(id)-w"/>
                                    </constraints>
                                    <fontDescription key="fontDescription" \(font)/>
                                    <textInputTraits key="textInputTraits"\(secure ? " secureTextEntry=\"YES\"" : "")/>
                                </textField>
            """
        }
        let ids = ["tf0-TF-001", "tf0-TF-002", "tf0-TF-003", "tf0-TF-004"]
        let xml = Self.xib(toolsVersion: toolsVersion, """
                    <view contentMode="scaleToFill" id="tf0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
            \(field(ids[0], x: 0, font: #"style="UICTFontTextStyleBody""#))
            \(field(ids[1], x: 90, font: #"style="UICTFontTextStyleBody""#, secure: true))
            \(field(ids[2], x: 180, font: #"type="system" pointSize="17""#))
            \(field(ids[3], x: 270, font: #"type="system" pointSize="15""#))
                        </subviews>
                        <constraints>
            \(ids.enumerated().map { index, id in """
                            <constraint firstItem="\(id)" firstAttribute="leading" secondItem="tf0-VV-000" secondAttribute="leading" constant="\(index * 90)" id="\(id)-l"/>
                            <constraint firstItem="\(id)" firstAttribute="top" secondItem="tf0-VV-000" secondAttribute="top" constant="10" id="\(id)-t"/>
            """ }.joined(separator: "\n"))
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
        for (id, height) in zip(ids, heights) {
            #expect(frames[id]?.height == height, "\(toolsVersion) \(id): \(String(describing: frames[id]))")
        }
    }

    /// A system button of an info, detail disclosure or contact-add type draws UIKit's symbol and
    /// no title, and is as big as UIKit makes it: on IB's canvas 22 × 22 up to iOS 12 (GitHawk's
    /// info button of Xcode 10), 25.67 × 25.67 from iOS 13 (KeePassium's and GoMap's of Xcode 13
    /// and 16), 50 × 34 on Xcode 26's (nRF Mesh's); a row drawn today 25.67, its symbol inside.
    @Test(arguments: [("14460", 22.0, 22.0), ("21701", 77.0 / 3, 77.0 / 3), ("24128", 50, 34)])
    func aSystemButtonIsItsSymbolAtUIKitsSize(toolsVersion: String, width: Double, height: Double) throws {
        let types = ["infoLight", "detailDisclosure", "contactAdd"]
        let buttons = types.enumerated().map { index, type in """
                                <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="\(type)" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="sb0-BT-00\(index)">
                                    <rect key="frame" x="\(20 + 60 * index)" y="10" width="22" height="22"/>
                                </button>
            """ }.joined(separator: "\n")
        let constraints = types.indices.map { index in """
                                <constraint firstItem="sb0-BT-00\(index)" firstAttribute="leading" secondItem="sb0-CV-000" secondAttribute="leading" constant="\(20 + 60 * index)" id="sb0-Cn-l\(index)"/>
                                <constraint firstItem="sb0-BT-00\(index)" firstAttribute="top" secondItem="sb0-CV-000" secondAttribute="top" constant="10" id="sb0-Cn-t\(index)"/>
            """ }.joined(separator: "\n")
        // An iPhone 14 (@3x), as those files' devices are: 25.67 is 77 of its pixels.
        let xml = Self.xib(toolsVersion: toolsVersion, device: "retina6_12", """
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" rowHeight="60" id="sb0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="sb0-Cl-000" id="sb0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                            <subviews>
            \(buttons)
                            </subviews>
                            <constraints>
            \(constraints)
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
        for index in types.indices {
            let frame = try #require(frames["sb0-BT-00\(index)"])
            #expect(abs(frame.width - width) < 0.01 && abs(frame.height - height) < 0.01, "\(toolsVersion) \(types[index]): \(frame)")
        }
        let row = try Self.row(template, document, height: 60)
        for (index, symbol) in ["info.circle", "info.circle", "plus.circle"].enumerated() {
            let button = try #require(Self.find("sb0-BT-00\(index)", in: row))
            #expect(abs(button.frame.width - 77.0 / 3) < 0.01 && abs(button.frame.height - 77.0 / 3) < 0.01, "\(types[index]) in a row: \(button.frame)")
            let paths = button.children.compactMap { child -> String? in
                if case .image(let path, _, _) = child.style.content { return path }
                return nil
            }
            #expect(paths.count == 1 && paths[0].contains(symbol), "\(types[index]): \(paths)")
        }
    }

    /// IB's canvas draws an activity indicator even when it is hidden, so in a stack it keeps its
    /// place there (Pocket Casts' episode rows: a hidden 16 pt indicator first, the next view at
    /// 16 + 5 = 21); on a device a stopped indicator that hides when stopped is hidden and the
    /// stack closes over it (the image at 0).
    @Test func aHiddenActivityIndicatorKeepsItsPlaceOnTheCanvasOnly() throws {
        let xml = Self.xib("""
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="ai0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="ai0-Cl-000" id="ai0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                            <subviews>
                                <stackView opaque="NO" contentMode="scaleToFill" alignment="center" spacing="5" translatesAutoresizingMaskIntoConstraints="NO" id="ai0-ST-001">
                                    <rect key="frame" x="16" y="14" width="37" height="16"/>
                                    <subviews>
                                        <activityIndicatorView hidden="YES" opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" hidesWhenStopped="YES" style="gray" translatesAutoresizingMaskIntoConstraints="NO" id="ai0-AI-002">
                                            <rect key="frame" x="0.0" y="0.0" width="16" height="16"/>
                                            <constraints>
                                                <constraint firstAttribute="width" constant="16" id="ai0-Cn-001"/>
                                                <constraint firstAttribute="height" constant="16" id="ai0-Cn-002"/>
                                            </constraints>
                                        </activityIndicatorView>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="ai0-VV-003">
                                            <rect key="frame" x="21" y="0.0" width="16" height="16"/>
                                            <constraints>
                                                <constraint firstAttribute="width" constant="16" id="ai0-Cn-003"/>
                                                <constraint firstAttribute="height" constant="16" id="ai0-Cn-004"/>
                                            </constraints>
                                        </view>
                                    </subviews>
                                </stackView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="ai0-ST-001" firstAttribute="leading" secondItem="ai0-CV-000" secondAttribute="leading" constant="16" id="ai0-Cn-005"/>
                                <constraint firstItem="ai0-ST-001" firstAttribute="top" secondItem="ai0-CV-000" secondAttribute="top" constant="14" id="ai0-Cn-006"/>
                                <constraint firstAttribute="bottom" secondItem="ai0-ST-001" secondAttribute="bottom" constant="14" id="ai0-Cn-007"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "ai0-ST-001", 16, 14, 37, 16)
        Self.expect(frames, "ai0-VV-003", 21, 0, 16, 16)
        let row = try Self.row(template, document)
        #expect(Self.find("ai0-VV-003", in: row)?.frame.x == 16, "the stack closes over the hidden indicator on a device")
    }

    /// A view's layout margins count from the safe area's edges, and a subview that reaches into
    /// the unsafe area has safe area insets of its own: on an iPhone 11's canvas (44 pt at the
    /// top, Xcode 13), a full-screen container at the top has its top margin 44 + 8 = 52 pt down
    /// (Pocket Casts' filter screen: a label at its top margin + 20 is at 72), and a view pinned
    /// to the container's own safe area starts 44 pt down. A container lower on the screen has
    /// no such insets.
    @Test func aSubviewsMarginsCountFromItsSafeArea() throws {
        let xml = Self.xib(toolsVersion: "20037", device: "retina6_1", """
                    <view contentMode="scaleToFill" id="sa0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sa0-CT-001">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="300"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sa0-BX-002">
                                        <rect key="frame" x="18" y="72" width="100" height="20"/>
                                        <constraints>
                                            <constraint firstAttribute="width" constant="100" id="sa0-Cn-001"/>
                                            <constraint firstAttribute="height" constant="20" id="sa0-Cn-002"/>
                                        </constraints>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sa0-BX-003">
                                        <rect key="frame" x="200" y="44" width="100" height="20"/>
                                        <constraints>
                                            <constraint firstAttribute="width" constant="100" id="sa0-Cn-003"/>
                                            <constraint firstAttribute="height" constant="20" id="sa0-Cn-004"/>
                                        </constraints>
                                    </view>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="sa0-SA-001"/>
                                <constraints>
                                    <constraint firstItem="sa0-BX-002" firstAttribute="top" secondItem="sa0-CT-001" secondAttribute="topMargin" constant="20" id="sa0-Cn-005"/>
                                    <constraint firstItem="sa0-BX-002" firstAttribute="leading" secondItem="sa0-CT-001" secondAttribute="leading" constant="18" id="sa0-Cn-006"/>
                                    <constraint firstItem="sa0-BX-003" firstAttribute="top" secondItem="sa0-SA-001" secondAttribute="top" id="sa0-Cn-007"/>
                                    <constraint firstItem="sa0-BX-003" firstAttribute="leading" secondItem="sa0-CT-001" secondAttribute="leading" constant="200" id="sa0-Cn-008"/>
                                </constraints>
                            </view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sa0-LO-004">
                                <rect key="frame" x="0.0" y="400" width="414" height="100"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sa0-BX-005">
                                        <rect key="frame" x="18" y="28" width="100" height="20"/>
                                        <constraints>
                                            <constraint firstAttribute="width" constant="100" id="sa0-Cn-009"/>
                                            <constraint firstAttribute="height" constant="20" id="sa0-Cn-010"/>
                                        </constraints>
                                    </view>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="sa0-BX-005" firstAttribute="top" secondItem="sa0-LO-004" secondAttribute="topMargin" constant="20" id="sa0-Cn-011"/>
                                    <constraint firstItem="sa0-BX-005" firstAttribute="leading" secondItem="sa0-LO-004" secondAttribute="leading" constant="18" id="sa0-Cn-012"/>
                                </constraints>
                            </view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="sa0-SA-000"/>
                        <constraints>
                            <constraint firstItem="sa0-CT-001" firstAttribute="top" secondItem="sa0-VV-000" secondAttribute="top" id="sa0-Cn-013"/>
                            <constraint firstItem="sa0-CT-001" firstAttribute="leading" secondItem="sa0-VV-000" secondAttribute="leading" id="sa0-Cn-014"/>
                            <constraint firstAttribute="trailing" secondItem="sa0-CT-001" secondAttribute="trailing" id="sa0-Cn-015"/>
                            <constraint firstItem="sa0-CT-001" firstAttribute="height" constant="300" id="sa0-Cn-016"/>
                            <constraint firstItem="sa0-LO-004" firstAttribute="top" secondItem="sa0-VV-000" secondAttribute="top" constant="400" id="sa0-Cn-017"/>
                            <constraint firstItem="sa0-LO-004" firstAttribute="leading" secondItem="sa0-VV-000" secondAttribute="leading" id="sa0-Cn-018"/>
                            <constraint firstAttribute="trailing" secondItem="sa0-LO-004" secondAttribute="trailing" id="sa0-Cn-019"/>
                            <constraint firstItem="sa0-LO-004" firstAttribute="height" constant="100" id="sa0-Cn-020"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "sa0-BX-002", 18, 72, 100, 20)
        Self.expect(frames, "sa0-BX-003", 200, 44, 100, 20)
        Self.expect(frames, "sa0-BX-005", 18, 28, 100, 20)
    }

    /// A search bar is 56 pt tall (UISearchBar since iOS 13, as WooCommerce's files of Xcode 15
    /// store it), whatever its width: pinned at the top and sides, it does not stretch down.
    @Test func aSearchBarIs56PointsTall() throws {
        let xml = Self.xib("""
                    <view contentMode="scaleToFill" id="sb0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <searchBar contentMode="redraw" searchBarStyle="minimal" translatesAutoresizingMaskIntoConstraints="NO" id="sb0-SB-001">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="56"/>
                                <textInputTraits key="textInputTraits"/>
                            </searchBar>
                        </subviews>
                        <constraints>
                            <constraint firstItem="sb0-SB-001" firstAttribute="top" secondItem="sb0-VV-000" secondAttribute="top" id="sb0-Cn-001"/>
                            <constraint firstItem="sb0-SB-001" firstAttribute="leading" secondItem="sb0-VV-000" secondAttribute="leading" id="sb0-Cn-002"/>
                            <constraint firstAttribute="trailing" secondItem="sb0-SB-001" secondAttribute="trailing" id="sb0-Cn-003"/>
                            <constraint firstAttribute="bottom" relation="greaterThanOrEqual" secondItem="sb0-SB-001" secondAttribute="bottom" id="sb0-Cn-004"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
        Self.expect(frames, "sb0-SB-001", 0, 0, 375, 56)
    }

    /// In a stack aligned by first baselines the first arranged view sets the stack's top; a
    /// view whose baseline sits lower in it (a 30 pt button's title beside a 17 pt label) reaches
    /// above the stack, which ends at the lowest bottom (WooCommerce's account screen: the stack
    /// 25.5 pt tall, the label at 0, the button at −4.5). By last baselines, the first view sets
    /// the bottom and the others may reach below.
    @Test func aBaselineStackFollowsItsFirstView() throws {
        let xml = Self.xib("""
                    <view contentMode="scaleToFill" id="bl0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <stackView opaque="NO" contentMode="scaleToFill" alignment="firstBaseline" spacing="6" translatesAutoresizingMaskIntoConstraints="NO" id="bl0-ST-001">
                                <rect key="frame" x="20" y="40" width="93.5" height="25.5"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="bl0-LL-002">
                                        <rect key="frame" x="0.0" y="0.0" width="41.5" height="20.5"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="bl0-BT-003">
                                        <rect key="frame" x="47.5" y="-4.5" width="46" height="30"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="15"/>
                                        <state key="normal" title="Button"/>
                                    </button>
                                </subviews>
                            </stackView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="bl0-ST-001" firstAttribute="leading" secondItem="bl0-VV-000" secondAttribute="leading" constant="20" id="bl0-Cn-001"/>
                            <constraint firstItem="bl0-ST-001" firstAttribute="top" secondItem="bl0-VV-000" secondAttribute="top" constant="40" id="bl0-Cn-002"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        // The label sets the top exactly; the button's overhang follows the fonts' baselines, which
        // tablerender's stand-in for SF places within the corpus run's half point of IB's.
        Self.expect(frames, "bl0-LL-002", 0, 0, 41.5, 20.5)
        let stack = try #require(frames["bl0-ST-001"]), button = try #require(frames["bl0-BT-003"])
        #expect(button.y < -3.5 && abs(button.y - -4.5) <= 0.5 && button.height == 30, "\(button)")
        #expect(abs(stack.height - (button.y + button.height)) < 0.01 && abs(stack.height - 25.5) <= 0.5, "\(stack)")
    }

    /// A row aligned by baselines spans its views with a guide as short as it can be (UIStackView's
    /// alignment spanner, priority 51) whose edge away from the baseline's side is the stack's; the
    /// first view only keeps within the other edge. So in a row stretched taller than its views
    /// they sit at the bottom for the first baseline (WooCommerce's ledger: two one-line labels
    /// 17 pt down a 37.5 pt row), at the top for the last. Two 60 pt rows of a 20 pt and a 30 pt
    /// view (a view's baseline is its bottom): by first baselines both end at 60 (the views at 40
    /// and 30); by last baselines the taller one starts at 0 and both end at 30 (at 10 and 0).
    @Test func aStretchedBaselineRowHoldsItsViewsAwayFromTheBaselinesSide() throws {
        func row(_ id: String, alignment: String, x: Int) -> String {
            """
                            <stackView opaque="NO" contentMode="scaleToFill" alignment="\(alignment)" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)-ST">
                                <rect key="frame" x="\(x)" y="0.0" width="108" height="60"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="50" placeholderIntrinsicHeight="20" id="\(id)-A"/>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="50" placeholderIntrinsicHeight="30" id="\(id)-B"/>
                                </subviews>
                            </stackView>
            """
        }
        let xml = Self.xib("""
                    <view contentMode="scaleToFill" id="sr0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
            \(row("sr0-F", alignment: "firstBaseline", x: 0))
            \(row("sr0-L", alignment: "lastBaseline", x: 200))
                        </subviews>
                        <constraints>
                            <constraint firstItem="sr0-F-ST" firstAttribute="top" secondItem="sr0-VV-000" secondAttribute="top" id="sr0-Cn-001"/>
                            <constraint firstAttribute="bottom" secondItem="sr0-F-ST" secondAttribute="bottom" id="sr0-Cn-002"/>
                            <constraint firstItem="sr0-F-ST" firstAttribute="leading" secondItem="sr0-VV-000" secondAttribute="leading" id="sr0-Cn-003"/>
                            <constraint firstItem="sr0-L-ST" firstAttribute="top" secondItem="sr0-VV-000" secondAttribute="top" id="sr0-Cn-004"/>
                            <constraint firstAttribute="bottom" secondItem="sr0-L-ST" secondAttribute="bottom" id="sr0-Cn-005"/>
                            <constraint firstItem="sr0-L-ST" firstAttribute="leading" secondItem="sr0-VV-000" secondAttribute="leading" constant="200" id="sr0-Cn-006"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "sr0-F-ST", 0, 0, 108, 60)
        Self.expect(frames, "sr0-F-A", 0, 40, 50, 20)
        Self.expect(frames, "sr0-F-B", 58, 30, 50, 30)
        Self.expect(frames, "sr0-L-ST", 200, 0, 108, 60)
        Self.expect(frames, "sr0-L-A", 0, 10, 50, 20)
        Self.expect(frames, "sr0-L-B", 58, 0, 50, 30)
    }

    /// UIStackView's ambiguity suppression: in an equal-spacing stack, an arranged view with no
    /// intrinsic size of its own (here a nested stack) stays as short as it can, and the room to
    /// spare goes to the gaps (WooCommerce's survey screen: its nested stack keeps its 99.5 pt).
    /// A 300 pt column of a 20 pt box and a nested stack of 20 + 4 + 30: the nested stack 54 pt
    /// tall at the bottom, the gap 226.
    @Test func anEqualSpacingStackGivesItsRoomToTheGaps() throws {
        let xml = Self.xib("""
                    <view contentMode="scaleToFill" id="es0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="equalSpacing" alignment="center" spacing="16" translatesAutoresizingMaskIntoConstraints="NO" id="es0-ST-001">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="es0-BX-1">
                                        <rect key="frame" x="137.5" y="0" width="100" height="20"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="20" id="es0-Ch-1"/>
                                        </constraints>
                                    </view>
                                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="equalSpacing" alignment="center" spacing="4" translatesAutoresizingMaskIntoConstraints="NO" id="es0-ST-002">
                                        <rect key="frame" x="137.5" y="246" width="100" height="54"/>
                                        <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="es0-BX-3">
                                        <rect key="frame" x="0" y="0" width="100" height="20"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="20" id="es0-Ch-3"/>
                                        </constraints>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="es0-BX-4">
                                        <rect key="frame" x="0" y="24" width="100" height="30"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="30" id="es0-Ch-4"/>
                                        </constraints>
                                    </view>
                                        </subviews>
                                    </stackView>
                                </subviews>
                            </stackView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="es0-ST-001" firstAttribute="top" secondItem="es0-VV-000" secondAttribute="top" id="es0-Cn-001"/>
                            <constraint firstItem="es0-ST-001" firstAttribute="leading" secondItem="es0-VV-000" secondAttribute="leading" id="es0-Cn-002"/>
                            <constraint firstAttribute="trailing" secondItem="es0-ST-001" secondAttribute="trailing" id="es0-Cn-003"/>
                            <constraint firstAttribute="bottom" secondItem="es0-ST-001" secondAttribute="bottom" id="es0-Cn-004"/>
                            <constraint firstItem="es0-BX-1" firstAttribute="width" constant="100" id="es0-Cw-1"/>
                            <constraint firstItem="es0-BX-3" firstAttribute="width" constant="100" id="es0-Cw-3"/>
                            <constraint firstItem="es0-BX-4" firstAttribute="width" constant="100" id="es0-Cw-4"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "es0-BX-1", 137.5, 0, 100, 20)
        Self.expect(frames, "es0-ST-002", 137.5, 246, 100, 54)
        Self.expect(frames, "es0-BX-4", 0, 24, 100, 30)
    }

    /// A fill-proportionally stack makes each arranged view a fixed fraction of its own length:
    /// the view's weight over the sum of the weights and the spacing, at priority 999 for the
    /// first view, 998 for the next…, so where they do not add up the last view gives way. A
    /// view's weight is its intrinsic length; a container with none is weighed by its current
    /// length, the frame the nib stored (WooCommerce's ledger: containers 51.5, 88.5 and 70 pt
    /// tall around one-line labels). The column, 300 tall with 4 pt spacing: two empty containers
    /// stored 100 and 152 tall around a view of intrinsic height 40 keep those heights (100 + 40 +
    /// 152 + 8 = 300). The row, 360 wide with 10 pt spacing: three views of intrinsic width 20
    /// are 20 / 80 of it, 90 each, and the last takes what the spacing leaves over, 160 (UIKit's
    /// known result, rdar://34595752: "all the same width except the last one, stretched").
    @Test func aProportionalStackWeighsAContainerByItsStoredLength() throws {
        let xml = Self.xib("""
                    <view contentMode="scaleToFill" id="fp0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="fillProportionally" spacing="4" translatesAutoresizingMaskIntoConstraints="NO" id="fp0-ST-001">
                                <rect key="frame" x="0.0" y="0.0" width="100" height="300"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="fp0-BX-1">
                                        <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="infinite" placeholderIntrinsicHeight="40" id="fp0-BX-2">
                                        <rect key="frame" x="0.0" y="104" width="100" height="40"/>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="fp0-BX-3">
                                        <rect key="frame" x="0.0" y="148" width="100" height="152"/>
                                    </view>
                                </subviews>
                            </stackView>
                            <stackView opaque="NO" contentMode="scaleToFill" distribution="fillProportionally" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="fp0-ST-002">
                                <rect key="frame" x="15" y="0.0" width="360" height="40"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="20" placeholderIntrinsicHeight="infinite" id="fp0-BX-4">
                                        <rect key="frame" x="0.0" y="0.0" width="90" height="40"/>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="20" placeholderIntrinsicHeight="infinite" id="fp0-BX-5">
                                        <rect key="frame" x="100" y="0.0" width="90" height="40"/>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="20" placeholderIntrinsicHeight="infinite" id="fp0-BX-6">
                                        <rect key="frame" x="200" y="0.0" width="160" height="40"/>
                                    </view>
                                </subviews>
                            </stackView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="fp0-ST-001" firstAttribute="top" secondItem="fp0-VV-000" secondAttribute="top" id="fp0-Cn-001"/>
                            <constraint firstItem="fp0-ST-001" firstAttribute="leading" secondItem="fp0-VV-000" secondAttribute="leading" id="fp0-Cn-002"/>
                            <constraint firstAttribute="bottom" secondItem="fp0-ST-001" secondAttribute="bottom" id="fp0-Cn-003"/>
                            <constraint firstItem="fp0-ST-001" firstAttribute="width" constant="100" id="fp0-Cn-004"/>
                            <constraint firstItem="fp0-ST-002" firstAttribute="top" secondItem="fp0-VV-000" secondAttribute="top" id="fp0-Cn-005"/>
                            <constraint firstItem="fp0-ST-002" firstAttribute="leading" secondItem="fp0-VV-000" secondAttribute="leading" constant="15" id="fp0-Cn-006"/>
                            <constraint firstAttribute="trailing" secondItem="fp0-ST-002" secondAttribute="trailing" id="fp0-Cn-007"/>
                            <constraint firstItem="fp0-ST-002" firstAttribute="height" constant="40" id="fp0-Cn-008"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "fp0-BX-1", 0, 0, 100, 100)
        Self.expect(frames, "fp0-BX-2", 0, 104, 100, 40)
        Self.expect(frames, "fp0-BX-3", 0, 148, 100, 152)
        Self.expect(frames, "fp0-BX-4", 0, 0, 90, 40)
        Self.expect(frames, "fp0-BX-5", 100, 0, 90, 40)
        Self.expect(frames, "fp0-BX-6", 200, 0, 160, 40)
    }

    /// IB's canvas keeps an image view with no image at the size it has, as if that were its
    /// image's (the app sets the image): in an equal-spacing column that lets it be as short as it
    /// can, WooCommerce's empty-state image keeps its 140 pt and the label and button below it
    /// their places. A 667 pt view, the column centred: the image 375 × 140 at the top of a
    /// 140 + 25 + 20 + 25 + 30 = 240 pt column at 213.5, the two views 25 pt apart below it.
    @Test func anImageViewWithNoImageKeepsItsSizeOnTheCanvas() throws {
        let xml = Self.xib("""
                    <view contentMode="scaleToFill" id="ni0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="equalSpacing" alignment="center" spacing="25" translatesAutoresizingMaskIntoConstraints="NO" id="ni0-ST-001">
                                <rect key="frame" x="0.0" y="213.5" width="375" height="240"/>
                                <subviews>
                                    <imageView userInteractionEnabled="NO" contentMode="scaleAspectFit" horizontalHuggingPriority="750" verticalHuggingPriority="750" horizontalCompressionResistancePriority="250" verticalCompressionResistancePriority="250" translatesAutoresizingMaskIntoConstraints="NO" id="ni0-IV-002">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="140"/>
                                    </imageView>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="200" placeholderIntrinsicHeight="20" id="ni0-BX-003">
                                        <rect key="frame" x="87.5" y="165" width="200" height="20"/>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" placeholderIntrinsicWidth="30" placeholderIntrinsicHeight="30" id="ni0-BX-004">
                                        <rect key="frame" x="172.5" y="210" width="30" height="30"/>
                                    </view>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="ni0-IV-002" firstAttribute="leading" secondItem="ni0-ST-001" secondAttribute="leading" id="ni0-Cn-001"/>
                                    <constraint firstAttribute="trailing" secondItem="ni0-IV-002" secondAttribute="trailing" id="ni0-Cn-002"/>
                                </constraints>
                            </stackView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="ni0-ST-001" firstAttribute="centerY" secondItem="ni0-VV-000" secondAttribute="centerY" id="ni0-Cn-003"/>
                            <constraint firstItem="ni0-ST-001" firstAttribute="leading" secondItem="ni0-VV-000" secondAttribute="leading" id="ni0-Cn-004"/>
                            <constraint firstAttribute="trailing" secondItem="ni0-ST-001" secondAttribute="trailing" id="ni0-Cn-005"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "ni0-ST-001", 0, 213.5, 375, 240)
        Self.expect(frames, "ni0-IV-002", 0, 0, 375, 140)
        Self.expect(frames, "ni0-BX-003", 87.5, 165, 200, 20)
        Self.expect(frames, "ni0-BX-004", 172.5, 210, 30, 30)
    }

    /// The bars IB simulates on a view controller's view are part of the canvas's safe area: a
    /// translucent navigation bar 44 pt at the top (Pocket Casts' playlist, WooCommerce's review
    /// screen, files of Xcode 12 and 13 on an iPhone 8, which shows no status bar), a tab bar 49
    /// at the bottom; an opaque bar none (the view ends at it). An iPad Pro with rounded corners
    /// has a 24 pt status bar and a 20 pt home indicator. Xcode 26's navigation bar is 54 pt.
    @Test func simulatedBarsAreInTheCanvasSafeArea() throws {
        func file(device: String, height: Double, bars: String, toolsVersion: String = "19162") -> String {
            Self.xib(toolsVersion: toolsVersion, device: device, """
                    <view contentMode="scaleToFill" id="nb0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="\(height)"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="nb0-BX-001">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                            </view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="nb0-SA-000"/>
                        <constraints>
                            <constraint firstItem="nb0-BX-001" firstAttribute="top" secondItem="nb0-SA-000" secondAttribute="top" id="nb0-Cn-001"/>
                            <constraint firstItem="nb0-BX-001" firstAttribute="bottom" secondItem="nb0-SA-000" secondAttribute="bottom" id="nb0-Cn-002"/>
                            <constraint firstItem="nb0-BX-001" firstAttribute="leading" secondItem="nb0-VV-000" secondAttribute="leading" id="nb0-Cn-003"/>
                            <constraint firstAttribute="trailing" secondItem="nb0-BX-001" secondAttribute="trailing" id="nb0-Cn-004"/>
                        </constraints>
                        \(bars)
                    </view>
            """)
        }
        let navigation = #"<simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>"#
        let opaque = #"<simulatedNavigationBarMetrics key="simulatedTopBarMetrics" translucent="NO" prompted="NO"/>"#
        let tabs = #"<simulatedTabBarMetrics key="simulatedBottomBarMetrics"/>"#
        for (device, height, bars, top, bottom) in [("retina4_7", 667.0, navigation, 44.0, 0.0), ("retina4_7", 667, opaque, 0, 0),
                                                    ("retina4_7", 667, navigation + tabs, 44, 49), ("retina4_7", 667, "", 0, 0),
                                                    ("ipad12_9rounded", 1366, "", 24, 20)] {
            let (template, document) = try Self.inline(file(device: device, height: height, bars: bars))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "nb0-BX-001", 0, top, 375, height - top - bottom)
        }
        // A view below an opaque bar is below the status bar too: Xcode 15 simulates an iPhone 8's
        // 20 pt status bar, but not for Pocket Casts' profile screen under its opaque bar.
        for (bars, top) in [(opaque, 0.0), ("", 20)] {
            let (template, document) = try Self.inline(file(device: "retina4_7", height: 667, bars: bars, toolsVersion: "22505"))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "nb0-BX-001", 0, top, 375, 667 - top)
        }
        // Xcode 26's bar is iOS 26's, 54 pt: under it on an iPhone 11 the safe area starts at
        // 96 + 54 (Nextcloud Talk's message view of Xcode 26 stores 150), and ends 68 pt up.
        let (template, document) = try Self.inline(file(device: "retina6_1", height: 896, bars: navigation, toolsVersion: "24765"))
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "nb0-BX-001", 0, 150, 375, 896 - 150 - 68)
    }

    /// From Xcode 14 the canvas gives a top-level view the device's whole safe area, whatever its
    /// height: a view 200 pt tall on an iPhone 11 (48 pt sensor housing, 34 pt home indicator) has
    /// 34 pt at the bottom too (Pocket Casts' theme cell of Xcode 14.3, its sleep timer and
    /// Simplenote's banner of Xcode 15); before, only a view that reaches the home indicator has
    /// it (four short views of Simplenote and Element, Xcode 12, store 0; Xcode 12's housing is
    /// 44 pt on every such device) — or one wider than the screen, which the canvas cannot place
    /// on it (Zotero's 428 and 460 pt views of Xcode 13, ProtonVPN's 499 to 643 pt views of
    /// Xcode 12.5 and 13, Simplenote's 431 pt one: 34; their 414 pt and narrower short views: 0).
    /// The box pinned to the safe area: 48 + 118 + 34 from Xcode 14, 44 + 156 before, 44 + 122 +
    /// 34 before when the view is 460 pt wide.
    @Test func aShortViewHasTheWholeSafeAreaFromXcode14() throws {
        func file(_ toolsVersion: String, width: Double) -> String {
            Self.xib(toolsVersion: toolsVersion, device: "retina6_1", """
                    <view contentMode="scaleToFill" id="sb1-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="200"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sb1-BX-001">
                                <rect key="frame" x="0.0" y="48" width="\(width)" height="118"/>
                            </view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="sb1-SA-000"/>
                        <constraints>
                            <constraint firstItem="sb1-BX-001" firstAttribute="top" secondItem="sb1-SA-000" secondAttribute="top" id="sb1-Cn-001"/>
                            <constraint firstItem="sb1-SA-000" firstAttribute="bottom" secondItem="sb1-BX-001" secondAttribute="bottom" id="sb1-Cn-002"/>
                            <constraint firstItem="sb1-BX-001" firstAttribute="leading" secondItem="sb1-VV-000" secondAttribute="leading" id="sb1-Cn-003"/>
                            <constraint firstAttribute="trailing" secondItem="sb1-BX-001" secondAttribute="trailing" id="sb1-Cn-004"/>
                        </constraints>
                        <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
                    </view>
            """)
        }
        for (toolsVersion, width, top, bottom) in [("18122", 414.0, 44.0, 0.0), ("21701", 414, 48, 34), ("22505", 414, 48, 34),
                                                   ("19529", 460, 44, 34), ("19529", 300, 44, 0)] {
            let (template, document) = try Self.inline(file(toolsVersion, width: width))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "sb1-BX-001", 0, top, width, 200 - top - bottom)
        }
    }

    /// Xcode 26's canvas gives an iPhone with a sensor housing twice its status bar at the top of
    /// a view's safe area, 96 pt on an iPhone 11 (48 before) and 118 on an iPhone 15 (59), and a
    /// view as tall as the screen twice the home indicator at the bottom, 68 (34 before, and for
    /// a shorter view), as four apps' files store them (IQKeyboardManager's scenes, VLC's views,
    /// Zotero's 896 and 264 pt views, Nextcloud Talk's); an iPhone 8 keeps its 20 at the top. A
    /// box pinned to the safe area of a view.
    @Test func xcode26GivesANotchedIPhoneTwiceItsInsets() throws {
        for (toolsVersion, device, width, height, top, bottom) in [("24127", "retina6_1", 414.0, 896.0, 96.0, 68.0), ("23727", "retina6_1", 414, 896, 48, 34),
                                                                   ("24506", "retina6_12", 393, 852, 118, 68), ("24127", "retina4_7", 375, 667, 20, 0),
                                                                   ("24093", "retina6_1", 414, 264, 96, 34)] {
            let xml = Self.xib(toolsVersion: toolsVersion, device: device, """
                    <view contentMode="scaleToFill" id="x26-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="x26-BX-001">
                                <rect key="frame" x="0.0" y="\(top)" width="\(width)" height="\(height - top - bottom)"/>
                            </view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="x26-SA-000"/>
                        <constraints>
                            <constraint firstItem="x26-BX-001" firstAttribute="top" secondItem="x26-SA-000" secondAttribute="top" id="x26-Cn-001"/>
                            <constraint firstItem="x26-SA-000" firstAttribute="bottom" secondItem="x26-BX-001" secondAttribute="bottom" id="x26-Cn-002"/>
                            <constraint firstItem="x26-BX-001" firstAttribute="leading" secondItem="x26-VV-000" secondAttribute="leading" id="x26-Cn-003"/>
                            <constraint firstAttribute="trailing" secondItem="x26-BX-001" secondAttribute="trailing" id="x26-Cn-004"/>
                        </constraints>
                    </view>
            """)
            let (template, document) = try Self.inline(xml)
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "x26-BX-001", 0, top, width, height - top - bottom)
        }
    }

    /// iOS 26's slider, on the canvas of files Xcode 26 saved, has no alignment outsets: its frame
    /// is the rectangle its constraints give, 34 pt tall (NetNewsWire's settings: 15 pt after its
    /// label, at the margin, 250 × 34). Before, the frame reaches 2 pt past each end and 1 pt below
    /// a 30 pt rectangle. Rows draw today's slider.
    @Test func aSliderOfXcode26IsItsAlignmentRectangle() throws {
        func file(_ toolsVersion: String) -> String {
            Self.xib(toolsVersion: toolsVersion, """
                    <view contentMode="scaleToFill" id="sl0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <slider opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="sl0-SL-001">
                                <rect key="frame" x="14" y="35" width="347" height="31"/>
                            </slider>
                        </subviews>
                        <constraints>
                            <constraint firstItem="sl0-SL-001" firstAttribute="leading" secondItem="sl0-VV-000" secondAttribute="leading" constant="16" id="sl0-Cn-001"/>
                            <constraint firstAttribute="trailing" secondItem="sl0-SL-001" secondAttribute="trailing" constant="16" id="sl0-Cn-002"/>
                            <constraint firstItem="sl0-SL-001" firstAttribute="centerY" secondItem="sl0-VV-000" secondAttribute="centerY" id="sl0-Cn-003"/>
                        </constraints>
                    </view>
            """)
        }
        for (version, frame) in [("22505", (14.0, 35.0, 347.0, 31.0)), ("24128", (16, 33, 343, 34))] {
            let (template, document) = try Self.inline(file(version))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
            Self.expect(frames, "sl0-SL-001", frame.0, frame.1, frame.2, frame.3)
        }
    }

    /// On Xcode 26's canvas a borderless text field that is not secure is at least 22 pt tall,
    /// whatever its font: OwnTracks stores each of its 50 borderless 14 pt fields 22 pt tall (its
    /// secure ones 17, their font's line, as every field of a 14 pt font was before). Two fields
    /// pinned 10 and 50 pt from the top, 16 from the sides: Xcode 14 lays out 17 and 17, Xcode
    /// 26 22 and 17.
    @Test func aTextFieldOfXcode26IsAtLeast22PointsTall() throws {
        func file(_ toolsVersion: String) -> String {
            Self.xib(toolsVersion: toolsVersion, """
                    <view contentMode="scaleToFill" id="tf6-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" placeholder="port" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="tf6-TF-001">
                                <rect key="frame" x="16" y="10" width="343" height="22"/>
                                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                <textInputTraits key="textInputTraits"/>
                            </textField>
                            <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" placeholder="password" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="tf6-TF-002">
                                <rect key="frame" x="16" y="50" width="343" height="17"/>
                                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                <textInputTraits key="textInputTraits" secureTextEntry="YES"/>
                            </textField>
                        </subviews>
                        <constraints>
                            <constraint firstItem="tf6-TF-001" firstAttribute="leading" secondItem="tf6-VV-000" secondAttribute="leading" constant="16" id="tf6-Cn-001"/>
                            <constraint firstAttribute="trailing" secondItem="tf6-TF-001" secondAttribute="trailing" constant="16" id="tf6-Cn-002"/>
                            <constraint firstItem="tf6-TF-001" firstAttribute="top" secondItem="tf6-VV-000" secondAttribute="top" constant="10" id="tf6-Cn-003"/>
                            <constraint firstItem="tf6-TF-002" firstAttribute="leading" secondItem="tf6-VV-000" secondAttribute="leading" constant="16" id="tf6-Cn-004"/>
                            <constraint firstAttribute="trailing" secondItem="tf6-TF-002" secondAttribute="trailing" constant="16" id="tf6-Cn-005"/>
                            <constraint firstItem="tf6-TF-002" firstAttribute="top" secondItem="tf6-VV-000" secondAttribute="top" constant="50" id="tf6-Cn-006"/>
                        </constraints>
                    </view>
            """)
        }
        for (version, height) in [("21701", 17.0), ("24765", 22)] {
            let (template, document) = try Self.inline(file(version))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
            Self.expect(frames, "tf6-TF-001", 16, 10, 343, height)
            Self.expect(frames, "tf6-TF-002", 16, 50, 343, 17)
        }
    }

    /// A stack view's layout margins are none (UIStackView's default), so a view constrained to a
    /// stack's margins sits at its edges: Pocket Casts' player pins a 30 pt slider row to its
    /// column's leading and trailing margins and a button bar 20 pt inside them, at 0 and 20 of
    /// the column (UIView's 8 pt put them at 8 and 28).
    @Test func aStackViewHasNoMargins() throws {
        let xml = Self.xib("""
                    <view contentMode="scaleToFill" id="sm0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="200"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="equalSpacing" alignment="center" spacing="30" translatesAutoresizingMaskIntoConstraints="NO" id="sm0-ST-001">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="116"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sm0-BX-002">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="30"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="30" id="sm0-Cn-001"/>
                                        </constraints>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sm0-BX-003">
                                        <rect key="frame" x="20" y="60" width="335" height="56"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="56" id="sm0-Cn-002"/>
                                        </constraints>
                                    </view>
                                </subviews>
                                <constraints>
                                    <constraint firstAttribute="leadingMargin" secondItem="sm0-BX-002" secondAttribute="leading" id="sm0-Cn-003"/>
                                    <constraint firstAttribute="trailingMargin" secondItem="sm0-BX-002" secondAttribute="trailing" id="sm0-Cn-004"/>
                                    <constraint firstItem="sm0-BX-003" firstAttribute="leading" secondItem="sm0-ST-001" secondAttribute="leadingMargin" constant="20" id="sm0-Cn-005"/>
                                </constraints>
                            </stackView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="sm0-ST-001" firstAttribute="top" secondItem="sm0-VV-000" secondAttribute="top" id="sm0-Cn-006"/>
                            <constraint firstItem="sm0-ST-001" firstAttribute="leading" secondItem="sm0-VV-000" secondAttribute="leading" id="sm0-Cn-007"/>
                            <constraint firstAttribute="trailing" secondItem="sm0-ST-001" secondAttribute="trailing" id="sm0-Cn-008"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "sm0-BX-002", 0, 0, 375, 30)
        Self.expect(frames, "sm0-BX-003", 20, 60, 335, 56)
    }

    /// A classic button's content edge insets pad its title in place of the classic 6 pt above
    /// and below (Simplenote's rating prompt: 14 pt titles with 16 and 6 pt insets, 29 pt tall;
    /// Alfresco's "Sync" with 8 at the sides, 49 wide): 16 and 10 make a 14 pt title 32 pt wider
    /// and 16.7 + 20 → 37 pt tall; with no insets it is its title's width and 16.7 + 12 → 29 tall.
    @Test func aButtonsContentEdgeInsetsPadItsTitle() throws {
        func button(_ id: String, x: Int, insets: String) -> String {
            """
                                <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                                    <rect key="frame" x="\(x)" y="10" width="66" height="37"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                    \(insets)
                                    <state key="normal" title="Right"/>
                                </button>
            """
        }
        let xml = Self.xib("""
                    <view contentMode="scaleToFill" id="ce0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
            \(button("ce0-BT-001", x: 0, insets: #"<inset key="contentEdgeInsets" minX="16" minY="10" maxX="16" maxY="10"/>"#))
            \(button("ce0-BT-002", x: 100, insets: ""))
                        </subviews>
                        <constraints>
                            <constraint firstItem="ce0-BT-001" firstAttribute="leading" secondItem="ce0-VV-000" secondAttribute="leading" id="ce0-Cn-001"/>
                            <constraint firstItem="ce0-BT-001" firstAttribute="top" secondItem="ce0-VV-000" secondAttribute="top" constant="10" id="ce0-Cn-002"/>
                            <constraint firstItem="ce0-BT-002" firstAttribute="leading" secondItem="ce0-VV-000" secondAttribute="leading" constant="100" id="ce0-Cn-003"/>
                            <constraint firstItem="ce0-BT-002" firstAttribute="top" secondItem="ce0-VV-000" secondAttribute="top" constant="10" id="ce0-Cn-004"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
        let padded = try #require(frames["ce0-BT-001"]), plain = try #require(frames["ce0-BT-002"])
        #expect(padded.height == 37 && plain.height == 29, "\(padded) \(plain)")
        #expect(abs(padded.width - plain.width - 32) <= 0.5, "\(padded) \(plain)")
    }

    /// IB's canvas of Xcode 11, from its betas (`toolsVersion` 14800–16999) gave the cells of a narrow
    /// screen (an iPhone 8's 375 pt) 15 pt side margins: LoopKit's, The Blue Alliance's and
    /// WooCommerce's cells of those Xcodes store a view at the leading margin at 15, the same
    /// apps' files of Xcode 10.1 and 12 on at 16; on an iPhone 11 (414 pt) a 320 pt cell keeps 16.
    @Test func cellsOfXcode11OnANarrowScreenHave15PointMargins() throws {
        func file(_ toolsVersion: String, device: String) -> String {
            Self.xib(toolsVersion: toolsVersion, device: device, """
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="m15-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="m15-Cl-000" id="m15-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="m15-BX-001">
                                    <rect key="frame" x="16" y="11" width="288" height="22"/>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="m15-BX-001" firstAttribute="leading" secondItem="m15-CV-000" secondAttribute="leadingMargin" id="m15-Cn-001"/>
                                <constraint firstAttribute="trailingMargin" secondItem="m15-BX-001" secondAttribute="trailing" id="m15-Cn-002"/>
                                <constraint firstItem="m15-BX-001" firstAttribute="top" secondItem="m15-CV-000" secondAttribute="topMargin" id="m15-Cn-003"/>
                                <constraint firstAttribute="bottomMargin" secondItem="m15-BX-001" secondAttribute="bottom" id="m15-Cn-004"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        }
        for (version, device, margin) in [("14460.31", "retina4_7", 16.0), ("14810.11", "retina4_7", 15), ("16097.3", "retina4_7", 15),
                                          ("17701", "retina4_7", 16), ("15505", "retina6_1", 16)] {
            let (template, document) = try Self.inline(file(version, device: device))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "m15-BX-001", margin, 11, 320 - 2 * margin, 22)
        }
    }

    /// Margins set on a cell itself (`<edgeInsets key="layoutMargins">` inside `<tableViewCell>`)
    /// reach its content view, which preserves its superview's margins: AltStore's settings
    /// cells set 30 pt at the sides and 8 above and below, and IB stores every view at their
    /// leading and trailing margins 30 pt in from the cell's edges. The content view keeps at
    /// least its own 11 pt above and below. A 375 × 51 cell, a box pinned to the four margins:
    /// 30, 11, 315 × 29; the same cell without the cell's margins: 16, 11, 343 × 29.
    @Test func aCellsOwnMarginsReachItsContentView() throws {
        func file(margins: String) -> String {
            Self.xib(toolsVersion: "17503.1", """
                    <tableViewCell contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" rowHeight="51" id="cm0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="51"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="cm0-Cl-000" id="cm0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="51"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="cm0-BX-001">
                                    <rect key="frame" x="30" y="11" width="315" height="29"/>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="cm0-BX-001" firstAttribute="leading" secondItem="cm0-CV-000" secondAttribute="leadingMargin" id="cm0-Cn-001"/>
                                <constraint firstAttribute="trailingMargin" secondItem="cm0-BX-001" secondAttribute="trailing" id="cm0-Cn-002"/>
                                <constraint firstItem="cm0-BX-001" firstAttribute="top" secondItem="cm0-CV-000" secondAttribute="topMargin" id="cm0-Cn-003"/>
                                <constraint firstAttribute="bottomMargin" secondItem="cm0-BX-001" secondAttribute="bottom" id="cm0-Cn-004"/>
                            </constraints>
                        </tableViewCellContentView>
                        \(margins)
                    </tableViewCell>
            """)
        }
        for (margins, x) in [(#"<edgeInsets key="layoutMargins" top="8" left="30" bottom="8" right="30"/>"#, 30.0), ("", 16)] {
            let (template, document) = try Self.inline(file(margins: margins))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "cm0-BX-001", x, 11, 375 - 2 * x, 29)
        }
    }

    /// A XIB's collection view cell is alone on IB's canvas, which lays it out as a view
    /// controller's root view: 16 pt side margins, 20 from 393 pt wide, whatever the screen and
    /// Xcode (AltStore's cells of Xcode 11: a 375 pt cell on a 414 pt iPhone 11 and a 335 pt
    /// cell on an iPhone 8 both store their views 16 pt in at the cell's margins; Rocket.Chat's
    /// 402 to 600 pt cells on an iPhone 8, 20). A storyboard's
    /// prototype sits in its collection view and keeps UIView's 8 pt (LoopKit's, AltStore's and
    /// KeePassium's). A box pinned to the side margins of a 375, a 335 and a 414 pt cell.
    @Test func aCollectionCellAloneOnTheCanvasHasARootViewsMargins() throws {
        func file(width: Int, device: String) -> String {
            Self.xib(toolsVersion: "15400", device: device, """
                    <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="cr0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="100"/>
                        <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center">
                            <rect key="frame" x="0.0" y="0.0" width="\(width)" height="100"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="cr0-BX-001">
                                    <rect key="frame" x="16" y="0.0" width="\(width - 32)" height="100"/>
                                </view>
                            </subviews>
                        </view>
                        <constraints>
                            <constraint firstItem="cr0-BX-001" firstAttribute="top" secondItem="cr0-Cl-000" secondAttribute="top" id="cr0-Cn-001"/>
                            <constraint firstAttribute="bottom" secondItem="cr0-BX-001" secondAttribute="bottom" id="cr0-Cn-002"/>
                            <constraint firstItem="cr0-BX-001" firstAttribute="leading" secondItem="cr0-Cl-000" secondAttribute="leadingMargin" id="cr0-Cn-003"/>
                            <constraint firstAttribute="trailingMargin" secondItem="cr0-BX-001" secondAttribute="trailing" id="cr0-Cn-004"/>
                        </constraints>
                    </collectionViewCell>
            """)
        }
        for (width, device, margin) in [(375, "retina6_1", 16.0), (335, "retina4_7", 16), (414, "retina6_1", 20), (402, "retina4_7", 20)] {
            var (template, document) = try Self.inline(file(width: width, device: device))
            #expect(document.aloneOnCanvas)
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "cr0-BX-001", margin, 0, Double(width) - 2 * margin, 100)
            // The same cell as a storyboard's prototype.
            document.aloneOnCanvas = false
            template = Template(id: template.id, interfaceBuilder: document)
            let prototype = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                            assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(prototype, "cr0-BX-001", 8, 0, Double(width) - 16, 100)
        }
    }

    /// Beside an accessory a cell reaches past its content view: a constraint IB keeps on the cell
    /// to its trailing edge is to the cell's own, not the content view's (GoMap's tag cells, Xcode
    /// 26: a field 34 pt from the trailing edge of a 393 pt cell whose content view, beside a
    /// disclosure indicator, is 362.67 wide, stored 234 wide at 125). A label 100 wide at 20, the
    /// field 5 pt after it: 125, 393 − 34 − 125 = 234; in a row of 375 pt, 18 narrower.
    @Test func aConstraintToACellBesideAnAccessoryIsToTheCellsEdge() throws {
        let xml = Self.xib(toolsVersion: "24506", device: "retina6_12", """
                    <tableViewCell contentMode="scaleToFill" selectionStyle="none" accessoryType="disclosureIndicator" indentationWidth="10" id="ce0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="ce0-Cl-000" id="ce0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="362.66666666666669" height="44"/>
                            <subviews>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Name" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="ce0-LL-001">
                                    <rect key="frame" x="20" y="10" width="100" height="24"/>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="100" id="ce0-Cn-001"/>
                                    </constraints>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                </label>
                                <textField opaque="NO" clipsSubviews="YES" contentMode="scaleToFill" horizontalHuggingPriority="240" contentHorizontalAlignment="left" contentVerticalAlignment="center" placeholder="Restaurant" textAlignment="natural" translatesAutoresizingMaskIntoConstraints="NO" id="ce0-TF-002">
                                    <rect key="frame" x="125" y="10" width="234" height="24"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <textInputTraits key="textInputTraits"/>
                                </textField>
                            </subviews>
                            <constraints>
                                <constraint firstItem="ce0-LL-001" firstAttribute="leading" secondItem="ce0-CV-000" secondAttribute="leading" constant="20" id="ce0-Cn-002"/>
                                <constraint firstItem="ce0-LL-001" firstAttribute="top" secondItem="ce0-CV-000" secondAttribute="top" constant="10" id="ce0-Cn-003"/>
                                <constraint firstAttribute="bottom" secondItem="ce0-LL-001" secondAttribute="bottom" constant="10" id="ce0-Cn-004"/>
                                <constraint firstItem="ce0-TF-002" firstAttribute="leading" secondItem="ce0-LL-001" secondAttribute="trailing" constant="5" id="ce0-Cn-005"/>
                            </constraints>
                        </tableViewCellContentView>
                        <constraints>
                            <constraint firstAttribute="trailing" secondItem="ce0-TF-002" secondAttribute="trailing" constant="34" id="ce0-Cn-006"/>
                            <constraint firstItem="ce0-TF-002" firstAttribute="centerY" secondItem="ce0-Cl-000" secondAttribute="centerY" id="ce0-Cn-007"/>
                        </constraints>
                    </tableViewCell>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        let field = try #require(frames["ce0-TF-002"])
        #expect(abs(field.x - 125) < 0.01 && abs(field.width - 234) < 0.01, "\(field)")
        let row = try Self.row(template, document, width: 375, height: 44)
        let drawn = try #require(Self.find("ce0-TF-002", in: row)?.frame)
        #expect(abs(drawn.x - 125) < 0.01 && abs(drawn.width - 216) < 0.01, "\(drawn) \(row.frame)")
        // Right to left the accessory is on the left and the field is 34 pt from the cell's left edge.
        let flex = FlexLayout(text: TextEngine())
        let bound = try flex.autoLayout.layout(template, document: document, values: [:], width: 375, height: 44, theme: RightToLeftTests.rightToLeft,
                                               assetsFolder: AutoLayoutOracleTests.folder, at: TableModel.SourceLocation(file: "doc.json"))
        let mirrored = try #require(Self.find("ce0-TF-002", in: flex.layoutRoot(bound, width: 375, height: 44, direction: .rightToLeft))?.frame)
        #expect(abs(mirrored.x - 34) < 0.01 && abs(mirrored.width - 216) < 0.01, "\(mirrored)")
    }

    /// The canvas of Xcode 10 and before gives a cell wider than the screen the margins of a
    /// screen as wide as the cell (Element's 600 pt cells of Xcode 9.4 and 10.2, The Blue
    /// Alliance's 430 pt one of Xcode 10.1, on a 375 pt iPhone 8: 20 pt); Xcode 11 to 15 where
    /// its content view preserves its superview's margins (OsmAnd's 414 pt cells of Xcode 14.3
    /// and 15 on a 390 pt iPhone 12: 20), not where it does not (ProtonVPN's 399 to 596 pt cells
    /// of Xcode 13 and 14, Pocket Casts' 394 pt one: 16); Xcode 16 and later, the screen's
    /// (OsmAnd's of Xcode 16 and 26: 16). A box pinned to the side margins of a 600 pt cell on an
    /// iPhone 8.
    @Test func aCellWiderThanTheScreenOfXcode10HasItsOwnWidthsMargins() throws {
        func file(_ toolsVersion: String, preserves: Bool) -> String {
            Self.xib(toolsVersion: toolsVersion, """
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="wm0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="600" height="74"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" \(preserves ? #"preservesSuperviewLayoutMargins="YES" "# : "")tableViewCell="wm0-Cl-000" id="wm0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="600" height="73.5"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="wm0-BX-001">
                                    <rect key="frame" x="20" y="16" width="560" height="42"/>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="wm0-BX-001" firstAttribute="leading" secondItem="wm0-CV-000" secondAttribute="leadingMargin" id="wm0-Cn-001"/>
                                <constraint firstAttribute="trailingMargin" secondItem="wm0-BX-001" secondAttribute="trailing" id="wm0-Cn-002"/>
                                <constraint firstItem="wm0-BX-001" firstAttribute="top" secondItem="wm0-CV-000" secondAttribute="top" constant="16" id="wm0-Cn-003"/>
                                <constraint firstAttribute="bottom" secondItem="wm0-BX-001" secondAttribute="bottom" constant="15.5" id="wm0-Cn-004"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        }
        let cases: [(String, preserves: Bool, margin: Double)] = [
            ("14113", false, 20), ("14490.70", false, 20), ("20037", false, 16), ("21701", false, 16), ("22155", true, 20), ("22685", true, 20),
            ("23727", true, 16), ("24506", true, 16),
        ]
        for (version, preserves, margin) in cases {
            let (template, document) = try Self.inline(file(version, preserves: preserves))
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "wm0-BX-001", margin, 16, 600 - 2 * margin, 42)
        }
    }

    /// A compact date picker (iOS 14's, a file's default from Xcode 12) is as wide as the date and
    /// time it shows: laid out with IB's sizes, its stored width is its intrinsic width, as a
    /// label's is (OsmAnd's date-and-time picker of Xcode 15 beside its title, 260 pt; it had
    /// taken the room of the stack that holds its title too). A stack from 16 to 374, 358 wide:
    /// a stack holding the title (41.33 pt) and the picker (260 × 50), 46 pt apart: the title's
    /// stack 52 wide, the picker at 52 + 46 = 98 in the stack.
    @Test func aCompactDatePickersStoredWidthIsItsOwn() throws {
        let xml = Self.xib(toolsVersion: "22685", device: "retina6_12", """
                    <tableViewCell contentMode="scaleToFill" selectionStyle="none" indentationWidth="10" id="dp0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="390" height="50"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="dp0-Cl-000" id="dp0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="390" height="50"/>
                            <subviews>
                                <stackView opaque="NO" contentMode="scaleToFill" spacing="46" translatesAutoresizingMaskIntoConstraints="NO" id="dp0-SV-001">
                                    <rect key="frame" x="16" y="0.0" width="358" height="50"/>
                                    <subviews>
                                        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" alignment="top" translatesAutoresizingMaskIntoConstraints="NO" id="dp0-SV-004">
                                            <rect key="frame" x="0.0" y="0.0" width="52" height="50"/>
                                            <subviews>
                                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Date" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="dp0-LL-002">
                                                    <rect key="frame" x="0.0" y="0.0" width="41.333333333333336" height="50"/>
                                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                    <nil key="textColor"/>
                                                    <nil key="highlightedColor"/>
                                                </label>
                                            </subviews>
                                        </stackView>
                                        <datePicker contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" datePickerMode="dateAndTime" minuteInterval="1" translatesAutoresizingMaskIntoConstraints="NO" id="dp0-DP-003">
                                            <rect key="frame" x="98" y="0.0" width="260" height="50"/>
                                        </datePicker>
                                    </subviews>
                                </stackView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="dp0-SV-001" firstAttribute="leading" secondItem="dp0-CV-000" secondAttribute="leading" constant="16" id="dp0-Cn-001"/>
                                <constraint firstAttribute="trailing" secondItem="dp0-SV-001" secondAttribute="trailing" constant="16" id="dp0-Cn-002"/>
                                <constraint firstItem="dp0-SV-001" firstAttribute="top" secondItem="dp0-CV-000" secondAttribute="top" id="dp0-Cn-003"/>
                                <constraint firstAttribute="bottom" secondItem="dp0-SV-001" secondAttribute="bottom" id="dp0-Cn-004"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "dp0-DP-003", 98, 0, 260, 50)
        Self.expect(frames, "dp0-SV-004", 0, 0, 52, 50)
    }

    /// A control IB keeps at its stored frame (`fixedFrame`, or its autoresizing mask) keeps that
    /// frame: the prototyping and autoresizing constraints place its alignment rectangle, the
    /// frame less the outsets Auto Layout does not place (Seafile's 18 settings switches of
    /// Xcode 16 stored 51 × 31, which had come out 53 wide). A switch with a fixed frame at 336, 6
    /// and one with an autoresizing mask at 200, 6, both 51 × 31; a slider 100 × 31 at 20, 6.
    @Test func aControlKeptAtItsFrameKeepsItsFrame() throws {
        let xml = Self.xib(toolsVersion: "23727", device: "retina6_12", """
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="ff0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="ff0-Cl-000" id="ff0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                            <subviews>
                                <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" fixedFrame="YES" contentHorizontalAlignment="center" contentVerticalAlignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="ff0-SW-001">
                                    <rect key="frame" x="336" y="6" width="51" height="31"/>
                                    <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMinY="YES" flexibleMaxY="YES"/>
                                </switch>
                                <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" id="ff0-SW-002">
                                    <rect key="frame" x="200" y="6" width="51" height="31"/>
                                    <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMinY="YES" flexibleMaxY="YES"/>
                                </switch>
                                <slider opaque="NO" contentMode="scaleToFill" fixedFrame="YES" contentHorizontalAlignment="center" contentVerticalAlignment="center" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="ff0-SL-003">
                                    <rect key="frame" x="20" y="6" width="100" height="31"/>
                                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                </slider>
                            </subviews>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "ff0-SW-001", 336, 6, 51, 31)
        Self.expect(frames, "ff0-SW-002", 200, 6, 51, 31)
        Self.expect(frames, "ff0-SL-003", 20, 6, 100, 31)
    }

    /// Against a row's fixed height, UIKit breaks a view's own fixed height among the conflicting
    /// constraints (the classic "Will attempt to recover by breaking … height == 50" against
    /// `UIView-Encapsulated-Layout-Height`), as iNaturalist's guide and project cells store it: a
    /// box of height 50 pinned 5 pt inside a 54 pt row is 44 tall at 5. Across the row, a box of
    /// width 24 pinned 2 pt from the leading edge and 16 from the trailing one keeps its width,
    /// and the trailing constraint, added last, is broken (Open Food Facts' attribute cell).
    @Test func aRowsFixedHeightBreaksAViewsOwnHeight() throws {
        let xml = Self.xib(toolsVersion: "19162", """
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" rowHeight="54" id="rh0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="352" height="54"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="rh0-Cl-000" id="rh0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="352" height="54"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="rh0-BX-001">
                                    <rect key="frame" x="2" y="5" width="24" height="44"/>
                                    <constraints>
                                        <constraint firstAttribute="height" constant="50" id="rh0-Cn-001"/>
                                        <constraint firstAttribute="width" constant="24" id="rh0-Cn-002"/>
                                    </constraints>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="rh0-BX-001" firstAttribute="top" secondItem="rh0-CV-000" secondAttribute="top" constant="5" id="rh0-Cn-003"/>
                                <constraint firstAttribute="bottom" secondItem="rh0-BX-001" secondAttribute="bottom" constant="5" id="rh0-Cn-004"/>
                                <constraint firstItem="rh0-BX-001" firstAttribute="leading" secondItem="rh0-CV-000" secondAttribute="leading" constant="2" id="rh0-Cn-005"/>
                                <constraint firstAttribute="trailing" secondItem="rh0-BX-001" secondAttribute="trailing" constant="16" id="rh0-Cn-006"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        let (template, document) = try Self.inline(xml)
        let (frames, warnings) = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                                 assetsFolder: AutoLayoutOracleTests.folder)
        Self.expect(frames, "rh0-BX-001", 2, 5, 24, 44)
        #expect(warnings.contains { $0.hasSuffix("breaking constraint 'rh0-Cn-001' (rh0-BX-001.height == 50)") }, "\(warnings)")
        #expect(warnings.contains { $0.hasSuffix("breaking constraint 'rh0-Cn-006' (rh0-CV-000.trailing == rh0-BX-001.trailing + 16)") }, "\(warnings)")
        // Drawn in a list at that height, the same.
        let laidOut = try Self.row(template, document, width: 352, height: 54)
        #expect(Self.find("rh0-BX-001", in: laidOut)?.frame.height == 44)
    }

    /// A XIB whose top-level object is a view controller shows the controller's view (OneBusAway's
    /// diversion screen, Xcode 7, had been refused as holding no view). A label 20 pt in from a
    /// 320 × 100 view's leading edge and 10 from its top.
    @Test func aViewControllerOfAXibShowsItsView() throws {
        let xml = Self.xib(toolsVersion: "9059", """
                    <viewController id="vc0-VC-000" customClass="DiversionViewController">
                        <view key="view" contentMode="scaleToFill" id="vc0-VV-000">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="vc0-BX-001">
                                    <rect key="frame" x="20" y="10" width="100" height="30"/>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="100" id="vc0-Cn-001"/>
                                        <constraint firstAttribute="height" constant="30" id="vc0-Cn-002"/>
                                    </constraints>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="vc0-BX-001" firstAttribute="leading" secondItem="vc0-VV-000" secondAttribute="leading" constant="20" id="vc0-Cn-003"/>
                                <constraint firstItem="vc0-BX-001" firstAttribute="top" secondItem="vc0-VV-000" secondAttribute="top" constant="10" id="vc0-Cn-004"/>
                            </constraints>
                        </view>
                    </viewController>
            """)
        let (template, document) = try Self.inline(xml)
        #expect(document.kind == .view && document.top.id == "vc0-VV-000")
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "vc0-BX-001", 20, 10, 100, 30)
    }

    /// IB's canvas lays a view out from where it stands: what its constraints leave free keeps
    /// its stored place and size (Zotero's collection views, pinned at the top and sides with no
    /// height, store 896 and 767 pt; they had collapsed to nothing). What the constraints decide
    /// they decide: a box stored 7 pt off its leading constraint is moved back to it.
    @Test func theCanvasKeepsWhatTheConstraintsLeaveFree() throws {
        let xml = Self.xib(toolsVersion: "20037", device: "retina6_1", """
                    <view contentMode="scaleToFill" id="st0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <collectionView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" dataMode="none" translatesAutoresizingMaskIntoConstraints="NO" id="st0-CO-001">
                                <rect key="frame" x="0.0" y="95" width="414" height="767"/>
                                <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" id="st0-FL-001">
                                    <size key="itemSize" width="128" height="128"/>
                                </collectionViewFlowLayout>
                            </collectionView>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="st0-BX-002">
                                <rect key="frame" x="27" y="20" width="100" height="40"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="100" id="st0-Cn-001"/>
                                    <constraint firstAttribute="height" constant="40" id="st0-Cn-002"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="st0-CO-001" firstAttribute="top" secondItem="st0-VV-000" secondAttribute="top" constant="95" id="st0-Cn-003"/>
                            <constraint firstItem="st0-CO-001" firstAttribute="leading" secondItem="st0-VV-000" secondAttribute="leading" id="st0-Cn-004"/>
                            <constraint firstAttribute="trailing" secondItem="st0-CO-001" secondAttribute="trailing" id="st0-Cn-005"/>
                            <constraint firstItem="st0-BX-002" firstAttribute="leading" secondItem="st0-VV-000" secondAttribute="leading" constant="20" id="st0-Cn-006"/>
                            <constraint firstItem="st0-BX-002" firstAttribute="top" secondItem="st0-VV-000" secondAttribute="top" constant="20" id="st0-Cn-007"/>
                        </constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder).frames
        Self.expect(frames, "st0-CO-001", 0, 95, 414, 767)
        Self.expect(frames, "st0-BX-002", 20, 20, 100, 40)
    }


    /// Before iOS 11 (files Xcode 8 and before saved) a table view has 15 pt margins at the sides
    /// on an iPhone: a cell that preserves its superview's margins, and a content view that
    /// preserves the cell's, have them (MiniKeePass's static cells of Xcode 8 store their labels
    /// 15 pt in on an iPhone 8, 21 views in 6 files); a content view that does not preserve them
    /// has UIView's 8 (ChatSecure's and Yep's cells of Xcode 7 and 8). A label at the leading
    /// margin, centred: x 15, else 8.
    @Test func aCellOfIOS10PreservingItsTablesMarginsHasFifteen() throws {
        for (preserves, x) in [(true, 15.0), (false, 8.0)] {
            let flag = preserves ? #" preservesSuperviewLayoutMargins="YES""# : ""
            let xml = Self.xib(toolsVersion: "12120", device: "retina4_7", """
                    <tableViewCell contentMode="scaleToFill" selectionStyle="none" indentationWidth="10"\(flag) id="i10-CL-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center"\(flag) id="i10-CV-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <subviews>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Upper Case" translatesAutoresizingMaskIntoConstraints="NO" id="i10-LB-002">
                                    <rect key="frame" x="\(x)" y="11.5" width="88" height="21"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                </label>
                            </subviews>
                            <constraints>
                                <constraint firstItem="i10-LB-002" firstAttribute="leading" secondItem="i10-CV-001" secondAttribute="leadingMargin" id="i10-Cn-003"/>
                                <constraint firstItem="i10-LB-002" firstAttribute="centerY" secondItem="i10-CV-001" secondAttribute="centerY" id="i10-Cn-004"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
            let (template, document) = try Self.inline(xml)
            let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                         assetsFolder: AutoLayoutOracleTests.folder).frames
            Self.expect(frames, "i10-LB-002", x, 11.5, 88, 21)
        }
    }
}
