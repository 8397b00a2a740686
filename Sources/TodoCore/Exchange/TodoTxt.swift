import Foundation

/// The todo.txt format (todotxt/todo.txt's README: one task a line), read by
/// `import` and written by `export --format todotxt`.
///
/// Read: `x` then the completion date for done; `(A)`–`(Z)` the priority (A
/// high, B medium, C and after low: iCalendar's three named levels; `pri:X`
/// on a done task); the creation date after them; `+project` the list (the
/// first one; made when missing); `@context` a tag; `due:YYYY-MM-DD` the
/// deadline (09:00, as any date without a time); `t:YYYY-MM-DD` (Simpletask's
/// threshold) the start; `uuid:` the identity our export writes. Other
/// `key:value` pairs and further `+projects` stay in the title as written, and
/// come back out. A line without `uuid:` is known by its text (without its
/// completion mark, priority and dates), so the same file imports as the same
/// items again. A line without a creation date was created when imported.
public enum TodoTxt {
  /// Whether `data` reads as todo.txt: UTF-8 text without control characters
  /// (but tab, CR, LF), named `.txt` or with one line that has a todo.txt mark.
  static func looksLike(_ data: Data, path: String) -> Bool {
    guard let text = String(data: data, encoding: .utf8), !text.isEmpty,
      !text.unicodeScalars.contains(where: { $0.value < 32 && $0 != "\t" && $0 != "\r" && $0 != "\n" })
    else { return false }
    if path.lowercased().hasSuffix(".txt") { return true }
    return text.split(separator: "\n").contains { l in
      let line = Line(String(l))
      return line.done || line.priority != nil || line.created != nil
        || line.words.contains { isMark($0) || keyValue($0) != nil }
    }
  }

  static func isMark(_ w: Substring) -> Bool { w.count > 1 && (w.first == "+" || w.first == "@") }

  /// The `key:value` word of the todo.txt format that marks a cancelled item
  /// (todo.txt has no status of its own: an extension tag, read and written whole).
  static let cancelledTag = "status:cancelled"

  /// `key:value`, both non-empty, without white space or another colon.
  static func keyValue(_ w: Substring) -> (String, String)? {
    let parts = w.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
    return (String(parts[0]), String(parts[1]))
  }

  /// One line's leading parts: `x`, the completion date, the priority, the creation date, then the words.
  struct Line {
    var done = false
    var completedDay: CivilDay?
    var priority: Character?
    var created: CivilDay?
    var words: [Substring] = []

    init(_ text: String) {
      var w = text.split(separator: " ", omittingEmptySubsequences: true)[...]
      if w.first == "x", text.hasPrefix("x ") {
        done = true
        w = w.dropFirst()
        if let d = w.first.flatMap(TodoTxt.day) {
          completedDay = d
          w = w.dropFirst()
        }
      } else if let p = w.first, p.count == 3, p.first == "(", p.last == ")",
        let c = p.dropFirst().first, c.isASCII, c.isUppercase, text.hasPrefix(String(p) + " ")
      {
        priority = c
        w = w.dropFirst()
      }
      if let d = w.first.flatMap(TodoTxt.day) {
        created = d
        w = w.dropFirst()
      }
      words = Array(w)
    }
  }

  /// `YYYY-MM-DD`, a real day.
  static func day(_ w: Substring) -> CivilDay? {
    let b = Array(w.utf8)
    guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
    guard let y = Int(w.prefix(4)), let m = Int(w.dropFirst(5).prefix(2)), let d = Int(w.suffix(2)) else {
      return nil
    }
    return CivilDay.valid(y, m, d)
  }

  static func priority(_ c: Character) -> Int? {
    c == "A" ? 1 : c == "B" ? 5 : c.isASCII && c.isUppercase ? 9 : nil
  }

