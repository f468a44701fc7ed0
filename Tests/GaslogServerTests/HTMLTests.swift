import Testing

@testable import GaslogServer

/// The pages' markup type: literal markup is kept, interpolated text is
/// escaped, and markup interpolated into markup is spliced once.
@Suite("Markup escapes what is interpolated into it, exactly once")
struct HTMLTests {
    static let typed = #"<script>&"'"#
    static let escaped = "&lt;script&gt;&amp;&quot;&#39;"

    @Test("Text interpolated into markup is escaped, in content and in an attribute; the literal markup around it is kept")
    func textIsEscaped() {
        let typed = Self.typed
        let html: HTML = #"<p title="\#(typed)">\#(typed)</p>"#
        #expect(html.markup == #"<p title="\#(Self.escaped)">\#(Self.escaped)</p>"#)
        #expect(HTML(escaping: typed).markup == Self.escaped)
    }

    @Test("Markup interpolated into markup, joined or added, is not escaped again")
    func nestedMarkupIsNotEscapedTwice() {
        let typed = Self.typed
        let cell: HTML = "<td>\(typed)</td>"
        let row: HTML = "<tr>\(cell)</tr>"
        #expect(row.markup == "<tr><td>\(Self.escaped)</td></tr>")
        #expect([cell, cell].joined(separator: "\n").markup == "<td>\(Self.escaped)</td>\n<td>\(Self.escaped)</td>")
        #expect([HTML]().joined() == .empty && HTML.empty.markup.isEmpty)
        #expect((cell + "<td>&amp;</td>").markup == "<td>\(Self.escaped)</td><td>&amp;</td>")
        var built = HTML.empty
        built += cell
        #expect(built == cell)
    }

    @Test("Numbers and other plain values are written by their description, escaped")
    func plainValues() {
        let depth = 34
        let x = 12.5
        let label: Substring = "A&B"
        let html: HTML = "<p>\(depth) m at \(x), \(label)</p>"
        #expect(html.markup == "<p>34 m at 12.5, A&amp;B</p>")
    }
}
