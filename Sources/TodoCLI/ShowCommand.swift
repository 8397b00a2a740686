import ArgumentParser
import Foundation
import TodoCore

/// `show ID [--json]`: every field of one item, the note whole (SPEC 8).
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Every field of one item, the note whole.")
  @OptionGroup var options: FileOption
  @Argument(help: "A UUID, iCalendar UID or unique prefix.", completion: IDCompletion.kind) var id: String
  @Flag(help: "One JSON object (the export's fields).") var json = false

  func run() throws {
    let doc = try options.load()
    let list = TodoList(doc.items)
    guard let item = list[try list.resolve(id)] else { throw TodoError.noSuchItem(id) }
    let now = CLI.now
    let fmt = CLI.formatter(now: now)
    let plan = Scheduler.plan(doc.items, now: now)
    if json {
      let text = JSONExchange.encode(
        [item], now: now, scheduled: plan.scheduledIDs, timeZone: SystemTimeZone.current)
      let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
      let object = try JSONSerialization.data(
        withJSONObject: array?.first ?? [:], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      CLI.out(String(decoding: object, as: UTF8.self) + "\n")
      return
    }
    let lists = doc.lists
    let listName = lists.list(id: lists.listID(of: item))?.name
    CLI.out(
      Self.text(item, formatter: fmt, shortID: ShortIDs(doc.items.map(\.id)).text(item.id), list: listName))
  }

  /// One line a field that is set (`name: value`), the note last, its lines indented.
  static func text(_ item: TodoItem, formatter f: DueFormatter, shortID: String, list: String? = nil)
    -> String
  {
    var lines: [(String, String)] = [
      ("id", shortID + "  " + item.id.uuidString), ("title", Title.displaySafe(item.title)),
    ]
    if let list { lines.append(("list", Title.displaySafe(list))) }
    if let u = item.uid { lines.append(("uid", Title.displaySafe(u))) }
    lines.append(("deadline", item.deadline.map { f.dateText($0, weekday: true) } ?? "none (someday)"))
    if let s = item.start { lines.append(("start", f.dateText(s, weekday: true))) }
    if let p = item.priority { lines.append(("priority", FieldText.priorityName(p) + " (\(p))")) }
    if !item.tags.isEmpty {
      lines.append(("tags", item.tags.map { "#" + Title.displaySafe($0) }.joined(separator: " ")))
    }
    if let p = item.progress { lines.append(("progress", "\(p)%")) }
    if let r = item.reminder { lines.append(("reminder", f.dateText(r, weekday: true))) }
    if let r = item.repeatRule { lines.append(("repeat", r)) }
    if let w = item.warn { lines.append(("warn", "\(w / 60) minutes before")) }
    lines.append(
      (
        "status",
        item.completed.map { "completed " + f.dateText($0) } ?? (item.cancelled ? "cancelled" : "pending")
      ))
    lines.append(("created", f.dateText(item.created)))
    if let m = item.modified { lines.append(("modified", f.dateText(m))) }
    var out = lines.map { $0.0 + ":" + String(repeating: " ", count: max(1, 10 - $0.0.count)) + $0.1 + "\n" }
      .joined()
    if let n = item.note {
      out += "note:\n"
      for l in n.split(separator: "\n", omittingEmptySubsequences: false) {
        out += "  " + Title.displaySafe(String(l)) + "\n"
      }
    }
    return out
  }
}
