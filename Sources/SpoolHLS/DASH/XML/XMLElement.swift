/// One element of a parsed XML document, as the MPD parser reads it: the local name (any
/// namespace prefix dropped), attributes by local name (`xmlns` declarations dropped; the
/// first of two attributes with one local name wins), child elements in order, and the
/// character data directly inside it (entities decoded, CDATA included).
struct XMLElement: Sendable, Equatable {
    var name: String
    var attributes: [String: String] = [:]
    var children: [XMLElement] = []
    var text = ""

    /// The children named `name`, in document order.
    func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }

    /// The first child named `name`.
    func child(named name: String) -> XMLElement? { children.first { $0.name == name } }
}
