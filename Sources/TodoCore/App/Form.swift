import Foundation

/// The add/edit form: a title field, a deadline field, and a date picker that
/// Tab opens on the deadline.
public struct Form: Equatable, Sendable {
  /// What saving does.
  public enum Purpose: Equatable, Sendable {
    case add
    /// Edits the item; an empty deadline field keeps `deadline`.
    case edit(UUID, deadline: Date?)
  }

  /// The part of the form that has the keyboard.
  public enum Focus: Equatable, Sendable { case title, deadline, picker }

  public var purpose: Purpose
  public var title: TextField
  public var deadline: TextField
  /// The picker's value, set once Tab has opened it; it then is the deadline.
  public var picker: DatePicker?
  public var focus: Focus
  /// Why the last Enter did not save.
  public var error: String?

  public init(purpose: Purpose, title: String = "") {
    self.purpose = purpose
    self.title = TextField(title)
    deadline = TextField("", limit: 64)
    focus = .title
  }

  /// The default a blank deadline field takes when adding.
  public static let defaultWhen = "in 1h"

  /// What the deadline field means now: the instant, or why there is none.
  /// nil: no deadline (a someday item: "none", or an edited item that had none).
  public func resolvedDeadline(now: Date, calendar: Calendar) -> Result<Date?, DeadlineProblem> {
    if let p = picker { return .success(p.date) }
    let text = deadline.text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty {
      switch purpose {
      case .edit(_, let d): return .success(d)
      case .add: return parse(Self.defaultWhen, now: now, calendar: calendar)
      }
    }
    if text.lowercased() == "none" { return .success(nil) }
    return parse(text, now: now, calendar: calendar)
  }

  private func parse(_ text: String, now: Date, calendar: Calendar) -> Result<Date?, DeadlineProblem> {
    do {
      return .success(try WhenParser(now: now, calendar: calendar).parse(text))
    } catch {
      return .failure(DeadlineProblem(text: text))
    }
  }

  /// The hint shown in an empty deadline field.
  public func hint(formatter: DueFormatter) -> String {
    switch purpose {
    case .add: return Self.defaultWhen
    case .edit(_, let d): return "unchanged: " + (d.map { formatter.dateText($0) } ?? "no deadline")
    }
  }
}

/// A deadline field that does not parse.
public struct DeadlineProblem: Error, Equatable, Sendable {
  public var text: String
  /// The short reason shown under the field.
  public var message: String { "“\(text)” is not a time: try tomorrow 9am, fri 17:00, in 2h" }
}

/// A date picker of three wheels, day, hour and minute, that ↑ and ↓ turn.
/// Hour and minute wrap around within their day and hour, as a wheel does.
public struct DatePicker: Equatable, Sendable {
  public enum Part: Int, Equatable, Sendable, CaseIterable { case day, hour, minute }
  public var date: Date
  public var part: Part

  public init(date: Date, part: Part = .day) {
    self.date = date
    self.part = part
  }

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
      let m = calendar.component(.minute, from: date)
      let target = ((m + steps) % 60 + 60) % 60
      date = calendar.date(byAdding: .minute, value: target - m, to: date) ?? date
    }
    date = date.wholeSeconds
  }

  /// Moves to the next (+1) or previous (-1) wheel.
  public mutating func move(_ by: Int) {
    part = Part(rawValue: min(2, max(0, part.rawValue + by)))!
  }
}
