import TableCairo
import TableLayout
import TableModel
import TableTemplates
import TableText

// What `import TableRender` gives: the public types of the stages, named here, so that a user
// imports one module and the stages stay modules of their own (no `@_exported import`).
// The model (TableModel) is the documents' and the Swift API's; the others are what the
// renderer takes and gives. Each is documented in full where it is declared.

// MARK: TableModel

/// Anything that can stand as a row: an `Item`, or a caller's enum case that knows its item.
public typealias ItemConvertible = TableModel.ItemConvertible

/// Lists a section's items: rows, `if`, `for`.
public typealias ItemsBuilder = TableModel.ItemsBuilder

/// Lists a table's sections: sections, `if`, `for`.
public typealias SectionsBuilder = TableModel.SectionsBuilder

/// The changes that turn one ordered list of ids into another, in the form a `UITableView` batch
/// update takes: deletes at old indices, inserts at new indices, moves from an old to a new index,
/// and updates (same id, different content) at old indices.
public typealias Changeset = TableModel.Changeset

/// Where a problem was found: a file, and inside it a line and column and/or a JSON path.
public typealias SourceLocation = TableModel.SourceLocation

/// An error a user can act on: what went wrong, where, and which exit code it maps to (0 success,
/// 1 failure, 64 usage, 65 bad input data, 66 a missing file: the BSD sysexits codes, as the
/// README's "Exit codes" says).
public typealias Diagnostic = TableModel.Diagnostic

/// Near-miss suggestions for unknown names ("did you mean …").
public typealias Suggestions = TableModel.Suggestions

/// Where a document asks its pages to go: one page sized to the content, paper, or pages of a
/// given size in points (`390x844`, a phone screen).
public typealias PageSize = TableModel.PageSize

/// A JSON document: the data of one screen plus where its templates and assets live.
public typealias Document = TableModel.Document

/// A place in the table model: a section, or an item, header or footer of a section.
public typealias ModelPath = TableModel.ModelPath

/// A section type with typed states, as natural in Swift as the seed's `Stateful`:
public typealias StatefulSection = TableModel.StatefulSection

/// One state change of one section, with its changeset.
public typealias Transition = TableModel.Transition

/// How sections are drawn, as `UITableView.Style`.
public typealias TableStyle = TableModel.TableStyle

/// An item's height, as TableViewKit's `Height`: fixed (static) or sized to its content (dynamic),
/// with an estimate used before measuring (and by the HTML page for rows off screen).
public typealias Height = TableModel.Height

/// The accessory views of `UITableViewCell.AccessoryType`.
public typealias Accessory = TableModel.Accessory

/// One row: the template (drawer) that draws it, its values, its height and an optional link.
public typealias Item = TableModel.Item
/// What VoiceOver reads for an item's row instead of what is worked out from its views.
public typealias ItemAccessibility = TableModel.ItemAccessibility

/// A section header or footer: a plain title (drawn by the theme's `header`/`footer` template)
/// or a view drawn by a template of its own.
public typealias Supplementary = TableModel.Supplementary

/// A section of rows with its optional header and footer.
public typealias Section = TableModel.Section

/// The states of a section: names in order, the rows of each, the state it starts in.
public typealias SectionStates = TableModel.SectionStates

/// A list screen: what a `UITableView` with its data source would show.
public typealias Table = TableModel.Table

/// The table as a whole in one combination of section states.
public typealias Scene = TableModel.Scene

/// An item's data: what JSON can hold, with object keys kept in document order.
public typealias Value = TableModel.Value

// MARK: TableTemplates

/// An Xcode asset catalog (`*.xcassets`): its image sets and colour sets, read from each set's
/// `Contents.json` with the document JSON reader (so an error has a line, a column and a path).
/// App icons, symbol sets and data sets are skipped.
public typealias AssetCatalog = TableTemplates.AssetCatalog

/// iOS's content size categories (the reader's text size setting), smallest to largest.
public typealias ContentSizeCategory = TableTemplates.ContentSizeCategory

