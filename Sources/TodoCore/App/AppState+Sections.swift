import Foundation

/// The list's headings (SPEC 4): pending items under Overdue, Today,
/// Tomorrow, This week, Later and Someday, completed ones under Completed.
/// A heading takes a row of its own, before its first item; the list's rows
/// are its items and headings in order, and ``AppState/top`` counts both.
extension AppState {
  /// A heading and the index in `visible` of its first item.
  public struct Section: Equatable, Sendable {
    public var title: String
    public var start: Int
  }

  /// What a list row holds.
  public enum Row: Equatable, Sendable {
    case heading(String)
    /// An index into `visible`.
    case item(Int)
  }

  /// Finds the headings of `visible`: `pending` is sorted by deadline, so each
  /// section is a range found by binary search.
  /// - Complexity: O(log n), so that it can run at every tick.
  mutating func resection() {
    let now = self.now
    let pendingCount = Self.partition(visible) { $0.isPending }
    let today = calendar.startOfDay(for: now)
    func day(_ k: Int) -> Date { calendar.date(byAdding: .day, value: k, to: today) ?? .distantFuture }
    // This week ends with the calendar's week (the locale's first weekday), as in Reminders:
    // on a Thursday, next Monday is Later.
    let week = calendar.dateInterval(of: .weekOfYear, for: today)?.end ?? day(7)
    let (tomorrow, dayAfter) = (day(1), day(2))
    let bounds: [(String, (TodoItem) -> Bool)] = [
      ("Overdue", { $0.isOverdue(at: now) }),
      ("Today", { $0.sortDeadline < tomorrow }),
      ("Tomorrow", { $0.sortDeadline < dayAfter }),
      ("This week", { $0.sortDeadline < week }),
      ("Later", { $0.deadline != nil }),
      ("Someday", { _ in true }),
    ]
    if tree.isActive { return sections = treeSections(bounds) }
    var out: [Section] = []
    var start = 0
    for (title, isIn) in bounds where start < pendingCount {
      let end = Self.partition(visible, count: pendingCount, isIn)
      if end > start {
        out.append(Section(title: title, start: start))
        start = end
      }
    }
    if pendingCount < visible.count { out.append(Section(title: "Completed", start: pendingCount)) }
    sections = out
  }

  /// The list row of the item at `index` in `visible`.
  public func row(of index: Int) -> Int { index + sections.prefix { $0.start <= index }.count }

  /// The number of list rows: items and headings.
  public var rowCount: Int { visible.count + sections.count }

  /// What list row `r` holds.
  public func content(ofRow r: Int) -> Row {
    var k = -1
    for (j, s) in sections.enumerated() {
      guard s.start + j <= r else { break }
      k = j
    }
    if k >= 0 && sections[k].start + k == r { return .heading(sections[k].title) }
    return .item(r - (k + 1))
  }

  /// How many list rows show at once: all the list's space, less a row above
  /// and one below for the scroll marks when the list does not fit.
  public var listWindow: Int {
    let room = Layout(self, size: size).list.count
    return max(1, rowCount > room ? room - 2 : room)
  }

  /// The first list row on screen as drawn: ``top``, kept so that the selection shows
  /// even if the size changed since the last reduce.
  public var shownTop: Int {
    let window = listWindow
    var top = self.top
    let sel = row(of: selected)
    if sel >= top + window { top = sel - window + 1 }
    if sel < top { top = sel }
    return max(0, min(top, max(0, rowCount - window)))
  }
}
