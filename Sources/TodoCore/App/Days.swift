import Foundation

/// The week and the month (SPEC 4): besides the list, a view of the seven
/// days from the selected one and a grid of the selected day's month. Both
/// show the list's items (its view, list, filter and subtasks), placed on the
/// days of their deadlines; Enter shows one day's items in the list.
public struct Days: Equatable, Sendable {
  /// What the screen shows: the list, the week or the month (`w` switches).
  public enum Span: String, Equatable, Sendable, CaseIterable {
    case list, week, month
  }

  public internal(set) var span = Span.list
  /// The selected day (its first instant, local time); nil: today.
  public internal(set) var selected: Date?
  /// The day whose items the list shows after Enter; nil: every day.
  public internal(set) var only: Date?
  /// The span Esc goes back to from one day's items.
  public internal(set) var back = Span.week

  public init() {}
}

/// What the keys of the week and the month do.
public enum DaysAction: Equatable, Sendable {
  /// w: list → week → month → list.
  case switchSpan
  /// Arrows: the day so many days on.
  case moveDay(Int)
  /// PgUp PgDn in the month: the same day so many months on.
  case moveMonth(Int)
  /// g Home: today.
  case today
  /// A click on a day.
  case pick(Date)
  /// Enter: the selected day's items, in the list.
  case open
  /// a: add, the deadline field on the selected day.
  case add
}

extension AppState {
  /// The selected day of the week and the month: its first instant.
  public var selectedDay: Date { days.selected ?? calendar.startOfDay(for: now) }

  /// The first instant of the day `n` days after `day`.
  func day(_ n: Int, after day: Date) -> Date {
    calendar.date(byAdding: .day, value: n, to: day).map(calendar.startOfDay) ?? day
  }

  /// The indices in `visible` of the items due from `start` to `end`, by deadline.
  /// Pending items come sorted by deadline (unless subtasks arrange them): two binary searches then.
  /// - Complexity: O(log n + k) sorted, else O(n).
  public func itemIndices(from start: Date, to end: Date) -> [Int] {
    let pendingCount = self.pendingCount
    var out: [Int] = []
    if tree.isActive {
      for (i, item) in visible.enumerated() {
        if let d = item.deadline, d >= start, d < end { out.append(i) }
      }
      return out.sorted { TodoItem.byDeadline(visible[$0], visible[$1]) }
    }
    out.append(
      contentsOf: firstDue(
        atOrAfter: start, count: pendingCount)..<firstDue(atOrAfter: end, count: pendingCount))
    // Completed items (the completed and all views) are ordered by completion: looked through.
    for i in pendingCount..<visible.count {
      if let d = visible[i].deadline, d >= start, d < end { out.append(i) }
    }
    return out
  }

  /// How many of `visible` are pending (they come first).
  var pendingCount: Int {
    visible.withUnsafeBufferPointer { b in
      var (lo, hi) = (0, b.count)
      while lo < hi {
        let mid = (lo + hi) / 2
        if b[mid].completed == nil && !b[mid].cancelled { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
  }

  /// The first of the first `count` shown items (sorted by deadline) due at or after `t`.
  /// Read in place: a predicate on whole items copied each item it looked at, most of a frame of the month.
  func firstDue(atOrAfter t: Date, count: Int) -> Int {
    visible.withUnsafeBufferPointer { b in
      var (lo, hi) = (0, count)
      while lo < hi {
        let mid = (lo + hi) / 2
        if (b[mid].deadline ?? .distantFuture) < t { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
  }

  /// How many shown items have no deadline (the week shows them apart).
  public var somedayCount: Int {
    if tree.isActive { return visible.reduce(0) { $0 + ($1.deadline == nil ? 1 : 0) } }
    let pendingCount = self.pendingCount
    let dated = firstDue(atOrAfter: .distantFuture, count: pendingCount)
    return pendingCount - dated + visible[pendingCount...].reduce(0) { $0 + ($1.deadline == nil ? 1 : 0) }
  }

  /// The text a new item's deadline field starts with on `day`: the date, at 9:00.
  func deadlineText(on day: Date) -> String {
    let c = calendar.dateComponents([.year, .month, .day], from: day)
    return String(format: "%04d-%02d-%02d 9:00", c.year ?? 1970, c.month ?? 1, c.day ?? 1)
  }

  /// A day's name: "Sat Nov 28", with the year when not this year's.
  public func dayName(_ day: Date) -> String {
    let f = DueFormatter(timeZone: calendar.timeZone, now: now, hourCycle: hourCycle)
    return Agenda.dayName(f.dayNumber(day), formatter: f)
  }
}
