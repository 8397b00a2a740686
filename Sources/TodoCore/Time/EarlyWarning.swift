import Foundation

/// The `DURATION` of `--warn` (SPEC 3): how long before the deadline an early
/// warning fires (`15m`, `1h`, `1h30m`), or `none`. The command line and the
/// app's form read it here, so both take the same forms.
public enum EarlyWarning {
  /// The seconds `text` names before the deadline, or nil for `none`.
  /// - Throws: ``TodoError/badDuration(_:)`` when it does not read or is not after zero.
  public static func parse(_ text: String, now: Date, calendar: Calendar) throws -> Int? {
    if isNone(text) { return nil }
    let start = now.wholeSeconds
    let at = try WhenParser(now: start, calendar: calendar).add(duration: text, to: start)
    let seconds = Int(at.timeIntervalSince(start))
    guard seconds > 0 else { throw TodoError.badDuration(text) }
    return seconds
  }

  /// A duration as it is typed: `15m`, `1h30m`, `2d`, `1w`.
  public static func text(_ seconds: Int) -> String {
    var rest = seconds
    var out = ""
    for (unit, size) in [("w", 604_800), ("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
      out += "\(rest / size)\(unit)"
      rest %= size
    }
    return out.isEmpty ? "0m" : out
  }

  /// Whether the text is the word `none`, which clears a field.
  public static func isNone(_ text: String) -> Bool {
    text.trimmingCharacters(in: .whitespaces).lowercased() == "none"
  }
}

extension RepeatRule {
  /// `--repeat RULE|none`: the canonical RRULE, or nil for `none`.
  /// - Throws: ``TodoError/badRule(_:)`` listing the accepted forms.
  public static func parseOrNone(_ text: String) throws -> String? {
    EarlyWarning.isNone(text) ? nil : try parse(text)
  }
}