/// The direction a screen is laid out in: UIKit's `userInterfaceLayoutDirection`.
public typealias LayoutDirection = TableTemplates.LayoutDirection

/// The reader's Increase Contrast setting: UIKit's `UIAccessibilityContrast` (`normal`, `high`).
public typealias Contrast = TableTemplates.Contrast

/// A Nib-like template: a `<cell>`, `<header>` or `<footer>` found by its file name.
public typealias Template = TableTemplates.Template

/// Every template a document can use: its own folders first, then the theme's, by file name. A
/// template is read and parsed when it is first used, so a bad file in a folder only stops the
/// documents that use it, and a folder of many templates costs nothing until they are used.
public typealias TemplateLibrary = TableTemplates.TemplateLibrary

/// Light or dark: which value of each colour token is drawn.
public typealias Appearance = TableTemplates.Appearance

/// A theme: colour and font tokens, metrics per table style, page settings, built-in templates.
public typealias Theme = TableTemplates.Theme

// MARK: TableText

/// How a piece of text is set: everything Pango and CSS need to agree on a line break.
public typealias TextStyle = TableText.TextStyle

// MARK: TableLayout

/// The direction a stack lays its children out in.
public typealias Axis = TableLayout.Axis

/// Where a stack places its children across its axis (UIStackView's alignments; CSS
/// `align-items`): stretched, at the leading or trailing edge, centred, or, in a row, on the
/// children's first or last text baselines.
public typealias StackAlignment = TableLayout.StackAlignment

/// How a stack places its children along its axis (UIStackView's distributions, and packed at
/// the leading edge, the centre or the trailing edge).
public typealias StackDistribution = TableLayout.StackDistribution

/// How an image fills its frame (UIView's content modes; CSS `background-size`).
public typealias ContentMode = TableLayout.ContentMode

/// What a view shows, with its bindings resolved: the input of layout and of every renderer.
public typealias ViewContent = TableLayout.ViewContent

/// A view's content and box properties, without its children.
public typealias ViewStyle = TableLayout.ViewStyle

/// A rectangle in points, origin top left.
public typealias Rect = TableLayout.Rect

/// A view with its frame, relative to the row (or header, footer) it belongs to.
public typealias LaidOutView = TableLayout.LaidOutView

/// One laid-out piece of the table: the title, a section header or footer, or a row.
public typealias Block = TableLayout.Block

/// A page: a PNG image, a PDF page or (for `content`) the whole table.
public typealias Page = TableLayout.Page

/// A section's state laid out: the state's name and the whole table laid out with the section
/// in that state.
public typealias LaidOutState = TableLayout.LaidOutState

/// The table laid out once, drawn by every renderer.
public typealias LaidOutTable = TableLayout.LaidOutTable

/// Lays a table out: binds each item to its template, sizes rows, headers and footers, places
/// separators and section backgrounds, and cuts pages.
public typealias TableLayoutEngine = TableLayout.TableLayoutEngine

// MARK: TableCairo

/// Pixels as Cairo keeps them: premultiplied ARGB32 words, row after row, no padding. Cheap to
/// get from a surface or a decoded PNG and to compare word for word; converted to `RGBAImage`
/// only when something differs.
public typealias ARGBImage = TableCairo.ARGBImage

/// Pixels of a PNG as straight (not premultiplied) RGBA bytes, row after row.
public typealias RGBAImage = TableCairo.RGBAImage

/// Encodes Cairo ARGB32 pixels as PNG with zlib at a chosen level: compression is most of the
/// cost of a PNG page (Benchmarks/README.md), and Cairo's own writer always uses level 6. Opaque images are
/// written as RGB, others as RGBA (un-premultiplied). Rows use the Sub filter.
public typealias PNGEncoder = TableCairo.PNGEncoder

/// Regions of a snapshot to leave out of the comparison (a clock, an avatar), as Playwright's
/// `mask`: each covered with an opaque magenta box (#FF00FF) in the image itself, reference and
/// actual alike. A mask names a view by its `id`, a row, header or footer by its id, or an item
/// by its JSON path (`$.sections[0].items[2]`).
public typealias Masks = TableCairo.Masks
