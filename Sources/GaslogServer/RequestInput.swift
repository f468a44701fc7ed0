import Foundation
import GaslogCore

/// A request's input, from its query, its JSON body or a form, checked
/// against the use case it is for: each key is one of its inputs' names
/// with `_` for `-`. Anything else is bad input.
struct RequestInput {
    /// An option's value: text as the CLI would read it, or a flag.
    enum Value {
        case text(String)
        case texts([String])
        case flag(Bool)
        /// JSON's `null`: `none` for an option whose schema allows it, else bad input.
        case null
    }

    let values: [(key: String, value: Value)]

    /// The query's parameters; a name given twice is bad input. A query has
    /// only text, so `true` and `false` are also read as a flag's value.
    static func query(_ parameters: [(name: String, value: String)]) throws(APIError) -> RequestInput {
        var seen: Set<String> = []
        for (name, _) in parameters where !seen.insert(name).inserted {
            throw .badInput("the query parameter '\(name)' is given twice", field: name)
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
        guard MediaType.matches(contentType, "application/json") else {
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
        if let duplicate = DuplicateKeys.first(in: bytes) { throw .badInput("the key '\(duplicate)' is given twice", field: duplicate) }
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
        if value is NSNull { return .null }
        if let list = value as? [Any], list.allSatisfy({ $0 is String }), let strings = list as? [String] { return .texts(strings) }
        throw .badInput("the value of '\(key)' must be a string, a number or true/false", field: key)
    }

    /// These values as a use case's input: each key must be one of the
    /// use case's inputs (its declared name, `_` for `-`), or bad input at
    /// that key. Path parameters come first, and the body may not repeat them.
    func values(for allowed: AllowedInputs, path: [String: String] = [:]) throws(APIError) -> InputValues {
        let (declared, negatives) = (allowed.byKey, allowed.negatives)
        var result: [String: InputValues.Value] = [:]
        for (key, value) in path { result[key] = .text(value) }
        for (givenKey, given) in values {
            // As before the core, `diver-o2` is the key `diver_o2`: scripts wrote both.
            let key = FieldMessage.key(of: givenKey)
            guard let spec = declared[key] else { throw .badInput("unknown key '\(givenKey)'", field: givenKey) }
            // The path gives its inputs; the body may not give them again.
            guard path[spec.name] == nil else { throw .badInput("unknown key '\(givenKey)'", field: givenKey) }
            guard result[spec.name] == nil else { throw .badInput("the key '\(key)' is given twice", field: key) }
            switch (spec, given) {
            case (.argument, .text(let text)):
                result[spec.name] = .text(text)
            case (.argument, _):
                throw .badInput("the value of '\(key)' must be a string", field: key)
            case (.option(let option), _):
                let (name, value) = try Self.value(given, of: option, key: key, negatives: negatives, flagsFromText: flagsFromText)
                result[name] = value
            }
        }
        return InputValues(result)
    }

    /// One option's value: text for an option that takes one, a list for a
    /// repeatable one, true or false for a flag. A flag pair is one key:
    /// `o2_clean` false is the flag `no-o2-clean`.
    private static func value(
        _ given: Value, of option: OptionSpec, key: String, negatives: [String: InputSpec], flagsFromText: Bool
    ) throws(APIError) -> (String, InputValues.Value) {
        switch (given, option.takesValue) {
        case (.text(let text), true):
            return (option.name, .text(text))
        case (.null, true) where option.schema.types.contains(.null):
            // The schema documents null as the option's word for nothing: `none`.
            return (option.name, .text("none"))
        case (.texts(let texts), true) where option.isRepeatable:
            return (option.name, .texts(texts))
        case (.text(let text), false) where flagsFromText:
            guard text == "true" || text == "false" else { throw .badInput("the value of '\(key)' must be true or false", field: key) }
            return try value(.flag(text == "true"), of: option, key: key, negatives: negatives, flagsFromText: false)
        case (.flag(let on), false):
            if !on, case .option(let negative)? = negatives["no_" + key] { return (negative.name, .flag(true)) }
            return (option.name, .flag(on))
        case (.flag, true), (.texts, _), (.null, _):
            throw .badInput("the value of '\(key)' must be a string or a number", field: key)
        case (.text, false):
            throw .badInput("the value of '\(key)' must be true or false", field: key)
        }
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
