import Foundation

// The week and the month (SPEC 4). Only the days on screen are looked at:
// their items are found by binary search in the sorted list, so a frame
// costs the same with 100 items or 100,000.

/// The week: the seven days from the selected one, each under its heading
/// (the selected one reversed, today named), its items at their times
/// (overdue ones red and marked), as many as fit, the rest counted; then
/// how many someday items there are, apart.
func drawWeek(_ state: AppState, _ fmt: DueFormatter, _ layout: Layout, _ c: inout Canvas) {
  let rows = layout.list
  guard !rows.isEmpty else { return }
  let starts = (0...7).map { state.day($0, after: state.selectedDay) }
  let items = (0..<7).map { state.itemIndices(from: starts[$0], to: starts[$0 + 1]) }
  let someday = state.somedayCount
  // Overdue items due before the first day shown are counted above it.
  let earlier = state.itemCount(from: .distantPast, to: starts[0]).overdue
  let budget = max(0, rows.count - 7 - (someday > 0 ? 1 : 0) - (earlier > 0 ? 1 : 0))
  let room = share(items.map(\.count), budget: budget)
  var clocks: [String] = []
  for (k, day) in items.enumerated() {
    for i in day.prefix(room[k]) { clocks.append(fmt.clock(state.visible[i].deadline!)) }
  }
  let clockWidth = clocks.map(CellWidth.of).max() ?? 0
  var y = rows.lowerBound
  if earlier > 0 {
    c.put("\(earlier) overdue before \(state.dayName(starts[0]))", x: 1, y: y, style: Style(.red, .bold))
    y += 1
  }
  for k in 0..<7 where y < rows.upperBound {
    let selected = k == 0
    let base: Style = selected ? .reverse : .plain
    if selected { c.fill(x: 0, y: y, count: c.width, style: base) }
    let name = state.dayName(starts[k])
    let isToday = starts[k] == state.calendar.startOfDay(for: state.now)
    var x = c.put(name, x: 1, y: y, style: Style(.none, base.attributes.union(.bold)))
    let late = items[k].filter { state.visible[$0].isOverdue(at: state.now) }.count
    let count = items[k].count
    if count > 0 {
      x = c.put("  \(count) item\(count == 1 ? "" : "s")", x: x, y: y, style: selected ? base : .dim)
    }
    if late > 0 {
      x = c.put("  \(late) overdue", x: x, y: y, style: Style(.red, base.attributes.union(.bold)))
    }
    if isToday && !name.hasPrefix("Today") { c.put("  today", x: x, y: y, style: base) }
    y += 1
    let shown = count > room[k] ? max(0, room[k] - 1) : count
    for i in items[k].prefix(shown) where y < rows.upperBound {
      let item = state.visible[i]
      let overdue = item.isOverdue(at: state.now)
      let clock = fmt.clock(item.deadline!)
      let style: Style = overdue ? Style(.red, .bold) : item.isPending ? .plain : .dim
      var x = c.put(
        String(repeating: " ", count: clockWidth - CellWidth.of(clock)) + clock, x: 3, y: y, style: style)
      x = c.put(" " + (ItemMarks.stateGlyph(item, now: state.now) ?? " ") + " ", x: x, y: y, style: style)
      c.putCut(
        Title.displaySafe(item.title), x: x, y: y, style: item.isPending ? .plain : .dim, limit: c.width - 1)
      y += 1
    }
    if shown < count && room[k] > 0 && y < rows.upperBound {
      c.put("… \(count - shown) more (Enter shows them)", x: 3, y: y, style: .dim)
      y += 1
    }
  }
  if someday > 0 && y < rows.upperBound {
    c.put("Someday: \(someday) item\(someday == 1 ? "" : "s") without a deadline", x: 1, y: y, style: .dim)
  }
}

/// The lines each day may take so that all of them fit in `budget`: as many
/// for each as all can have, then what is left to the first days (the selected one first).
func share(_ counts: [Int], budget: Int) -> [Int] {
  var cap = 0
  while counts.reduce(0, { $0 + min($1, cap + 1) }) <= budget && cap < (counts.max() ?? 0) { cap += 1 }
  var room = counts.map { min($0, cap) }
  var left = budget - room.reduce(0, +)
  for k in room.indices where left > 0 {
    let more = min(counts[k] - room[k], left)
    room[k] += more
    left -= more
  }
  return room
}

