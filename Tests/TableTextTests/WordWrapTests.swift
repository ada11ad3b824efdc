import TableText
import TableTemplates
import TestSupport
import Testing

/// Sizes from words shaped once (`WordWrap`, used when nothing is drawn) against Pango laying out
/// the whole paragraph: the same line count and widest line, at every break boundary.
@Suite struct WordWrapTests {
    /// A vocabulary of list rows, and words whose punctuation, accents and
    /// inner break opportunities (hyphen, slash) the word splitting has to get right.
    static let vocabulary = ("the quick brown fox jumps over lazy dog table render layout height computed template "
        + "binding item section header footer subtitle paragraph wrapping typography measurement "
        + "performance fidelity a an of to in is it for on with as by at from café naïve résumé "
        + "Zürich São Paulo München information cell view label stack constraint priority content "
        + "hugging compression resistance baseline leading trailing margin padding inset Swift Linux "
        + "PDF PNG HTML 42 2024 e-mail well-known AT-AT x-ray 12-15 3.14 50% and/or 1/2 dogs' it's "
        + "Hello, wait! really? yes; note: Łódź Ærøskøbing ŒUVRE WAVE Type AVA LT To. Yo, Tj ff fi fl "
        + "supercalifragilisticexpialidocious-and-then-some").split(separator: " ").map(String.init)

    static let fonts = [
        FontSpec(family: "Inter", size: 15, lineHeight: 20),
        FontSpec(family: "Inter", size: 17, weight: 700, lineHeight: 22),
        FontSpec(family: "Liberation Serif", size: 11, lineHeight: 15),
        FontSpec(family: "DejaVu Sans", size: 13, italic: true, lineHeight: 18),
        // The system face as a theme sets it: SF's tracking at 17 pt (−0.44 pt between two
        // characters) and at 28 pt in the Display design (+0.39).
        system(17, lineHeight: 22),
        system(28, weight: 700, lineHeight: 34),
    ]

    static func system(_ size: Double, weight: Int = 400, lineHeight: Double) -> FontSpec {
        var font = FontSpec(family: "Inter", size: size, weight: weight, lineHeight: lineHeight)
        font.systemFace = SystemFace(text: "Inter", display: "Inter Display")
        return font.withSystemMetrics()
    }

