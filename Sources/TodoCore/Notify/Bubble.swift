import Foundation

/// One desktop bubble as the notify command receives it (SPEC 5): the summary
/// and body arguments, its urgency, whether it offers the two actions, the
/// bubble it replaces, and the `TODO_*` environment.
public struct Bubble: Equatable, Sendable {
  /// `Todo Item "TITLE" Is Overdue`, `… Is Due in 15 minutes`, `Reminder: …`, or a summary's count.
  public var summary: String
  /// "Due Nov 23 at 9:00 AM · 3 overdue", with `&`, `<`, `>` escaped.
  public var body: String
  /// `critical` (a deadline, a reminder, a summary) or `normal` (a warning).
  public var urgency: String
  /// Whether the bubble carries the Complete / Remind actions (not a summary).
  public var hasActions: Bool
  /// The id of the bubble on screen this one replaces (`--replace-id`).
  public var replaceID: Int?
  /// `TODO_ID` (or `TODO_COUNT` for a summary), `TODO_TITLE`, `TODO_DEADLINE`, `TODO_KIND`, `TODO_BADGE`.
  public var environment: [String: String]

  /// The argv after the command's name, exactly as SPEC 5 gives it.
  public var arguments: [String] {
    var a = [
      "--app-name=todo-tui", "--urgency=" + urgency, "--icon=todo-tui",
      "--hint=string:desktop-entry:todo-tui", "--print-id",
    ]
    if let r = replaceID { a.append("--replace-id=\(r)") }
    if hasActions {
      a += ["--action=complete=Complete", "--action=remind=Remind in 30 minutes"]
    }
    return a + [summary, body]
  }

  /// The bubble of one notification shown at `now`.
  public init(_ n: ScheduledNotification, formatter: DueFormatter, now: Date, replaceID: Int? = nil) {
    let title = Title.displaySafe(n.title)
    let item = "Todo Item \"" + title + "\" Is "
    let due = n.deadline ?? n.fireDate  // a reminder of a someday item: as of its own time
    switch n.kind {
    case .deadline: summary = item + "Overdue"
    case .warning: summary = item + "Due in " + Self.duration(due.timeIntervalSince(now))
    case .reminder:
      summary =
        "Reminder: " + item + (due <= now ? "Overdue" : Self.dueAt(due, now: now, formatter))
    case .alert:
      // One of its alerts (issue 36): said as the warning, or the deadline, would be at this time.
      summary =
        n.deadline == nil
        ? "Reminder: Todo Item \"" + title + "\""
        : item + (due <= now ? "Overdue" : "Due in " + Self.duration(due.timeIntervalSince(now)))
    }
    // The note's first line above the deadline line (SPEC 8).
    body = Self.escapeMarkup(
      (n.noteLine.map { $0 + "\n" } ?? "") + (n.deadline.map(formatter.due) ?? "No deadline")
        + " · \(n.badge) overdue")
    urgency = n.kind == .warning ? "normal" : "critical"
    hasActions = true
    self.replaceID = replaceID
    environment = [
      "TODO_ID": n.itemID.uuidString, "TODO_TITLE": title,
      "TODO_DEADLINE": n.deadline.map { ISOTime.string($0, formatter: formatter) } ?? "",
      "TODO_KIND": n.kind.rawValue,
      "TODO_BADGE": String(n.badge),
    ]
  }

  /// One bubble for many notifications (soonest first): no actions, since a
  /// button cannot say which item it means; `TODO_KIND` is `summary`,
  /// `TODO_COUNT` their number. `more`: other bubbles are on screen
  /// ("12 more to-dos are due"); else "12 to-dos are due".
  public init(
    summarizing many: [ScheduledNotification], badge: Int, more: Bool, formatter: DueFormatter,
    replaceID: Int? = nil
  ) {
    let n = many.count
    summary = "\(n) " + (more ? "more " : "") + (n == 1 ? "to-do is due" : "to-dos are due")
    var lines = many.prefix(5).map {
      "\"" + Title.displaySafe($0.title) + "\" · " + ($0.deadline.map(formatter.due) ?? "no deadline")
    }
    lines.append((n > 5 ? "and \(n - 5) more · " : "") + "\(badge) overdue")
    body = Self.escapeMarkup(lines.joined(separator: "\n"))
    urgency = many.allSatisfy { $0.kind == .warning } ? "normal" : "critical"
    hasActions = false
    self.replaceID = replaceID
    environment = [
      "TODO_TITLE": summary,
      "TODO_DEADLINE": many.last?.deadline.map { ISOTime.string($0, formatter: formatter) } ?? "",
      "TODO_KIND": "summary", "TODO_BADGE": String(badge), "TODO_COUNT": String(n),
    ]
  }

  /// "Due at 17:00" the same day, else "Due Nov 24 at 17:00", in the formatter's clock.
  static func dueAt(_ deadline: Date, now: Date, _ f: DueFormatter) -> String {
    if f.dayNumber(deadline) == f.dayNumber(now) { return "Due at " + f.clock(deadline) }
    return f.due(deadline)
  }

  /// "15 minutes", "1 minute", "2 hours", "1 hour 30 minutes", "3 days" (rounded to the minute, at least 1).
  static func duration(_ seconds: TimeInterval) -> String {
    let minutes = max(1, Int((seconds / 60).rounded()))
    func unit(_ v: Int, _ name: String) -> String { "\(v) \(name)" + (v == 1 ? "" : "s") }
    if minutes < 60 { return unit(minutes, "minute") }
    if minutes < 48 * 60 {
      let h = minutes / 60
      let m = minutes % 60
      return unit(h, "hour") + (m > 0 ? " " + unit(m, "minute") : "")
    }
    return unit((minutes + 720) / 1440, "day")
  }

  /// `&`, `<` and `>` as entities, for servers that read the body as markup.
  public static func escapeMarkup(_ s: String) -> String {
    guard s.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return s }
    var out = ""
    for c in s {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.append(c)
      }
    }
    return out
  }
}
