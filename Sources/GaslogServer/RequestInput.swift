import Foundation
import GaslogCLI

/// A request's input, from its query or its JSON body, checked against the
/// command it is for: each key is one of the command's long options with `_`
/// for `-`, or `cylinder` for the name it takes. Anything else is bad input.
struct RequestInput {
    /// An option's value: text as the CLI would read it, or a flag.
    enum Value {
        case text(String)
        case texts([String])
        case flag(Bool)
    }

    let values: [(key: String, value: Value)]

    /// The query's parameters; a name given twice is bad input. A query has
    /// only text, so `true` and `false` are also read as a flag's value.
    static func query(_ parameters: [(name: String, value: String)]) throws(APIError) -> RequestInput {
        var seen: Set<String> = []
        for (name, _) in parameters where !seen.insert(name).inserted {
            throw .badInput("the query parameter '\(name)' is given twice")
        }
        return RequestInput(values: parameters.map { ($0.name, .text($0.value)) }, flagsFromText: true)
    }

    /// Whether a flag may be given as the text `true` or `false`, as in a query.
    var flagsFromText = false

    init(values: [(key: String, value: Value)], flagsFromText: Bool = false) {
        self.values = values
        self.flagsFromText = flagsFromText
    }

    /// A JSON object body. Duplicate keys, values of the wrong type, invalid
    /// UTF-8 and trailing text are all bad input.
    static func body(_ bytes: [UInt8], contentType: String?) throws(APIError) -> RequestInput {
        guard contentType?.lowercased().hasPrefix("application/json") == true else {
            throw APIError(415, "unsupported_media_type", "the body must be JSON (Content-Type: application/json)")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .badInput("the body is not valid UTF-8") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            throw .badInput("the body is not valid JSON")
        }
        guard let dictionary = object as? [String: Any] else { throw .badInput("the body must be a JSON object") }
        if let duplicate = DuplicateKeys.first(in: bytes) { throw .badInput("the key '\(duplicate)' is given twice") }
        var values: [(key: String, value: Value)] = []
        for key in dictionary.keys.sorted() {
            values.append((key, try value(dictionary[key] as Any, key: key)))
        }
        return RequestInput(values: values)
    }

    /// The class Foundation gives JSON's true and false.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    private static func value(_ value: Any, key: String) throws(APIError) -> Value {
        // Foundation reads true and false as its boolean class, which `is Bool`
        // cannot tell from 1 and 0; the class name can.
        if let number = value as? NSNumber {
            if ObjectIdentifier(type(of: number)) == booleanClass { return .flag(number.boolValue) }
            if let integer = value as? Int { return .text(String(integer)) }
            return .text("\(number.doubleValue)")
        }
        if let text = value as? String { return .text(text) }
        if let list = value as? [Any], list.allSatisfy({ $0 is String }), let strings = list as? [String] { return .texts(strings) }
        throw .badInput("the value of '\(key)' must be a string, a number or true/false")
    }

    /// The command-line words for these values, for `command`: each key must
    /// be one of its options. Positional keys (`cylinder`) are taken out and
    /// returned apart.
    func arguments(for command: CommandSpec, positional: Set<String>) throws(APIError) -> (options: [String], positional: [String: String]) {
        let refused: Set<String> = ["json", "db", "color", "quiet", "help", "version", "output", "no-o2-clean"]
        let optionNamed: (String) -> OptionSpec? = { name in command.options.first { $0.name == name } }
        var words: [String] = []
        var taken: [String: String] = [:]
        for (key, given) in values {
            var value = given
            let name = String(key.map { $0 == "_" ? "-" : $0 })
            if flagsFromText, case .text(let text) = given, let option = optionNamed(name), !option.takesValue {
                guard text == "true" || text == "false" else { throw .badInput("the value of '\(key)' must be true or false") }
                value = .flag(text == "true")
            }
            if positional.contains(key) {
                guard case .text(let text) = value else { throw .badInput("the value of '\(key)' must be a string") }
                taken[key] = text
                continue
            }
            guard !refused.contains(name), let option = optionNamed(name) else { throw .badInput("unknown key '\(key)'") }
            switch (value, option.takesValue) {
            case (.text(let text), true):
                words.append("--\(name)=\(text)")
            case (.texts(let texts), true) where option.isRepeatable:
                words += texts.map { "--\(name)=\($0)" }
            case (.flag(let on), false):
                // A flag pair is one key: o2_clean true or false.
                if on {
                    words.append("--\(name)")
                } else if optionNamed("no-\(name)") != nil {
                    words.append("--no-\(name)")
                }
            case (.flag, true), (.texts, _):
                throw .badInput("the value of '\(key)' must be a string or a number")
            case (.text, false):
                throw .badInput("the value of '\(key)' must be true or false")
            }
        }
        return (words, taken)
    }
}

/// Finds a key given twice in one JSON object, which JSONSerialization
/// would silently resolve: a scan of the text, tracking the keys of each
/// open object.
enum DuplicateKeys {
    static func first(in bytes: [UInt8]) -> String? {
        var stack: [(isObject: Bool, keys: Set<String>, expectsKey: Bool)] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append((true, [], true))
            case UInt8(ascii: "["):
                stack.append((false, [], false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
            case UInt8(ascii: ","):
                if !stack.isEmpty, stack[stack.count - 1].isObject { stack[stack.count - 1].expectsKey = true }
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                if let top = stack.last, top.isObject, top.expectsKey {
                    let raw = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
                    // Decode escapes the way the parser does, so that "a" and "\u0061" are one key.
                    let key =
                        raw.contains("\\")
                        ? (try? JSONSerialization.jsonObject(with: Data(("\"" + raw + "\"").utf8), options: [.fragmentsAllowed]) as? String) ?? raw
                        : raw
                    if stack[stack.count - 1].keys.contains(key) { return key }
                    stack[stack.count - 1].keys.insert(key)
                    stack[stack.count - 1].expectsKey = false
                }
                index = end
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
