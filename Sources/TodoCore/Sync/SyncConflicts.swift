import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One field a sync settled when both sides had changed it (SPEC 10): the
/// later LAST-MODIFIED's value was kept, the other set aside, to be told
/// and put back on request (`sync conflicts --restore N`).
public struct SyncConflict: Codable, Equatable, Sendable {
  /// The item (its UUID here) and its iCalendar UID.
  public var id: UUID
  public var uid: String
  /// The item's title after the sync.
  public var title: String
  /// The field's name (``ItemField/name``).
  public var field: String
  public var kept: FieldValue
  public var setAside: FieldValue
  /// When the sync settled it.
  public var at: Date

  public init(
    id: UUID, uid: String, title: String, field: String, kept: FieldValue, setAside: FieldValue, at: Date
  ) {
    self.id = id
    self.uid = uid
    self.title = title
    self.field = field
    self.kept = kept
    self.setAside = setAside
    self.at = at
  }

  /// "“Pay rent”: title kept “Pay the rent”, set aside “Pay rent!”".
  public var line: String {
    "“\(title)”: \(field) kept \(Self.show(kept)), set aside \(Self.show(setAside))"
  }

  /// A value as the lists show it: text quoted, instants in UTC (ISO 8601), none as "(none)".
  public static func show(_ v: FieldValue) -> String {
    switch v {
    case .absent: return "(none)"
    case .text(let s): return "“\(s)”"
    case .integer(let n): return "\(n)"
    case .date(let d): return ISO8601DateFormatter().string(from: d)
    case .flag: return "yes"
    case .texts(let t): return t.map { "“\($0)”" }.joined(separator: ", ")
    case .uuid(let u): return u.uuidString
    }
  }
}

/// The conflicts of syncs of one data file that are still set aside, kept
/// beside it (`todos.plist.sync-conflicts`, JSON, oldest first), with a
/// lock file of its own: the daemon's sync, vdirsyncer's resolve command
/// and `sync conflicts --restore` may meet.
///
/// Each conflict keeps the number it was given when set aside (`sync
/// conflicts` shows it, `--restore N` names it): a value put back leaves the
/// list and the others keep theirs, so restoring twice never restores
/// another value; a number is never given twice (the file keeps the next).
/// The list is bounded: a value put back leaves it, and so does one set
/// aside more than ``keptDays`` days ago or beyond the newest ``keptCount``
/// (a value that old was settled long since; the list stays short enough to read).
public struct SyncConflicts: Sendable {
  public let path: String
  /// How a conflict begins when a sync tells it on stderr.
  public static let linePrefix = "conflict: "
  /// Days a value set aside stays on the list.
  public static let keptDays = 30
  /// The most values kept on the list (the newest).
  public static let keptCount = 100

  /// A conflict under its number.
  public struct Numbered: Codable, Equatable, Sendable {
    public var number: Int
    public var conflict: SyncConflict
  }

  /// The file: the conflicts under their numbers, and the number the next one gets.
  struct Stored: Codable, Equatable {
    var next: Int
    var conflicts: [Numbered]
  }

  public init(dataFile: String) { path = dataFile + ".sync-conflicts" }

  /// The conflicts set aside as of `now`, oldest first, within the bound
  /// (none when there is no file).
  public func load(now: Date = Date()) throws -> [SyncConflict] {
    try numbered(now: now).map(\.conflict)
  }

  /// ``load(now:)`` with each conflict's number.
  public func numbered(now: Date = Date()) throws -> [Numbered] {
    Self.bounded(try loadAll().conflicts, now: now)
  }

  /// The whole file, the bound not applied (a file of an older version, a
  /// list without numbers, numbered 1, 2, … in its order).
  func loadAll() throws -> Stored {
    guard let data = FileManager.default.contents(atPath: path) else { return Stored(next: 1, conflicts: []) }
    let dec = JSONDecoder()
    dec.dateDecodingStrategy = .iso8601
    do {
      if let old = try? dec.decode([SyncConflict].self, from: data) {
        return Stored(
          next: old.count + 1,
          conflicts: old.enumerated().map { Numbered(number: $0.offset + 1, conflict: $0.element) })
      }
      return try dec.decode(Stored.self, from: data)
    } catch {
      throw TodoError.corruptFile(path: path, detail: "the list of sync conflicts does not parse: \(error)")
    }
  }

