import Foundation

// The writing half of ``ICalMapping``: items to VTODOs (SPEC 7).
extension ICalMapping {
  /// One VCALENDAR holding a VTODO for each item (for a vdir: one item a call).
  /// - Complexity: O(n) in the items and their kept iCalendar text.
  public static func ics(for items: [TodoItem], now: Date, calendar: Calendar = .localGregorian) -> String {
    let w = ICalWriter()
    for item in items { write(item, to: w, calendar: calendar) }
    return w.text()
  }

  static func write(_ item: TodoItem, to w: ICalWriter, calendar: Calendar) {
    let kept = ICalKept(item.icalExtra)
    w.addZones(of: kept)
    let status = kept.status
    w.addTodo { b in
      b.text("UID", item.icalUID)
      b.time("DTSTAMP", .utc(item.modified ?? item.created))
      b.time("CREATED", .utc(item.created))
      if let m = item.modified { b.time("LAST-MODIFIED", .utc(m)) }
      if let s = item.sequence { b.value("SEQUENCE", String(s)) }
      b.text("SUMMARY", item.title)
      if let d = item.deadline { writeDue(d, kept: kept, to: b, writer: w, calendar: calendar) }
      if let c = item.completed {
        b.value("STATUS", "COMPLETED")
        b.time("COMPLETED", .utc(c))
      } else if item.cancelled {
        b.value("STATUS", "CANCELLED")
      } else {
        b.value("STATUS", status.flatMap { mappedStatus.contains($0) ? nil : $0 } ?? "NEEDS-ACTION")
      }
      if let r = item.repeatRule { b.value("RRULE", r) }
      if let s = item.warn { b.warning(seconds: s, description: item.title, template: kept) }
      b.rest(kept)
    }
    w.addOccurrences(of: kept)
  }

  /// DUE in the form it came in: the same TZID (the zone's wall clock), a DATE
  /// while the deadline is 09:00 local, floating local time; else UTC.
  static func writeDue(
    _ d: Date, kept t: ICalKept, to b: ICalTodoBuilder, writer w: ICalWriter, calendar: Calendar
  ) {
    guard let form = t.dueForm else { return b.time("DUE", .utc(d)) }
    switch form {
    case .utc: b.time("DUE", .utc(d), template: t)
    case .zoned(_, let tzid):
      if let wall = w.wall(of: d, tzid: tzid) {
        b.time("DUE", wall: wall, tzid: tzid, template: t)
      } else {
        b.time("DUE", .utc(d))
      }
    case .floating:
      // Floating, or a TZID no one knows (read as local time): local wall clock, parameters kept.
      b.time("DUE", .floating(wall(d, calendar: calendar)), template: t)
    case .date:
      let lw = wall(d, calendar: calendar)
      if lw.hour == 9 && lw.minute == 0 && lw.second == 0 {
        b.time("DUE", .date(lw), template: t)
      } else {
        b.time("DUE", .utc(d), template: t)
      }
    }
  }
}
