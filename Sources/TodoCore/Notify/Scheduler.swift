import Foundation
import HeapModule

/// What a notification is for.
public enum NotificationKind: String, Sendable, Codable, Hashable {
  case deadline
  /// The early warning, `warn` seconds before the deadline (`--warn`).
  case warning
  case reminder
  /// One of the item's other alerts (``TodoItem/alerts``: after the deadline, from the start, another at a time).
  case alert

  /// Order among an item's notifications at the same instant.
  @usableFromInline var rank: Int {
    switch self {
    case .deadline: return 0
    case .warning: return 1
    case .reminder: return 2
    case .alert: return 3
    }
  }
}

/// Identifies one notification: which item, what for, and when it fires.
public struct NotificationKey: Hashable, Sendable {
  public var itemID: UUID
  public var kind: NotificationKind
  public var fireDate: Date
}

/// One pending notification: when it fires, for which item, and the badge it carries.
public struct ScheduledNotification: Equatable, Hashable, Sendable {
  public var fireDate: Date
  public var kind: NotificationKind
  public var itemID: UUID
  public var title: String
  public var deadline: Date?
  /// Pending items whose deadline is at or before `fireDate`.
  public var badge: Int
  /// The first line of the item's note, if it has one (the bubble's body carries it).
  public var noteLine: String?

  public init(
    fireDate: Date, kind: NotificationKind, itemID: UUID, title: String, deadline: Date?, badge: Int,
    noteLine: String? = nil
  ) {
    self.noteLine = noteLine
    self.fireDate = fireDate
    self.kind = kind
    self.itemID = itemID
    self.title = title
    self.deadline = deadline
    self.badge = badge
  }

  /// Which notification this is.
  public var key: NotificationKey { NotificationKey(itemID: itemID, kind: kind, fireDate: fireDate) }

  /// Soonest first; ties by UUID, then deadline, warning, reminder.
  @inlinable static func precedes(_ a: ScheduledNotification, _ b: ScheduledNotification) -> Bool {
    if a.fireDate != b.fireDate { return a.fireDate < b.fireDate }
    if a.itemID != b.itemID { return a.itemID.isOrderedBefore(b.itemID) }
    return a.kind.rank < b.kind.rank
  }
}

/// The scheduler's answer: the (at most 64) notifications that hold a slot,
/// soonest first, and how many candidates were left unscheduled.
public struct Plan: Equatable, Sendable {
  public var notifications: [ScheduledNotification]
  public var unscheduled: Int
  /// The future notifications that want a slot: `notifications.count + unscheduled`.
  public var candidates: Int { notifications.count + unscheduled }
  /// The instant of the plan.
  public var now: Date

  /// Items that hold at least one slot.
  public var scheduledIDs: Set<UUID> { Set(notifications.map(\.itemID)) }

  /// The next fire time, if any.
  public var nextFireDate: Date? { notifications.first?.fireDate }
}

/// Chooses which notifications hold the 64 slots and what badge each carries.
///
/// The candidates are, for each pending item, its deadline and its pending
/// reminder, when they are still to be delivered and lie after `now`. The plan
/// keeps the soonest 64, ties broken by UUID; the rest wait unscheduled and take
/// slots as they free up.
public enum Scheduler {
  /// The most notifications that may be pending at once, as on iOS.
  public static let limit = 64

  /// - Complexity: O(n log 64) in the number of items.
  public static func plan<C: Collection>(_ items: C, now: Date) -> Plan where C.Element == TodoItem {
    var heap = Heap<Slot>()
    var total = 0
    func offer(_ n: ScheduledNotification) {
      total += 1
      if heap.count < limit {
        heap.insert(Slot(n))
      } else if Slot(n) < heap.max! {
        _ = heap.replaceMax(with: Slot(n))
      }
    }
    for item in items {
      item.forEachUndelivered { if $0.fireDate > now { offer($0) } }
    }
    var chosen = heap.unordered.map(\.n)
    chosen.sort(by: ScheduledNotification.precedes)
    assignBadges(&chosen, items: items)
    return Plan(notifications: chosen, unscheduled: total - chosen.count, now: now)
  }

