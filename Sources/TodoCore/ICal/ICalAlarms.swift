import CLibical
import Foundation

/// An item's VALARMs (SPEC 8, issue 36) ⇄ its ``TodoItem/alerts`` and its reminder.
///
/// Each VALARM is one alert, written back in the form it came in: one that holds only
/// what we write (``plainText(_:title:)``: ACTION:DISPLAY, the TRIGGER, the title as
/// description) is kept as its anchor; any other keeps its own text (``ItemAlert/text``).
/// The personal reminder (SPEC 5) is the VALARM marked ``reminderMark``; a file without
/// that mark (older ones, other clients') has as its reminder its one VALARM at a time, when
/// it has exactly one (``reminderIndex(_:)``). An alert at a time we write carries
/// ``alertMark``, so that it never reads back as the reminder.
enum ICalAlarms {
  /// Ours, on the reminder's VALARM when the item also has alerts at a time.
  static let reminderMark = "X-TODO-TUI-REMINDER"
  /// Ours, on an alert at a time written in the plain form.
  static let alertMark = "X-TODO-TUI-ALERT"

  // MARK: - Reading

  /// Which of a VTODO's VALARMs (those with a TRIGGER, in order) is the reminder, if any.
  static func reminderIndex(_ alarms: [ICalComponentRef]) -> Int? {
    var unmarked: [Int] = []
    for (k, c) in alarms.enumerated() {
      if c.hasX(reminderMark) { return k }
      if !c.hasX(alertMark), ICalMapping.alertTime(c) != nil { unmarked.append(k) }
    }
    return unmarked.count == 1 ? unmarked[0] : nil
  }

  /// The alert of a VALARM: its anchor, and its text unless it is the plain form.
  static func alert(_ c: ICalComponentRef, title: String) -> ItemAlert {
    let anchor = self.anchor(c)
    var own: [UInt8] = []
    c.appendText(to: &own)
    let text = String(decoding: own, as: UTF8.self)
    if anchor != .place, anchor != .other, plainText(anchor, title: title) == text {
      return ItemAlert(anchor)
    }
    return ItemAlert(anchor, text: text)
  }

  /// Whether the reminder's VALARM holds only what ``ICalTodoBuilder/alert(at:description:template:marked:)``
  /// writes (marked or not): then it is not kept as text.
  static func isPlainReminder(_ c: ICalComponentRef, at: Date, title: String) -> Bool {
    var own: [UInt8] = []
    c.appendText(to: &own)
    let text = String(decoding: own, as: UTF8.self)
    return text == reminderText(at, title: title, marked: false)
      || text == reminderText(at, title: title, marked: true)
  }

  /// The anchor of a VALARM's TRIGGER: at a time, or from the deadline (`RELATED=END`)
  /// or the start (`RELATED=START`, or no RELATED: RFC 5545 3.8.6.3).
  static func anchor(_ c: ICalComponentRef) -> ItemAlert.Anchor {
    guard c.isAlarm, let t = c.first(.trigger) else { return .other }
    var located = false
    c.forEachProperty { p in if p.name == "X-APPLE-PROXIMITY" || p.name == "PROXIMITY" { located = true } }
    if located { return .place }
    if t.triggerTime != nil { return ICalMapping.alertTime(c).map { .at($0) } ?? .other }
    guard let d = t.duration else { return .other }
    return t.relatedToEnd ? .deadline(d) : .start(d)
  }

  /// An element of the data file's `alerts` (``ItemAlert/stored``), read once per text.
  static func alert(stored: String) -> ItemAlert {
    // An alert at a time in the short form (each its own text, so the cache would not help):
    // read without libical (100,000 a load).
    if let at = Self.atTime(stored) { return ItemAlert(.at(at)) }
    lock.lock()
    if let a = cache[stored] {
      lock.unlock()
      return a
    }
    lock.unlock()
    let a = read(stored)
    lock.lock()
    if cache.count >= 100_000 { cache.removeAll(keepingCapacity: true) }
    cache[stored] = a
    lock.unlock()
    return a
  }

  nonisolated(unsafe) private static var cache: [String: ItemAlert] = [:]
  private static let lock = NSLock()

  private static func read(_ stored: String) -> ItemAlert {
    let whole = stored.hasPrefix("BEGIN:VALARM")
    guard let c = parse(whole ? stored : "BEGIN:VALARM\nACTION:DISPLAY\n\(stored)\nEND:VALARM\n") else {
      return ItemAlert(.other, text: stored)
    }
    defer { icalcomponent_free(c) }
    let anchor = self.anchor(ICalComponentRef(c))
    if whole || anchor == .other || anchor == .place { return ItemAlert(anchor, text: stored) }
    return ItemAlert(anchor)
  }

  /// A VALARM read from its text (nil when libical finds none).
  static func parse(_ text: String) -> OpaquePointer? {
    _ = LibIcal.ready
    guard let root = LibIcal.lenient(Array(text.utf8) + [0]) else { return nil }
    if icalcomponent_isa(root) == ICAL_VALARM_COMPONENT { return root }
    defer { icalcomponent_free(root) }
    guard let c = icalcomponent_get_first_component(root, ICAL_VALARM_COMPONENT) else { return nil }
    icalcomponent_remove_component(root, c)
    return c
  }

  /// The ACTION of a VALARM's text, if it names one.
  static func action(in text: String) -> String? {
    var t = text
    return t.withUTF8 { AlertBytes.action($0) }
  }

  // MARK: - Writing

