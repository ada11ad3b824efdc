import TableTemplates
import Testing

/// The theme's system face: its stand-in takes SF's tracking and designs by size, and SF Pro
/// itself takes its place where a machine has it (here "installed" is the test's say-so: the
/// swap is the theme's, fontconfig's answer the renderer's).
@Suite struct SystemFontTests {
    @Test func theStandInTakesSFsTrackingAndDesigns() throws {
        let theme = try ThemeLoader.load("ios")
        let body = try #require(theme.font("body")), title = try #require(theme.font("largeTitle"))
        #expect(body.family == "Inter" && abs(body.tracking - (-0.442)) < 0.001, "\(body)")
        #expect(title.family == "Inter Display" && title.tracking > 0, "\(title)")
        #expect(theme.systemFontDescription == "Inter and Inter Display, standing in for SF Pro (not installed here)")
    }

    @Test func sfProReplacesTheStandInWhereItIsInstalled() throws {
        let theme = try ThemeLoader.load("ios")
        let installed: Set<String> = ["SF Pro Text", "SF Pro Display"]
        let swapped = theme.withAppleSystemFont { installed.contains($0) }
        let body = try #require(swapped.font("body")), title = try #require(swapped.font("largeTitle"))
        #expect(body.family == "SF Pro Text" && body.tracking == theme.font("body")?.tracking)
        #expect(title.family == "SF Pro Display" && title.lineHeight == theme.font("largeTitle")?.lineHeight)
        #expect(swapped.systemFontDescription == "SF Pro Text and SF Pro Display (installed here)")
        #expect(swapped.standInForSystemFont?.text == "Inter")
        // Only the text design installed: not SF Pro as a whole; the variable font alone is.
        #expect(theme.withAppleSystemFont { $0 == "SF Pro Text" }.systemFace?.text == "Inter")
        #expect(theme.withAppleSystemFont { $0 == "SF Pro" }.font("body")?.family == "SF Pro")
        // A font a theme names that is not its system face keeps its family.
        #expect(swapped.font("Inter Bold 17")?.family == "Inter")
    }
}
