import Foundation

/// One list of items (SPEC 9): a calendar collection ("Personal", "Work").
/// Known by its `id`, which never changes: an item names its list by it, so
/// a rename moves nothing. In a vdir root (SPEC 9, "Lists in sync") the id is
/// also the name of the list's subfolder.
public struct NamedList: Equatable, Hashable, Sendable {
  public var id: String
  public var name: String
  /// The colour as the collection's `color` file holds it (`#RRGGBB`), if any.
  public var color: String?

  public init(id: String, name: String, color: String? = nil) {
    self.id = id
    self.name = name
    self.color = color
  }
}

/// The lists of a data file, in their order. Never empty: a file without the
/// `todoLists` root key has one list, `Tasks` (``implicit``), and holds it
/// without writing it. The first list is the default one: an item without a
/// `list` field (every item of a file from before lists), or naming a list
/// the file does not hold, is in it.
public struct ListBook: Equatable, Sendable {
  public private(set) var lists: [NamedList]
  /// Whether the file holds the key (false: the implicit `Tasks` alone).
  public private(set) var stored: Bool

  /// The one list of a file that names none.
  public static let implicit = ListBook(lists: [NamedList(id: "tasks", name: "Tasks")], stored: false)

  init(lists: [NamedList], stored: Bool) {
    self.lists = lists
    self.stored = stored
  }

  /// These lists, stored (at least one).
  public init(_ lists: [NamedList]) {
    precondition(!lists.isEmpty)
    self.init(lists: lists, stored: true)
  }

  /// The default list.
  public var first: NamedList { lists[0] }

  /// The list of this id, if the file holds it.
  public func list(id: String) -> NamedList? { lists.first { $0.id == id } }

  /// The name of the list `item` is in.
  public func name(of item: TodoItem) -> String { name(ofListID: item.list) }

  /// The name of the list of id `id`: the default list's for nil or an id the file does not hold.
  public func name(ofListID id: String?) -> String {
    guard let id, let l = lists.first(where: { $0.id == id }) else { return first.name }
    return l.name
  }

  /// The id of the list `item` is in.
  public func listID(of item: TodoItem) -> String {
    guard let id = item.list, lists.contains(where: { $0.id == id }) else { return first.id }
    return id
  }

  /// The value of an item's `list` field for the list `id`: none for the default list.
  public func field(for id: String) -> String? { id == first.id ? nil : id }

  /// The list a user named: by name, any case; else by id. Else an error naming
  /// the lists there are, and the closest one to a typo.
  public func named(_ text: String) throws -> NamedList {
    let t = text.trimmingCharacters(in: .whitespaces)
    if let l = lists.first(where: { $0.name.caseInsensitiveCompare(t) == .orderedSame }) { return l }
    if let l = lists.first(where: { $0.id == t }) { return l }
    let hint = Typo.suggestion(for: t, among: lists.map { $0.name.lowercased() }).flatMap { s in
      lists.first { $0.name.lowercased() == s }
    }
    throw TodoError.badTitle(
      "no list '\(text)'" + (hint.map { "; did you mean '\($0.name)'?" } ?? "") + " (the lists: "
        + lists.map(\.name).joined(separator: ", ") + ")")
  }

  // MARK: - Changes (each checked; made by the list verbs of ``TodoOperation``)

  /// A list name: one line of text, not empty, not another list's.
  func checkedName(_ name: String, except id: String? = nil) throws -> String {
    let n = try Title.validate(name).trimmingCharacters(in: .whitespaces)
    guard !n.isEmpty else { throw TodoError.badTitle("a list needs a name") }
    if let other = lists.first(where: { $0.id != id && $0.name.caseInsensitiveCompare(n) == .orderedSame }) {
      throw TodoError.badTitle("there is already a list '\(other.name)'")
    }
    return n
  }

