import Foundation

// The week and the month (SPEC 4). Only the days on screen are looked at:
// their items are found by binary search in the sorted list, so a frame
// costs the same with 100 items or 100,000.

/// A line of the week view.
enum WeekLine: Equatable {
  /// How many overdue items are due before the first day.
  case earlier(Int)
  /// Day `k` (0 the selected one) and its items' indices in `visible`.
  case heading(Int, [Int])
  /// An item (its index in `visible`) of day `k`.
  case item(Int, Int)
  /// How many more items day `k` has than it shows.
  case more(Int, Int)
  /// How many shown items have no deadline.
  case someday(Int)

  /// The day (0…6 from the selected one) the line belongs to, if any.
  var day: Int? {
    switch self {
    case .heading(let k, _), .item(let k, _), .more(let k, _): return k
    case .earlier, .someday: return nil
    }
  }
}

/// The week's lines in `rows` lines: each day's heading, then as many of its
/// items as fit (``share(_:budget:)``), the rest counted.
func weekLines(_ state: AppState, rows: Int, starts given: [Date]? = nil) -> [WeekLine] {
  let starts = given ?? (0...7).map { state.day($0, after: state.selectedDay) }
  let items = (0..<7).map { state.itemIndices(from: starts[$0], to: starts[$0 + 1]) }
  let someday = state.somedayCount
  // Overdue items due before the first day shown are counted above it.
  let earlier = state.itemCount(from: .distantPast, to: starts[0]).overdue
  let budget = max(0, rows - 7 - (someday > 0 ? 1 : 0) - (earlier > 0 ? 1 : 0))
  let room = share(items.map(\.count), budget: budget)
  var out: [WeekLine] = earlier > 0 ? [.earlier(earlier)] : []
  for k in 0..<7 {
    out.append(.heading(k, items[k]))
    let count = items[k].count
    let shown = count > room[k] ? max(0, room[k] - 1) : count
    for i in items[k].prefix(shown) { out.append(.item(k, i)) }
    if shown < count && room[k] > 0 { out.append(.more(k, count - shown)) }
  }
  if someday > 0 { out.append(.someday(someday)) }
  return Array(out.prefix(rows))
}

/// The week: the seven days from the selected one, each under its heading
/// (the selected one reversed, today named), its items at their times
/// (overdue ones red and marked), as many as fit, the rest counted; then
/// how many someday items there are, apart.
func drawWeek(_ state: AppState, _ fmt: DueFormatter, _ layout: Layout, _ c: inout Canvas) {
  let rows = layout.list
  guard !rows.isEmpty else { return }
  var starts = [state.selectedDay]
  for _ in 0..<7 { starts.append(nextDay(after: starts.last!, state, fmt)) }
  let lines = weekLines(state, rows: rows.count, starts: starts)
  // The clocks, made once: the column is as wide as the widest.
  var clocks: [Int: String] = [:]
  for case .item(_, let i) in lines { clocks[i] = fmt.clock(state.visible[i].deadline!) }
  let clockWidth = clocks.values.map(\.count).max() ?? 0
  let today = state.calendar.startOfDay(for: state.now)
  for (n, line) in lines.enumerated() {
    let y = rows.lowerBound + n
    switch line {
    case .earlier(let late):
      let first = Agenda.dayName(fmt.dayNumber(state.selectedDay), formatter: fmt)
      c.put("\(late) overdue before \(first)", x: 1, y: y, style: Style(.red, .bold))
    case .heading(let k, let items):
      let base: Style = k == 0 ? .reverse : .plain
      if k == 0 { c.fill(x: 0, y: y, count: c.width, style: base) }
      let start = starts[k]
      let name = Agenda.dayName(fmt.dayNumber(start), formatter: fmt)
      var x = c.put(name, x: 1, y: y, style: Style(.none, base.attributes.union(.bold)))
      let late = state.itemCount(from: starts[k], to: starts[k + 1]).overdue
      if !items.isEmpty {
        x = c.put(
          "  \(items.count) item\(items.count == 1 ? "" : "s")", x: x, y: y, style: k == 0 ? base : .dim)
      }
      if late > 0 {
        x = c.put("  \(late) overdue", x: x, y: y, style: Style(.red, base.attributes.union(.bold)))
      }
      if start == today && !name.hasPrefix("Today") { c.put("  today", x: x, y: y, style: base) }
    case .item(_, let i):
      let item = state.visible[i]
      let overdue = item.isOverdue(at: state.now)
      let clock = clocks[i] ?? fmt.clock(item.deadline!)
      let style: Style = overdue ? Style(.red, .bold) : item.isPending ? .plain : .dim
      var x = c.put(
        String(repeating: " ", count: clockWidth - clock.count) + clock, x: 3, y: y, style: style)
      x = c.put(" " + (ItemMarks.stateGlyph(item, now: state.now) ?? " ") + " ", x: x, y: y, style: style)
      c.putCut(
        Title.displaySafe(item.title), x: x, y: y, style: item.isPending ? .plain : .dim, limit: c.width - 1)
    case .more(_, let n):
      c.put("… \(n) more (Enter shows them)", x: 3, y: y, style: .dim)
    case .someday(let n):
      c.put("Someday: \(n) item\(n == 1 ? "" : "s") without a deadline", x: 1, y: y, style: .dim)
    }
  }
}

