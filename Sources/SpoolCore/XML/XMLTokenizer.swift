/// A small, bounded XML reader for the subset untrusted network documents use (DASH MPDs, UPnP
/// device descriptions): elements, attributes, character data, the five predefined entities
/// and character references, comments, CDATA sections and processing instructions (skipped).
/// Shared by SpoolHLS and SpoolCast (`package`, not API), so both read XML with one set of rules.
///
/// Guarantees: any document type declaration (`<!DOCTYPE`, `<!ENTITY`, any other `<!`) is
/// rejected before anything is expanded, so no external entity is ever read and no entity
/// expansion (billion laughs) can happen; an entity reference other than the predefined ones
/// is an error. Depth, element count, attributes per element and value length are checked as
/// the document is read, against `MPDLimits`, so memory stays proportional to the (bounded)
/// input. Time is linear in the input.
package struct XMLTokenizer {
    private let bytes: [UInt8]
    private let limits: XMLLimits
    private var position = 0
    private var elementCount = 0

    private init(bytes: [UInt8], limits: XMLLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The document's root element; `bytes` must already be valid UTF-8.
    package static func parse(_ bytes: [UInt8], limits: XMLLimits) throws(XMLParseError) -> XMLElement {
        var tokenizer = XMLTokenizer(bytes: bytes, limits: limits)
        return try tokenizer.document()
    }

    private func fail(_ problem: XMLParseError) -> XMLParseError { problem }

    private func syntax(_ what: String) -> XMLParseError { .syntax(offset: position, what) }

    private mutating func document() throws(XMLParseError) -> XMLElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        var stack: [OpenElement] = []
        var root: XMLElement?
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<") else {
                let text = try characterData()
                if stack.isEmpty {
                    guard text.allSatisfy(\.isWhitespace) else { throw syntax("text outside the root element") }
                } else {
                    try append(text, to: &stack[stack.count - 1])
                }
                continue
            }
            if try skipMarkup(into: &stack) { continue }
            if matches("</") {
                position += 2
                let name = try self.name()
                skipWhitespace()
                guard take(">") else { throw syntax("expected > after </\(name)") }
                guard let element = stack.popLast(), element.qualifiedName == name else {
                    throw syntax("</\(name)> does not close the open element")
                }
                try close(element.element, stack: &stack, root: &root)
                continue
            }
            position += 1
            guard root == nil else { throw syntax("a second root element") }
            guard stack.count < limits.maxDepth else { throw fail(.limitExceeded(.depth(limits.maxDepth))) }
            elementCount += 1
            guard elementCount <= limits.maxElements else {
                throw fail(.limitExceeded(.elements(limits.maxElements)))
            }
            let qualifiedName = try name()
            var element = XMLElement(name: Self.localName(qualifiedName))
            let selfClosing = try attributes(into: &element)
            if selfClosing {
                try close(element, stack: &stack, root: &root)
            } else {
                stack.append(OpenElement(qualifiedName: qualifiedName, element: element))
            }
        }
        guard stack.isEmpty else { throw syntax("<\(stack[stack.count - 1].qualifiedName)> is never closed") }
        guard let root else { throw syntax("no root element") }
        return root
    }

    private struct OpenElement {
        let qualifiedName: String
        var element: XMLElement
    }

    private func close(_ element: XMLElement, stack: inout [OpenElement], root: inout XMLElement?)
        throws(XMLParseError)
    {
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].element.children.append(element)
        }
    }

    private func append(_ text: String, to open: inout OpenElement) throws(XMLParseError) {
        guard !text.isEmpty else { return }
        guard open.element.text.utf8.count + text.utf8.count <= limits.maxValueLength else {
            throw fail(.limitExceeded(.valueLength(limits.maxValueLength)))
        }
        open.element.text += text
    }

    /// Comments, processing instructions and CDATA; a declaration throws. `true` when it read one.
    private mutating func skipMarkup(into stack: inout [OpenElement]) throws(XMLParseError) -> Bool {
        if matches("<?") {
            try skip(past: "?>")
            return true
        }
        if matches("<!--") {
            position += 4
            try skip(past: "-->")
            return true
        }
        if matches("<![CDATA[") {
            position += 9
            let start = position
            try skip(past: "]]>")
            guard !stack.isEmpty else { throw syntax("CDATA outside the root element") }
            try append(String(decoding: bytes[start..<(position - 3)], as: UTF8.self), to: &stack[stack.count - 1])
            return true
        }
        if matches("<!") { throw fail(.documentTypeDeclaration) }
        return false
    }

    /// Reads attributes up to `>` or `/>`; `true` for `/>`.
    private mutating func attributes(into element: inout XMLElement) throws(XMLParseError) -> Bool {
        var count = 0
        var seen: Set<String> = []
        while true {
            let hadSpace = skipWhitespace()
            if take("/") {
                guard take(">") else { throw syntax("expected > after /") }
                return true
            }
            if take(">") { return false }
            guard hadSpace else { throw syntax("expected whitespace before an attribute") }
            let qualifiedName = try name()
            count += 1
            guard count <= limits.maxAttributesPerElement else {
                throw fail(.limitExceeded(.attributes(limits.maxAttributesPerElement)))
            }
            guard seen.insert(qualifiedName).inserted else { throw syntax("attribute \(qualifiedName) twice") }
            skipWhitespace()
            guard take("=") else { throw syntax("expected = after \(qualifiedName)") }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
            else { throw syntax("attribute value is not quoted") }
            let quote = bytes[position]
            position += 1
            let value = try characterData(until: quote)
            guard take(quote) else { throw syntax("attribute value is never closed") }
            if qualifiedName == "xmlns" || qualifiedName.hasPrefix("xmlns:") { continue }
            let local = Self.localName(qualifiedName)
            if element.attributes[local] == nil { element.attributes[local] = value }
        }
    }

    /// Character data up to `<` (or `quote`), entities decoded, bounded by `maxValueLength`.
    private mutating func characterData(until quote: UInt8? = nil) throws(XMLParseError) -> String {
        var output: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote { break }
            if byte == UInt8(ascii: "<") {
                if quote == nil { break }
                throw syntax("< in an attribute value")
            }
            if byte == UInt8(ascii: "&") {
                output += try entity()
            } else {
                output.append(byte)
                position += 1
            }
            guard output.count <= limits.maxValueLength else {
                throw fail(.limitExceeded(.valueLength(limits.maxValueLength)))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes an entity reference at `position` stands for.
    private mutating func entity() throws(XMLParseError) -> [UInt8] {
        let start = position + 1
        var end = start
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { throw syntax("& without ;") }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            guard name.hasPrefix("#") else { throw fail(.undefinedEntity(name)) }
            let hex = name.hasPrefix("#x")
            let digits = name.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty, let value = UInt32(digits, radix: hex ? 16 : 10), value != 0,
                let scalar = Unicode.Scalar(value)
            else { throw syntax("invalid character reference &\(name);") }
            return Array(String(Character(scalar)).utf8)
        }
    }

    private mutating func name() throws(XMLParseError) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position], first: position == start) { position += 1 }
        guard position > start else { throw syntax("expected a name") }
        guard position - start <= 256 else { throw fail(.limitExceeded(.valueLength(256))) }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): !first
        default: false
        }
    }

    package static func localName(_ qualified: String) -> String {
        guard let colon = qualified.lastIndex(of: ":") else { return qualified }
        return String(qualified[qualified.index(after: colon)...])
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        return position > start
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[position + index] != pointer[index] { return false }
        return true
    }

    private mutating func take(_ literal: StaticString) -> Bool {
        guard matches(literal) else { return false }
        position += literal.utf8CodeUnitCount
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Moves past the next `terminator`, or throws when there is none.
    private mutating func skip(past terminator: StaticString) throws(XMLParseError) {
        while position < bytes.count {
            if take(terminator) { return }
            position += 1
        }
        throw syntax("\(terminator) never comes")
    }
}
