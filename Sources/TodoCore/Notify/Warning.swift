import Foundation

/// The early warning (`--warn DURATION`, SPEC 5): a notification of kind
/// `warning` DURATION before the deadline, taking a slot like the others.
public enum Warning {
  /// The seconds of `--warn` text: a duration such as `15m`, `1h30m`, `2d`
  /// (a day is 86,400 s here), or nil for `none` (no warning).
  /// - Throws: ``TodoError/badDuration(_:)`` for anything else.
  public static func seconds(_ text: String) throws -> Int? {
    if text.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return nil }
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(identifier: "UTC")!
    let base = Date(timeIntervalSince1970: 0)
    let end = try WhenParser(now: base, calendar: utc).add(duration: text, to: base)
    return Int(end.timeIntervalSince(base).rounded())
  }
}
