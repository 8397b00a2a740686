import CLibical
import Foundation

/// The alerts an item's kept VALARMs hold (SPEC 8, issue 36): every VALARM but the
/// two the mapping takes as `warn` and `reminder` (the first that warns before the
/// deadline, the first at a time: the same ``ICalKept`` writes them into), each
/// in the form it came in, written back as it is. A location alarm
/// (`X-APPLE-PROXIMITY`) is kept and never rings at the placeholder time it carries.
enum ICalAlarms {
  /// The alerts of an item's kept text, read once per text (the scheduler asks at every plan).
  static func alerts(in kept: String?) -> [ItemAlert] {
    guard var kept, hasAlarm(&kept) else { return [] }
    lock.lock()
    if let a = cache[kept] {
      lock.unlock()
      return a
    }
    lock.unlock()
    let a = read(kept)
    lock.lock()
    if cache.count >= 200_000 { cache.removeAll(keepingCapacity: true) }
    cache[kept] = a
    lock.unlock()
    return a
  }

  /// Whether the text holds a VALARM (asked of every item with kept text at every plan:
  /// memchr to each `B`, then the rest compared).
  @inline(__always) private static func hasAlarm(_ text: inout String) -> Bool {
    text.withUTF8 { b in
      guard let base = b.baseAddress, b.count >= 12 else { return false }
      return "BEGIN:VALARM".withCString { needle in
        var at = 0
        while at <= b.count - 12, let hit = memchr(base + at, 0x42, b.count - 11 - at) {
          let k = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
          if memcmp(base + k, needle, 12) == 0 { return true }
          at = k + 1
        }
        return false
      }
    }
  }

  nonisolated(unsafe) private static var cache: [String: [ItemAlert]] = [:]
  private static let lock = NSLock()

  private static func read(_ kept: String) -> [ItemAlert] {
    _ = LibIcal.ready
    guard let wrapper = LibIcal.lenient(Array("BEGIN:VTODO\r\n\(kept)END:VTODO\r\n\0".utf8)) else {
      return []
    }
    defer { icalcomponent_free(wrapper) }
    var out: [ItemAlert] = []
    var warningSeen = false
    var alertSeen = false
    for c in LibIcal.children(wrapper, ICAL_VALARM_COMPONENT) {
      let ref = ICalComponentRef(c: c, owner: wrapper)
      if !warningSeen, ICalMapping.warning(ref) != nil {
        warningSeen = true
        continue
      }
      if !alertSeen, ICalMapping.alertTime(ref) != nil {
        alertSeen = true
        continue
      }
      if let a = alert(ref) { out.append(a) }
    }
    return out
  }

  /// The alert of a VALARM: its TRIGGER at a time, or from the deadline
  /// (`RELATED=END`) or the start (`RELATED=START`, or no RELATED: RFC 5545 3.8.6.3);
  /// nil for a location alarm or one without a TRIGGER libical reads.
  static func alert(_ c: ICalComponentRef) -> ItemAlert? {
    guard c.isAlarm, let t = c.first(.trigger) else { return nil }
    var located = false
    c.forEachProperty { p in if p.name == "X-APPLE-PROXIMITY" { located = true } }
    if located { return ItemAlert(.place) }
    if t.triggerTime != nil { return ICalMapping.alertTime(c).map { ItemAlert(.at($0)) } }
    guard let d = t.duration else { return nil }
    return ItemAlert(t.relatedToEnd ? .deadline(d) : .start(d))
  }
}
