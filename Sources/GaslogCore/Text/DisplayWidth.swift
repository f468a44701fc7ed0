/// How many terminal columns text takes, so that tables line up whatever the
/// text: East Asian wide characters and emoji take two, combining marks and
/// other zero-width characters none, everything else one. Counted per
/// grapheme cluster, as a terminal draws them.
public enum DisplayWidth {
    /// The columns `text` takes.
    public static func of(_ text: String) -> Int {
        // ASCII text, most of what a table holds, is one column a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The columns one character takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let properties = first.properties
        // An emoji drawn as a picture: by default, or asked for with U+FE0F.
        if properties.isEmojiPresentation || (properties.isEmoji && scalars.contains("\u{FE0F}")) { return 2 }
        if isWide(first.value) { return 2 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// The East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt,
    /// W and F): Hangul, CJK, kana, fullwidth forms and the supplementary
    /// ideographic planes.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = of(character)
            guard used + characterWidth <= width - 1 else { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }
}
