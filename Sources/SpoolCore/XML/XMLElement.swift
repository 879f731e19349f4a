/// One element of a parsed XML document, as `XMLTokenizer` returns it: the local name (any
/// namespace prefix dropped), attributes by local name (`xmlns` declarations dropped; the
/// first of two attributes with one local name wins), child elements in order, and the
/// character data directly inside it (entities decoded, CDATA included).
package struct XMLElement: Sendable, Equatable {
    /// The local name.
    package var name: String
    /// Attribute values by local name.
    package var attributes: [String: String] = [:]
    /// Child elements in document order.
    package var children: [XMLElement] = []
    /// The character data directly inside the element.
    package var text = ""

    /// An element named `name` with nothing in it.
    package init(name: String) { self.name = name }

    /// The children named `name`, in document order.
    package func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }

    /// The first child named `name`.
    package func child(named name: String) -> XMLElement? { children.first { $0.name == name } }
}
