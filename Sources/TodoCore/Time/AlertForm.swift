import Foundation

/// `--alert` (issue 36), in the grammar of `--warn` and `--due`: `15m` (that long before
/// the deadline, as `--warn`), `due`, `due-1h`, `due+15m`, `start`, `start-1h`,
/// `start+15m`, `at WHEN` (any `--due` form), `none` (no alerts).
public enum AlertForm {
  /// What an error says is accepted.
  public static let forms =
    "expected a duration before the deadline (15m, 1h30m), due+15m or due-1h, start, start-1h or start+15m, at WHEN (as --due takes it), or none"

  /// The alert `text` names; nil for `none`.
  /// - Throws: ``TodoError/badTitle(_:)`` naming the forms (nothing is written).
  public static func parse(_ text: String, now: Date, calendar: Calendar) throws -> ItemAlert? {
    let t = text.trimmingCharacters(in: .whitespaces)
    let lower = t.lowercased()
    func bad() -> TodoError { TodoError.badTitle("--alert '\(text)': \(forms)") }
    if EarlyWarning.isNone(t) { return nil }
    let start = now.wholeSeconds
    let parser = WhenParser(now: start, calendar: calendar)
    /// Seconds of a duration (`15m`), or nil when it is not one.
    func seconds(_ d: Substring) -> Int? {
      let s = d.trimmingCharacters(in: .whitespaces)
      guard !s.isEmpty, let at = try? parser.add(duration: s, to: start) else { return nil }
      return Int(at.timeIntervalSince(start))
    }
    if lower.hasPrefix("at ") {
      guard let d = try? parser.parse(String(t.dropFirst(3))) else { throw bad() }
      return ItemAlert(.at(d.wholeSeconds))
    }
    for (word, make) in [
      ("due", { ItemAlert(.deadline($0)) }), ("start", { ItemAlert(.start($0)) }),
    ] as [(String, (Int) -> ItemAlert)] where lower.hasPrefix(word) {
      let rest = lower.dropFirst(word.count).drop { $0 == " " }
      if rest.isEmpty { return make(0) }
      guard let sign = rest.first, sign == "+" || sign == "-", let s = seconds(rest.dropFirst()), s > 0 else {
        throw bad()
      }
      return make(sign == "-" ? -s : s)
    }
    guard let s = seconds(Substring(t)), s > 0 else { throw bad() }
    return ItemAlert(.deadline(-s))
  }

  /// The alerts of every `--alert` given (in order): nil when none was given, `[]` for `none`.
  public static func parse(_ texts: [String], now: Date, calendar: Calendar) throws -> [ItemAlert]? {
    guard !texts.isEmpty else { return nil }
    var out: [ItemAlert] = []
    for t in texts {
      if let a = try parse(t, now: now, calendar: calendar) {
        out.append(a)
      } else if texts.count > 1 {
        throw TodoError.badTitle("--alert none clears the alerts: give it alone")
      }
    }
    return out
  }

  /// The alert in the form `--alert` takes (`15m`, `due`, `due+15m`, `start-1h`,
  /// `at 2026-11-27T09:00` in the calendar's zone), which ``parse(_:now:calendar:)``
  /// reads back as the same trigger; nil for one it has no form for (a place, kept as it came).
  public static func text(_ alert: ItemAlert, calendar: Calendar) -> String? {
    func offset(_ word: String, _ s: Int) -> String {
      s == 0 ? word : word + (s < 0 ? "-" : "+") + EarlyWarning.text(abs(s))
    }
    switch alert.anchor {
    case .deadline(let s): return s < 0 ? EarlyWarning.text(-s) : offset("due", s)
    case .start(let s): return offset("start", s)
    case .at(let d):
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: d)
      let (y, mo, da, h, mi, se) = (
        c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0
      )
      func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
      let time = two(h) + ":" + two(mi) + (se == 0 ? "" : ":" + two(se))
      return "at \(y)-\(two(mo))-\(two(da))T" + time
    case .place, .other: return nil
    }
  }
}
