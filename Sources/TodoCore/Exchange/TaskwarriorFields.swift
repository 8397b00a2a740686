import Foundation

/// The fields of a Taskwarrior task beyond its title, dates and status
/// (``TaskwarriorJSON``), mapped to an item's, and what had no home counted
/// for the one line that says so.
struct TaskwarriorFields {
  struct Failure: Error { var why: String }

  let calendar: Calendar
  /// The projects, in their order of first appearance: one list each, known by name.
  var projects: [String] = []
  /// Field name → the number of tasks whose value of it was not mapped.
  var unmapped: [String: Int] = [:]

  init(calendar: Calendar) { self.calendar = calendar }

  /// Fields read elsewhere, or that are Taskwarrior's own bookkeeping (`urgency` is computed,
  /// `id` the working-set number, `mask`/`imask`/`parent` the recurrence's links).
  static let known: Set<String> = [
    "uuid", "description", "status", "entry", "modified", "end", "due", "id", "urgency", "mask", "imask",
    "parent", "project", "tags", "priority", "annotations", "scheduled", "wait", "start", "recur", "until",
    "depends",
  ]

  mutating func map(
    _ t: [String: Any], into item: inout TodoItem, repeats: Bool, date: (String) throws -> Date?
  ) throws {
    if let p = t["project"] as? String, !p.trimmingCharacters(in: .whitespaces).isEmpty {
      let name = Title.displaySafe(p)
      if !projects.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
        projects.append(name)
      }
      item.list = name.lowercased()
    }
    if let tags = t["tags"] as? [String] {
      var seen = Set<String>()
      item.tags = tags.map { Title.displaySafe($0) }.filter {
        !$0.isEmpty && seen.insert($0.lowercased()).inserted
      }
    }
    switch t["priority"] as? String {
    case "H": item.priority = 1
    case "M": item.priority = 5
    case "L": item.priority = 9
    case nil, "": break
    default: unmapped["priority", default: 0] += 1
    }
    if let notes = t["annotations"] as? [[String: Any]], !notes.isEmpty {
      item.note = try notes.map { a in
        let text = (a["description"] as? String ?? "").replacingOccurrences(of: "\n", with: " ")
        guard let s = a["entry"] as? String else { return text }
        guard let d = TaskwarriorJSON.date(s) else {
          throw Failure(why: "an annotation's 'entry' is not a Taskwarrior date (\(s.prefix(30)))")
        }
        return dayAndTime(d) + "  " + text
      }.joined(separator: "\n")
    }
    if let s = try date("scheduled") {
      item.start = s
      if t["wait"] != nil { unmapped["wait (beside scheduled)", default: 0] += 1 }
    } else if let w = try date("wait") {
      item.start = w
    }
    if try date("start") != nil, item.isPending { item.progress = 0 }
    if let recur = t["recur"] as? String, repeats {
      if var rule = Self.rule(recur) {
        if let until = try date("until") { rule += ";UNTIL=" + Self.utcStamp(until) }
        if let canonical = RepeatRule.canonical(rule) {
          item.repeatRule = canonical
        } else {
          unmapped["recur", default: 0] += 1
        }
      } else {
        unmapped["recur '\(recur.prefix(20))'", default: 0] += 1
      }
    } else if t["until"] != nil, t["recur"] == nil {
      unmapped["until", default: 0] += 1
    }
    let depends: [String]
    if let a = t["depends"] as? [String] {
      depends = a
    } else if let s = t["depends"] as? String {
      depends = s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    } else {
      depends = []
    }
    let uids = depends.compactMap { UUID(uuidString: $0)?.uuidString }
    if uids.count < depends.count { unmapped["depends (not a UUID)", default: 0] += 1 }
    if !uids.isEmpty {
      item.icalExtra = uids.map { TaskDepends.prefix + $0 + "\n" }.joined()
    }
    for key in t.keys where !Self.known.contains(key) { unmapped[key, default: 0] += 1 }
  }

  /// The lists the projects are, and the one line of what was not mapped (if anything).
  func finish(_ items: inout [TodoItem], path: String) -> (lists: [NamedList], warnings: [String]) {
    let lists = projects.map { NamedList(id: $0.lowercased(), name: $0) }
    guard !unmapped.isEmpty else { return (lists, []) }
    let parts = unmapped.keys.sorted().map { k in
      "\(k) (\(unmapped[k]!) task\(unmapped[k]! == 1 ? "" : "s"))"
    }
    return (lists, ["\(path): not mapped, left out: " + parts.joined(separator: ", ")])
  }

  /// `2026-11-20 10:00` in the calendar's time zone.
  func dayAndTime(_ d: Date) -> String {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: d)
    return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
  }

  static func utcStamp(_ d: Date) -> String {
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(identifier: "UTC")!
    let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: d)
    return String(
      format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
  }

  /// Taskwarrior's units (RFC `task.md`, "Duration") as an RRULE frequency and interval.
  static let units: [String: (String, Int)] = {
    var u: [String: (String, Int)] = [
      "annual": ("YEARLY", 1), "yearly": ("YEARLY", 1), "biannual": ("YEARLY", 2), "biyearly": ("YEARLY", 2),
      "semiannual": ("MONTHLY", 6), "bimonthly": ("MONTHLY", 2), "biweekly": ("WEEKLY", 2),
      "fortnight": ("WEEKLY", 2), "daily": ("DAILY", 1), "monthly": ("MONTHLY", 1), "weekly": ("WEEKLY", 1),
      "sennight": ("WEEKLY", 1), "quarterly": ("MONTHLY", 3),
    ]
    for w in ["days", "day", "d"] { u[w] = ("DAILY", 1) }
    for w in ["hours", "hour", "hrs", "hr", "h"] { u[w] = ("HOURLY", 1) }
    for w in ["months", "month", "mnths", "mths", "mth", "mos", "mo"] { u[w] = ("MONTHLY", 1) }
    for w in ["quarters", "qrtrs", "qtrs", "qtr", "q"] { u[w] = ("MONTHLY", 3) }
    for w in ["weeks", "week", "wks", "wk", "w"] { u[w] = ("WEEKLY", 1) }
    for w in ["years", "year", "yrs", "yr", "y"] { u[w] = ("YEARLY", 1) }
    return u
  }()

  /// The RRULE of a `recur` value (`weekly`, `3wks`, `2q`, `weekdays`), or nil (minutes, seconds, nonsense).
  static func rule(_ recur: String) -> String? {
    let s = recur.lowercased().trimmingCharacters(in: .whitespaces)
    if s == "weekdays" { return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }
    let digits = s.prefix(while: \.isNumber)
    let n = digits.isEmpty ? 1 : Int(digits) ?? 0
    guard n >= 1, n <= 9999, let (freq, k) = units[String(s.dropFirst(digits.count))] else { return nil }
    return n * k == 1 ? "FREQ=\(freq)" : "FREQ=\(freq);INTERVAL=\(n * k)"
  }
}

/// An item's dependencies (Taskwarrior's `depends`): the UIDs of the items
/// to be done first, kept in its iCalendar text as
/// `RELATED-TO;RELTYPE=DEPENDS-ON:UID` (RFC 9253), and so synced as they are.
public enum TaskDepends {
  static let prefix = "RELATED-TO;RELTYPE=DEPENDS-ON:"

  /// The UIDs the item depends on, in their order.
  public static func uids(of item: TodoItem) -> [String] {
    guard let extra = item.icalExtra, extra.contains(prefix) else { return [] }
    return extra.split(separator: "\n").compactMap { line in
      line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) : nil
    }
  }
}