/// The month: a grid of its days under the weekdays' names (from the first
/// day of the week), each day with its number and how many items are due on
/// it, a bar that grows with them (a crowded day, 5 or more, in the warning
/// colour; one with overdue items red); today underlined, the selected day reversed.
func drawMonth(_ state: AppState, _ layout: Layout, _ c: inout Canvas) {
  let rows = layout.list
  guard rows.count >= 3 else { return }
  let cal = state.calendar
  let sel = state.selectedDay
  guard let month = cal.dateInterval(of: .month, for: sel) else { return }
  let title = DateFormatter.monthTitle(sel, cal)
  c.put(title, x: max(1, (c.width - CellWidth.of(title)) / 2), y: rows.lowerBound, style: .bold)
  let cw = max(5, (c.width - 1) / 7)
  let first = cal.firstWeekday  // 1 Sunday
  for k in 0..<7 {
    let name = String(DueFormatter.weekdays[(first - 1 + k) % 7].prefix(2))
    c.put(name, x: 1 + k * cw, y: rows.lowerBound + 1, style: .dim)
  }
  // The first cell: the month's first day, moved back to the first day of its week.
  let lead = (cal.component(.weekday, from: month.start) - first + 7) % 7
  let days = cal.range(of: .day, in: .month, for: sel)?.count ?? 30
  let weeks = (lead + days + 6) / 7
  let lines = max(1, min(3, (rows.count - 2) / weeks))
  let today = cal.startOfDay(for: state.now)
  var start = month.start
  for d in 0..<days {
    let end = state.day(1, after: start)
    let cell = lead + d
    let x = 1 + (cell % 7) * cw
    let y = rows.lowerBound + 2 + (cell / 7) * lines
    guard y + lines - 1 < rows.upperBound else { break }
    let (count, late) = state.itemCount(from: start, to: end)
    var style: Style = start == sel ? .reverse : .plain
    if start == today { style.attributes.formUnion([.bold, .underline]) }
    let colour: Style.Colour = late > 0 ? .red : count >= crowded ? .yellow : .none
    let number = (d + 1 < 10 ? " " : "") + "\(d + 1)"
    let countText = count == 0 ? "" : count > 99 ? "99+" : "\(count)"
    c.put(number, x: x, y: y, style: style)
    if lines == 1 {
      c.put(countText, x: x + 3, y: y, style: Style(colour, .bold), limit: x + cw - 1)
    } else {
      c.put(countText, x: x + 3, y: y, style: Style(colour, .bold), limit: x + cw - 1)
      let bar = String(repeating: "▪", count: min(count, cw - 1))
      c.put(bar, x: x, y: y + 1, style: Style(colour), limit: x + cw - 1)
    }
    start = end
  }
}

/// Days with this many items or more are crowded: their count and bar take the warning colour.
let crowded = 5

extension DateFormatter {
  /// "November 2026".
  static func monthTitle(_ day: Date, _ cal: Calendar) -> String {
    let c = cal.dateComponents([.year, .month], from: day)
    return monthNames[(c.month ?? 1) - 1] + " \(c.year ?? 1970)"
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]
}

extension AppState {
  /// How many shown items are due from `start` to `end`, and how many of them are overdue.
  /// - Complexity: O(log n) for pending items in deadline order, else O(n).
  func itemCount(from start: Date, to end: Date) -> (all: Int, overdue: Int) {
    let pendingCount = Self.partition(visible) { $0.isPending }
    if tree.isActive || pendingCount < visible.count {
      let found = itemIndices(from: start, to: end)
      return (found.count, found.filter { visible[$0].isOverdue(at: now) }.count)
    }
    let lo = Self.partition(visible, count: pendingCount) { $0.sortDeadline < start }
    let hi = Self.partition(visible, count: pendingCount) { $0.sortDeadline < end }
    let late = Self.partition(visible, count: pendingCount) { $0.sortDeadline < min(end, max(start, now)) }
    return (hi - lo, max(0, late - lo))
  }
}
