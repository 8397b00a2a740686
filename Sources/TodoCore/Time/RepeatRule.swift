import CLibical
import Foundation

/// The `RULE` of SPEC 3 (`daily`, `weekdays`, `every 2 weeks`, `every mon,thu`,
/// or an iCalendar RRULE), kept as the RRULE value libical writes for it.
public enum RepeatRule {
  /// The forms listed in `--help` and in the error for a rule that does not read.
  public static let acceptedForms =
    "daily, weekdays, weekly, biweekly, monthly, yearly, every N days|weeks|months|years (every 2 weeks), "
    + "every other week, "
    + "every mon,thu (weekday names, full or short), or an iCalendar RRULE such as FREQ=MONTHLY;BYMONTHDAY=-1 "
    + "(at most hourly)"

  /// The shorthand forms, one a row: the words and the RRULE they mean.
  static let words: [String: String] = [
    "daily": "FREQ=DAILY", "weekdays": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekly": "FREQ=WEEKLY",
    "monthly": "FREQ=MONTHLY", "yearly": "FREQ=YEARLY", "annually": "FREQ=YEARLY",
    "every day": "FREQ=DAILY", "every weekday": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "every week": "FREQ=WEEKLY",
    "every month": "FREQ=MONTHLY", "every year": "FREQ=YEARLY",
    // Every second one: `every other week`, `biweekly`, `fortnightly` (bimonthly says two things; not read).
    "every other day": "FREQ=DAILY;INTERVAL=2", "every other week": "FREQ=WEEKLY;INTERVAL=2",
    "every other month": "FREQ=MONTHLY;INTERVAL=2", "every other year": "FREQ=YEARLY;INTERVAL=2",
    "biweekly": "FREQ=WEEKLY;INTERVAL=2", "fortnightly": "FREQ=WEEKLY;INTERVAL=2",
    "every fortnight": "FREQ=WEEKLY;INTERVAL=2",
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

extension RepeatRule {
  /// The rule in the words `--repeat` reads (`weekdays`, `every 2 weeks`, `every mon,thu`),
  /// `until`/`times` after; the RRULE itself when no words say it.
  public static func words(for rrule: String) -> String {
    var parts = rrule.split(separator: ";").map(String.init)
    var tail = ""
    if let k = parts.firstIndex(where: { $0.hasPrefix("UNTIL=") }) {
      let v = parts.remove(at: k).dropFirst(6)
      tail =
        v.count >= 8 ? " until \(v.prefix(4))-\(v.dropFirst(4).prefix(2))-\(v.dropFirst(6).prefix(2))" : ""
    }
    if let k = parts.firstIndex(where: { $0.hasPrefix("COUNT=") }) {
      tail += ", \(parts.remove(at: k).dropFirst(6)) times"
    }
    let rest = parts.joined(separator: ";")
    let named = ["daily", "weekdays", "weekly", "monthly", "yearly", "biweekly"]
    if let w = named.first(where: { words[$0] == rest }) { return w + tail }
    var fields: [String: String] = [:]
    for p in parts {
      let kv = p.split(separator: "=", maxSplits: 1)
      if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
    }
    let unit = units.first { "FREQ=" + $0.value == "FREQ=" + (fields["FREQ"] ?? "") }?.key
    if let unit, let n = fields["INTERVAL"].flatMap(Int.init), fields.count == 2 {
      return "every \(n) \(unit)s" + tail
    }
    if fields["FREQ"] == "WEEKLY", let byday = fields["BYDAY"], fields.count == 2 {
      let names = ["SU": "sun", "MO": "mon", "TU": "tue", "WE": "wed", "TH": "thu", "FR": "fri", "SA": "sat"]
      let days = byday.split(separator: ",").map { names[String($0)] }
      if days.allSatisfy({ $0 != nil }) { return "every " + days.map { $0! }.joined(separator: ",") + tail }
    }
    return rrule
  }
}