  /// The items of a todo.txt file; nil when it does not look like one.
  static func read(_ data: Data, path: String, calendar: Calendar, now: Date) throws -> ImportFormats
    .Imported?
  {
    guard looksLike(data, path: path), let text = String(data: data, encoding: .utf8) else { return nil }
    func at(_ d: CivilDay, hour: Int) -> Date {
      calendar.date(from: DateComponents(year: d.year, month: d.month, day: d.day, hour: hour))!
    }
    var items: [TodoItem] = []
    var lists: [NamedList] = []
    var seen: [String: Int] = [:]
    for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lineText = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
      guard !lineText.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
      func fail(_ why: String) -> TodoError {
        TodoError.badFile(path: path, detail: "line \(n + 1): \(why); nothing was imported")
      }
      let line = Line(lineText)
      var title: [Substring] = []
      var (list, tags, id): (String?, [String], UUID?) = (nil, [], nil)
      var (due, start, priority) = (nil as Date?, nil as Date?, line.priority.flatMap(Self.priority))
      var cancelled = false
      for w in line.words {
        if w.count > 1, w.first == "+", list == nil {
          list = String(w.dropFirst())
        } else if w.count > 1, w.first == "@" {
          let t = String(w.dropFirst())
          if !tags.contains(where: { $0.caseInsensitiveCompare(t) == .orderedSame }) { tags.append(t) }
        } else if let (k, v) = keyValue(w), ["due", "t", "pri", "uuid", "status"].contains(k) {
          switch k {
          case "due", "t":
            guard let d = day(Substring(v)) else { throw fail("'\(w)' is not a date (YYYY-MM-DD)") }
            if k == "due" { due = at(d, hour: 9) } else { start = at(d, hour: 9) }
          case "pri":
            guard v.count == 1, let p = Self.priority(v.first!) else {
              throw fail("'\(w)' is not a priority A–Z")
            }
            priority = p
          case "uuid":
            guard let u = UUID(uuidString: v) else { throw fail("'\(w)' is not a UUID") }
            id = u
          default:
            if k + ":" + v == Self.cancelledTag { cancelled = true } else { title.append(w) }
          }
        } else {
          title.append(w)
        }
      }
      var name = title.joined(separator: " ")
      if name.isEmpty { name = line.words.joined(separator: " ") }
      if name.isEmpty { throw fail("no text") }
      let key = line.words.joined(separator: " ")
      seen[key, default: 0] += 1
      let identity = id ?? UUID.derived(from: "todo.txt " + key + (seen[key]! > 1 ? " #\(seen[key]!)" : ""))
      let created = line.created.map { at($0, hour: 0) } ?? now.wholeSeconds
      var item = TodoItem(
        id: identity, title: Title.isClean(name) ? name : Title.sanitize(name, cuttingAt: .max),
        deadline: due, created: created, priority: priority, tags: tags, start: start)
      if line.done { item.completed = line.completedDay.map { at($0, hour: 12) } ?? created }
      if cancelled {
        item.completed = nil
        item.cancelled = true
      }
      if let l = list {
        if !lists.contains(where: { $0.id == l.lowercased() }) {
          lists.append(NamedList(id: l.lowercased(), name: l))
        }
        item.list = l.lowercased()
      }
      do { try Instants.check(item) } catch { throw fail("\(error)") }
      items.append(item)
    }
    return ImportFormats.Imported(items: items, lists: lists, listsByName: true)
  }

  /// The items as todo.txt lines, pending first (as the file sorts), each with its `uuid:`.
  public static func write(_ items: [TodoItem], lists: ListBook, calendar: Calendar = .localGregorian)
    -> String
  {
    func day(_ d: Date) -> String {
      let c = calendar.dateComponents([.year, .month, .day], from: d)
      return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
    func word(_ s: String) -> String {
      String(s.map { $0 == " " || $0 == "\t" ? "_" : $0 })
    }
    func letter(_ p: Int?) -> String? {
      guard let p, p > 0 else { return nil }
      return p < 5 ? "A" : p == 5 ? "B" : "C"
    }
    var out = ""
    for item in items.filter(\.isPending) + items.filter({ !$0.isPending }) {
      var parts: [String] = []
      if !item.isPending {
        parts += ["x", day(item.completed ?? item.modified ?? item.created), day(item.created)]
      } else {
        if let l = letter(item.priority) { parts.append("(\(l))") }
        parts.append(day(item.created))
      }
      parts.append(item.title)
      let listID = lists.listID(of: item)
      if listID != lists.first.id, let l = lists.list(id: listID) { parts.append("+" + word(l.name)) }
      parts += item.tags.map { "@" + word($0) }
      if let d = item.deadline { parts.append("due:" + day(d)) }
      if let s = item.start { parts.append("t:" + day(s)) }
      if !item.isPending, let l = letter(item.priority) { parts.append("pri:" + l) }
      if item.cancelled { parts.append(Self.cancelledTag) }
      parts.append("uuid:" + item.id.uuidString)
      out += parts.joined(separator: " ") + "\n"
    }
    return out
  }
}
