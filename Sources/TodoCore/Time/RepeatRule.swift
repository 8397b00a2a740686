import CLibical
import Foundation

/// The `RULE` of SPEC 3 (`daily`, `weekdays`, `every 2 weeks`, `every mon,thu`,
/// or an iCalendar RRULE), kept as the RRULE value libical writes for it.
public enum RepeatRule {
  /// The forms listed in `--help` and in the error for a rule that does not read.
  public static let acceptedForms =
    "daily, weekdays, weekly, monthly, yearly, every N days|weeks|months|years (every 2 weeks), "
    + "every mon,thu (weekday names, full or short), or an iCalendar RRULE such as FREQ=MONTHLY;BYMONTHDAY=-1 "
    + "(at most hourly)"

  /// The shorthand forms, one a row: the words and the RRULE they mean.
  static let words: [String: String] = [
    "daily": "FREQ=DAILY", "weekdays": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekly": "FREQ=WEEKLY",
    "monthly": "FREQ=MONTHLY", "yearly": "FREQ=YEARLY", "annually": "FREQ=YEARLY",
    "every day": "FREQ=DAILY", "every weekday": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "every week": "FREQ=WEEKLY",
    "every month": "FREQ=MONTHLY", "every year": "FREQ=YEARLY",
  ]
  static let units = ["day": "DAILY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY"]
  static let days = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

  /// The canonical RRULE value of `text` (`every mon,thu` is `FREQ=WEEKLY;BYDAY=MO,TH`).
  /// - Throws: ``TodoError/badRule(_:)`` listing the accepted forms.
  public static func parse(_ text: String) throws -> String {
    guard let rrule = rrule(text), let canonical = canonical(rrule) else { throw TodoError.badRule(text) }
    return canonical
  }

  /// The RRULE text of a shorthand form, or `text` itself (upper-cased, without `RRULE:`) when it has `=`.
  static func rrule(_ text: String) -> String? {
    let tokens = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
      .filter { $0 != "and" }
    let joined = tokens.joined(separator: " ")
    if let r = words[joined] { return r }
    if text.contains("=") {
      var r = text.trimmingCharacters(in: .whitespaces).uppercased()
      if r.hasPrefix("RRULE:") { r.removeFirst(6) }
      return r
    }
    guard tokens.first == "every", tokens.count >= 2 else { return nil }
    let rest = tokens.dropFirst()
    // every N days|weeks|months|years
    if rest.count == 2, let n = WhenParser.number(rest.first!, maxDigits: 4), n >= 1 {
      var unit = rest.last!
      if unit.hasSuffix("s") { unit = unit.dropLast() }
      guard let freq = units[String(unit)] else { return nil }
      return n == 1 ? "FREQ=\(freq)" : "FREQ=\(freq);INTERVAL=\(n)"
    }
    // every mon,thu
    var picked = Set<Int>()
    for w in rest {
      guard let d = WhenSlot.name(w, WhenSlot.weekdays, extra: ["tues": 2, "thur": 4, "thurs": 4]),
        picked.insert(d).inserted
      else { return nil }
    }
    let order = [1, 2, 3, 4, 5, 6, 0]  // MO … SU
    return "FREQ=WEEKLY;BYDAY=" + order.filter(picked.contains).map { days[$0] }.joined(separator: ",")
  }

  /// The rule as libical reads and writes it, or nil when libical refuses it
  /// (or it repeats more often than hourly: a to-do holds one notification slot).
  static func canonical(_ rrule: String) -> String? {
    guard !rrule.isEmpty, rrule.utf8.allSatisfy({ $0 >= 32 && $0 < 127 }) else { return nil }
    cl_icalerrno_clear()
    var recur = icalrecurrencetype_from_string(rrule)
    defer { cl_icalerrno_clear() }
    guard cl_icalerrno() == ICAL_NO_ERROR, recur.freq != ICAL_NO_RECURRENCE,
      recur.freq != ICAL_SECONDLY_RECURRENCE, recur.freq != ICAL_MINUTELY_RECURRENCE, recur.interval >= 1
    else { return nil }
    guard let text = icalrecurrencetype_as_string_r(&recur) else { return nil }
    defer { icalmemory_free_buffer(text) }
    return String(cString: text)
  }
}
