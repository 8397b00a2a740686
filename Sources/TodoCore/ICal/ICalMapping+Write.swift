import CLibical
import Foundation

// The writing half of ``ICalMapping``: items to VTODOs (SPEC 7).
extension ICalMapping {
  /// One VCALENDAR holding a VTODO for each item (for a vdir: one item a call).
  /// - Complexity: O(n) in the items and their kept iCalendar text, on every core for many items.
  public static func ics(for items: [TodoItem], now: Date, calendar: Calendar = .localGregorian) -> String {
    String(decoding: ICalExport.bytes(for: items, calendar: calendar), as: UTF8.self)
  }

  /// ``ics(for:now:calendar:)`` as UTF-8 bytes in pieces, to be written one after another.
  public static func icsPieces(for items: [TodoItem], now: Date, calendar: Calendar = .localGregorian)
    -> [[UInt8]]
  {
    ICalExport.pieces(for: items, calendar: calendar)
  }

  /// The item's VTODO (and the changed occurrences kept with it), as text, appended to `out`.
  static func write(
    _ item: TodoItem, kept: ICalKept, zones: ICalZoneView, calendar: Calendar, into out: inout [UInt8]
  ) {
    let b = ICalTodoBuilder()
    b.text(ICAL_UID_PROPERTY, item.icalUID)
    let changed = item.modified ?? item.created
    if kept.form(of: ICAL_DTSTAMP_PROPERTY) == .floating, let w = kept.wall(of: ICAL_DTSTAMP_PROPERTY),
      utc(w) >= changed
    {
      b.time(ICAL_DTSTAMP_PROPERTY, .floating(w), template: kept)  // as it came: no change since
    } else {
      stamp(ICAL_DTSTAMP_PROPERTY, changed, kept: kept, to: b)
    }
    for step in ICalFields.steps {
      switch step {
      case .field(let f): write(f, of: item, kept: kept, to: b, zones: zones, calendar: calendar)
      case .due:
        guard let d = item.deadline else { continue }
        writeTime(
          ICAL_DUE_PROPERTY, d, form: kept.dueForm, kept: kept, to: b, zones: zones, calendar: calendar)
      case .status:
        if let c = item.completed {
          b.status("COMPLETED")
          stamp(ICAL_COMPLETED_PROPERTY, c, kept: kept, to: b)
        } else if item.cancelled {
          b.status("CANCELLED")
        } else {
          b.status(pendingStatus(item, kept: kept))
        }
      }
    }
    writeAlarms(item, kept: kept, to: b)
    b.rest(kept)
    b.finish(into: &out)
    kept.appendOccurrences(to: &out)
  }

  /// The reminder's VALARM, then one VALARM an alert, in order (``ICalAlarms``). Kept text of
  /// before the alerts (read once, when the file is upgraded) may hold the warning's VALARM: the
  /// early warning is written into it, where it was, as that version did.
  static func writeAlarms(_ item: TodoItem, kept: ICalKept, to b: ICalTodoBuilder) {
    var skip: Int?
    if kept.alarmSlot != nil {
      if let k = item.warnIndex, item.alerts[k].text == nil, let s = item.warn {
        b.warning(seconds: s, description: item.title, template: kept)
        skip = k
      } else {
        kept.dropWarning = true
      }
    }
    for (k, a) in item.alerts.enumerated() where k != skip {
      if let c = ICalAlarms.component(a, title: item.title) { b.add(alarm: c) }
    }
    // Last, where Apple Reminders (after a location alarm) and the versions before the alerts
    // (after the warning) put it. Without a reminder, a kept alarm at a time (kept text of
    // before SPEC 8) is written as it is.
    if let r = item.reminder {
      let marked = item.alerts.contains { if case .at = $0.anchor { true } else { false } }
      b.alert(at: r, description: item.title, template: kept, marked: marked)
    }
  }

  /// DTSTAMP, CREATED, LAST-MODIFIED or COMPLETED in UTC; without Z when it came so
  /// and still holds the time it came with (SPEC 8: as they came when unchanged).
  static func stamp(_ kind: icalproperty_kind, _ d: Date, kept: ICalKept, to b: ICalTodoBuilder) {
    let w = ICalWall(utc: d)
    if kept.form(of: kind) == .floating, kept.wall(of: kind) == w {
      b.time(kind, .floating(w), template: kept)
    } else {
      b.time(kind, .utc(d))
    }
  }

  /// DUE (or DTSTART) in the form it came in: the same TZID (the zone's wall
  /// clock), a DATE while the time is 09:00 local, floating local time; else UTC.
  static func writeTime(
    _ kind: icalproperty_kind, _ d: Date, form: ICalKept.Form?, kept t: ICalKept, to b: ICalTodoBuilder,
    zones: ICalZoneView, calendar: Calendar
  ) {
    guard let form else { return b.time(kind, .utc(d)) }
    switch form {
    case .utc: b.time(kind, .utc(d), template: t)
    case .zoned(let tzid):
      if let wall = zones.wall(of: d, tzid: tzid) {
        b.time(kind, wall: wall, tzid: tzid, template: t)
      } else {
        b.time(kind, .utc(d))
      }
    case .floating:
      // Floating, or a TZID no one knows (read as local time): local wall clock, parameters kept.
      b.time(kind, .floating(wall(d, calendar: calendar)), template: t)
    case .date:
      let lw = wall(d, calendar: calendar)
      if lw.hour == 9 && lw.minute == 0 && lw.second == 0 {
        b.time(kind, .date(lw), template: t)
      } else {
        b.time(kind, .utc(d), template: t)
      }
    }
  }
}