  /// `list` without what is older than ``keptDays`` before `now` and beyond the newest ``keptCount``.
  static func bounded(_ list: [Numbered], now: Date) -> [Numbered] {
    let oldest = now - TimeInterval(keptDays * 86_400)
    return Array(list.filter { $0.conflict.at >= oldest }.suffix(keptCount))
  }

  /// Adds `new` at the end (set aside at `now`), each under the next number; answers their numbers.
  @discardableResult
  public func append(_ new: [SyncConflict], now: Date = Date()) throws -> [Int] {
    guard !new.isEmpty else { return [] }
    var numbers: [Int] = []
    try update(now: now) { stored in
      for c in new {
        numbers.append(stored.next)
        stored.conflicts.append(Numbered(number: stored.next, conflict: c))
        stored.next += 1
      }
    }
    return numbers
  }

  /// Changes the list under its lock, bounds it as of `now` and writes it atomically.
  func update(now: Date, _ body: (inout Stored) throws -> Void) throws {
    try FileLock.withLock(path + ".lock") {
      let old = try loadAll()
      var stored = old
      stored.conflicts = Self.bounded(old.conflicts, now: now)
      try body(&stored)
      stored.conflicts = Self.bounded(stored.conflicts, now: now)
      guard stored != old else { return }
      let enc = JSONEncoder()
      enc.dateEncodingStrategy = .iso8601
      enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      do {
        try AtomicFile.replace(path, with: Array(try enc.encode(stored)) + [10])
      } catch let e as SystemError {
        throw AtomicFile.failure(e, path: path)
      }
    }
  }

  /// Puts back the value set aside by conflict `number` (its number on the
  /// list): an edit of that one field (``TodoOperation/setField(_:field:to:)``),
  /// so that it syncs out as any edit does; then takes it off the list.
  @discardableResult
  public func restore(_ number: Int, store: Store, env: TodoEnvironment) throws -> SyncConflict {
    let list = try numbered(now: env.now())
    guard let c = list.first(where: { $0.number == number }) else {
      throw ServerError(
        list.isEmpty
          ? "no conflict is set aside"
          : "no conflict \(number) (put back already, or never set aside): give \(Self.numbers(list)) (todo-tui sync conflicts)"
      )
    }
    try store.commit(.setField(c.conflict.id, field: c.conflict.field, to: c.conflict.setAside), env: env)
    try update(now: env.now()) { stored in stored.conflicts.removeAll { $0.number == number } }
    return c.conflict
  }

  /// "3", "2 to 5", or "one of 2, 4, 7": the numbers on the list.
  static func numbers(_ list: [Numbered]) -> String {
    let n = list.map(\.number)
    guard let first = n.first, let last = n.last else { return "" }
    if n.count == 1 { return "\(first)" }
    if last - first + 1 == n.count { return "\(first) to \(last)" }
    return "one of " + n.map(String.init).joined(separator: ", ")
  }
}

extension FieldValue: Codable {
  private enum Key: String, CodingKey { case text, integer, date, flag, texts, uuid }

  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    if let v = try c.decodeIfPresent(String.self, forKey: .text) {
      self = .text(v)
    } else if let v = try c.decodeIfPresent(Int.self, forKey: .integer) {
      self = .integer(v)
    } else if let v = try c.decodeIfPresent(Date.self, forKey: .date) {
      self = .date(v)
    } else if try c.decodeIfPresent(Bool.self, forKey: .flag) == true {
      self = .flag
    } else if let v = try c.decodeIfPresent([String].self, forKey: .texts) {
      self = .texts(v)
    } else if let v = try c.decodeIfPresent(UUID.self, forKey: .uuid) {
      self = .uuid(v)
    } else {
      self = .absent
    }
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    switch self {
    case .absent: break
    case .text(let v): try c.encode(v, forKey: .text)
    case .integer(let v): try c.encode(v, forKey: .integer)
    case .date(let v): try c.encode(v, forKey: .date)
    case .flag: try c.encode(true, forKey: .flag)
    case .texts(let v): try c.encode(v, forKey: .texts)
    case .uuid(let v): try c.encode(v, forKey: .uuid)
    }
  }
}

extension SyncConflicts {
  /// Records what a sync of `dataFile` settled, at `time`; answers the conflicts as recorded.
  static func record(_ settled: [SyncConflict], dataFile: String, at time: Date) throws -> [SyncConflict] {
    let out = settled.map { c -> SyncConflict in
      var c = c
      c.at = time.wholeSeconds
      return c
    }
    try SyncConflicts(dataFile: dataFile).append(out, now: time)
    return out
  }
}
