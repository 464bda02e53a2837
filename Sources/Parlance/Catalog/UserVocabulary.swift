/// Per-user terms (contacts, playlists, workout names, …) ordered by importance, as an app hands
/// them to `INVocabulary.setVocabularyStrings(_:of:)`. Loaded from YAML or JSON:
///
/// ```yaml
/// contactName:
///   - Anna Schmidt
///   - {name: Дмитрий Иванов, id: contact-42, pronunciation: DMEE-tree}
/// mediaPlaylistTitle: [Morning Run, 夜のドライブ]
/// ```
///
/// It is its own value so it can be replaced at run time without recompiling the grammar
/// (see `CatalogStore.replaceUserVocabulary(_:)`).
public struct UserVocabulary: Sendable, Equatable {
    /// Apple's `INVocabularyStringType` cases, by their Swift names.
    public enum StringType: String, CaseIterable, Sendable, Codable, Comparable {
        case contactName, contactGroupName, photoTag, photoAlbumName, workoutActivityName, carProfileName, carName
        case paymentsOrganizationName, paymentsAccountNickname, notebookItemTitle, notebookItemGroupName
        case mediaPlaylistTitle, mediaMusicArtistName, mediaAudiobookTitle, mediaAudiobookAuthorName, mediaShowTitle

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    public struct Item: Sendable, Hashable, Codable {
        public var name: String
        public var id: String?
        public var pronunciation: String?
        /// 0 for the most important.
        public var rank: Int

        public init(name: String, id: String? = nil, pronunciation: String? = nil, rank: Int) {
            self.name = name
            self.id = id
            self.pronunciation = pronunciation
            self.rank = rank
        }
    }

    /// Apple's limit on one vocabulary string, in UTF-16 code units.
    public static let maxUTF16Length = 1024

    public var items: [StringType: [Item]]
    public var file: String?

    public init(items: [StringType: [Item]] = [:], file: String? = nil) {
        self.items = items
        self.file = file
    }

    public static let empty = UserVocabulary()

    public var count: Int { items.values.reduce(0) { $0 + $1.count } }

    public subscript(type: StringType) -> [Item] { items[type] ?? [] }

    /// Reads a YAML or JSON user vocabulary file.
    ///
    /// - Complexity: O(n) in the file size.
    public static func load(_ path: String, displayPath: String? = nil) throws -> UserVocabulary {
        let (text, shown) = try FileBytes.readText(path, shown: displayPath)
        return try parse(text, file: shown)
    }

    public static func parse(_ text: String, file: String) throws -> UserVocabulary {
        let root = try YAMLNode.document(text, file: file)
        var items: [StringType: [Item]] = [:]
        if root.isNull { return UserVocabulary(items: [:], file: file) }
        for (k, v) in try root.mapping("a user vocabulary") {
            let key = try k.text("a vocabulary type")
            guard let type = StringType(rawValue: key) else {
                throw DocumentError.unknownKey(k.site, key: key, allowed: StringType.allCases.map(\.rawValue))
            }
            items[type] = try v.sequence("'\(key)'").enumerated().map { rank, node in try item(node, rank: rank, type: key) }
        }
        return UserVocabulary(items: items, file: file)
    }

    private static func item(_ node: YAMLNode, rank: Int, type: String) throws -> Item {
        var item: Item
        let nameNode: YAMLNode
        if case .mapping = node {
            let f = try node.fields("an entry of '\(type)'", allowed: ["name", "id", "pronunciation"])
            guard let n = f["name"] else { throw DocumentError.missingKey(node.site, key: "name", in: "this entry of '\(type)'") }
            nameNode = n
            item = Item(name: try n.text("'name'"), id: try f["id"]?.text("'id'"),
                        pronunciation: try f["pronunciation"]?.text("'pronunciation'"), rank: rank)
        } else {
            nameNode = node
            item = Item(name: try node.text("an entry of '\(type)'"), id: nil, pronunciation: nil, rank: rank)
        }
        item.name = item.name.trimmingWhitespace()
        guard !item.name.isEmpty else {
            throw DocumentError.invalidValue(nameNode.site, detail: "empty name in '\(type)'", hint: "remove the entry or give it a name")
        }
        for s in [item.name, item.pronunciation ?? ""] where s.utf16.count > maxUTF16Length {
            throw DocumentError.invalidValue(
                nameNode.site, detail: "a '\(type)' string is \(s.utf16.count) UTF-16 units long; Apple's limit is \(maxUTF16Length)",
                hint: "shorten it: SiriKit ignores longer vocabulary strings")
        }
        return item
    }
}

extension String {
    /// The string without leading and trailing white space (Unicode's White_Space property).
    ///
    /// - Complexity: O(k) in the white space removed; the common case, none, copies nothing.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
              first.properties.isWhitespace || last.properties.isWhitespace
        else { return self }
        var view = Substring(self).unicodeScalars
        while let f = view.first, f.properties.isWhitespace { view.removeFirst() }
        while let l = view.last, l.properties.isWhitespace { view.removeLast() }
        return String(view)
    }
}
