import Foundation

/// iCalendar (RFC 5545) VTODOs ⇄ items, the mapping of SPEC 7. Import, export
/// and the vdir sync all go through these two functions.
public enum ICalMapping {
  /// The items of every VTODO in one iCalendar object (a file, or one vdir entry).
  /// - Parameters:
  ///   - path: the file's name, for error messages.
  ///   - now: the import time (a COMPLETED status without a date is completed now).
  ///   - calendar: the local time zone (DATE-only and floating times are local).
  /// - Throws: ``TodoError/badFile(path:detail:)`` when libical cannot read the
  ///   data or an instant is outside years 1–9999; nothing is returned then.
  public static func items(fromICS data: Data, path: String, now: Date, calendar: Calendar) throws
    -> [TodoItem]
  {
    try ICalendar.decode(data).items
  }

  /// One VCALENDAR holding a VTODO for each item (for a vdir: one item a call).
  public static func ics(for items: [TodoItem], now: Date, calendar: Calendar = .localGregorian) -> String {
    ICalendar.export(items, now: now)
  }
}
