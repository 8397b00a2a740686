import Foundation

/// The add/edit form: a title field, a deadline field with a date picker that
/// Tab opens on it, a repeat rule field and an early warning field (the RULE
/// and DURATION of `--repeat` and `--warn`, read by the same code).
public struct Form: Equatable, Sendable {
  /// What saving does.
  public enum Purpose: Equatable, Sendable {
    case add
    /// Edits the item; an empty field keeps the item's value, given here for the field's hint.
    case edit(UUID, deadline: Date?, repeatRule: String? = nil, warn: Int? = nil)
  }

  /// The part of the form that has the keyboard. The add form has the first
  /// five, in Tab order; the item's detail has them all (``Detail/fields``).
  public enum Focus: Equatable, Sendable {
    case title, deadline, picker, repeatRule, warning
    case start, startPicker, priority, tags, list, parent, note
    /// A field of the table edited as a line of text, its row drawn and read
    /// from its text form (``TextForm/Edit``): a new one needs no case here.
    case line(ItemField)
    /// The detail's row of the item's k-th alert (issue 36); the last row adds one.
    case alert(Int)
  }

  public var purpose: Purpose
  /// The title when the form opened (or, in the detail, as the file last had
  /// it): a title left as it was is not saved, so that a title another process
  /// changed meanwhile keeps their value.
  public internal(set) var initialTitle: String
  public var title: TextField
  public var deadline: TextField
  /// The picker's value, set once Tab has opened it; once a wheel is turned it is the deadline.
  public var picker: DatePicker?
  /// The repeat rule as typed (`weekly`, `every mon,thu`, an RRULE, `none`).
  public var repeatRule: TextField
  /// The early warning as typed (`15m`, `1h`, `none`).
  public var warning: TextField
  public var focus: Focus
  /// Why the last Enter did not save, when no field says it in place (the
  /// title, the file, the lock).
  public var error: String?
  /// Esc was pressed with changes typed: y discards them, n keeps editing.
  public var askingToDiscard = false
  /// The item's detail: the fields beyond these four, when editing (nil when adding).
  public var detail: Detail?

  public init(purpose: Purpose, title: String = "") {
    self.purpose = purpose
    self.title = TextField(title)
    initialTitle = self.title.text
    deadline = TextField("", limit: 64)
    repeatRule = TextField("", limit: 200)
    warning = TextField("", limit: 32)
    focus = .title
  }

  /// Whether the title differs from the one the form opened with.
  public var titleTouched: Bool { title.text != initialTitle }

  /// Whether the deadline was typed or picked (an empty field keeps the item's deadline).
  public var deadlineTouched: Bool { !deadline.isEmpty || picker?.isTurned == true }

  /// Whether a repeat rule was typed (an empty field keeps the item's).
  public var repeatTouched: Bool { !repeatRule.isEmpty }

  /// Whether an early warning was typed (an empty field keeps the item's).
  public var warningTouched: Bool { !warning.isEmpty }

  /// Whether anything was typed or picked that Esc would throw away.
  public var isTouched: Bool {
    titleTouched || deadlineTouched || repeatTouched || warningTouched || detail?.isTouched == true
  }

  /// The default a blank deadline field takes when adding.
  public static let defaultWhen = "in 1h"

  /// What the deadline field means now: the instant, or why there is none.
  /// nil: no deadline (a someday item: "none", or an edited item that had none).
  public func resolvedDeadline(now: Date, calendar: Calendar) -> Result<Date?, DeadlineProblem> {
    Self.resolveWhen(deadline, picker: picker, now: now, calendar: calendar) {
      switch purpose {
      case .edit(_, let d, _, _): return .success(d)
      case .add: return Self.parse(Self.defaultWhen, now: now, calendar: calendar)
      }
    }
  }

  /// What a date field (the deadline, the start) means: a turned picker's
  /// date, `blank()` for an empty field, nil for `none`, else the text read as `WHEN`.
  static func resolveWhen(
    _ field: TextField, picker: DatePicker?, now: Date, calendar: Calendar,
    blank: () -> Result<Date?, DeadlineProblem>
  ) -> Result<Date?, DeadlineProblem> {
    if let p = picker, p.isTurned { return .success(p.date) }
    let text = field.text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return blank() }
    if text.lowercased() == "none" { return .success(nil) }
    return parse(text, now: now, calendar: calendar)
  }

  private static func parse(_ text: String, now: Date, calendar: Calendar) -> Result<Date?, DeadlineProblem> {
    do {
      return .success(try WhenParser(now: now, calendar: calendar).parse(text))
    } catch {
      return .failure(DeadlineProblem(text: text))
    }
  }

  /// What the repeat field means now: the RRULE, nil for none, or why it does not read.
  public func resolvedRepeat() -> Result<String?, FieldProblem> {
    let text = repeatRule.text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty {
      if case .edit(_, _, let rule, _) = purpose { return .success(rule) }
      return .success(nil)
    }
    do { return .success(try RepeatRule.parseOrNone(text)) } catch {
      return .failure(FieldProblem(text: text, kind: .repeatRule))
    }
  }

  /// What the warning field means now: seconds before the deadline, nil for none, or why it does not read.
  public func resolvedWarning(now: Date, calendar: Calendar) -> Result<Int?, FieldProblem> {
    let text = warning.text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty {
      if case .edit(_, _, _, let warn) = purpose { return .success(warn) }
      return .success(nil)
    }
    do { return .success(try EarlyWarning.parse(text, now: now, calendar: calendar)) } catch {
      return .failure(FieldProblem(text: text, kind: .warning))
    }
  }

  /// The hint shown in an empty deadline field.
  public func hint(formatter: DueFormatter) -> String {
    switch purpose {
    case .add: return Self.defaultWhen
    case .edit(_, let d, _, _): return "unchanged: " + (d.map { formatter.dateText($0) } ?? "no deadline")
    }
  }

  /// The hint shown in an empty repeat or warning field: what it keeps.
  public func hint(for field: Focus) -> String {
    guard case .edit(_, _, let rule, let warn) = purpose else { return "none" }
    let kept = field == .warning ? warn.map(EarlyWarning.text) : rule
    return "unchanged: " + (kept ?? "none")
  }
}

/// A deadline field that does not parse.
public struct DeadlineProblem: Error, Equatable, Sendable {
  public var text: String
  /// The short reason shown under the field.
  public var message: String { "“\(text)” is not a time: try tomorrow 9am, fri 17:00, in 2h" }
}

/// A repeat or warning field that does not parse.
public struct FieldProblem: Error, Equatable, Sendable {
  public enum Kind: Equatable, Sendable { case repeatRule, warning }
  public var text: String
  public var kind: Kind
  /// The short reason shown under the field (which shows the text), reason
  /// first so that a small screen still shows it, then the forms it takes.
  public var message: String {
    switch kind {
    case .repeatRule: return "not a repeat rule: try daily, weekly, every mon,thu, none"
    case .warning: return "not a duration: try 15m, 1h, 1h30m, none"
    }
  }
}
