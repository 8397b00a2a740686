import ArgumentParser
import Foundation
import TodoCore

/// What `add` and `edit` say about the time they read (SPEC 3): the parsed
/// deadline echoed on a terminal, a warning for one already past; and the
/// `--repeat RULE|none` option read.
enum TimeEcho {
  /// The help of `--due` and `--repeat`: the accepted forms, from the grammar tables.
  static let whenHelp = "WHEN accepts: \(WhenParser.acceptedForms)."
  static let ruleHelp = "RULE accepts: \(RepeatRule.acceptedForms); 'none' removes it."

  /// What was understood, on stderr, also into a pipe (stdout stays the UUID
  /// alone): "Due tomorrow 9:00" (as `list` says it), "No deadline (someday)";
  /// a warning when the deadline is already past (it is kept all the same).
  static func report(_ deadline: Date?, now: Date) {
    guard let deadline else {
      CLI.note("No deadline (someday)")
      return
    }
    let fmt = CLI.formatter(now: now)
    CLI.note("Due " + fmt.phrase(deadline))
    if deadline < now.wholeSeconds { CLI.warn("the deadline, \(fmt.phrase(deadline)), is already past") }
  }

  /// A warning on stderr when `--warn` set an early warning on an item without
  /// a deadline: it is kept, and warns once the item gets one.
  static func warnWithoutDeadline(_ item: TodoItem?, given: Int??) {
    guard case .some(.some) = given, let item, item.deadline == nil, item.warn != nil else { return }
    CLI.warn("“\(Title.displaySafe(item.title))” has no deadline: --warn takes effect once it has one")
  }

  /// `--due` of `add` and `edit`: `none` is nil (someday), `+1d` counts from `base`.
  static func due(_ text: String, env: TodoEnvironment, base: Date? = nil) throws -> Date? {
    if text.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return nil }
    return try WhenParser(now: env.now(), calendar: env.calendar, base: base).parse(text)
  }

  /// `--warn`: nil when not given, `.some(nil)` for `none`, else seconds before the deadline.
  static func warn(_ text: String?, env: TodoEnvironment) throws -> Int?? {
    guard let text else { return nil }
    return .some(try EarlyWarning.parse(text, now: env.now(), calendar: env.calendar))
  }

  /// `--repeat`: nil when not given, `.some(nil)` for `none`, else the RRULE.
  static func rule(_ text: String?) throws -> String?? {
    guard let text else { return nil }
    return .some(try RepeatRule.parseOrNone(text))
  }
}

/// `--alert` of `add` and `edit` (issue 36), beside `--warn`.
struct AlertOption: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "An alert (repeatable): 15m (before the deadline), due+15m, start, start-1h, at WHEN; none clears.",
      discussion: """
        Repeat --alert for several; on edit the alerts given replace the item's. A duration (15m, 1h30m) \
        is that long before the deadline, as --warn; due+15m after it; start, start-1h, start+15m from the \
        start (--start); at WHEN at a time, in any form --due takes.
        """, valueName: "alert"))
  var alert: [String] = []

  /// Every `--alert` given: nil when none was, `[]` for `none`; a bad one is a usage error naming the forms.
  func values(env: TodoEnvironment) throws -> [ItemAlert]? {
    do { return try AlertForm.parse(alert, now: env.now(), calendar: env.calendar) } catch let e as TodoError
    {
      throw ValidationError(e.description)
    }
  }

  /// The change of the item's `alerts` field the options make: nil when none was given.
  func change(env: TodoEnvironment) throws -> FieldChange? {
    try values(env: env).map(FieldChange.alerts)
  }
}
