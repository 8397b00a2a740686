import Foundation

/// The coming days and what is due on each (SPEC 2 `agenda`, SPEC 4 the week
/// and the month): pending items with a deadline, overdue ones apart and
/// first, the rest under their local day, by time. Someday items have no day
/// and are left out (the week view shows them apart).
public struct Agenda: Equatable, Sendable {
  /// One local day and its items, by deadline.
  public struct Day: Equatable, Sendable {
    /// The local day number: days since 1970-01-01 in the shown time zone.
    public var number: Int
    public var items: [TodoItem]
  }

  /// Pending items whose deadline has passed, the oldest first.
  public var overdue: [TodoItem]
  /// `count` days from the first one, each with its items (an empty day is kept).
  public var days: [Day]

  /// The agenda of `days` local days from `first` (a local day number) over
  /// `items` (any order). Overdue items (their deadline before `now`) are
  /// ``overdue``, not on a day, when `overdueApart`; with it off they stay on their day.
  /// - Complexity: O(n) over the items, plus a sort of those on the days shown.
  public init(
    _ items: [TodoItem], first: Int, days count: Int, now: Date, formatter: DueFormatter,
    overdueApart: Bool = true
  ) {
    var late: [TodoItem] = []
    var byDay = [[TodoItem]](repeating: [], count: max(0, count))
    for item in items where item.isPending {
      guard let d = item.deadline else { continue }
      if overdueApart && item.isOverdue(at: now) {
        late.append(item)
        continue
      }
      let k = formatter.dayNumber(d) - first
      if k >= 0 && k < count { byDay[k].append(item) }
    }
    if !Self.sorted(late) { late.sort(by: TodoItem.byDeadline) }
    overdue = late
    self.days = byDay.enumerated().map { k, items in
      Day(number: first + k, items: Self.sorted(items) ? items : items.sorted(by: TodoItem.byDeadline))
    }
  }

  static func sorted(_ items: [TodoItem]) -> Bool {
    !zip(items, items.dropFirst()).contains { TodoItem.byDeadline($1, $0) }
  }

  /// How many items the agenda holds, overdue ones too.
  public var count: Int { overdue.count + days.reduce(0) { $0 + $1.items.count } }
}
