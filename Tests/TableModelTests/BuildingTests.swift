import Testing
import TableModel

// An enum-driven Settings screen written with tablerender's Swift API: sections and rows are the
// caller's own enums, each row knows its item, and nothing is addressed by index.
enum SettingsSection: String, CaseIterable {
    case account, other
}

enum SettingsRow: String, ItemConvertible {
    case manageAccounts, activeAccount, defaultCountry, notifications
    case aboutMe, donate, rateApp, shareApp

    var item: Item {
        switch self {
        case .manageAccounts: .basic(self, title: "Manage Coach IDs", accessory: .disclosureIndicator)
        case .activeAccount: .value1(self, title: "Active Coach ID", detail: "123456", accessory: .disclosureIndicator)
        case .defaultCountry: .value1(self, title: "Default Country", detail: "United States", accessory: .disclosureIndicator)
        case .notifications: .basic(self, title: "Notifications", switch: true)
        case .aboutMe: .basic(self, title: "About the Developer 💪🤓", accessory: .disclosureIndicator)
        case .donate: .basic(self, title: "☕️☕️☕️?", accessory: .disclosureIndicator)
        case .rateApp: .subtitle(self, title: "Rate BB Links ⭐️⭐️⭐️⭐️⭐️", subtitle: "1,024 people have rated this version")
        case .shareApp: .subtitle(self, title: "Share BB Links 🗣️👥", subtitle: "Know a coach who would love this app?", link: "https://example.com/share")
        }
    }
}

let settingsTable = Table(title: "Settings", style: .insetGrouped) {
    Section(SettingsSection.account, header: "Account", footer: "Your active Coach ID is used for every link you share.") {
        SettingsRow.manageAccounts
        SettingsRow.activeAccount
        SettingsRow.defaultCountry
        SettingsRow.notifications
    }
    Section(SettingsSection.other) {
        [SettingsRow.aboutMe, .donate, .rateApp, .shareApp]
    }
}

@Suite struct BuildingTests {
    @Test func settingsScreenReadsAsEnums() {
        #expect(settingsTable.sections.map(\.id) == ["account", "other"])
        #expect(settingsTable.sections[0].items.map(\.id) == ["manageAccounts", "activeAccount", "defaultCountry", "notifications"])
        #expect(settingsTable.sections[0].items[1].values == ["title": "Active Coach ID", "detail": "123456", "accessory": "disclosureIndicator"])
        #expect(settingsTable.sections[0].items[3].values["switch"] == .bool(true))
        #expect(settingsTable.sections[1].items[3].link == "https://example.com/share")
        #expect(settingsTable.itemCount == 8)
    }

    @Test func suggestionsFindNearMisses() {
        #expect(Suggestions.closest(to: "subtitel", in: ["basic", "subtitle", "value1"]) == ["subtitle"])
        #expect(Suggestions.closest(to: "zzz", in: ["basic", "subtitle"]).isEmpty)
        #expect(Suggestions.unknown("template", "Basic", known: ["basic", "value1"]) == "unknown template 'Basic'; did you mean 'basic'? (known: basic, value1)")
    }
}
