import Foundation

/// The header: the title and what is shown (list, view, read-only, sync) at the left, the
/// overdue count and the slots at the right. The right side is laid out first and never cut:
/// narrow, the slots shorten ("29/64") or go; the left side is cut before it, with "…".
func drawHeader(_ state: AppState, _ c: inout Canvas) {
  let overdue = "\(state.badge) overdue"
  let full = " · " + Scheduler.slotsText(scheduled: state.scheduledCount, waiting: state.waitingCount)
  let short = " · \(state.scheduledCount)/\(Scheduler.limit)"
  let waiting = state.waitingCount > 0 ? short + " · \(state.waitingCount) waiting" : full
  let counted = short + " scheduled"
  var left: [(String, Style)] = [("Todo List", .bold)]
  if let (name, style) = state.headerList { left.append((" · " + name, style)) }
  if state.view != .pending { left.append((" · " + state.view.rawValue, .bold)) }
  if state.days.span != .list { left.append((" · " + state.days.span.rawValue, .bold)) }
  if let d = state.days.only { left.append((" · " + state.dayName(d), .bold)) }
  if state.readOnly != nil { left.append(("  read-only", Style(.yellow))) }
  if let s = state.serverSync { left.append((s.headerText, s.ok ? .dim : Style(.yellow))) }
  // The slots in full while the left side fits whole; else "29/64" while "Todo List" fits; else none.
  let screenWidth = c.width
  let room = { (s: String) in screenWidth - CellWidth.of(overdue) - CellWidth.of(s) }
  let whole = 1 + left.reduce(0) { $0 + CellWidth.of($1.0) } + 2
  let least = 1 + CellWidth.of("Todo List") + 2
  let sched =
    [full, waiting, counted, short].first { room($0) >= whole } ?? [short].first { room($0) >= least } ?? ""
  let width = CellWidth.of(overdue) + CellWidth.of(sched)
  let start = max(1, min(whole, c.width - width), c.width - 1 - width)
  var x = 1
  for (text, style) in left { x = c.putCut(text, x: x, y: 0, style: style, limit: start - 2) }
  let end = c.put(overdue, x: start, y: 0, style: state.badge > 0 ? Style(.red, .bold) : .dim)
  c.put(sched, x: end, y: 0, style: .dim)
}
