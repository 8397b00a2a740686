import Foundation

/// iCalendar (RFC 5545) VTODOs ⇄ items, the mapping of SPEC 7. Import, export
/// and the vdir sync all go through these two functions.
///
/// SUMMARY ⇄ title; DUE ⇄ deadline (TZID with its VTIMEZONE or libical's zone;
/// DATE-only is 09:00 local; floating is local); no DUE ⇄ someday; STATUS and
/// COMPLETED ⇄ completed; STATUS:CANCELLED ⇄ cancelled; RRULE ⇄ repeat; each
/// VALARM ⇄ one of ``TodoItem/alerts`` in the form it came in, but the reminder's
/// (``ICalAlarms``); UID ⇄ uid; CREATED, LAST-MODIFIED, SEQUENCE ⇄ created, modified,
/// sequence (DTSTAMP is written as the last change). Every other property and
/// component is kept in `icalExtra` as iCalendar text and written back; so is
/// the DUE when it is not in UTC (its TZID or DATE form is written again), the
/// VTIMEZONEs its properties name, and the reminder's VALARM when it holds more
/// than we would write (its TRIGGER is set from `reminder`). `icalExtra` ends its lines with LF.
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
    try read(data, path: path, now: now, calendar: calendar).items
  }

  /// The items, the UUIDs of those completed by STATUS alone (no COMPLETED
  /// date), and warnings. A VTODO with RECURRENCE-ID (a changed occurrence of a
  /// repeating one) is kept whole in its series' `icalExtra` and written back
  /// as its own VTODO; one whose series is not in the data is left out with a warning.
  /// A large file is read in pieces on every core (``ICalChunks``).
  /// `calendars`: where each VCALENDAR's items begin, and its name (``ICalCalendarName``),
  /// when one names itself.
  static func read(_ data: Data, path: String, now: Date, calendar: Calendar) throws -> (
    items: [TodoItem], undated: Set<UUID>, warnings: [String], calendars: [ICalCalendarRun]
  ) {
    let (data, warned) = ICalLimits.screen(data, path: path)
    let pieces = ICalChunks.split(data, parts: ICalChunks.parts(forSize: data.count)) ?? [data]
    let read = try ICalChunks.map(pieces) { try readPiece($0, path: path, now: now, calendar: calendar) }
    guard read.count > 1 || !read[0].occurrences.isEmpty else {
      return (read[0].items, read[0].undated, warned, read[0].calendars)
    }
    var items: [TodoItem] = []
    items.reserveCapacity(read.reduce(0) { $0 + $1.items.count })
    var undated = Set<UUID>()
    var occurrences: [Occurrence] = []
    var zones: [String: String] = [:]
    var calendars: [ICalCalendarRun] = []
    for r in read {
      ICalCalendarRun.append(r.calendars, at: items.count, to: &calendars)
      items += r.items
      undated.formUnion(r.undated)
      occurrences += r.occurrences
      zones.merge(r.zones) { a, _ in a }
    }
    var warnings = warned
    if !occurrences.isEmpty {
      keep(occurrences, in: &items, zones: zones, path: path, calendar: calendar, warnings: &warnings)
    }
    return (items, undated, warnings, ICalCalendarRun.named(calendars))
  }

  /// A changed occurrence (a VTODO with RECURRENCE-ID): its UID, its text, the TZIDs it names.
  struct Occurrence: Sendable {
    var uid: String
    var ical: String
    var tzids: Set<String>
    /// Its RECURRENCE-ID as an instant (the occurrence of the series it stands for).
    var recurrence: Date? = nil
    /// When it was completed, if it was (Thunderbird and Nextcloud complete one occurrence so).
    var completed: Date? = nil
  }

  /// The items of one VCALENDAR (a whole file or a piece of one), and its changed occurrences.
  static func readPiece(_ data: Data, path: String, now: Date, calendar: Calendar) throws -> (
    items: [TodoItem], undated: Set<UUID>, occurrences: [Occurrence], zones: [String: String],
    calendars: [ICalCalendarRun]
  ) {
    var items: [TodoItem] = []
    var occurrences: [Occurrence] = []
    var undated = Set<UUID>()
    var zones: [String: String] = [:]
    var calendars: [ICalCalendarRun] = []
    do {
      zones = try LibIcal.parse(
        data,
        calendar: { calendars.append(ICalCalendarRun(start: items.count, name: ICalCalendarName.of($0))) }
      ) { todo, zones in
        let (item, noDate) = Self.item(todo, zones: zones, now: now, calendar: calendar)
        do { try Instants.check(item) } catch {
          throw TodoError.badFile(path: path, detail: "VTODO \(item.icalUID): \(error); nothing was imported")
        }
        if todo.first(.recurrenceID) != nil {
          var tzids = Set<String>()
          todo.collectTZIDs(into: &tzids)
          let rid = todo.first(.recurrenceID)?.time.map { instant($0, calendar: calendar) }
          occurrences.append(
            Occurrence(
              uid: item.icalUID, ical: todo.ical, tzids: tzids, recurrence: rid, completed: item.completed))
          return
        }
        if noDate { undated.insert(item.id) }
        items.append(item)
      }
    } catch let error as ICalReadError {
      let at = error.uid.map { "VTODO \($0): " } ?? ""
      throw TodoError.badFile(path: path, detail: at + error.detail + "; nothing was imported")
    }
    return (items, undated, occurrences, zones, ICalCalendarRun.named(calendars))
  }

  /// Adds each changed occurrence (its VTODO's text, and a VTIMEZONE it needs
  /// that the item does not hold yet) to the end of its series' `icalExtra`.
  static func keep(
    _ occurrences: [Occurrence], in items: inout [TodoItem], zones: [String: String], path: String,
    calendar: Calendar, warnings: inout [String]
  ) {
    var series: [String: Int] = [:]
    for k in items.indices { series[items[k].icalUID] = k }
    var done: [Int: [Occurrence]] = [:]
    defer {
      for (k, os) in done { items[k] = items[k].passingDone(os, calendar: calendar) }
    }
    for o in occurrences {
      guard let k = series[o.uid] else {
        warnings.append(
          "\(path): VTODO \(o.uid): a changed occurrence (RECURRENCE-ID) of a series that is not here was not imported"
        )
        continue
      }
      var parts = [items[k].icalExtra ?? ""]
      for z in o.tzids.sorted() where !LibIcal.isBuiltinZone(z) {
        if let text = zones[z], !parts[0].contains(withoutCR([text])) { parts.append(text) }
      }
      parts.append(o.ical)
      items[k].icalExtra = withoutCR(parts)
      if o.completed != nil && o.recurrence != nil { done[k, default: []].append(o) }
    }
  }

  // MARK: - Reading

  static let mappedStatus: Set<String> = ["NEEDS-ACTION", "COMPLETED", "CANCELLED", "IN-PROCESS"]

  static func item(_ t: ICalComponentRef, zones: [String: String], now: Date, calendar: Calendar) -> (
    TodoItem, Bool
  ) {
    let uidText = t.first(.uid).map { $0.text ?? $0.value }
    let (id, canonical) = identity(uidText, of: t)
    var item = TodoItem(id: id, title: "", deadline: nil, created: now.wholeSeconds)
    if let u = uidText, !canonical { item.uid = u }
    // In the order ``write`` puts them, so that what it writes reads back the same:
    // the DUE's and DTSTART's forms and a STATUS we do not map first, then the other properties,
    // the warning's VALARM, the other components, the VTIMEZONEs. Line ends as LF:
    // a property list's XML reader turns CR LF into LF, and libical reads either.
    // The change times without Z, in the order ``write`` puts them (``ICalFields/stampCount``).
    var stamps = [[UInt8]](repeating: [], count: ICalFields.stampCount)
    var due: [UInt8] = []
    var forms: [UInt8] = []
    var statusKept: [UInt8] = []
    var properties: [UInt8] = []
    var alarm: [UInt8] = []
    var components: [UInt8] = []
    var tzids = Set<String>()
    var seen = KindSet()
    var status: String?
    t.forEachProperty { p in
      if p.parameterCount > 0, let z = p.tzid { tzids.insert(z) }
      // An error left is an empty value's (``ICalComponentRef/firstError``): nothing to keep.
      if p.kind == ICalMapping.errorKind { return }
      // A field of the table: the first of its kind, or any line that may be it (every
      // CATEGORIES line, RFC 5545 3.8.1.2; the first RELATED-TO that names the parent).
      if let f = ICalFields.field(ofKind: p.kind) {
        if f.everyLine || seen.insert(p.kind),
          read(f, p, into: &item, stamps: &stamps, forms: &forms, calendar: calendar)
        {
          return
        }
        return p.appendText(to: &properties)
      }
      // Only the first of each kind is mapped; the others are kept.
      let role = seen.insert(p.kind) ? p.role : .other
      switch role {
      case .uid: return
      case .dtstamp:
        // Written from the change times (``write``); one without Z keeps its form.
        if case .floating = p.time { p.appendText(to: &stamps[0]) }
        return
      case .due:
        guard let time = p.time else { break }
        item.deadline = instant(time, calendar: calendar)
        if case .utc = time, p.parameterCount == 0 {} else { p.appendText(to: &due) }
        return
      case .completed:
        guard let time = p.time else { break }
        // UTC even when written without Z (RFC 5545 3.8.2.1); written back so.
        if case .floating(let w) = time {
          item.completed = utc(w)
          p.appendText(to: &stamps[stamps.count - 1])
        } else {
          item.completed = instant(time, calendar: calendar)
        }
        return
      case .status:
        let v = p.value.uppercased()
        status = v
        if !mappedStatus.contains(v) { p.appendText(to: &statusKept) }
        return
      default: break
      }
      p.appendText(to: &properties)
    }
    item.trustChangeTimes(upTo: now)
    if status == "CANCELLED" { item.cancelled = true }
    // PERCENT-COMPLETE above 0, or STATUS:IN-PROCESS alone (0 %).
    if status == "IN-PROCESS", item.progress == nil { item.progress = 0 }
    // Completed by STATUS alone: completed now.
    let undated = status == "COMPLETED" && item.completed == nil
    if undated { item.completed = now.wholeSeconds }
    // Every VALARM with a TRIGGER is an alert, in order (``ICalAlarms``), but the reminder's
    // (``ICalAlarms/reminderIndex(_:)``), kept as text only when it holds more than we write.
    var alarms: [ICalComponentRef] = []
    t.forEachComponent { c in
      c.collectTZIDs(into: &tzids)
      if c.isAlarm, c.first(.trigger) != nil { alarms.append(c) } else { c.appendText(to: &components) }
    }
    if !alarms.isEmpty {
      let r = ICalAlarms.reminderIndex(alarms)
      for (k, c) in alarms.enumerated() {
        if k == r, let at = alertTime(c) {
          item.reminder = at
          if !ICalAlarms.isPlainReminder(c, at: at, title: item.title) { c.appendText(to: &alarm) }
        } else {
          item.alerts.append(ICalAlarms.alert(c, title: item.title))
        }
      }
    }
    var extra = stamps.joined() + due + forms + statusKept + properties + alarm + components
    // A zone libical knows by its name is written from libical's own definition
    // (``write``); the file's VTIMEZONE is kept only for other names.
    if !zones.isEmpty {
      for z in tzids.sorted() where !LibIcal.isBuiltinZone(z) {
        if let text = zones[z] { extra += text.utf8.filter { $0 != 0x0D } }
      }
    }
    item.icalExtra = extra.isEmpty ? nil : String(decoding: extra, as: UTF8.self)
    return (item, undated)
  }

  /// The item's UUID: its UID's, when the UID is one; else derived from the UID,
  /// or from all its properties when it has none. `canonical`: the UID is the
  /// UUID as we write it (upper-case hex), so the item needs no `uid` of its own.
  static func identity(_ uid: String?, of t: ICalComponentRef) -> (id: UUID, canonical: Bool) {
    guard var u = uid else {
      var all: [String] = []
      t.forEachProperty { all.append($0.name + ":" + $0.value) }
      return (UUID.derived(from: all.joined(separator: "\n")), false)
    }
    let parsed: (UUID, Bool)? = u.withUTF8 { b in
      guard b.count == 36, let id = LeanPlistReader.Cursor.parseUUID(b.baseAddress!) else { return nil }
      return (id, !b.contains { $0 >= 0x61 && $0 <= 0x66 })
    }
    return parsed ?? (UUID.derived(from: u), false)
  }

  /// Which property kinds were seen (libical's kinds are small numbers).
  struct KindSet {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var more = Set<UInt32>()

    /// Whether `kind` was not in the set.
    mutating func insert(_ kind: UInt32) -> Bool {
      guard kind < 256 else { return more.insert(kind).inserted }
      let m = UInt64(1) << UInt64(kind & 63)
      func add(_ w: inout UInt64) -> Bool {
        defer { w |= m }
        return w & m == 0
      }
      switch kind >> 6 {
      case 0: return add(&bits.0)
      case 1: return add(&bits.1)
      case 2: return add(&bits.2)
      default: return add(&bits.3)
      }
    }
  }

  /// The texts joined, without their CRs.
  static func withoutCR(_ parts: [String]) -> String {
    let n = parts.reduce(0) { $0 + $1.utf8.count }
    return String(unsafeUninitializedCapacity: n) { out in
      var k = 0
      for var p in parts {
        p.withUTF8 { b in
          for c in b where c != 0x0D {
            out[k] = c
            k += 1
          }
        }
      }
      return k
    }
  }

  /// The seconds before the due time of a VALARM that warns before it
  /// (TRIGGER;RELATED=END with a duration that is not after it), or nil.
  static func warning(_ c: ICalComponentRef) -> Int? {
    guard c.isAlarm, let t = c.first(.trigger), t.relatedToEnd, let d = t.duration, d <= 0 else { return nil }
    return -d
  }
}
