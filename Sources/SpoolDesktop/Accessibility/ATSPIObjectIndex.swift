/// A published application flattened into its object paths: the root at
/// `/org/a11y/atspi/accessible/root`, every object at `/org/a11y/atspi/accessible/<id>`, each
/// with its parent and children, so the bus thread answers a call by one dictionary look-up.
/// Pure and `Sendable`: built on the main actor, posted to the bus thread.
struct ATSPIObjectIndex: Sendable, Equatable {
    /// One exported object.
    struct Entry: Sendable, Equatable {
        /// The object, without its children (`childPaths` has them).
        let object: AccessibleObject
        /// Its parent's path; `nil` for the root, whose parent is the desktop.
        let parentPath: String?
        /// Its position among its parent's children.
        let indexInParent: Int
        /// Its children's paths, in order.
        let childPaths: [String]
    }

    /// Every object by path, the root included.
    private(set) var entries: [String: Entry] = [:]
    /// Every path in tree order (depth first), the root first.
    private(set) var paths: [String] = []

    /// The index of `application`. Ids are sanitized into path elements and made unique
    /// (`_2`, `_3`… appended to repeats), so a sloppy tree still exports every object.
    init(_ application: AccessibleApplication) {
        let root = AccessibleObject(id: "root", role: .application, name: application.name)
        var used: Set<String> = ["root", "null", "cache"]
        let childPaths = application.children.map { Self.path(for: $0.id, used: &used) }
        add(root, at: ATSPINames.rootPath, parent: nil, index: -1, childPaths: childPaths)
        for (index, child) in application.children.enumerated() {
            add(child, at: childPaths[index], parent: ATSPINames.rootPath, index: index, used: &used)
        }
    }

    /// The entry at `path`, if an object lives there.
    subscript(path: String) -> Entry? { entries[path] }

    private mutating func add(
        _ object: AccessibleObject, at path: String, parent: String?, index: Int, used: inout Set<String>
    ) {
        let childPaths = object.children.map { Self.path(for: $0.id, used: &used) }
        add(object, at: path, parent: parent, index: index, childPaths: childPaths)
        for (childIndex, child) in object.children.enumerated() {
            add(child, at: childPaths[childIndex], parent: path, index: childIndex, used: &used)
        }
    }

    private mutating func add(
        _ object: AccessibleObject, at path: String, parent: String?, index: Int, childPaths: [String]
    ) {
        var bare = object
        bare.children = []
        entries[path] = Entry(object: bare, parentPath: parent, indexInParent: index, childPaths: childPaths)
        paths.append(path)
    }

    /// `id` as a path element no other object uses.
    private static func path(for id: String, used: inout Set<String>) -> String {
        let cleaned = String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        var element = cleaned.isEmpty ? "object" : cleaned
        var suffix = 2
        while used.contains(element) {
            element = "\(cleaned.isEmpty ? "object" : cleaned)_\(suffix)"
            suffix += 1
        }
        used.insert(element)
        return ATSPINames.objectPathPrefix + "/" + element
    }

    /// The path of the object whose id is `id` as published (before sanitizing), if any.
    func path(ofID id: String) -> String? {
        paths.first { entries[$0]?.object.id == id && $0 != ATSPINames.rootPath }
    }
}
