import Foundation

/// The coming days and what is due on each (SPEC 2 `agenda`): pending items
/// with a deadline, overdue ones apart and first, the rest under their local
/// day, by time. Someday items have no day and are left out.
///
/// One array of small rows (the UUID, the title, the deadline, the priority)
/// in the order shown, and each day a range of it: at 100,000 items, whole
/// items copied into a bucket per day were a third of the command's time.
public struct Agenda: Equatable, Sendable {
  /// What a line shows of an item; `source` is its index in the items the agenda was made from.
  public struct Row: Equatable, Sendable {
    public var id: UUID
    public var title: String
    public var deadline: Date
    public var priority: Int?
    public var source: Int
  }

  /// One local day and its rows.
  public struct Day: Equatable, Sendable {
    /// The local day number: days since 1970-01-01 in the shown time zone.
    public var number: Int
    /// Its rows in ``rows``.
    public var range: Range<Int>
  }

  /// The overdue rows (oldest first), then each day's rows by time.
  public private(set) var rows: [Row]
  /// How many of ``rows`` are overdue (their deadline has passed).
  public private(set) var overdueCount: Int
  /// The days from the first one, each with its rows (an empty day is kept).
  public private(set) var days: [Day]

  public var overdue: ArraySlice<Row> { rows[..<overdueCount] }
  public func rows(of day: Day) -> ArraySlice<Row> { rows[day.range] }
  /// How many items the agenda holds, overdue ones too.
  public var count: Int { rows.count }

  /// The agenda of `count` local days from `first` (a local day number) over
  /// `rows` of pending items with a deadline, in any order.
  /// - Complexity: O(n) when the rows come by deadline (the files' readers give them so), else O(n log n).
  public init(rows: [Row], first: Int, days count: Int, now: Date, formatter f: DueFormatter) {
    var rows = rows
    func before(_ a: Row, _ b: Row) -> Bool {
      a.deadline != b.deadline ? a.deadline < b.deadline : a.id.isOrderedBefore(b.id)
    }
    if zip(rows, rows.dropFirst()).contains(where: { before($1, $0) }) { rows.sort(by: before) }
    // Overdue: a deadline at or before now (as TodoItem.isOverdue), a prefix of the order.
    var late = 0
    while late < rows.count && rows[late].deadline <= now { late += 1 }
    var days: [Day] = []
    days.reserveCapacity(max(0, count))
    var k = late
    for day in first..<(first + max(0, count)) {
      let start = k
      while k < rows.count && f.dayNumber(rows[k].deadline) <= day { k += 1 }
      days.append(Day(number: day, range: start..<k))
    }
    rows.removeSubrange(k...)
    self.rows = rows
    overdueCount = late
    self.days = days
  }

  /// The agenda over `items` (any order): their pending items with a deadline.
  public init(_ items: [TodoItem], first: Int, days count: Int, now: Date, formatter f: DueFormatter) {
    var rows: [Row] = []
    for (k, item) in items.enumerated() where item.isPending {
      guard let d = item.deadline else { continue }
      rows.append(Row(id: item.id, title: item.title, deadline: d, priority: item.priority, source: k))
    }
    self.init(rows: rows, first: first, days: count, now: now, formatter: f)
  }
}
