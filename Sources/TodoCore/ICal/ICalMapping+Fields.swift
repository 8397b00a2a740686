import CLibical
import Foundation

// The fields of SPEC 8 in iCalendar: parent ⇄ RELATED-TO (RELTYPE=PARENT or none; SPEC 9); tags ⇄ CATEGORIES (every line read, comma
// lists split; written as one line), the alert at a time ⇄ the first VALARM
// whose TRIGGER is at a time (`TRIGGER;VALUE=DATE-TIME`, how Apple Reminders
// stores "remind me at"). Note ⇄ DESCRIPTION, priority ⇄ PRIORITY, start ⇄
// DTSTART (its form kept as DUE's is), progress ⇄ PERCENT-COMPLETE and
// STATUS:IN-PROCESS are read in ``ICalMapping/item(_:zones:now:calendar:)``.
extension ICalMapping {
  static let categoriesKind = ICAL_CATEGORIES_PROPERTY.rawValue
  static let errorKind = ICAL_XLICERROR_PROPERTY.rawValue
  static let relatedToKind = ICAL_RELATEDTO_PROPERTY.rawValue

  /// The categories of one CATEGORIES property. libical reads a comma list
  /// into one property a value (and an escaped comma as a comma), so its
  /// value is split at commas; empty ones are left out.
  static func categories(_ p: ICalPropertyRef) -> [String] {
    LibIcal.string(icalproperty_get_categories(p.p)).split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  /// The instant of a VALARM whose TRIGGER is at a time, or nil.
  static func alertTime(_ c: ICalComponentRef) -> Date? {
    guard c.isAlarm, let t = c.first(.trigger), let at = t.triggerTime else { return nil }
    // A location alarm (Apple's X-APPLE-PROXIMITY, RFC 9074's PROXIMITY) carries a placeholder
    // time in 1976: it is not rung here.
    var located = false
    c.forEachProperty { p in if p.name == "X-APPLE-PROXIMITY" || p.name == "PROXIMITY" { located = true } }
    return located ? nil : at.wholeSeconds
  }

  /// An alert's VALARM that holds nothing but what we write for it
  /// (TRIGGER;VALUE=DATE-TIME, ACTION:DISPLAY, DESCRIPTION as the title): it is not kept as text.
  static func isPlainAlert(_ c: ICalComponentRef, title: String) -> Bool {
    guard c.componentCount == 0, c.propertyCount == 3 else { return false }
    var plain = true
    c.forEachProperty { p in
      switch p.role {
      case .trigger where p.parameterCount == 1: break
      case .action where p.value == "DISPLAY": break
      case .description where p.text == title: break
      default: plain = false
      }
    }
    return plain
  }

  /// The STATUS of a pending item: IN-PROCESS while it has a progress, else a
  /// kept status we do not map, else NEEDS-ACTION.
  static func pendingStatus(_ item: TodoItem, kept: ICalKept) -> String {
    if item.progress != nil { return "IN-PROCESS" }
    // A STATUS:IN-PROCESS still in the kept text of an item from before SPEC 8 stays.
    return kept.status.flatMap { ["NEEDS-ACTION", "COMPLETED", "CANCELLED"].contains($0) ? nil : $0 }
      ?? "NEEDS-ACTION"
  }

  /// The properties of SPEC 8 (DTSTART, DESCRIPTION, PRIORITY, CATEGORIES, PERCENT-COMPLETE).
  static func writeFields(
    _ item: TodoItem, kept: ICalKept, to b: ICalTodoBuilder, zones: ICalZoneView, calendar: Calendar
  ) {
    if let s = item.start {
      writeTime(
        ICAL_DTSTART_PROPERTY, s, form: kept.form(of: ICAL_DTSTART_PROPERTY), kept: kept, to: b,
        zones: zones, calendar: calendar)
    } else {
      // A DTSTART in the kept text of an item from before SPEC 8 (no start yet): written as it is.
      b.keep(ICAL_DTSTART_PROPERTY, from: kept)
    }
    if let n = item.note { b.text(ICAL_DESCRIPTION_PROPERTY, n) }
    if let p = item.priority { b.value("PRIORITY", String(p)) }
    if !item.tags.isEmpty { b.categories(item.tags) }
    if let p = item.progress, p > 0 { b.value("PERCENT-COMPLETE", String(p)) }
    // The parent, RELTYPE written out: some clients (jtx Board) read an untyped RELATED-TO both ways.
    if let p = item.parent { b.relatedToParent(p) }
  }
}