  /// The TRIGGER line of the plain form (`TRIGGER;RELATED=END:-PT15M`, `TRIGGER:-PT1H`,
  /// `TRIGGER;VALUE=DATE-TIME:20261127T090000Z`); nil for a place or an unread alarm.
  static func triggerLine(_ anchor: ItemAlert.Anchor) -> String? {
    if case .at(let d) = anchor, let w = Optional(ICalWall(utc: d)), (1...9999).contains(w.year) {
      return atPrefix + w.text(date: false) + "Z"  // as libical writes it (AlertListTests)
    }
    if case .deadline(let s) = anchor, let line = cachedLine(s) { return line }
    guard let p = trigger(anchor) else { return nil }
    defer { icalproperty_free(p) }
    var out: [UInt8] = []
    LibIcal.appendWithoutCR(icalproperty_as_ical_string_r(p), to: &out)
    while out.last == 0x0A { out.removeLast() }
    let line = String(decoding: out, as: UTF8.self)
    if case .deadline(let s) = anchor {
      lock.lock()
      if lines.count < 10_000 { lines[s] = line }
      lock.unlock()
    }
    return line
  }

  /// The TRIGGER lines of alerts from the deadline, by their seconds (a few values, written at every save).
  nonisolated(unsafe) private static var lines: [Int: String] = [:]

  private static func cachedLine(_ s: Int) -> String? {
    lock.lock()
    defer { lock.unlock() }
    return lines[s]
  }
  static let atPrefix = "TRIGGER;VALUE=DATE-TIME:"

  /// The instant of `TRIGGER;VALUE=DATE-TIME:20261127T090000Z`, the short form of an alert at a
  /// time exactly as ``triggerLine(_:)`` writes it; nil for any other text.
  static func atTime(_ stored: String) -> Date? {
    var s = stored
    return s.withUTF8 { b -> Date? in
      let n = atPrefix.utf8.count
      guard b.count == n + 16, atPrefix.utf8.elementsEqual(b[0..<n]), let p = b.baseAddress else {
        return nil
      }
      return AlertBytes.time(p, n, b.count)
    }
  }

  /// A new TRIGGER property for the anchor.
  static func trigger(_ anchor: ItemAlert.Anchor) -> OpaquePointer? {
    var trig = icaltriggertype()
    switch anchor {
    case .at(let d):
      trig.time = icaltime_from_timet_with_zone(
        time_t(d.timeIntervalSince1970), 0, icaltimezone_get_utc_timezone())
      trig.duration = icaldurationtype_null_duration()
      return icalproperty_new_trigger(trig)
    case .deadline(let s), .start(let s):
      trig.time = icaltime_null_time()
      trig.duration = icaldurationtype_from_int(Int32(clamping: s))
      let p = icalproperty_new_trigger(trig)!
      if case .deadline = anchor {
        icalproperty_set_parameter(p, icalparameter_new_related(ICAL_RELATED_END))
      }
      return p
    case .place, .other: return nil
    }
  }

  /// The VALARM written for an alert: its own text with the TRIGGER set to its anchor
  /// (left as it came when that is the same), or the plain form. Nil: nothing to write.
  static func component(_ a: ItemAlert, title: String) -> OpaquePointer? {
    if let text = a.text {
      guard let c = parse(text) else { return nil }
      if let t = trigger(a.anchor) {
        let old = ICalComponentRef(c).first(.trigger)
        if old == nil || Self.anchor(ICalComponentRef(c)) != a.anchor {
          if let o = old {
            icalcomponent_remove_property(c, o.p)
            icalproperty_free(o.p)
          }
          icalcomponent_add_property(c, t)
        } else {
          icalproperty_free(t)
        }
      }
      return c
    }
    return plain(a.anchor, title: title, mark: { if case .at = a.anchor { alertMark } else { nil } }())
  }

  /// ACTION:DISPLAY, the TRIGGER, the title as its description (and our mark, if any).
  static func plain(_ anchor: ItemAlert.Anchor, title: String, mark: String?) -> OpaquePointer? {
    guard let t = trigger(anchor) else { return nil }
    let c = icalcomponent_new(ICAL_VALARM_COMPONENT)!
    icalcomponent_add_property(c, icalproperty_new_action(ICAL_ACTION_DISPLAY))
    icalcomponent_add_property(c, t)
    icalcomponent_add_property(c, icalproperty_new_description(title))
    if let mark { icalcomponent_add_property(c, markProperty(mark)) }
    return c
  }

  /// Our mark `name:1`.
  static func markProperty(_ name: String) -> OpaquePointer {
    let p = icalproperty_new_x("1")!
    icalproperty_set_x_name(p, name)
    return p
  }

  /// The plain form's text (LF line ends), as libical writes it.
  static func plainText(_ anchor: ItemAlert.Anchor, title: String) -> String? {
    guard let c = component(ItemAlert(anchor), title: title) else { return nil }
    return text(of: c)
  }

  /// The reminder's plain VALARM's text, marked or not.
  static func reminderText(_ at: Date, title: String, marked: Bool) -> String? {
    guard let c = plain(.at(at), title: title, mark: marked ? reminderMark : nil) else { return nil }
    return text(of: c)
  }

  /// A component's text (LF line ends); the component freed.
  private static func text(of c: OpaquePointer) -> String {
    var out: [UInt8] = []
    LibIcal.appendWithoutCR(icalcomponent_as_ical_string_r(c), to: &out)
    icalcomponent_free(c)
    return String(decoding: out, as: UTF8.self)
  }
}

extension ICalComponentRef {
  /// Whether it has an X- property of this name.
  func hasX(_ name: String) -> Bool {
    var found = false
    forEachProperty { p in if p.kind == ICAL_X_PROPERTY.rawValue, p.name == name { found = true } }
    return found
  }
}
