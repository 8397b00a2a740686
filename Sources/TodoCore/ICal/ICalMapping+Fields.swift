import CLibical
import Foundation

// The alert at a time ⇄ the first VALARM whose TRIGGER is at a time (`TRIGGER;VALUE=DATE-TIME`,
// how Apple Reminders stores "remind me at"), and the STATUS of a pending item. The plain
// properties of SPEC 8 and 9 are the field table's (``ICalFields``).
extension ICalMapping {
  static let errorKind = ICAL_XLICERROR_PROPERTY.rawValue

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
}
