import Foundation

/// One alert of an item (SPEC 8, issue 36): at a time, or an offset from the deadline
/// or from the start (negative: before), or at a place. Each is one VALARM, written
/// back in the form it came in: ``text`` holds the VALARM's own text when it holds
/// more than we would write for it (``ICalAlarms/plainText(_:title:)``).
/// The early warning (``TodoItem/warn``) is the first alert not after the deadline.
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
    /// A VALARM whose TRIGGER cannot be read: kept as it came, never rung.
    case other
  }

  public var anchor: Anchor
  /// The VALARM's text (LF line ends) when it came with more than ACTION:DISPLAY, the
  /// TRIGGER and the title as its description; nil: written in that plain form.
  public var text: String?

  public init(_ anchor: Anchor, text: String? = nil) {
    self.anchor = anchor
    self.text = text
  }

  /// As the data file's `alerts` array holds it: the VALARM's text, or the plain form's
  /// TRIGGER line alone (`TRIGGER;RELATED=END:-PT15M`).
  public var stored: String { text ?? ICalAlarms.triggerLine(anchor) ?? "" }

  /// An element of the data file's `alerts` array (``stored``).
  public init(stored: String) { self = ICalAlarms.alert(stored: stored) }

  /// Seconds before the deadline, when it is an alert before (or at) the deadline.
  @inlinable public var beforeDeadline: Int? {
    if case .deadline(let s) = anchor, s <= 0 { return -s }
    return nil
  }

  /// When it rings for an item with this deadline and start; nil when what it is
  /// relative to is not there (a start alert of an item with no start).
  @inlinable public func fire(deadline: Date?, start: Date?) -> Date? {
    switch anchor {
    case .at(let d): return d
    case .deadline(let s): return deadline.map { $0.addingTimeInterval(TimeInterval(s)) }
    case .start(let s): return start.map { $0.addingTimeInterval(TimeInterval(s)) }
    case .place, .other: return nil
    }
  }

  /// In words, for `show` and the detail: `15m before the deadline`, `at the start`,
  /// `at Fri Nov 27, 9:00 AM`, `at a place (not rung here)`; durations as `--warn` takes them.
  /// An alert that is not a plain display adds its action (`, sound`, `, email`).
  public func words(_ formatter: DueFormatter) -> String {
    func relative(_ s: Int, _ what: String) -> String {
      s == 0 ? "at the " + what : EarlyWarning.text(abs(s)) + (s < 0 ? " before the " : " after the ") + what
    }
    let said: String
    switch anchor {
    case .at(let d): said = "at " + formatter.dateText(d, weekday: true)
    case .deadline(let s): said = relative(s, "deadline")
    case .start(let s): said = relative(s, "start")
    case .place: return "at a place (not rung here)"
    case .other: return "kept as it came (not rung here)"
    }
    switch action {
    case "DISPLAY": return said
    case "AUDIO": return said + ", sound"
    case "EMAIL": return said + ", email"
    default: return said + ", " + action.lowercased()
    }
  }

  /// Its ACTION (`DISPLAY`, `AUDIO`, `EMAIL`…): DISPLAY in the plain form.
  public var action: String { text.flatMap(ICalAlarms.action(in:)) ?? "DISPLAY" }
}

extension TodoItem {
  /// Where the early warning is among ``alerts``: the first alert not after the deadline.
  @inlinable var warnIndex: Int? { alerts.firstIndex { $0.beforeDeadline != nil } }

  /// The early warning: seconds before the deadline (`--warn`), the first alert not after
  /// it (SPEC 5). Set: that alert's offset changes (or one is added first); nil removes it.
  public var warn: Int? {
    get { warnIndex.flatMap { alerts[$0].beforeDeadline } }
    set {
      switch (warnIndex, newValue) {
      case (let k?, let w?): alerts[k].anchor = .deadline(-w)
      case (let k?, nil): alerts.remove(at: k)
      case (nil, let w?): alerts.insert(ItemAlert(.deadline(-w)), at: 0)
      case (nil, nil): break
      }
    }
  }

  /// The fire times of its alerts still to be delivered (after ``notifiedAlert``),
  /// past or future, soonest first; none when it is not pending. The early warning
  /// is not among them (``undeliveredWarning``, recorded by ``notifiedWarning``; one at
  /// the deadline rings as the deadline itself).
  public var undeliveredAlerts: [Date] {
    guard isPending, !alerts.isEmpty else { return [] }
    let w = warnIndex  // at the deadline (0): rings as the deadline itself
    var out: [Date] = []
    for (k, a) in alerts.enumerated() where k != w {
      guard let f = a.fire(deadline: deadline, start: start)?.wholeSeconds else { continue }
      if let n = notifiedAlert, f <= n { continue }
      out.append(f)
    }
    return out.count > 1 ? Set(out).sorted() : out  // two alerts at one instant ring once
  }
}

extension FieldChange {
  /// Sets the item's alerts to this list (`[]` clears them): `add`/`edit --alert`, the detail view.
  public static func alerts(_ list: [ItemAlert]) -> FieldChange {
    list.isEmpty ? .clear("alerts") : .set("alerts", .texts(list.map(\.stored)))
  }
}
