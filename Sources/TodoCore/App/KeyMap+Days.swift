import Foundation

extension KeyMap {
  /// The keys of the week and the month (SPEC 4): the arrows move the day
  /// (in the month ↑ ↓ move a week, PgUp PgDn a month; in the week PgUp PgDn
  /// a week), Enter shows the day's items, a adds on it; the list's other
  /// keys that do not act on a row (w v L / ? u U q Esc) do what they do there.
  static func days(_ key: Key, _ state: AppState) -> Action? {
    let month = state.days.span == .month
    switch key {
    case .left, .char("h"): return .days(.moveDay(-1))
    case .right, .char("l"): return .days(.moveDay(1))
    case .up, .char("k"): return .days(.moveDay(month ? -7 : -1))
    case .down, .char("j"): return .days(.moveDay(month ? 7 : 1))
    case .pageUp: return month ? .days(.moveMonth(-1)) : .days(.moveDay(-7))
    case .pageDown: return month ? .days(.moveMonth(1)) : .days(.moveDay(7))
    case .home, .char("g"): return .days(.today)
    case .enter, .char("e"): return .days(.open)
    case .char("a"), .char("+"): return .days(.add)
    case .char("w"), .char("v"), .char("L"), .char("/"), .char("?"), .char("u"), .char("U"), .ctrl("r"),
      .char("q"), .escape, .char("C"), .char("R"):
      return list(key, state)
    default: return nil
    }
  }
}
