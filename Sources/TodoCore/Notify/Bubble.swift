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

  /// The bubble of one notification shown at `now`. An alert (kind `alert`) says what it is
  /// for: `anchor` is the item's alert it rings for (``alertAnchor(_:in:)``), `start` the item's start.
  public init(
    _ n: ScheduledNotification, formatter: DueFormatter, now: Date, replaceID: Int? = nil,
    anchor: ItemAlert.Anchor? = nil, start: Date? = nil
  ) {
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
      summary = Self.alertSummary(title, anchor: anchor, deadline: n.deadline, start: start, now: now)
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

  /// What an alert's bubble says (issue 36), as of `now`: from the deadline `in 15 minutes: TITLE`,
  /// `due now: TITLE`, `15 minutes overdue: TITLE`; from the start `starts in 1 hour: TITLE`,
  /// `starts now: TITLE`, `started 15 minutes ago: TITLE`; at a time (or when what it is
  /// relative to is gone) the title alone. Within half a minute of the instant is "now".
  static func alertSummary(
    _ title: String, anchor: ItemAlert.Anchor?, deadline: Date?, start: Date?, now: Date
  ) -> String {
    func said(_ instant: Date, _ atIt: String, before: (String) -> String, after: (String) -> String)
      -> String
    {
      let ahead = instant.timeIntervalSince(now)
      if abs(ahead) < 30 { return atIt + ": " + title }
      let d = duration(abs(ahead))
      return (ahead > 0 ? before(d) : after(d)) + ": " + title
    }
    switch anchor {
    case .deadline?, nil:
      guard let deadline else { return title }
      return said(deadline, "due now", before: { "in " + $0 }, after: { $0 + " overdue" })
    case .start?:
      guard let start else { return title }
      return said(start, "starts now", before: { "starts in " + $0 }, after: { "started " + $0 + " ago" })
    case .at?, .place?, .other?: return title
    }
  }

  /// The anchor of the alert of `item` that notification `n` rings for: the first whose
  /// instant is the notification's (two at one instant ring once); nil when none is.
  public static func alertAnchor(_ n: ScheduledNotification, in item: TodoItem) -> ItemAlert.Anchor? {
    guard n.kind == .alert else { return nil }
    return item.alerts.first {
      $0.fire(deadline: item.deadline, start: item.start)?.wholeSeconds == n.fireDate
    }?
    .anchor
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
