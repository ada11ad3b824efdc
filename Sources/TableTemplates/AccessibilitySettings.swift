/// What a view says to VoiceOver, as set in Interface Builder's Identity inspector (or a
/// template): each nil leaves UIKit's default.
package struct AccessibilitySettings: Sendable, Hashable {
    /// Whether the view is an element of its own (`isAccessibilityElement`).
    package var isElement: Bool?
    package var label: String?
    package var hint: String?
    package var identifier: String?
    /// IB's trait names set to YES: `button`, `header`, `image`, `link`, `selected`,
    /// `notEnabled`, `staticText`, `adjustable`, `summaryElement`, `searchField`, …
    package var traits: Set<String>?
    /// The UIKit control the view is (`button`, `switch`, `textField`, `slider`,
    /// `segmentedControl`, `stepper`, `imageView`…), for its default traits and value.
    package var control: String?
    /// A control's value as VoiceOver reads it: `on`/`off` for a switch, a slider's percentage,
    /// a segmented control's selected title, a text field's text.
    package var value: String?

    package init() {}
}
