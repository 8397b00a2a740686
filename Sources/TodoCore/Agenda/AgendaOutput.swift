import Foundation

/// What `todo-tui agenda` prints (SPEC 2): overdue items first, then each
/// coming day that has items under its name, each item at its time, in
/// aligned columns (the time, the short id, the title):
///
///     Overdue
///       yesterday 17:00  1f0c9a2e  Pay rent
///     Today, Sat Nov 28
///       9:00             7b3d0e41  Water the plants
///     Tue Dec 1
///       12:30            c0ffee12  Lunch with Ann
///
/// An empty day is left out of the lines (the JSON keeps it).
extension Agenda {
  /// The lines, as UTF-8 bytes; `ids` shortens the UUIDs (unique among all the file's items).
  public func lines(formatter f: DueFormatter, ids: ShortIDs, colour: Bool) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(64 * count + 256)
    var scratch: [UInt8] = []
    // The time column: the overdue items' phrases ("yesterday 17:00"), the days' clocks.
    var width = 0
    for row in overdue {
      scratch.removeAll(keepingCapacity: true)
      f.appendPhrase(row.deadline, to: &scratch)
      width = max(width, scratch.count)
    }
    for row in rows[overdueCount...] {
      scratch.removeAll(keepingCapacity: true)
      let t = f.fields(row.deadline)
      f.appendClock(hour: t.hour, minute: t.minute, to: &scratch)
      width = max(width, scratch.count)
    }
    func heading(_ text: [UInt8], red: Bool) {
      if colour { out.append(contentsOf: red ? Self.boldRed : Self.bold) }
      out.append(contentsOf: text)
      if colour { out.append(contentsOf: ListOutput.reset) }
      out.append(10)
    }
    func line(_ item: Row, time: [UInt8], late: Bool) {
      out.append(contentsOf: [32, 32])
      if colour && late { out.append(contentsOf: ListOutput.red) }
      out.append(contentsOf: time)
      if colour && late { out.append(contentsOf: ListOutput.reset) }
      out.append(contentsOf: repeatElement(32, count: width - time.count + 2))
      let key = ShortIDs.Key(item.id)
      let n = ids.length(key)
      ShortIDs.append(key, count: n, to: { out.append($0) })
      out.append(contentsOf: repeatElement(32, count: ids.width - n + 2))
      ListOutput.appendPriority(item.priority, to: &out)
      ListOutput.appendTitle(item.title, to: &out)
      while out.last == 32 { out.removeLast() }
      out.append(10)
    }
    if !overdue.isEmpty {
      heading(Array("Overdue".utf8), red: true)
      for row in overdue {
        scratch.removeAll(keepingCapacity: true)
        f.appendPhrase(row.deadline, to: &scratch)
        line(row, time: scratch, late: true)
      }
    }
    for day in days where !day.range.isEmpty {
      heading(Array(Self.dayName(day.number, formatter: f).utf8), red: false)
      for row in rows(of: day) {
        scratch.removeAll(keepingCapacity: true)
        let t = f.fields(row.deadline)
        f.appendClock(hour: t.hour, minute: t.minute, to: &scratch)
        line(row, time: scratch, late: false)
      }
    }
    return out
  }

  /// A day's heading: "Today, Sat Nov 28", "Tomorrow, Sun Nov 29", "Tue Dec 1",
  /// "Fri Jan 1 2027" (another year than now's).
  public static func dayName(_ day: Int, formatter f: DueFormatter) -> String {
    let (y, m, d) = CivilDays.civil(day)
    var name = DueFormatter.weekdays[(day % 7 + 11) % 7] + " " + DueFormatter.months[m - 1] + " \(d)"
    if y != f.currentYear { name += " \(y)" }
    switch day - f.today {
    case 0: return "Today, " + name
    case 1: return "Tomorrow, " + name
    default: return name
    }
  }

  /// The JSON document of `agenda --json`: `{"days": [{"date", "items"}…], "overdue": [items]}`,
  /// `source`'s items (those the agenda was made from) as `list --json` writes them, every
  /// day of the agenda (an empty one too), in key order.
  public func json(_ source: [TodoItem], now: Date, scheduled: Set<UUID>, formatter f: DueFormatter) -> String
  {
    func items(_ rows: ArraySlice<Row>, indent: String) -> String {
      let list = rows.map { source[$0.source] }
      let text = ItemJSON.list(list, now: now, scheduled: scheduled, formatter: f)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      return lines.enumerated().map { k, line in k == 0 ? String(line) : indent + line }.joined(
        separator: "\n")
    }
    var out = "{\n  \"days\" : ["
    if days.isEmpty {
      out += "\n\n  ],\n"
    } else {
      out += "\n"
      for (k, day) in days.enumerated() {
        let (y, m, d) = CivilDays.civil(day.number)
        out += "    {\n      \"date\" : \"\(Self.pad(y, 4))-\(Self.pad(m, 2))-\(Self.pad(d, 2))\",\n"
        out += "      \"items\" : " + items(rows(of: day), indent: "      ") + "\n"
        out += k + 1 < days.count ? "    },\n" : "    }\n"
      }
      out += "  ],\n"
    }
    out += "  \"overdue\" : " + items(overdue, indent: "  ") + "\n}\n"
    return out
  }

  static func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return String(repeating: "0", count: max(0, width - s.count)) + s
  }

  static let bold = Array("\u{1B}[1m".utf8)
  static let boldRed = Array("\u{1B}[1;31m".utf8)
}
