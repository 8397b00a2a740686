import Foundation

/// One to-do item: a title, a deadline and a UUID, as in the tutorial app,
/// plus what this app keeps about completion, reminders, repeats, iCalendar
/// and delivery.
public struct TodoItem: Equatable, Hashable, Sendable {
  /// The item's identity; the key of its entry in the data file.
  public var id: UUID
  /// What the user typed; never contains control characters.
  public var title: String
  /// When the item falls due; whole seconds. Nil: a "someday" item, which
  /// lists last, takes no notification slot and is never overdue.
  public var deadline: Date?
  /// When the item was added.
  public var created: Date
  /// When one of its fields was last changed by a writer, if ever.
  public var modified: Date?
  /// When the item was completed, or nil while it is pending.
  public var completed: Date?
  /// The pending (or already delivered) reminder; at most one an item.
  public var reminder: Date?
  /// The repeat rule, as an iCalendar RRULE value (`FREQ=WEEKLY;BYDAY=MO`).
  public var repeatRule: String?
  /// The alerts (SPEC 8, issue 36), in their order: each one VALARM. The early warning
  /// (``warn``) is the first of them not after the deadline.
  public var alerts: [ItemAlert]
  /// iCalendar STATUS:CANCELLED: never pending, never notified.
  public var cancelled: Bool
  /// The iCalendar UID, when it is not the UUID (an item made elsewhere).
  public var uid: String?
  /// The iCalendar SEQUENCE.
  public var sequence: Int?
  /// The iCalendar properties and components this app does not map, as
  /// iCalendar text, written back unchanged.
  public var icalExtra: String?
  /// The deadline whose notification was delivered, if any.
  public var notifiedDeadline: Date?
  /// The reminder whose notification was delivered, if any.
  public var notifiedReminder: Date?
  /// The deadline whose early warning was delivered, if any.
  public var notifiedWarning: Date?
  /// The latest fire time of an alert (``alerts``) that was delivered: those up to it
  /// never fire again (alerts are delivered soonest first).
  public var notifiedAlert: Date?
  /// The note (iCalendar DESCRIPTION): free text, line feeds kept.
  public var note: String?
  /// iCalendar PRIORITY 1–9 (1–4 high, 5 medium, 6–9 low); nil: none (0 or absent).
  public var priority: Int?
  /// The tags (iCalendar CATEGORIES), in their order, each once.
  public var tags: [String]
  /// When work on the item may start (iCalendar DTSTART); whole seconds.
  public var start: Date?
  /// How far along it is, 0–100 percent (PERCENT-COMPLETE; 0: STATUS:IN-PROCESS alone).
  public var progress: Int?
  /// The id of the item's list (``ListBook``); nil: the default list.
  public var list: String?
  /// The iCalendar UID of the item's parent (RELATED-TO;RELTYPE=PARENT), as
  /// written: the parent may not be here (yet).
  public var parent: String?
  /// A web address for it (iCalendar URL, a URI), one line.
  public var url: String?
  /// Where it is done (iCalendar LOCATION), one line.
  public var location: String?
  /// Keys of the item's entry that this program does not know: key → the
  /// value as property-list XML, kept as it is on every rewrite.
  public var otherKeys: [String: String]

  public init(
    id: UUID, title: String, deadline: Date?, created: Date, modified: Date? = nil,
    completed: Date? = nil, reminder: Date? = nil, repeatRule: String? = nil, warn: Int? = nil,
    cancelled: Bool = false, uid: String? = nil, sequence: Int? = nil, icalExtra: String? = nil,
    notifiedDeadline: Date? = nil, notifiedReminder: Date? = nil, notifiedWarning: Date? = nil,
    note: String? = nil, priority: Int? = nil, tags: [String] = [], start: Date? = nil, progress: Int? = nil,
    list: String? = nil, parent: String? = nil, notifiedAlert: Date? = nil, otherKeys: [String: String] = [:],
    alerts: [ItemAlert] = []
  ) {
    self.notifiedAlert = notifiedAlert
    self.alerts = alerts
    self.id = id
    self.title = title
    self.deadline = deadline
    self.created = created
    self.modified = modified
    self.completed = completed
    self.reminder = reminder
    self.repeatRule = repeatRule
    self.cancelled = cancelled
    self.uid = uid
    self.sequence = sequence
    self.icalExtra = icalExtra
    self.notifiedDeadline = notifiedDeadline
    self.notifiedReminder = notifiedReminder
    self.notifiedWarning = notifiedWarning
    self.note = note
    self.priority = priority
    self.tags = tags
    self.start = start
    self.progress = progress
    self.list = list
    self.parent = parent
    self.otherKeys = otherKeys
    if let warn { self.warn = warn }
  }

  /// Whether the item is still to be done (not completed, not cancelled).
  @inlinable public var isPending: Bool { completed == nil && !cancelled }

  /// Whether the deadline has passed at `now` (a deadline equal to `now` is overdue,
  /// as in the tutorial's badge count) and the item is still pending.
  @inlinable public func isOverdue(at now: Date) -> Bool {
    guard isPending, let d = deadline else { return false }
    return d <= now
  }

  /// The deadline whose notification is still to be delivered, if any.
  @inlinable public var undeliveredDeadline: Date? {
    guard isPending, let d = deadline, notifiedDeadline != d else { return nil }
    return d
  }

  /// Whether the deadline notification is still to be delivered.
  @inlinable public var deadlineUndelivered: Bool { undeliveredDeadline != nil }

  /// The reminder still to be delivered, if any.
  @inlinable public var undeliveredReminder: Date? {
    guard isPending, let r = reminder, notifiedReminder != r else { return nil }
    return r
  }

  /// The instant of the early warning still to be delivered, if any.
  @inlinable public var undeliveredWarning: Date? {
    guard isPending, let d = deadline, let w = warn, w > 0, notifiedWarning != d else { return nil }
    return d.addingTimeInterval(-TimeInterval(w))
  }

  /// The iCalendar UID: the one it came with, or the UUID for items made here.
  public var icalUID: String { uid ?? id.uuidString }

  /// The deadline for sorting: someday items after every dated one.
  @inlinable public var sortDeadline: Date { deadline ?? .distantFuture }
}

extension Date {
  /// This instant cut to whole seconds (toward the past), as the data file stores it.
  @inlinable public var wholeSeconds: Date {
    Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
  }
}
