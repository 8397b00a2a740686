import Foundation

/// `list` and `list --json` written straight from the records of ``PlistScan``
/// (`ScanOutput+Write.swift`): the same bytes as the general path (`ListOutput`
/// and ``ItemJSON`` over the items; `ListFastPathTests` compares them), without
/// building items.
public enum ScanOutput {
  /// Which entries a `list` shows: pending ones, completed ones, or all.
  public enum Shown: Sendable {
    case pending, completed, all

    @inline(__always) func contains(_ e: PlistScan.Entry) -> Bool {
      switch self {
      case .pending: return e.isPending
      case .completed: return e.isCompleted
      case .all: return true
      }
    }
  }

  /// The formatter of `list` at `now` for the environment `env` reads: the
  /// zone of ``SystemTimeZone/current``, the clock of ``hourCycle(_:)``. When
  /// `TZ` names UTC (the zoneinfo file UTC, or empty) it reads no file and
  /// sets up no Foundation zone.
  public static func formatter(now: Date, _ env: (String) -> String?) -> DueFormatter {
    if env("TZDIR") == nil, let tz = env("TZ"), ["", "UTC", ":UTC"].contains(tz) {
      return DueFormatter(fixedOffset: 0, now: now, hourCycle: hourCycle(env))
    }
    return DueFormatter(timeZone: SystemTimeZone.current, now: now, hourCycle: hourCycle(env))
  }

  /// ``HourCycle/from(environment:)`` for the environment `env` reads, without
  /// a `Locale` for C and POSIX (24-hour).
  public static func hourCycle(_ env: (String) -> String?) -> HourCycle {
    var value = "C"
    for k in ["LC_ALL", "LC_TIME", "LANG"] {
      if let v = env(k), !v.isEmpty {
        value = v
        break
      }
    }
    let name = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? "C"
    if name == "C" || name == "POSIX" { return .h24 }
    var all: [String: String] = [:]
    for k in ["LC_ALL", "LC_TIME", "LANG"] { all[k] = env(k) }
    return HourCycle.from(environment: all)
  }
}