    /// Deterministic paragraphs of 1 to 16 words.
    static func paragraphs(_ count: Int) -> [String] {
        var dice = Dice(seed: 42)
        func next(_ bound: Int) -> Int { dice.next(bound) }
        return (0..<count).map { _ in (0...next(16)).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: " ") }
    }

    /// Widths at which a line of `text` ends exactly: each prefix of every `every` words, and each
    /// prefix ending after a hyphen or slash (where a line may break inside a word), on one line,
    /// and one Pango unit less; and a few ordinary widths.
    static func boundaries(of text: String, font: FontSpec, pango: TextEngine, every step: Int) -> [Double?] {
        let parts = text.split(separator: " ")
        var prefixes = stride(from: 1, through: parts.count, by: step).map { parts[0..<$0].joined(separator: " ") }
        for index in text.indices where text[index] == "-" || text[index] == "/" { prefixes.append(String(text[...index])) }
        var widths: [Double?] = [nil, 343, 200, 97.3, 40]
        for prefix in prefixes {
            let exact = pango.measure(prefix, style: TextStyle(font: font), width: nil).width
            widths += [exact, exact - 1.0 / 1024]
        }
        return widths
    }

    @Test(arguments: fonts)
    func sizesFromWordsEqualPangoAtEveryBreakBoundary(font: FontSpec) {
        let pango = TextEngine()
        pango.usesWords = false
        let words = TextEngine()
        words.use = .measuring
        var compared = 0, decided = 0
        for (index, text) in Self.paragraphs(120).enumerated() {
            let style = TextStyle(font: font, lines: index % 7 == 0 ? 2 : 0, alignment: index % 5 == 0 ? .center : .natural)
            for width in Self.boundaries(of: text, font: font, pango: pango, every: 1) {
                compared += 1
                guard let fast = words.sizeFromWords(text, style: style, width: width) else { continue }
                decided += 1
                let slow = pango.measure(text, style: style, width: width)
                #expect(fast == slow, "\(font) width \(width.map { String($0) } ?? "none"): '\(text)'")
            }
        }
        print("WordWrap \(font): \(decided) of \(compared) sizes decided from words, all equal to Pango's")
        // Many words of this vocabulary kern with a space in some fonts ("To.", "AVA" in Liberation
        // Serif; "Hello," in Inter Bold); those paragraphs go to Pango.
        #expect(decided * 4 > compared)
    }

    /// Paragraphs to draw put together from words carry, line by line, the very glyphs, advances,
    /// offsets, clusters and alignment offsets that Pango's own layout of the paragraph has.
    @Test(arguments: fonts)
    func linesFromWordsHaveThePangoGlyphs(font: FontSpec) {
        let pango = TextEngine()
        pango.usesWords = false
        let words = TextEngine()
        var compared = 0, fromWords = 0
        for (index, text) in Self.paragraphs(80).enumerated() {
            let alignment: TextStyle.Alignment = [.natural, .center, .trailing, .right, .left][index % 5]
            let style = TextStyle(font: font, lines: index % 7 == 0 ? 2 : 0, alignment: alignment)
            for width in Self.boundaries(of: text, font: font, pango: pango, every: 2) {
                compared += 1
                guard let assembled = words.shapeFromWords(text, style: style, width: width) else { continue }
                fromWords += 1
                #expect(assembled == pango.shape(text, style: style, width: width), "\(font) \(alignment) width \(width.map { String($0) } ?? "none"): '\(text)'")
            }
        }
        print("WordWrap \(font): \(fromWords) of \(compared) layouts put together from words, each line's glyphs equal to Pango's")
        #expect(fromWords * 4 > compared)
    }

    /// A random paragraph of random words of the word shaper's alphabet: Latin-1 and Latin
    /// Extended, Greek or Cyrillic letters, digits, punctuation, quoted words, now and then a dash
    /// standing alone.
    static func randomParagraph(_ dice: inout Dice) -> String {
        func next(_ bound: Int) -> Int { dice.next(bound) }
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            + Array("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿĀāĂăĄąĆćČčĎďĐđĒēĘęĚěĞğĢģĪīĮįİıĶķĹĺĻļĽľŁłŃńŅņŇňŌōŐőŒœŔŕŘřŚśŞşŠšŢţŤťŪūŮůŰűŲųŸŹźŻżŽžƒǅǆșțȘȚ")
        let greek = Array("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώΆΈΉΊΌΎΏϊϋΐΰ0123456789")
        let cyrillic = Array("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюяЄєІіЇїЎўҐґЂђЉљЊњЋћЏџҚқҢңӘәӨөҮүҺһ0123456789")
        let marks = Array(".,:;!?-'%/’”…–")
        let count = 1 + next(14)
        let alphabet = [letters, greek, cyrillic][next(3)]
        var parts: [String] = []
        for _ in 0..<count {
            var word = String(alphabet[next(alphabet.count)])
            for _ in 0..<next(9) {
                word.append(next(6) == 0 ? marks[next(marks.count)] : alphabet[next(alphabet.count)])
            }
            // Quoted words, and now and then a dash standing alone (Inter gives those a
            // contextual form, so their paragraphs go to Pango).
            switch next(40) {
            case 0, 1, 2: word = "“" + word + "”"
            case 3, 4: word = "‘" + word + "’"
            case 5: word = "—"
            case 6: word = "–"
            default: break
            }
            parts.append(word)
        }
        return parts.joined(separator: " ")
    }

    /// 1,500 random paragraphs of random words (`randomParagraph`) per font, at random widths
    /// and alignments: every one put together from words
    /// has Pango's glyphs, offsets and size. (It found Pango's rounding of centred lines.)
    @Test(arguments: fonts)
    func randomParagraphsFromWordsHaveThePangoGlyphs(font: FontSpec) {
        let pango = TextEngine()
        pango.usesWords = false
        let words = TextEngine()
        var dice = Dice(seed: 7)
        func next(_ bound: Int) -> Int { dice.next(bound) }
        var compared = 0, fromWords = 0, mismatches = 0
        for _ in 0..<1500 {
            let text = Self.randomParagraph(&dice)
            let alignment: TextStyle.Alignment = [.natural, .center, .trailing, .right, .left][next(5)]
            let style = TextStyle(font: font, alignment: alignment)
            let full = pango.measure(text, style: TextStyle(font: font), width: nil).width
            for width in [nil, full, full * Double(1 + next(90)) / 100, 20 + Double(next(300))] as [Double?] {
                compared += 1
                guard let a = words.shapeFromWords(text, style: style, width: width) else { continue }
                fromWords += 1
                if a != pango.shape(text, style: style, width: width) {
                    mismatches += 1
                    if mismatches < 4 { print("WordWrap mismatch \(font) \(alignment) \(String(describing: width)) '\(text)'") }
                }
            }
        }
        print("WordWrap random \(font): \(fromWords) of \(compared) from words, \(mismatches) mismatches")
        #expect(mismatches == 0)
        // Enough of them go through words to say so (dashes add breaks inside words, and a line
        // ending inside a word with several is left to Pango).
        #expect(fromWords >= 2_000)
    }

    /// "Ł--å": Inter raises the hyphens after a capital when nothing follows, and Pango breaks
    /// after them by the width of the part shaped again; that paragraph is left to Pango.
    @Test func aWordWhosePartsShapeDifferentlyIsLeftToPango() {
        let pango = TextEngine()
        pango.usesWords = false
        let words = TextEngine()
        let text = "kōáë'Ģ éįœß;ÙŞ àğØå.a ĢĐ ŢćĒ:Ł--å Ãls Ć A ĆÓt-MX;Dğ"
        let style = TextStyle(font: FontSpec(family: "Inter", size: 15, lineHeight: 20), alignment: .trailing)
        #expect(words.shape(text, style: style, width: 131.7589453125) == pango.shape(text, style: style, width: 131.7589453125))
    }

    /// A centred line is put at whole pixels when it and the layout are whole pixels wide.
    @Test func centredLinesAreRoundedAsPangoRoundsThem() {
        let pango = TextEngine()
        pango.usesWords = false
        let words = TextEngine()
        let style = TextStyle(font: FontSpec(family: "Inter", size: 17, weight: 700, lineHeight: 22), alignment: .center)
        let assembled = words.shapeFromWords("ÒCĐSËP", style: style, width: 296)
        #expect(assembled != nil)
        #expect(assembled == pango.shape("ÒCĐSËP", style: style, width: 296))
    }

    @Test func benchmarkParagraphsAreAlmostAllMeasuredFromWords() {
        let words = TextEngine()
        words.use = .measuring
        let font = FontSpec(family: "Inter", size: 15, lineHeight: 20)
        let texts = Self.paragraphs(500).filter { !$0.contains("supercal") }
        let decided = texts.filter { words.sizeFromWords($0, style: TextStyle(font: font), width: 343) != nil }.count
        #expect(decided * 100 >= texts.count * 95, "\(decided) of \(texts.count)")
    }

    /// Punctuation that ends a word, between every kind of neighbour, with a space and every kind
    /// of next word: fonts such as Inter give some of it contextual forms (a raised colon or
    /// hyphen beside capitals and digits), which must come out as Pango gives them, or be left
    /// to Pango.
    @Test(arguments: fonts)
    func punctuationBesideSpacesKeepsPangosGlyphs(font: FontSpec) {
        let pango = TextEngine()
        pango.usesWords = false
        let words = TextEngine()
        var fromWords = 0, compared = 0
        for before in ["a", "A", "1", "AB", "12"] {
            for mark in [".", ",", ":", ";", "!", "?", "-", "'", "%", "/", "-1", "/B", ":3"] {
                for next in ["a", "A", "1", "Tj", "12"] {
                    let text = "see " + before + mark + " " + next + " go"
                    for width in [nil, 0.5 * pango.measure(text, style: TextStyle(font: font), width: nil).width] as [Double?] {
                        compared += 1
                        guard let assembled = words.shapeFromWords(text, style: TextStyle(font: font), width: width) else { continue }
                        fromWords += 1
                        #expect(assembled == pango.shape(text, style: TextStyle(font: font), width: width), "\(font): '\(text)'")
                    }
                }
            }
        }
        print("WordWrap \(font): \(fromWords) of \(compared) punctuation cases put together from words, glyphs equal to Pango's")
        #expect(fromWords > 0)
    }

    /// Inter draws "x" between two numbers as a multiplication sign, looking across the spaces:
    /// that word is left to Pango, which draws the sign.
    @Test func wordsThatChangeBesideOtherWordsAreLeftToPango() {
        let engine = TextEngine()
        let font = FontSpec(family: "Inter", size: 15, lineHeight: 20)
        #expect(engine.shapeFromWords("2 x 3", style: TextStyle(font: font), width: 343) == nil)
        let pango = TextEngine()
        pango.usesWords = false
        #expect(engine.shape("2 x 3", style: TextStyle(font: font), width: 343) == pango.shape("2 x 3", style: TextStyle(font: font), width: 343))
    }

    @Test func whichParagraphsArePutTogetherFromWords() {
        let engine = TextEngine()
        let font = FontSpec(family: "Inter", size: 15, lineHeight: 20)
        #expect(engine.shapeFromWords("a quick brown fox", style: TextStyle(font: font), width: 343) != nil)
        #expect(engine.shapeFromWords("Привет мир, таблица", style: TextStyle(font: font), width: 343) != nil)
        #expect(engine.shapeFromWords("Καλημέρα κόσμε", style: TextStyle(font: font), width: 343) != nil)
        #expect(engine.shapeFromWords("Hello мир", style: TextStyle(font: font), width: 343) == nil)
        #expect(engine.shapeFromWords(String(repeating: "a", count: 49), style: TextStyle(font: font), width: 343) == nil)
        #expect(engine.shapeFromWords("مرحبا بالعالم", style: TextStyle(font: font), width: 343) == nil)
        #expect(engine.shapeFromWords("a (b)", style: TextStyle(font: font), width: 343) == nil)
        #expect(engine.shapeFromWords("a quick brown fox", style: TextStyle(font: font, alignment: .justified), width: 40) == nil)
        // Three lines at most two: Pango ellipsizes the second.
        #expect(engine.shapeFromWords("a quick brown fox jumps", style: TextStyle(font: font, lines: 2), width: 60) == nil)
    }

    @Test func onlyPlainWordsOfOneScriptAreSplit() {
        func split(_ text: String) -> [String]? {
            var text = text
            return text.withUTF8 { bytes in WordWrap.words(in: bytes)?.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } }
        }
        #expect(split("Zürich and São Paulo, well-known.") == ["Zürich", "and", "São", "Paulo,", "well-known."])
        #expect(split("Łódź") == ["Łódź"])
        #expect(split("Привет, мир! 42") == ["Привет,", "мир!", "42"])
        #expect(split("Ελληνικά 3.14") == ["Ελληνικά", "3.14"])
        #expect(split("“Don’t” – it’s 2–3 min…") == ["“Don’t”", "–", "it’s", "2–3", "min…"])
        for refused in ["", " a", "a ", "a  b", "(a)", "a (b)", "a [b]", "C++", "R&D", "x=y", "\"a\"", "a\nb", "a\tb", "日本", "a×b", "مرحبا",
                        "a\u{00A0}b", "-a", ".a", "a 😀", "a {b}", "a<b",
                        "あ", "aあ", "Hello мир", "Привет world", "Ελλάδα мир", "\u{0483}", "а\u{0301}",
                        "a “ b", "a“b", "” a", "’s", "… a", "a — b", "a—b", "a\u{2020}"] {
            #expect(split(refused) == nil, "\(refused.debugDescription)")
        }
    }

    @Test func wrapBreaksBeforeTheFirstWordThatDoesNotFit() {
        let word = WordWrap.Word(width: 100)
        #expect(WordWrap.wrap([word, word, word], space: 10, width: 210)! == (2, 210))
        #expect(WordWrap.wrap([word, word, word], space: 10, width: 209)! == (3, 100))
        #expect(WordWrap.wrap([word, word, word], space: 10, width: nil)! == (1, 320))
        // A word wider than the line with no break of its own is Pango's to break between characters.
        #expect(WordWrap.wrap([WordWrap.Word(width: 300)], space: 10, width: 299) == nil)
        // A line with room for the first part of a hyphenated word breaks after the hyphen: that
        // part and the rest are measured as shaped alone.
        let hyphenated = WordWrap.Word(width: 200, breaksInside: 1, firstBreakWidth: 50, head: 52, tail: 150)
        #expect(WordWrap.wrap([word, hyphenated], space: 10, width: 200)! == (2, 162))
        #expect(WordWrap.wrap([word, WordWrap.Word(width: 200, breaksInside: 1, firstBreakWidth: 95, head: 96, tail: 105)], space: 10, width: 200)! == (2, 200))
        #expect(WordWrap.wrap([WordWrap.Word(width: 300, breaksInside: 1, firstBreakWidth: 50, head: 52, tail: 250)], space: 10, width: 260)! == (2, 250))
        // With two breaks inside, which one Pango takes is not known from the word's width, even
        // when the first part seems not to fit (Pango measures each part shaped again).
        #expect(WordWrap.wrap([word, WordWrap.Word(width: 200, breaksInside: 2, firstBreakWidth: 50)], space: 10, width: 200) == nil)
        #expect(WordWrap.wrap([word, WordWrap.Word(width: 200, breaksInside: 2, firstBreakWidth: 95)], space: 10, width: 200) == nil)
        #expect(WordWrap.wrap([word, WordWrap.Word(width: 80, breaksInside: 2, firstBreakWidth: 50)], space: 10, width: 200)! == (1, 190))
    }
}