/// The first instant of the day after the one `start` begins: 24 hours on,
/// read with the formatter's cached offset; through the calendar only on a
/// day of another length (a change of the clocks). Calendar arithmetic was
/// most of what a frame of the month added to the list's.
func nextDay(after start: Date, _ state: AppState, _ fmt: DueFormatter) -> Date {
  let next = start.addingTimeInterval(86_400)
  let f = fmt.fields(next)
  return f.hour == 0 && f.minute == 0 && f.second == 0 ? next : state.day(1, after: start)
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
func drawMonth(_ state: AppState, _ fmt: DueFormatter, _ layout: Layout, _ c: inout Canvas) {
  let rows = layout.list
  guard let g = MonthGrid(state, rows: rows, width: c.width) else { return }
  let sel = state.selectedDay
  let title = DateFormatter.monthTitle(sel, state.calendar)
  c.put(title, x: max(1, (c.width - CellWidth.of(title)) / 2), y: rows.lowerBound, style: .bold)
  for k in 0..<7 {
    let name = String(DueFormatter.weekdays[(state.calendar.firstWeekday - 1 + k) % 7].prefix(2))
    c.put(name, x: 1 + k * g.cellWidth, y: rows.lowerBound + 1, style: .dim)
  }
  let today = state.calendar.startOfDay(for: state.now)
  var start = g.first
  for d in 0..<g.days {
    let end = nextDay(after: start, state, fmt)
    let (x, y) = g.origin(of: d)
    guard y + g.lines - 1 < rows.upperBound else { break }
    let (count, late) = state.itemCount(from: start, to: end)
    var style: Style = start == sel ? .reverse : .plain
    if start == today { style.attributes.formUnion([.bold, .underline]) }
    let colour: Style.Colour = late > 0 ? .red : count >= crowded ? .yellow : .none
    let number = (d + 1 < 10 ? " " : "") + "\(d + 1)"
    let countText = count == 0 ? "" : count > 99 ? "99+" : "\(count)"
    c.put(number, x: x, y: y, style: style)
    c.put(countText, x: x + 3, y: y, style: Style(colour, .bold), limit: x + g.cellWidth - 1)
    if g.lines > 1 {
      let bar = String(repeating: "▪", count: min(count, g.cellWidth - 1))
      c.put(bar, x: x, y: y + 1, style: Style(colour), limit: x + g.cellWidth - 1)
    }
    start = end
  }
}

/// Where the month's days are on the screen: a title line, the weekdays'
/// line, then a row of cells a week, each `lines` high and `cellWidth` wide.
struct MonthGrid {
  /// The month's first day.
  var first: Date
  var days: Int
  /// Empty cells before the first day (the days of its week in the month before).
  var lead: Int
  var cellWidth: Int
  var lines: Int
  var top: Int

  init?(_ state: AppState, rows: Range<Int>, width: Int) {
    let cal = state.calendar
    guard rows.count >= 3, let month = cal.dateInterval(of: .month, for: state.selectedDay) else {
      return nil
    }
    first = month.start
    cellWidth = max(5, (width - 1) / 7)
    lead = (cal.component(.weekday, from: month.start) - cal.firstWeekday + 7) % 7
    days = cal.range(of: .day, in: .month, for: state.selectedDay)?.count ?? 30
    let weeks = (lead + days + 6) / 7
    lines = max(1, min(3, (rows.count - 2) / weeks))
    top = rows.lowerBound + 2
  }

  /// The top left cell of day `d` (0 the first).
  func origin(of d: Int) -> (x: Int, y: Int) {
    let cell = lead + d
    return (1 + (cell % 7) * cellWidth, top + (cell / 7) * lines)
  }

  /// The day (0 the first) whose cell holds (x, y), if any.
  func day(at x: Int, _ y: Int) -> Int? {
    guard x >= 1, y >= top else { return nil }
    let col = (x - 1) / cellWidth
    let cell = (y - top) / lines * 7 + col
    guard col < 7, cell >= lead, cell - lead < days else { return nil }
    return cell - lead
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
    let pendingCount = self.pendingCount
    if tree.isActive || pendingCount < visible.count {
      let found = itemIndices(from: start, to: end)
      return (found.count, found.filter { visible[$0].isOverdue(at: now) }.count)
    }
    let lo = firstDue(atOrAfter: start, count: pendingCount)
    let hi = firstDue(atOrAfter: end, count: pendingCount)
    // Overdue: a deadline at or before now, so before the next instant after it.
    let afterNow = Date(timeIntervalSinceReferenceDate: now.timeIntervalSinceReferenceDate.nextUp)
    let late = firstDue(atOrAfter: min(end, max(start, afterNow)), count: pendingCount)
    return (hi - lo, max(0, late - lo))
  }
}
