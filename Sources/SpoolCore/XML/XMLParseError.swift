/// Why `XMLTokenizer` rejected a document. Each format's parser maps these into its own
/// public error, so its users see one error type per format.
package enum XMLParseError: Error, Sendable, Equatable {
    /// Not well formed; `offset` is the byte offset where it went wrong.
    case syntax(offset: Int, String)
    /// A document type declaration (`<!DOCTYPE`, `<!ENTITY`, any other `<!`): never accepted,
    /// so no external entity is read and no entity expands.
    case documentTypeDeclaration
    /// An entity reference other than the five XML predefines and character references.
    case undefinedEntity(String)
    /// A depth, count or length limit was exceeded.
    case limitExceeded(XMLLimits.Limit)
}