  /// A new id for a list named `name`: its letters and digits, lower case
  /// (`Groceries` → `groceries`), a number added when taken; a fit folder name.
  func newID(for name: String) -> String {
    var slug = ""
    for c in name.lowercased().unicodeScalars {
      if (c >= "a" && c <= "z") || (c >= "0" && c <= "9") {
        slug.unicodeScalars.append(c)
      } else if !slug.isEmpty && slug.last != "-" {
        slug += "-"
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    if slug.count > Self.idLimit - 8 { slug = String(slug.prefix(Self.idLimit - 8)) }
    if slug.isEmpty { slug = "list" }
    var id = slug
    var n = 2
    while lists.contains(where: { $0.id == id }) {
      id = "\(slug)-\(n)"
      n += 1
    }
    return id
  }

  /// The longest list id, in bytes (a folder's name; the file system's limit is 255).
  static let idLimit = 128

  /// Whether `id` can name the list's folder in a vdir root (SPEC 9, "Lists in
  /// sync") as it is: not empty, at most ``idLimit`` bytes, no `/`, no control
  /// character (NUL included), not hidden (no leading `.`, so not `.` nor `..`:
  /// vdirsyncer and todoman skip those folders). An id that arrives by import
  /// and is not fit is replaced (``TodoOperation/importedLists(_:into:)``).
  public static func isFitID(_ id: String) -> Bool {
    !id.isEmpty && id.utf8.count <= idLimit && !id.hasPrefix(".")
      && !id.unicodeScalars.contains { $0 == "/" || $0.value < 0x20 || $0.value == 0x7F }
  }

  mutating func append(_ list: NamedList) {
    lists.append(list)
    stored = true
  }

  mutating func update(_ list: NamedList) {
    guard let k = lists.firstIndex(where: { $0.id == list.id }) else { return }
    lists[k] = list
    stored = true
  }

  mutating func remove(id: String) {
    lists.removeAll { $0.id == id }
    stored = true
  }

  /// The lists without the implicit `Tasks`, when other lists come (a sync's collections).
  mutating func replaceImplicit(with list: NamedList) {
    lists = [list]
    stored = true
  }
}

// MARK: - In the data file

extension ListBook {
  /// The lists of the `todoLists` root key's value (kept as canonical XML by both
  /// readers, ``PlistFragment``): an array of dictionaries `id`, `name`, `color`.
  init(xml: String?) throws {
    guard let xml else {
      self = .implicit
      return
    }
    guard let array = try LeanPlistReader.stringDicts(xml) ?? PlistFragment.value(of: xml) as? [Any] else {
      throw CodecError("\(TodoDocument.listsKey) is not an array")
    }
    var out: [NamedList] = []
    for e in array {
      guard let d = e as? [String: Any], let id = d["id"] as? String, !id.isEmpty,
        let name = d["name"] as? String
      else { throw CodecError("an entry of \(TodoDocument.listsKey) has no id or no name") }
      guard !out.contains(where: { $0.id == id }) else {
        throw CodecError("the list id '\(id)' appears twice in \(TodoDocument.listsKey)")
      }
      out.append(NamedList(id: id, name: name, color: d["color"] as? String))
    }
    guard !out.isEmpty else {
      self = .implicit
      return
    }
    self.init(out)
  }

  /// The value of the `todoLists` root key, as canonical XML; nil when not stored.
  var xml: String? {
    guard stored else { return nil }
    let array: [Any] = lists.map { l -> [String: Any] in
      var d: [String: Any] = ["id": l.id, "name": l.name]
      if let c = l.color { d["color"] = c }
      return d
    }
    return try? PlistFragment.xml(of: array)
  }
}

extension TodoDocument {
  /// The file's lists (``ListBook``), held in the `todoLists` root key.
  public var lists: ListBook {
    get { (try? ListBook(xml: otherRootKeys[Self.listsKeyText])) ?? .implicit }
    set { otherRootKeys[Self.listsKeyText] = newValue.xml }
  }

  /// A problem with the `todoLists` key, if it does not read (the file then has the implicit list).
  public var listsProblem: String? {
    do {
      _ = try ListBook(xml: otherRootKeys[Self.listsKeyText])
      return nil
    } catch { return "\(error)" }
  }
}
