import TableTemplates

/// A right-to-left layout is the left-to-right one mirrored, as UIKit mirrors a screen under a
/// right-to-left semantic content: a template is laid out as written, then every view is moved
/// to the mirror place inside its parent (a stack's first child ends up on the right, a leading
/// alignment on the right), and its left and right paddings, margins and overlay offsets are
/// swapped so that the tree describes what is drawn. Text keeps its own order (the label's
/// alignment is mirrored when it is bound: `TextStyle.Alignment.inLayout`); images are not
/// flipped. An Interface Builder cell is solved with leading and trailing already resolved
/// (`ViewStyle.resolvesDirection`): it is placed, not mirrored again.
extension LaidOutView {
    /// The view mirrored inside a parent `parentWidth` wide (its content box), children too.
    package func mirrored(in parentWidth: Double) -> LaidOutView {
        var view = self
        view.frame.x = parentWidth - frame.x - frame.width
        guard !style.resolvesDirection else { return view }
        view.style = style.mirrored
        view.children = children.map { $0.mirrored(in: frame.width) }
        return view
    }
}

extension ViewStyle {
    /// Left and right swapped: paddings, margins and an overlay's offsets.
    package var mirrored: ViewStyle {
        var style = self
        style.padding.swapAt(1, 3)
        style.margin.swapAt(1, 3)
        if let overlay {
            style.overlay = OverlayInsets(top: overlay.top, right: overlay.left, bottom: overlay.bottom, left: overlay.right)
        }
        return style
    }
}
