import Foundation

/// iCalendar (RFC 5545) VTODOs ⇄ items, the mapping of SPEC 7. Import, export
/// and the vdir sync all go through these two functions.
///
/// SUMMARY ⇄ title; DUE ⇄ deadline (TZID with its VTIMEZONE or libical's zone;
/// DATE-only is 09:00 local; floating is local); no DUE ⇄ someday; STATUS and
/// COMPLETED ⇄ completed; STATUS:CANCELLED ⇄ cancelled; RRULE ⇄ repeat; the
/// first VALARM whose TRIGGER is `RELATED=END` and not after the due time ⇄
/// warn; UID ⇄ uid; CREATED, LAST-MODIFIED, SEQUENCE ⇄ created, modified,
/// sequence (DTSTAMP is written as the last change). Every other property and
/// component is kept in `icalExtra` as iCalendar text and written back; so is
/// the DUE when it is not in UTC (its TZID or DATE form is written again), the
/// VTIMEZONEs its properties name, and the warning's VALARM when it holds more
/// than we would write (its TRIGGER is set from `warn`). `icalExtra` ends its lines with LF.
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
  static func read(_ data: Data, path: String, now: Date, calendar: Calendar) throws -> (
    items: [TodoItem], undated: Set<UUID>, warnings: [String]
  ) {
    let pieces = ICalChunks.split(data, parts: ICalChunks.parts(forSize: data.count)) ?? [data]
    let read = try ICalChunks.map(pieces) { try readPiece($0, path: path, now: now, calendar: calendar) }
    guard read.count > 1 || !read[0].occurrences.isEmpty else { return (read[0].items, read[0].undated, []) }
    var items: [TodoItem] = []
    items.reserveCapacity(read.reduce(0) { $0 + $1.items.count })
    var undated = Set<UUID>()
    var occurrences: [(uid: String, todo: ICalComponent)] = []
    var zones: [String: String] = [:]
    for r in read {
      items += r.items
      undated.formUnion(r.undated)
      occurrences += r.occurrences
      zones.merge(r.zones) { a, _ in a }
    }
    var warnings: [String] = []
    if !occurrences.isEmpty { keep(occurrences, in: &items, zones: zones, path: path, warnings: &warnings) }
    return (items, undated, warnings)
  }

  /// The items of one VCALENDAR (a whole file or a piece of one), and its changed occurrences.
  static func readPiece(_ data: Data, path: String, now: Date, calendar: Calendar) throws -> (
    items: [TodoItem], undated: Set<UUID>, occurrences: [(uid: String, todo: ICalComponent)],
    zones: [String: String]
  ) {
    let parsed: (todos: [ICalComponent], zones: [String: String])
    do { parsed = try LibIcal.parse(data) } catch {
      let at = error.uid.map { "VTODO \($0): " } ?? ""
      throw TodoError.badFile(path: path, detail: at + error.detail + "; nothing was imported")
    }
    var items: [TodoItem] = []
    items.reserveCapacity(parsed.todos.count)
    var occurrences: [(uid: String, todo: ICalComponent)] = []
    var undated = Set<UUID>()
    for todo in parsed.todos {
      let (item, noDate) = Self.item(todo, zones: parsed.zones, now: now, calendar: calendar)
      do { try Instants.check(item) } catch {
        throw TodoError.badFile(
          path: path, detail: "VTODO \(item.icalUID): \(error); nothing was imported")
      }
      if todo.first("RECURRENCE-ID") != nil {
        occurrences.append((item.icalUID, todo))
        continue
      }
      if noDate { undated.insert(item.id) }
      items.append(item)
    }
    return (items, undated, occurrences, parsed.zones)
  }

  /// Adds each changed occurrence (its VTODO's text, and a VTIMEZONE it needs
  /// that the item does not hold yet) to the end of its series' `icalExtra`.
  static func keep(
    _ occurrences: [(uid: String, todo: ICalComponent)], in items: inout [TodoItem], zones: [String: String],
    path: String, warnings: inout [String]
  ) {
    var series: [String: Int] = [:]
    for k in items.indices { series[items[k].icalUID] = k }
    for (uid, todo) in occurrences {
      guard let k = series[uid] else {
        warnings.append(
          "\(path): VTODO \(uid): a changed occurrence (RECURRENCE-ID) of a series that is not here was not imported"
        )
        continue
      }
      var parts = [items[k].icalExtra ?? ""]
      var tzids = Set<String>()
      collectTZIDs(todo, into: &tzids)
      for z in tzids.sorted() where !LibIcal.isBuiltinZone(z) {
        if let text = zones[z], !parts[0].contains(withoutCR([text])) { parts.append(text) }
      }
      parts.append(todo.ical)
      items[k].icalExtra = withoutCR(parts)
    }
  }

  // MARK: - Reading

  static let mappedStatus: Set<String> = ["NEEDS-ACTION", "COMPLETED", "CANCELLED"]

  static func item(_ t: ICalComponent, zones: [String: String], now: Date, calendar: Calendar) -> (
    TodoItem, Bool
  ) {
    let uidText = t.first("UID").map { $0.text ?? $0.value }
    let id =
      uidText.map { UUID(uuidString: $0) ?? UUID.derived(from: $0) }
      ?? UUID.derived(from: t.properties.map { $0.name + ":" + $0.value }.joined(separator: "\n"))
    var item = TodoItem(id: id, title: "", deadline: nil, created: now.wholeSeconds)
    if let u = uidText, u != id.uuidString { item.uid = u }
    // In the order ``write`` puts them, so that what it writes reads back the same:
    // the DUE's form and a STATUS we do not map first, then the other properties,
    // the warning's VALARM, the other components, the VTIMEZONEs.
    var head: [String] = []
    var statusKept: String?
    var extra: [String] = []
    var tzids = Set<String>()
    var seen = Set<UInt32>()
    var undated = false
    var status: String?
    for p in t.properties {
      if let z = p.tzid { tzids.insert(z) }
      let first = seen.insert(p.kind).inserted
      switch (p.name, first) {
      case ("UID", true), ("DTSTAMP", true): continue
      case ("SUMMARY", true):
        let s = p.text ?? p.value
        item.title = Title.isClean(s) ? s : Title.sanitize(s, cuttingAt: .max)
      case ("DUE", true) where p.time != nil:
        item.deadline = instant(p.time!, calendar: calendar)
        if case .utc = p.time!, p.parameterCount == 0 {} else { head.append(p.ical) }
      case ("CREATED", true) where p.time != nil: item.created = instant(p.time!, calendar: calendar)
      case ("LAST-MODIFIED", true) where p.time != nil: item.modified = instant(p.time!, calendar: calendar)
      case ("COMPLETED", true) where p.time != nil: item.completed = instant(p.time!, calendar: calendar)
      case ("SEQUENCE", true) where Int(p.value) != nil: item.sequence = Int(p.value)
      case ("RRULE", true): item.repeatRule = p.value
      case ("STATUS", true):
        status = p.value.uppercased()
        if !mappedStatus.contains(status!) { statusKept = p.ical }
      default: extra.append(p.ical)
      }
    }
    if status == "CANCELLED" { item.cancelled = true }
    if status == "COMPLETED" && item.completed == nil {
      item.completed = now.wholeSeconds
      undated = true
    }
    if let s = statusKept { head.append(s) }
    var warned = false
    var componentsSoFar = 0
    for c in t.components {
      collectTZIDs(c, into: &tzids)
      if !warned, let secs = warning(c) {
        warned = true
        item.warn = secs
        let plain = c.properties.allSatisfy { p in
          p.name == "TRIGGER" && p.parameterCount == 1 && p.relatedToEnd
            || p.name == "ACTION" && p.value == "DISPLAY" || p.name == "DESCRIPTION" && p.text == item.title
        }
        if !(plain && c.components.isEmpty && c.properties.count == 3) {
          extra.insert(c.ical, at: extra.count - componentsSoFar)
        }
        continue
      }
      extra.append(c.ical)
      componentsSoFar += 1
    }
    extra.insert(contentsOf: head, at: 0)
    // A zone libical knows by its name is written from libical's own definition
    // (``write``); the file's VTIMEZONE is kept only for other names.
    for z in tzids.sorted() where !LibIcal.isBuiltinZone(z) { if let text = zones[z] { extra.append(text) } }
    // Line ends as LF: a property list's XML reader turns CR LF into LF, and libical reads either.
    // (By bytes: libical ends every line with CR LF and never writes a CR elsewhere.)
    item.icalExtra = extra.isEmpty ? nil : withoutCR(extra)
    return (item, undated)
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
  static func warning(_ c: ICalComponent) -> Int? {
    guard c.name == "VALARM", let t = c.first("TRIGGER"), t.relatedToEnd,
      let d = t.duration, d <= 0
    else { return nil }
    return -d
  }

  static func collectTZIDs(_ c: ICalComponent, into set: inout Set<String>) {
    for p in c.properties { if let z = p.tzid { set.insert(z) } }
    for s in c.components { collectTZIDs(s, into: &set) }
  }

  /// The instant of a DATE or DATE-TIME: a DATE is 09:00 local, a floating time is local.
  static func instant(_ t: ICalTime, calendar: Calendar) -> Date {
    switch t {
    case .utc(let d), .zoned(let d, _): return d.wholeSeconds
    case .floating(let w): return local(w, calendar: calendar)
    case .date(var w):
      w.hour = 9
      w.minute = 0
      w.second = 0
      return local(w, calendar: calendar)
    }
  }

  static func local(_ w: ICalWall, calendar: Calendar) -> Date {
    let dc = DateComponents(
      timeZone: calendar.timeZone, year: w.year, month: w.month, day: w.day, hour: w.hour, minute: w.minute,
      second: w.second)
    return (calendar.date(from: dc) ?? Date(timeIntervalSince1970: Instants.validRange.upperBound + 1))
      .wholeSeconds
  }

  static func wall(_ d: Date, calendar: Calendar) -> ICalWall {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: d)
    return ICalWall(
      year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1, hour: c.hour ?? 0, minute: c.minute ?? 0,
      second: c.second ?? 0)
  }
}

extension TodoItem {
  /// SEQUENCE kept current (SPEC 7, RFC 5545 3.8.7.4): after a local change
  /// from `old`, one higher when a field the VTODO carries changed (SUMMARY,
  /// DUE, STATUS/COMPLETED, RRULE, the warning). Called by the edit paths of ``TodoList``.
  mutating func countRevision(since old: TodoItem) {
    guard
      title != old.title || deadline != old.deadline || completed != old.completed
        || repeatRule != old.repeatRule || warn != old.warn || cancelled != old.cancelled
    else { return }
    sequence = (old.sequence ?? 0) + 1
  }
}
