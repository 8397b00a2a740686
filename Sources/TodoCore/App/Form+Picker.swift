import Foundation

/// A date picker of three wheels, day, hour and minute (in steps of 5), that
/// ↑ and ↓ turn. Hour and minute wrap around within their day and hour, as a wheel does.
public struct DatePicker: Equatable, Sendable {
  public enum Part: Int, Equatable, Sendable, CaseIterable { case day, hour, minute }
  public var date: Date
  public var part: Part
  /// Where the wheels started: a picker opened and left as it was changes nothing.
  public let start: Date

  public init(date: Date, part: Part = .day) {
    self.date = date
    self.part = part
    start = date
  }

  /// Whether a wheel was turned away from where it started.
  public var isTurned: Bool { date != start }

  /// Turns the selected wheel by `steps` (up is +1).
  public mutating func turn(_ steps: Int, calendar: Calendar) {
    switch part {
    case .day:
      date = calendar.date(byAdding: .day, value: steps, to: date) ?? date
    case .hour:
      let h = calendar.component(.hour, from: date)
      let target = ((h + steps) % 24 + 24) % 24
      date =
        calendar.date(
          bySettingHour: target, minute: calendar.component(.minute, from: date), second: 0, of: date) ?? date
    case .minute:
      // Steps of 5 minutes, to the next multiple of 5 first (9:03 ↑ 9:05, ↓ 9:00).
      let m = calendar.component(.minute, from: date)
      var target = m
      for _ in 0..<abs(steps) {
        target = steps > 0 ? (target / 5 + 1) * 5 : (target % 5 == 0 ? target - 5 : target / 5 * 5)
      }
      target = (target % 60 + 60) % 60
      date = calendar.date(byAdding: .minute, value: target - m, to: date) ?? date
      date = date.addingTimeInterval(-Double(calendar.component(.second, from: date)))
    }
    date = date.wholeSeconds
  }

  /// Moves to the next (+1) or previous (-1) wheel.
  public mutating func move(_ by: Int) {
    part = Part(rawValue: min(2, max(0, part.rawValue + by)))!
  }
}
