import Foundation

/// One alert of an item (SPEC 8, issue 36): at a time, or an offset from the deadline
/// or from the start (negative: before). Each is one VALARM, read from the VTODO
/// (``ICalAlarms``); the early warning (`warn`) and the alert at a time (`reminder`)
/// are the item's first of their forms, the others are these.
public struct ItemAlert: Hashable, Sendable {
  public enum Anchor: Hashable, Sendable {
    /// `TRIGGER;VALUE=DATE-TIME` (Apple Reminders' "remind me at").
    case at(Date)
    /// `TRIGGER;RELATED=END`: seconds from the deadline.
    case deadline(Int)
    /// `TRIGGER` with `RELATED=START` or no RELATED (RFC 5545's default): seconds from the start.
    case start(Int)
    /// A location alarm (Apple's `X-APPLE-PROXIMITY`): kept, never rung here.
    case place
  }

  public var anchor: Anchor

  public init(_ anchor: Anchor) { self.anchor = anchor }

  /// When it rings for an item with this deadline and start; nil when what it is
  /// relative to is not there (a start alert of an item with no start).
  @inlinable public func fire(deadline: Date?, start: Date?) -> Date? {
    switch anchor {
    case .at(let d): return d
    case .deadline(let s): return deadline.map { $0.addingTimeInterval(TimeInterval(s)) }
    case .start(let s): return start.map { $0.addingTimeInterval(TimeInterval(s)) }
    case .place: return nil
    }
  }

  /// In words, for `show` and the detail: `15m before the deadline`, `at the start`,
  /// `at Fri Nov 27, 9:00 AM`, `at a place (not rung here)`; durations as `--warn` takes them.
  public func words(_ formatter: DueFormatter) -> String {
    func relative(_ s: Int, _ what: String) -> String {
      s == 0 ? "at the " + what : EarlyWarning.text(abs(s)) + (s < 0 ? " before the " : " after the ") + what
    }
    switch anchor {
    case .at(let d): return "at " + formatter.dateText(d, weekday: true)
    case .deadline(let s): return relative(s, "deadline")
    case .start(let s): return relative(s, "start")
    case .place: return "at a place (not rung here)"
    }
  }
}

extension TodoItem {
  /// The item's alerts beyond its early warning and its alert at a time, as its
  /// VALARMs hold them (``ICalAlarms/alerts(in:)``, read once per kept text).
  public var alerts: [ItemAlert] { ICalAlarms.alerts(in: icalExtra) }

  /// The fire times of its alerts still to be delivered (after ``notifiedAlert``),
  /// past or future, soonest first; none when it is not pending.
  public var undeliveredAlerts: [Date] {
    guard isPending, icalExtra != nil else { return [] }
    let list = alerts
    guard !list.isEmpty else { return [] }
    var out: [Date] = []
    for a in list {
      guard let f = a.fire(deadline: deadline, start: start)?.wholeSeconds else { continue }
      if let n = notifiedAlert, f <= n { continue }
      out.append(f)
    }
    return Set(out).sorted()  // two alerts at one instant ring once
  }
}
