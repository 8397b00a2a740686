import Foundation
import TodoCore

/// The human lines of `list`: short id, a mark for overdue, the deadline, the title.
enum ListOutput {
  static func lines(_ items: [TodoItem], now: Date, formatter: DueFormatter, colour: Bool) -> String {
    var s = ""
    s.reserveCapacity(items.count * 72)
    for item in items {
      s += item.shortID
      let overdue = item.isOverdue(at: now)
      let done = item.completed != nil
      s += done ? "  ✓ " : overdue ? "  ! " : "    "
      let due = formatter.due(item.deadline)
      if overdue && colour {
        s += "\u{1B}[31m" + due + "\u{1B}[39m"
      } else {
        s += due
      }
      s += "  "
      s += Title.displaySafe(item.title)
      s += "\n"
    }
    return s
  }
}

/// The JSON documents of `list --json`, `export --format json` and `pending --json`.
enum JSONOutput {
  struct Item: Encodable {
    var id: String
    var title: String
    var deadline: String
    var overdue: Bool
    var completed: String?
    var reminder: String?
    var scheduled: Bool
    var created: String

    func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(id, forKey: .id)
      try c.encode(title, forKey: .title)
      try c.encode(deadline, forKey: .deadline)
      try c.encode(overdue, forKey: .overdue)
      try c.encode(completed, forKey: .completed)  // null, not absent
      try c.encode(reminder, forKey: .reminder)
      try c.encode(scheduled, forKey: .scheduled)
      try c.encode(created, forKey: .created)
    }
    enum CodingKeys: String, CodingKey {
      case id, title, deadline, overdue, completed, reminder, scheduled, created
    }
  }

  struct Notification: Encodable {
    var fireDate: String
    var kind: String
    var id: String
    var title: String
    var badge: Int
  }

  struct PendingDoc: Encodable {
    var notifications: [Notification]
    var unscheduled: Int
  }

  static func encode<T: Encodable>(_ value: T) -> String {
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try! enc.encode(value), as: UTF8.self) + "\n"
  }

  static func list(_ items: [TodoItem], now: Date, scheduled: Set<UUID>, formatter f: DueFormatter) -> String
  {
    encode(
      items.map { i in
        Item(
          id: i.id.uuidString, title: i.title, deadline: ISOTime.string(i.deadline, formatter: f),
          overdue: i.isOverdue(at: now), completed: i.completed.map { ISOTime.string($0, formatter: f) },
          reminder: i.reminder.map { ISOTime.string($0, formatter: f) }, scheduled: scheduled.contains(i.id),
          created: ISOTime.string(i.created, formatter: f))
      })
  }

  static func pending(_ plan: Plan, formatter f: DueFormatter) -> String {
    encode(
      PendingDoc(
        notifications: plan.notifications.map {
          Notification(
            fireDate: ISOTime.string($0.fireDate, formatter: f), kind: $0.kind.rawValue,
            id: $0.itemID.uuidString, title: $0.title, badge: $0.badge)
        }, unscheduled: plan.unscheduled))
  }
}
