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
  /// The title when the form opened: a title left as it was is not saved, so
  /// that a title another process changed meanwhile keeps their value.
  public let initialTitle: String
  public var title: TextField
  public var deadline: TextField
  /// The picker's value, set once Tab has opened it; it then is the deadline.
  public var picker: DatePicker?
  public var focus: Focus
  /// Why the last Enter did not save.
  public var error: String?
  /// Esc was pressed with changes typed: y discards them, n keeps editing.
  public var askingToDiscard = false

  public init(purpose: Purpose, title: String = "") {
    self.purpose = purpose
    self.title = TextField(title)
    initialTitle = self.title.text
    deadline = TextField("", limit: 64)
    focus = .title
  }

  /// Whether the title differs from the one the form opened with.
  public var titleTouched: Bool { title.text != initialTitle }

  /// Whether the deadline was typed or picked (an empty field keeps the item's deadline).
  public var deadlineTouched: Bool { !deadline.isEmpty || picker != nil }

  /// Whether anything was typed or picked that Esc would throw away.
  public var isTouched: Bool { titleTouched || deadlineTouched }

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

/// A date picker of three wheels, day, hour and minute (in steps of 5), that
/// ↑ and ↓ turn. Hour and minute wrap around within their day and hour, as a wheel does.
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
