import Foundation

/// The clock and identity source that the logic is given instead of calling
/// `Date()` or `UUID()` itself, so that tests can fix both.
public struct TodoEnvironment: Sendable {
  /// The current instant.
  public var now: @Sendable () -> Date
  /// A new identity.
  public var uuid: @Sendable () -> UUID
  /// The calendar (and so the time zone) that dates are read and shown in.
  public var calendar: Calendar

  public init(
    now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID, calendar: Calendar
  ) {
    self.now = now
    self.uuid = uuid
    self.calendar = calendar
  }

  /// The real clock, random UUIDs and the local time zone (`TZ` respected).
  public static var live: TodoEnvironment {
    TodoEnvironment(now: { Date() }, uuid: { UUID() }, calendar: .localGregorian)
  }

  /// A fixed clock and UUIDs counting up from 00000000-0000-0000-0000-000000000001.
  public static func fixed(
    _ now: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!
  ) -> TodoEnvironment {
    let counter = Counter()
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = timeZone
    return TodoEnvironment(now: { now }, uuid: { counter.next() }, calendar: cal)
  }
}

extension TodoEnvironment {
  /// A clock fixed at `now`, random UUIDs, the Gregorian calendar in `zone`.
  public static func at(_ now: Date, in zone: TimeZone = SystemTimeZone.current) -> TodoEnvironment {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = zone
    return TodoEnvironment(now: { now }, uuid: { UUID() }, calendar: cal)
  }
}

extension Calendar {
  /// The Gregorian calendar in the local time zone (`TZ` read as the C library
  /// reads it: ``SystemTimeZone``) and the locale of `LC_ALL`, `LC_TIME` or `LANG`
  /// (which orders numeric dates).
  public static var localGregorian: Calendar {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = SystemTimeZone.current
    cal.locale = .timeLocale(ProcessInfo.processInfo.environment)
    return cal
  }
}

extension Locale {
  /// The locale the C library takes dates from: the first of `LC_ALL`, `LC_TIME`,
  /// `LANG` that is set and not empty, without its codeset and modifier
  /// (`en_GB.UTF-8@euro` is en_GB); `C`, `POSIX` or none is en_US_POSIX.
  public static func timeLocale(_ environment: [String: String]) -> Locale {
    let value =
      ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
    let name = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? "C"
    return Locale(identifier: name == "C" || name == "POSIX" ? "en_US_POSIX" : name)
  }
}

/// Incrementing UUIDs for tests, in the manner of TCA's `.incrementing`.
public final class Counter: @unchecked Sendable {
  private var value: UInt64 = 0
  private let lock = NSLock()
  public init() {}
  /// The next UUID: ...-000000000001, ...-000000000002, …
  public func next() -> UUID {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llX", value))!
  }
}
