import Foundation
import XCTest

@testable import TodoCore

/// Sun Nov 22 2026, 10:00 UTC.
let appNow = Date(timeIntervalSince1970: 1_795_341_600)

func appID(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))! }

/// An item due `minutes` from `appNow`.
func appItem(_ n: Int, _ title: String, minutes: Double, reminder: Double? = nil) -> TodoItem {
  TodoItem(
    id: appID(n), title: title, deadline: appNow.addingTimeInterval(minutes * 60),
    created: appNow.addingTimeInterval(-86_400), reminder: reminder.map { appNow.addingTimeInterval($0 * 60) }
  )
}

/// Three items: one overdue, two to come.
let appThree = [
  appItem(1, "Pay rent", minutes: -30), appItem(2, "Call Bob", minutes: 60),
  appItem(3, "Buy milk", minutes: 120),
]

/// A loaded app at 80×24 (or `size`) with these items, clock fixed at `appNow`.
func appState(_ items: [TodoItem], size: Size = Size(width: 80, height: 24), at now: Date = appNow)
  -> AppState
{
  let env = TodoEnvironment.fixed(now)
  var s = AppState(now: now, calendar: env.calendar, size: size)
  _ = reduce(&s, .loaded(TodoDocument(items: items)), env: env)
  return s
}

/// Runs the runtime's part of a mutation in memory, as FullScreen does on the file.
func carryOut(_ effects: [Effect], on list: inout TodoList, _ state: inout AppState, env: TodoEnvironment) {
  for case .commit(let m) in effects {
    do {
      let change = try m.apply(to: &list, env: env)
      _ = reduce(&state, .mutated(m, change), env: env)
    } catch {
      _ = reduce(&state, .mutationFailed(m, "\(error)"), env: env)
    }
  }
}

/// Presses keys as the runtime does (``KeyMap``, then ``reduce(_:_:env:)``); the effects asked for.
func pressKeys(_ s: inout AppState, _ keys: [Key], env: TodoEnvironment) -> [Effect] {
  var all: [Effect] = []
  for k in keys { if let a = KeyMap.action(for: k, in: s) { all += reduce(&s, a, env: env) } }
  return all
}

/// The form (or detail) open, if any.
func openForm(_ s: AppState) -> Form? { if case .form(let f) = s.mode { return f } else { return nil } }
