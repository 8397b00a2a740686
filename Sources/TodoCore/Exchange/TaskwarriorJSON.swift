import Foundation

/// Taskwarrior's `task export`: a JSON array of tasks (or, from old versions,
/// one task object a line), as its JSON format (RFC `task.md`, 2.6) describes
/// it. Every field with a home here is mapped (``TaskwarriorFields``):
/// `description` the title, `due` the deadline, `status` pending/waiting
/// (pending), completed (completed at `end`) or deleted (cancelled), `uuid`
/// the identity, `entry` and `modified` the times, `project` the list (made
/// when missing), `tags`, `priority` H/M/L, `annotations` the note (a line
/// each, with its date), `scheduled` (else `wait`) the start, `start` (active)
/// progress "in process", `recur` and `until` the repeat rule, `depends` kept
/// as RELATED-TO;RELTYPE=DEPENDS-ON (RFC 9253) and shown by `show`. What has
/// no home (UDAs, a `wait` beside a `scheduled`) is said in one line.
///
/// A recurring task's template (status `recurring`) is not an item: its
/// earliest pending occurrence carries the rule (the others are plain
/// items). A template with no pending occurrence in the export is imported
/// itself, with its rule, so that the series goes on.
enum TaskwarriorJSON {
  /// The tasks, or nil when `data` is not a Taskwarrior export (no task has a
  /// `description` and a `uuid`).
  static func read(_ data: Data, path: String, calendar: Calendar = .localGregorian) throws
    -> ImportFormats.Imported?
  {
    // Every object must be a task: the first one tells most files (an export of ours) without parsing them all.
    if JSONSniff.firstObject(of: data).map(isTask) == false { return nil }
    guard let tasks = objects(data), !tasks.isEmpty,
      tasks.allSatisfy(isTask)
    else { return nil }
    var fields = TaskwarriorFields(calendar: calendar)
    // The earliest pending occurrence of each template (by due date), which carries the rule.
    var carrier: [String: Int] = [:]
    for (k, t) in tasks.enumerated() {
      guard let parent = (t["parent"] as? String)?.lowercased(), t["recur"] is String, isPendingStatus(t)
      else { continue }
      if let c = carrier[parent], (tasks[c]["due"] as? String ?? "~") <= (t["due"] as? String ?? "~") {
        continue
      }
      carrier[parent] = k
    }
    var items: [TodoItem] = []
    for (k, t) in tasks.enumerated() {
      func fail(_ why: String) -> TodoError {
        TodoError.badFile(
          path: path, detail: "task \(k + 1) of the Taskwarrior export: \(why); nothing was imported")
      }
      func date(_ field: String) throws -> Date? {
        guard let s = t[field] as? String else { return nil }
        guard let d = Self.date(s) else {
          throw fail("'\(field)' is not a Taskwarrior date (\(s.prefix(30)))")
        }
        return d
      }
      let status = t["status"] as? String ?? "pending"
      guard let id = UUID(uuidString: t["uuid"] as! String) else { throw fail("'uuid' is not a UUID") }
      if status == "recurring", carrier[id.uuidString.lowercased()] != nil { continue }
      let title = t["description"] as! String
      let modified = try date("modified")
      let deadline = try date("due")
      var item = TodoItem(
        id: id, title: Title.isClean(title) ? title : Title.sanitize(title, cuttingAt: .max),
        deadline: deadline,
        created: try date("entry") ?? modified ?? deadline ?? Date(timeIntervalSince1970: 0),
        modified: modified)
      if status == "completed" { item.completed = try date("end") ?? modified ?? item.created }
      if status == "deleted" { item.cancelled = true }
      let repeats =
        status == "recurring"
        || (t["parent"] as? String).map { carrier[$0.lowercased()] == k } ?? (t["recur"] is String)
      do {
        try fields.map(t, into: &item, repeats: repeats, date: date)
      } catch let e as TaskwarriorFields.Failure {
        throw fail(e.why)
      }
      do { try Instants.check(item) } catch { throw fail("\(error)") }
      items.append(item)
    }
    let (lists, warnings) = fields.finish(&items, path: path)
    return ImportFormats.Imported(
      items: items, warnings: warnings, undatedCompletions: [], lists: lists, listsByName: true)
  }

  static func isPendingStatus(_ t: [String: Any]) -> Bool {
    let s = t["status"] as? String ?? "pending"
    return s == "pending" || s == "waiting"
  }

  /// The JSON objects of an array, or of one object a line.
  static func isTask(_ o: [String: Any]) -> Bool { o["description"] is String && o["uuid"] is String }

  static func objects(_ data: Data) -> [[String: Any]]? {
    if let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] { return array }
    var out: [[String: Any]] = []
    for line in data.split(separator: UInt8(ascii: "\n")) where !line.allSatisfy({ $0 == 32 || $0 == 13 }) {
      guard let o = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return nil }
      out.append(o)
    }
    return out
  }

  /// `20261125T170000Z` (Taskwarrior's own), or ISO 8601 with an offset.
  static func date(_ s: String) -> Date? {
    let b = Array(s.utf8)
    if b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") {
      func n(_ r: Range<Int>) -> Int? { Int(String(decoding: b[r], as: UTF8.self)) }
      guard let y = n(0..<4), let mo = n(4..<6), let d = n(6..<8), let h = n(9..<11), let mi = n(11..<13),
        let se = n(13..<15), let day = CivilDay.valid(y, mo, d), h < 24, mi < 60, se < 61
      else { return nil }
      return Date(timeIntervalSince1970: Double(day.days * 86_400 + h * 3600 + mi * 60 + se))
    }
    return ISO8601DateFormatter().date(from: s)
  }
}