  /// Sets each notification's badge: pending items with deadline ≤ its fire time.
  /// `notifications` must be sorted by fire time.
  /// - Complexity: O(n log k) for n items and k notifications.
  static func assignBadges<C: Collection>(_ notifications: inout [ScheduledNotification], items: C)
  where C.Element == TodoItem {
    guard !notifications.isEmpty else { return }
    // bucket[i]: items whose deadline falls in (fire[i-1], fire[i]].
    var bucket = [Int](repeating: 0, count: notifications.count + 1)
    let fires = notifications.map(\.fireDate)
    for item in items where item.isPending {
      guard let deadline = item.deadline else { continue }
      var lo = 0
      var hi = fires.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if fires[mid] < deadline { lo = mid + 1 } else { hi = mid }
      }
      bucket[lo] += 1
    }
    var running = 0
    for i in notifications.indices {
      running += bucket[i]
      notifications[i].badge = running
    }
  }

  /// The notifications that are due at `now` and not yet delivered: everything
  /// with a fire time at or before `now`, oldest first.
  public static func due<C: Collection>(_ items: C, now: Date) -> [ScheduledNotification]
  where C.Element == TodoItem {
    var out: [ScheduledNotification] = []
    for item in items {
      item.forEachUndelivered { if $0.fireDate <= now { out.append($0) } }
    }
    out.sort(by: ScheduledNotification.precedes)
    assignBadges(&out, items: items)
    return out
  }

  /// What is said once when a change adds a notification that is not among
  /// the ``limit`` soonest: it waits, and takes a slot as soon as one frees.
  public static let waitNote = "waits for a slot: \(limit) sooner notifications are scheduled"

  /// How the slots are used, in the words of the app's header and `pending`:
  /// "64/64 scheduled · 3 waiting" ("2/64 scheduled" when nothing waits).
  public static func slotsText(scheduled: Int, waiting: Int) -> String {
    "\(scheduled)/\(limit) scheduled" + (waiting > 0 ? " · \(waiting) waiting" : "")
  }

  /// ``waitNote`` when an item of `change` gets a future notification that
  /// `limit` sooner ones (of `source` and of the item itself) keep from a
  /// slot; nil when each gets one. Nothing is ever refused for want of a slot.
  /// - Complexity: O(n) per item of the change.
  static func waitNote(for change: Change, in source: some ItemSource, at now: Date) -> String? {
    for (id, after) in change.after {
      guard let after else { continue }
      let old = source.item(id).map(\.futureFires) ?? []
      let new = after.futureFires.filter { $0 > now }
      for f in new where !old.contains(f) {
        let others = source.futureCount(after: now, before: f) - old.filter { $0 > now && $0 < f }.count
        if others + new.filter({ $0 < f }).count >= limit { return waitNote }
      }
    }
    return nil
  }

  /// Undelivered notifications that fire after `now` (and before `end`, when
  /// given): the number that want a slot.
  public static func futureCount<C: Collection>(_ items: C, now: Date, before end: Date? = nil) -> Int
  where C.Element == TodoItem {
    let end = end ?? Date(timeIntervalSinceReferenceDate: .infinity)
    var n = 0
    for item in items {
      if let d = item.undeliveredDeadline, d > now, d < end { n += 1 }
      if let w = item.undeliveredWarning, w > now, w < end { n += 1 }
      if let r = item.undeliveredReminder, r > now, r < end { n += 1 }
      if !item.alerts.isEmpty { n += item.undeliveredAlerts.filter { $0 > now && $0 < end }.count }
    }
    return n
  }

  struct Slot: Comparable {
    let n: ScheduledNotification
    init(_ n: ScheduledNotification) { self.n = n }
    static func < (a: Slot, b: Slot) -> Bool { ScheduledNotification.precedes(a.n, b.n) }
    static func == (a: Slot, b: Slot) -> Bool { a.n == b.n }
  }
}

extension Plan {
  /// Checks the plan against the items it was made from, by brute force: at
  /// most 64, soonest first, exactly the soonest candidates (ties by UUID), the
  /// right count left unscheduled, and every badge equal to a recount. Tests
  /// call this; it traps with the broken rule.
  /// - Complexity: O(n log n + 64 n); for tests.
  public func checkInvariants<C: Collection>(items: C) where C.Element == TodoItem {
    precondition(notifications.count <= Scheduler.limit, "more than \(Scheduler.limit) slots")
    for (a, b) in zip(notifications, notifications.dropFirst()) {
      precondition(ScheduledNotification.precedes(a, b), "not soonest first")
    }
    var all: [ScheduledNotification] = []
    for item in items {
      item.forEachUndelivered { if $0.fireDate > now { all.append($0) } }
    }
    all.sort(by: ScheduledNotification.precedes)
    precondition(all.count == candidates, "\(all.count) candidates, the plan counts \(candidates)")
    for (n, want) in zip(notifications, all.prefix(Scheduler.limit)) {
      precondition(
        n.fireDate == want.fireDate && n.itemID == want.itemID && n.kind == want.kind,
        "a slot given to a later candidate than one left out")
      precondition(n.fireDate > now, "a slot for a past notification")
      let recount = items.filter { $0.isOverdue(at: n.fireDate) }.count
      precondition(n.badge == recount, "badge \(n.badge) != recount \(recount)")
    }
    precondition(
      notifications.count == min(all.count, Scheduler.limit), "a free slot while candidates wait")
  }
}

extension TodoItem {
  /// The fire times of the notifications still to be delivered.
  var futureFires: [Date] {
    var out: [Date] = []
    forEachUndelivered { out.append($0.fireDate) }
    return out
  }

  /// Calls `body` with each notification of the item still to be delivered —
  /// its deadline, its early warning, its reminder — past or future, badge 0. The one statement of
  /// what a candidate is, for the plan, the due list and the invariant checker.
  @inlinable func forEachUndelivered(_ body: (ScheduledNotification) -> Void) {
    if let d = undeliveredDeadline {
      body(
        ScheduledNotification(
          fireDate: d, kind: .deadline, itemID: id, title: title, deadline: d, badge: 0, noteLine: noteLine))
    }
    if let w = undeliveredWarning {
      body(
        ScheduledNotification(
          fireDate: w, kind: .warning, itemID: id, title: title, deadline: deadline, badge: 0,
          noteLine: noteLine))
    }
    if let r = undeliveredReminder {
      body(
        ScheduledNotification(
          fireDate: r, kind: .reminder, itemID: id, title: title, deadline: deadline, badge: 0,
          noteLine: noteLine))
    }
    if !alerts.isEmpty {
      for a in undeliveredAlerts {
        body(
          ScheduledNotification(
            fireDate: a, kind: .alert, itemID: id, title: title, deadline: deadline, badge: 0,
            noteLine: noteLine))
      }
    }
  }

  /// The note's first line that is not blank, trimmed, display-safe; nil without a note.
  @usableFromInline var noteLine: String? {
    guard let n = note else { return nil }
    guard
      let line = n.split(whereSeparator: \.isNewline).lazy.map({ $0.trimmingCharacters(in: .whitespaces) })
        .first(where: { !$0.isEmpty })
    else { return nil }
    return Title.displaySafe(line)
  }
}
