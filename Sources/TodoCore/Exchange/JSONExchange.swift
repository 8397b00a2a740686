import Foundation

/// `export --format json` and its import: an array of items with every field
/// (the fields of `list --json` and the rest: creation and modification
/// times, sequence, the unmapped iCalendar text, what was notified, unknown
/// plist keys), dates as ISO 8601 with the local offset. `import` also reads
/// `list --json` output (the fields it lacks are left empty).
public enum JSONExchange {
  struct Item: Codable {
    var id: String
    var uid: String?
    var title: String
    var deadline: String?
    var overdue: Bool?
    var completed: String?
    var reminder: String?
    var `repeat`: String?
    var warn: Int?
    var cancelled: Bool?
    var scheduled: Bool?
    var created: String?
    var modified: String?
    var sequence: Int?
    var icalExtra: String?
    var notifiedDeadline: String?
    var notifiedReminder: String?
    var notifiedWarning: String?
    var otherKeys: [String: String]?

    func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(id, forKey: .id)
      try c.encode(uid, forKey: .uid)
      try c.encode(title, forKey: .title)
      try c.encode(deadline, forKey: .deadline)  // null, not absent
      try c.encode(overdue, forKey: .overdue)
      try c.encode(completed, forKey: .completed)
      try c.encode(reminder, forKey: .reminder)
      try c.encode(`repeat`, forKey: .repeat)
      try c.encode(warn, forKey: .warn)
      try c.encode(cancelled, forKey: .cancelled)
      try c.encode(scheduled, forKey: .scheduled)
      try c.encode(created, forKey: .created)
      try c.encodeIfPresent(modified, forKey: .modified)
      try c.encodeIfPresent(sequence, forKey: .sequence)
      try c.encodeIfPresent(icalExtra, forKey: .icalExtra)
      try c.encodeIfPresent(notifiedDeadline, forKey: .notifiedDeadline)
      try c.encodeIfPresent(notifiedReminder, forKey: .notifiedReminder)
      try c.encodeIfPresent(notifiedWarning, forKey: .notifiedWarning)
      if let o = otherKeys, !o.isEmpty { try c.encode(o, forKey: .otherKeys) }
    }
  }

  /// The items as one JSON document (an array, `[]` when empty).
  /// - Parameter scheduled: the items that hold one of the 64 slots.
  public static func encode(_ items: [TodoItem], now: Date, scheduled: Set<UUID>, timeZone: TimeZone)
    -> String
  {
    let f = DueFormatter(timeZone: timeZone, now: now)
    func iso(_ d: Date?) -> String? { d.map { ISOTime.string($0, formatter: f) } }
    let out = items.map { i in
      Item(
        id: i.id.uuidString, uid: i.icalUID, title: i.title, deadline: iso(i.deadline),
        overdue: i.isOverdue(at: now),
        completed: iso(i.completed), reminder: iso(i.reminder), repeat: i.repeatRule, warn: i.warn,
        cancelled: i.cancelled, scheduled: scheduled.contains(i.id), created: iso(i.created),
        modified: iso(i.modified), sequence: i.sequence, icalExtra: i.icalExtra,
        notifiedDeadline: iso(i.notifiedDeadline), notifiedReminder: iso(i.notifiedReminder),
        notifiedWarning: iso(i.notifiedWarning), otherKeys: i.otherKeys)
    }
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try! enc.encode(out), as: UTF8.self) + "\n"
  }

  /// The items of a JSON export (or of `list --json`).
  /// - Throws: ``TodoError/badFile(path:detail:)`` naming the entry that cannot be read.
  public static func decode(_ data: Data, path: String) throws -> [TodoItem] {
    let raw: [Item]
    do { raw = try JSONDecoder().decode([Item].self, from: data) } catch {
      throw TodoError.badFile(
        path: path, detail: "not a JSON export of ours (\(describe(error))); nothing was imported")
    }
    let iso = ISO8601DateFormatter()
    return try raw.enumerated().map { (k, r) in
      func fail(_ why: String) -> TodoError {
        TodoError.badFile(
          path: path, detail: "item \(k + 1) (\(r.id.prefix(40))): \(why); nothing was imported")
      }
      func date(_ s: String?, _ field: String) throws -> Date? {
        guard let s else { return nil }
        guard let d = iso.date(from: s) else { throw fail("'\(field)' is not an ISO 8601 date") }
        return d
      }
      guard let id = UUID(uuidString: r.id) else { throw fail("'id' is not a UUID") }
      let deadline = try date(r.deadline, "deadline")
      let item = TodoItem(
        id: id, title: Title.isClean(r.title) ? r.title : Title.sanitize(r.title, cuttingAt: .max),
        deadline: deadline,
        created: try date(r.created, "created") ?? deadline ?? Date(timeIntervalSince1970: 0),
        modified: try date(r.modified, "modified"), completed: try date(r.completed, "completed"),
        reminder: try date(r.reminder, "reminder"), repeatRule: r.repeat, warn: r.warn,
        cancelled: r.cancelled ?? false, uid: r.uid == id.uuidString ? nil : r.uid, sequence: r.sequence,
        icalExtra: r.icalExtra, notifiedDeadline: try date(r.notifiedDeadline, "notifiedDeadline"),
        notifiedReminder: try date(r.notifiedReminder, "notifiedReminder"),
        notifiedWarning: try date(r.notifiedWarning, "notifiedWarning"), otherKeys: r.otherKeys ?? [:])
      if let w = item.warn, w < 0 { throw fail("'warn' is negative") }
      do { try Instants.check(item) } catch { throw fail("\(error)") }
      return item
    }
  }

  static func describe(_ e: Error) -> String {
    switch e {
    case DecodingError.dataCorrupted(let c): return c.debugDescription
    case DecodingError.keyNotFound(let k, _): return "no '\(k.stringValue)'"
    case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
      return "'\(c.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
    default: return "\(e)"
    }
  }
}
