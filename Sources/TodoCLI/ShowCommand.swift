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
      // As the JSON export: `listName` (and `listColor`) beside the `list` id.
      let text = JSONExchange.encode(
        [item], now: now, scheduled: plan.scheduledIDs, timeZone: SystemTimeZone.current, lists: doc.lists)
      // The export leaves the name out for a file that names no list; show names it always, as list --json.
      var fields = (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])?.first ?? [:]
      fields["listName"] = doc.lists.name(of: item)
      let object = try JSONSerialization.data(
        withJSONObject: fields, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      CLI.out(String(decoding: object, as: UTF8.self) + "\n")
      return
    }
    let short = ShortIDs(doc.items.map(\.id))
    let lists = doc.lists
    let listName = lists.list(id: lists.listID(of: item))?.name
    var out = Self.text(
      item, formatter: fmt, shortID: short.text(item.id), listName: listName, in: list, short: short.text)
    out += Self.subtasks(of: item, in: list, short: short.text)
    CLI.out(out)
  }

  /// The subtasks (SPEC 9), one a line under `subtasks:` with ✓ when done, each level indented.
  static func subtasks(of item: TodoItem, in list: TodoList, short: (UUID) -> String) -> String {
    let below = list.descendants(of: item)
    guard !below.isEmpty else { return "" }
    let tree = SubtaskTree(below + [item])
    let done = tree.children(of: item.id).filter { !(list[$0]?.isPending ?? true) }.count
    var out = "subtasks: \(done)/\(tree.children(of: item.id).count) done\n"
    for b in below {
      let indent = String(repeating: "  ", count: tree.depth(of: b.id))
      out += indent + (b.isPending ? "  " : "✓ ") + short(b.id) + "  " + Title.displaySafe(b.title) + "\n"
    }
    return out
  }

  /// One line a field that is set (`name: value`), the note last, its lines indented.
  static func text(
    _ item: TodoItem, formatter f: DueFormatter, shortID: String, listName: String? = nil,
    in list: TodoList? = nil,
    short: (UUID) -> String = { $0.uuidString }
  ) -> String {
    var lines: [(String, String)] = [
      ("id", shortID + "  " + item.id.uuidString), ("title", Title.displaySafe(item.title)),
    ]
    if let listName { lines.append(("list", Title.displaySafe(listName))) }
    if let u = item.uid { lines.append(("uid", Title.displaySafe(u))) }
    if let p = item.parent {
      let found = list?.parent(of: item)
      lines.append(
        (
          "parent",
          found.map { short($0.id) + "  " + Title.displaySafe($0.title) } ?? Title.displaySafe(p)
            + " (not here)"
        ))
    }
    lines.append(("deadline", item.deadline.map { f.dateText($0, weekday: true) } ?? "none (someday)"))
    lines += rows(of: item, formatter: f)
    for uid in TaskDepends.uids(of: item) {
      let found =
        UUID(uuidString: uid).flatMap { list?[$0] }
        ?? list?.items.values.first { $0.icalUID.caseInsensitiveCompare(uid) == .orderedSame }
      lines.append(
        ("depends", found.map { short($0.id) + "  " + Title.displaySafe($0.title) } ?? uid + " (not here)"))
    }
    if let r = item.reminder { lines.append(("reminder", f.dateText(r, weekday: true))) }
    if let r = item.repeatRule { lines.append(("repeat", RepeatRule.words(for: r))) }
    for a in item.alerts { lines.append(("alert", a.words(f))) }
    lines.append(("status", FieldText.status(of: item) { f.dateText($0) }))
    lines.append(("created", f.dateText(item.created)))
    if let m = item.modified { lines.append(("modified", f.dateText(m))) }
    var out = lines.map { $0.0 + ":" + String(repeating: " ", count: max(1, 10 - $0.0.count)) + $0.1 + "\n" }
      .joined()
    for field in ItemField.typed where field.text!.whole {
      guard let text = field.text?.show?(field.get(item), f) else { continue }
      out += field.text!.label + ":\n"
      for l in text.split(separator: "\n", omittingEmptySubsequences: false) {
        out += "  " + Title.displaySafe(String(l)) + "\n"
      }
    }
    return out
  }

  /// The rows of the fields of the table that have a text form of their own
  /// (``TextForm/show``) and are set: the times first, by the deadline, then the others, in the table's order.
  static func rows(of item: TodoItem, formatter f: DueFormatter) -> [(String, String)] {
    let shown = ItemField.typed.filter { !$0.text!.whole }
    return (shown.filter { $0.kind == .date } + shown.filter { $0.kind != .date }).compactMap { field in
      field.text?.show?(field.get(item), f).map { (field.text!.label, $0) }
    }
  }
}
