import Foundation

/// The keys of the week and the month (SPEC 4).
func reduceDays(_ state: inout AppState, _ action: DaysAction) {
  switch action {
  case .switchSpan:
    let all = Days.Span.allCases
    let next = all[(all.firstIndex(of: state.days.span)! + 1) % all.count]
    state.days.span = next
    if state.days.only != nil {
      state.days.only = nil
      state.refilter(keeping: state.selectedItem?.id)
    }
    state.message =
      next == .list ? "The list" : "The \(next.rawValue): ←→ a day, Enter its items, w the next view"
  case .moveDay(let n):
    state.days.selected = state.day(n, after: state.selectedDay)
  case .moveMonth(let n):
    let d = state.calendar.date(byAdding: .month, value: n, to: state.selectedDay) ?? state.selectedDay
    state.days.selected = state.calendar.startOfDay(for: d)
  case .today:
    state.days.selected = nil
  case .pick(let d):
    state.days.selected = state.calendar.startOfDay(for: d)
  case .open:
    let d = state.selectedDay
    state.days.back = state.days.span == .list ? state.days.back : state.days.span
    state.days.only = d
    state.days.span = .list
    state.selected = 0
    state.refilter(keeping: nil)
    state.message = "\(state.dayName(d)): Esc goes back to the \(state.days.back.rawValue)"
  case .add:
    var form = Form(purpose: .add)
    form.deadline = TextField(state.deadlineText(on: state.selectedDay), limit: 64)
    state.mode = .form(form)
    state.message = ""
  }
}

/// Esc in the list of one day's items: back to the week or the month. True when it was that.
func leaveDay(_ state: inout AppState) -> Bool {
  guard state.days.only != nil, state.mode == .list else { return false }
  state.days.only = nil
  state.days.span = state.days.back
  state.refilter(keeping: state.selectedItem?.id)
  state.message = ""
  return true
}
