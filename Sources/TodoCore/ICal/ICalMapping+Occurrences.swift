import Foundation

// A repeating to-do completed on another client (SPEC 9). Thunderbird and
// Nextcloud leave the series as it was and add an override of the occurrence
// done (a VTODO with the same UID, a RECURRENCE-ID and STATUS:COMPLETED); read
// as it is, the series' DUE would still be that occurrence, which would show
// and fire again. Here it reads as Tasks.org writes it (and as our own
// completion does): the deadline moved on past the occurrences done, the
// override kept as it came. The other two shapes need nothing of the mapping:
// a due date moved on is a change of the deadline, and a completed clone with
// a new UID (todoman, Evolution, Apple) is a completed item of its own.
extension TodoItem {
  /// This series with the occurrences completed elsewhere passed: the deadline
  /// (and the start with it) moves to the occurrence after the latest one
  /// completed in an override, its COUNT less the occurrences passed over (an
  /// earlier one left open is passed too: this week's bins taken out on the
  /// phone leave no last week's bins overdue here); past the last one (COUNT,
  /// UNTIL) the series is completed, when its last occurrence was. An override
  /// that names no occurrence of the series from the deadline on changes
  /// nothing; a pending item without a rule or a deadline is left as it is.
  func passingDone(_ done: [ICalMapping.Occurrence], calendar: Calendar) -> TodoItem {
    guard isPending, var rule = repeatRule, let first = deadline else { return self }
    // RECURRENCE-ID names an occurrence by its DTSTART when the series has one
    // (RFC 5545 3.8.4.4), else by its DUE: the occurrence's due time is that plus the series' own span.
    let span = start.map { first.timeIntervalSince($0) } ?? 0
    var completedAt: [Date: Date] = [:]
    for o in done {
      if let r = o.recurrence, let c = o.completed { completedAt[r.addingTimeInterval(span)] = c }
    }
    // Overrides before the deadline were passed already (a file this app wrote keeps them).
    guard let latest = completedAt.keys.filter({ $0 >= first }).max(), let c = completedAt[latest] else {
      return self
    }
    var out = self
    var due = first
    if latest > first {
      // The occurrence the override names, reached in one walk of the rule (not one step an occurrence).
      guard
        let (at, rest) = Recurrence.advance(
          rule, deadline: first, now: latest.addingTimeInterval(-1), in: calendar.timeZone),
        at == latest
      else { return self }
      (due, rule) = (at, rest)
    }
    guard let (next, rest) = Recurrence.advance(rule, deadline: due, now: due, in: calendar.timeZone) else {
      // The last occurrence is done: so is the series.
      out.completed = c
      return out
    }
    (due, rule) = (next, rest)
    out.deadline = due
    out.repeatRule = rule
    if start != nil { out.start = due.addingTimeInterval(-span) }
    // The kept DUE and DTSTART (their TZID forms) written and read again: the
    // item reads the same from the file it will write (a sync finds nothing to do).
    let text = ICalExport.bytes(for: [out], calendar: calendar)
    if let back = try? ICalMapping.items(
      fromICS: Data(text), path: "", now: Date(timeIntervalSince1970: Instants.validRange.upperBound),
      calendar: calendar),
      back.count == 1, back[0].id == id, back[0].deadline == out.deadline
    {
      out.icalExtra = back[0].icalExtra
    }
    return out
  }
}
