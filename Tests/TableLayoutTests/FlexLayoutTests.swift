import TableLayout
import TableRender
import TableText
import TestSupport
import Testing

/// Stack layout against hand-computed CSS flexbox results.
@Suite struct FlexLayoutTests {
    let flex = FlexLayout(text: TextEngine())

    func view(_ content: ViewContent = .spacer, width: Double? = nil, height: Double? = nil, grow: Double = 0, shrink: Double = 1,
              minWidth: Double = 0, maxWidth: Double = .infinity, padding: [Double] = [0, 0, 0, 0], children: [BoundView] = []) -> BoundView {
        var style = ViewStyle(content: content)
        style.width = width
        style.height = height
        style.grow = grow
        style.shrink = shrink
        style.minWidth = minWidth
        style.maxWidth = maxWidth
        style.padding = padding
        return BoundView(style: style, children: children)
    }

    func row(_ children: [BoundView], spacing: Double = 0, alignment: StackAlignment = .fill, distribution: StackDistribution = .fill) -> BoundView {
        view(.stack(axis: .horizontal, spacing: spacing, alignment: alignment, distribution: distribution), children: children)
    }

    func column(_ children: [BoundView], spacing: Double = 0, alignment: StackAlignment = .fill, distribution: StackDistribution = .fill) -> BoundView {
        view(.stack(axis: .vertical, spacing: spacing, alignment: alignment, distribution: distribution), children: children)
    }

    func frames(_ laidOut: LaidOutView) -> [String] { laidOut.children.map(\.frame.description) }

    @Test func growSharesFreeSpaceByFactor() {
        let stack = row([view(width: 20, height: 10), view(height: 10, grow: 1), view(height: 10, grow: 3)], spacing: 10)
        #expect(frames(flex.layout(stack, width: 200, height: nil)) == ["0,0 20×10", "30,0 40×10", "80,0 120×10"])
    }

    /// A stack made taller than its content by a minimum or a fixed height places its children
    /// in the height it has, as a browser does: centred across a row, distributed along a column.
    @Test func aMinimumOrFixedHeightIsTheHeightChildrenAreAlignedIn() {
        var centred = row([view(width: 20, height: 20)], alignment: .center)
        centred.style.minHeight = 80
        #expect(frames(flex.layout(centred, width: 200, height: nil)) == ["0,30 20×20"])
        var fixed = row([view(width: 20, height: 20)], alignment: .trailing)
        fixed.style.height = 50
        #expect(frames(flex.layout(fixed, width: 200, height: nil)) == ["0,30 20×20"])
        var column = column([view(height: 10), view(grow: 1)], distribution: .fill)
        column.style.minHeight = 100
        #expect(frames(flex.layout(column, width: 50, height: nil)) == ["0,0 50×10", "0,10 50×90"])
        var centredColumn = self.column([view(height: 10)], distribution: .center)
        centredColumn.style.minHeight = 50
        #expect(frames(flex.layout(centredColumn, width: 50, height: nil)) == ["0,20 50×10"])
    }

    @Test func maximumsFreezeAndPassTheRestOn() {
        let stack = row([view(height: 10, grow: 1, maxWidth: 30), view(height: 10, grow: 1)])
        #expect(frames(flex.layout(stack, width: 200, height: nil)) == ["0,0 30×10", "30,0 170×10"])
    }

    @Test func shrinkIsWeightedByBaseSize() {
        // Bases 100 and 300 (their content) in 200: overflow 200 taken back in proportion 1:3.
        let a = row([view(width: 100, height: 10)])
        let b = row([view(width: 300, height: 10)])
        #expect(frames(flex.layout(row([a, b]), width: 200, height: nil)) == ["0,0 50×10", "50,0 150×10"])
        var rigid = a
        rigid.style.shrink = 0
        #expect(frames(flex.layout(row([rigid, b]), width: 200, height: nil)) == ["0,0 100×10", "100,0 100×10"])
    }

    /// Padding is not shrinkable (CSS `box-sizing: border-box`: a box is never narrower than its
    /// padding), and the shrink is weighted by the inner base, not the padded one.
    @Test func paddingIsAFloorAndDoesNotWeighTheShrink() {
        let padded = view(.stack(axis: .horizontal, spacing: 0, alignment: .fill, distribution: .fill), height: 10, padding: [0, 50, 0, 50])
        let b = row([view(width: 300, height: 10)])
        // Overflow 200: the padded box has inner base 0 and keeps its 100; the other gives 200.
        #expect(frames(flex.layout(row([padded, b]), width: 200, height: nil)) == ["0,0 100×10", "100,0 100×10"])
        // Asked for less than its padding, a box is its padding.
        #expect(flex.layout(padded, width: 40, height: nil).frame.width == 100)
    }

    @Test func fixedWidthsDoNotShrink() {
        let stack = row([view(width: 120, height: 10), view(width: 120, height: 10)])
        #expect(frames(flex.layout(stack, width: 200, height: nil)) == ["0,0 120×10", "120,0 120×10"])
    }

    @Test func alignmentAndDistribution() {
        let items = [view(width: 20, height: 10), view(width: 20, height: 30)]
        #expect(frames(flex.layout(row(items, alignment: .center), width: 100, height: nil)) == ["0,10 20×10", "20,0 20×30"])
        #expect(frames(flex.layout(row(items, alignment: .trailing, distribution: .trailing), width: 100, height: nil)) == ["60,20 20×10", "80,0 20×30"])
        #expect(frames(flex.layout(row(items, distribution: .equalSpacing), width: 100, height: nil)) == ["0,0 20×10", "80,0 20×30"])
        #expect(frames(flex.layout(row(items, distribution: .fillEqually), width: 100, height: nil)) == ["0,0 50×10", "50,0 50×30"])
    }

    @Test func columnsStackAndStretch() {
        let stack = column([view(height: 10), view(width: 30, height: 20)], spacing: 5, alignment: .center)
        let laidOut = flex.layout(stack, width: 100, height: nil)
        #expect(laidOut.frame.height == 35)
        #expect(frames(laidOut) == ["50,0 0×10", "35,15 30×20"])
        let growing = column([view(height: 10), view(grow: 1)])
        #expect(frames(flex.layout(growing, width: 100, height: 60)) == ["0,0 100×10", "0,10 100×50"])
    }

    @Test func paddingInsetsChildren() {
        let stack = view(.box, padding: [1, 2, 3, 4], children: [view(height: 10)])
        let laidOut = flex.layout(stack, width: 50, height: nil)
        #expect(laidOut.frame.height == 14)
        #expect(frames(laidOut) == ["4,1 44×10"])
    }
}
