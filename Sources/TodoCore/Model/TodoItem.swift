import Foundation

/// One to-do item: a title, a deadline and a UUID, as in the tutorial app,
/// plus what this app keeps about completion, reminders and delivery.
public struct TodoItem: Equatable, Hashable, Sendable {
  /// The item's identity; the key of its entry in the data file.
  public var id: UUID
  /// What the user typed; never contains control characters.
  public var title: String
  /// When the item falls due; whole seconds.
  public var deadline: Date
  /// When the item was added.
  public var created: Date
  /// When the item was completed, or nil while it is pending.
  public var completed: Date?
  /// The pending (or already delivered) reminder; at most one an item.
  public var reminder: Date?
  /// The deadline whose notification was delivered, if any.
  public var notifiedDeadline: Date?
  /// The reminder whose notification was delivered, if any.
  public var notifiedReminder: Date?

  public init(
    id: UUID, title: String, deadline: Date, created: Date, completed: Date? = nil,
    reminder: Date? = nil, notifiedDeadline: Date? = nil, notifiedReminder: Date? = nil
  ) {
    self.id = id
    self.title = title
    self.deadline = deadline
    self.created = created
    self.completed = completed
    self.reminder = reminder
    self.notifiedDeadline = notifiedDeadline
    self.notifiedReminder = notifiedReminder
  }

  /// Whether the item is still to be done.
  @inlinable public var isPending: Bool { completed == nil }

  /// Whether the deadline has passed at `now` (a deadline equal to `now` is overdue,
  /// as in the tutorial's badge count) and the item is still pending.
  @inlinable public func isOverdue(at now: Date) -> Bool {
    completed == nil && deadline <= now
  }

  /// Whether the deadline notification is still to be delivered.
  @inlinable public var deadlineUndelivered: Bool {
    completed == nil && notifiedDeadline != deadline
  }

  /// The reminder still to be delivered, if any.
  @inlinable public var undeliveredReminder: Date? {
    guard completed == nil, let r = reminder, notifiedReminder != r else { return nil }
    return r
  }

  /// The first eight characters of the UUID, lowercased, as `list` shows it.
  public var shortID: String { String(id.uuidString.prefix(8)).lowercased() }
}

extension Date {
  /// This instant cut to whole seconds (toward the past), as the data file stores it.
  @inlinable public var wholeSeconds: Date {
    Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
  }
}
