import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Upgrading (SPEC 8): a data file written before a field of the table was mapped
// (``ICalForm/adopted``: note, priority, tags, start, progress, parent; the alert at a time)
// holds it in the kept iCalendar text (`icalExtra`). It is moved into its field wherever a
// stored copy of an item is read back (the data file by both readers, the splice, the sync
// status's base; the list's scan asks ``TodoItem/keepsAdoptableProperties(_:)`` of the bytes),
// by the one step ``TodoItem/adoptingKeptFields(calendar:)``, so the next write holds each value in one
// place; nothing is lost: the item is written as iCalendar and read back by the one mapping,
// and only the adopted fields and the kept text are taken from what it reads.
extension ICalFields {
  /// How a kept line of each adopted field starts: `NAME:` or `NAME;` (then `exact` is false),
  /// or, for a field taken only as written, exactly `NAME:` or `NAME;PARAMETERS:`.
  static let adoptableLines = adopted.flatMap(adoptableLines(of:))

  /// ``adoptableLines`` of one field.
  static func adoptableLines(of f: ICalField) -> [(prefix: String, exact: Bool)] {
    f.form.take == .firstAsWritten
      ? ([f.name + ":"] + (f.form.parameters.map { [f.name + ";" + $0 + ":"] } ?? [])).map { ($0, true) }
      : [(f.name, false)]
  }

  /// The fields the upgrade moves from what the round trip reads: the adopted ones, and the
  /// alert at a time (the first VALARM at a time, mapped since SPEC 8 as well).
  static let adoptedFields = adopted.map(\.field) + [ItemField.reminder]
}

extension TodoItem {
  /// Whether the kept text may hold a property that now has a field: a line of an adopted
  /// field (``ICalFields/adoptableLines``) or `STATUS:IN-PROCESS` (the progress) among the VTODO's own lines,
  /// or an alarm (a component with a TRIGGER) that is not the reminder's: each is an alert
  /// since issue 36, kept text holds none once upgraded. The one alarm kept then is the
  /// reminder's (at a time, when it holds more than we write): with a reminder it gives
  /// nothing to adopt; without one it is adopted as the reminder. A DESCRIPTION inside a
  /// VALARM (Apple writes one in every alarm) is not the note. Otherwise every load took
  /// such an item through the iCalendar round trip (issue 36's bench: 45× the time of `list`).
  ///
  /// A line of a field already set is nothing to adopt (the field keeps its value): above all
  /// a start that came with a time zone keeps its `DTSTART;TZID=…` line as its form, which
  /// every load took through the round trip before.
  var keepsAdoptableProperties: Bool {
    icalExtra.map { Self.keepsAdoptableProperties($0, hasReminder: reminder != nil, set: adoptedFieldsSet) }
      ?? false
  }

  /// The adopted fields set in this item: bit ``ItemField/index`` of each (``adoptedForms``).
  var adoptedFieldsSet: UInt64 {
    var set: UInt64 = 0
    for f in ICalFields.adopted where f.field.get(self) != .absent { set |= 1 << UInt64(f.field.index) }
    if progress != nil { set |= 1 << UInt64(ItemField.progress.index) }
    return set
  }

  /// ``keepsAdoptableProperties`` of this kept text (the list's scan asks it of the bytes it
  /// checks, not knowing the reminder: an alarm at a time counts then). Reads the UTF-8 in place.
  /// `set`: the fields already set (bit ``ItemField/index`` of each), whose lines are not adopted.
  static func keepsAdoptableProperties(_ text: String, hasReminder: Bool = false, set: UInt64 = 0) -> Bool {
    var text = text
    return text.withUTF8 { keepsAdoptableProperties($0, hasReminder: hasReminder, set: set) }
  }

  /// How a kept line of an adopted field starts, with the field's bit (``ItemField/index``).
  private static let adoptedForms: [(form: [UInt8], bit: UInt64)] = {
    precondition(ItemField.all.count < 63, "a field's bit is its index, below alarmToAdopt's")
    var out: [(form: [UInt8], bit: UInt64)] = []
    for f in ICalFields.adopted {
      let bit = UInt64(1) << UInt64(f.field.index)
      for (line, exact) in ICalFields.adoptableLines(of: f) {
        for form in exact ? [line] : [line + ":", line + ";"] { out.append((Array(form.utf8), bit)) }
      }
    }
    out.append((Array("STATUS:IN-PROCESS".utf8), UInt64(1) << UInt64(ItemField.progress.index)))
    return out
  }()

  static func keepsAdoptableProperties(
    _ text: UnsafeBufferPointer<UInt8>, hasReminder: Bool, set: UInt64 = 0
  ) -> Bool {
    adoptable(text, hasReminder: hasReminder, set: set) & ~set != 0
  }

  /// What kept text holds to adopt: the bit ``ItemField/index`` of each field that has a line
  /// in it (``adoptedForms``) but those of `set`, and ``alarmToAdopt`` for an alarm. The list's
  /// scan asks it where it reads the kept text and takes out the fields it reads after it (the
  /// writer puts `start` after `icalExtra`). Reads the UTF-8 in place.
  static func adoptable(_ text: UnsafeBufferPointer<UInt8>, hasReminder: Bool, set: UInt64 = 0) -> UInt64 {
    guard let base = text.baseAddress else { return 0 }
    func starts(_ k: Int, _ end: Int, _ form: [UInt8]) -> Bool {
      end - k >= form.count && memcmp(base + k, form, form.count) == 0
    }
    func contains(_ k: Int, _ end: Int, _ s: StaticString) -> Bool {
      let n = s.utf8CodeUnitCount
      var i = k
      while i + n <= end {
        if memcmp(base + i, s.utf8Start, n) == 0 { return true }
        i += 1
      }
      return false
    }
    var depth = 0
    var trigger = false  // the component read so far is an alarm (it has a TRIGGER)
    var atTime = false  // … at a time
    var located = false  // … is a location alarm (`X-APPLE-PROXIMITY`, `PROXIMITY`)
    var alarms = 0  // the alarms read so far, all at a time
    var fields: UInt64 = 0  // the fields whose lines were read
    var k = 0
    while k < text.count {
      let end =
        memchr(base + k, 10, text.count - k).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
        ?? text.count
      if end > k {
        if starts(k, end, beginForm) {
          depth += 1
          if depth == 1 { (trigger, atTime, located) = (false, false, false) }
        } else if starts(k, end, endForm) {
          depth -= 1
          if depth == 0 && trigger {
            // Not the reminder's: an alert of before issue 36 (a location alarm is one too).
            if !atTime || located || alarms > 0 { return alarmToAdopt }
            alarms += 1
          }
        } else if depth == 1 {
          if starts(k, end, triggerForm) {
            trigger = true
            if contains(k, end, "VALUE=DATE-TIME") { atTime = true }
          } else if proximityForms.contains(where: {
            starts(k, end, $0) && end > k + $0.count
              && (base[k + $0.count] == 0x3A || base[k + $0.count] == 0x3B)
          }) {
            located = true
          }
        } else {
          // A parent (SPEC 9): only the forms that name one (a RELTYPE=CHILD stays kept).
          for f in adoptedForms where f.bit & (set | fields) == 0 && starts(k, end, f.form) {
            fields |= f.bit
          }
        }
      }
      k = end + 1
    }
    return (alarms > 0 && !hasReminder ? alarmToAdopt : 0) | fields
  }

  /// ``adoptable(_:hasReminder:set:)``'s bit for an alarm to adopt (no field's: there are fewer than 63).
  static let alarmToAdopt: UInt64 = 1 << 63
  private static let proximityForms = ["X-APPLE-PROXIMITY", "PROXIMITY"].map { Array($0.utf8) }
  private static let beginForm = Array("BEGIN:".utf8)
  private static let endForm = Array("END:".utf8)
  private static let triggerForm = Array("TRIGGER".utf8)

  /// The one upgrade step of an item read back from a stored copy: the properties of its kept
  /// text that now have fields moved into them (a field already set keeps its value; the
  /// other property stays kept). Itself when its kept text holds none.
  public func adoptingKeptFields(calendar: Calendar = .localGregorian) -> TodoItem {
    guard keepsAdoptableProperties else { return self }
    let text = ICalExport.bytes(for: [self], calendar: calendar)
    guard
      let back = try? ICalMapping.items(
        fromICS: Data(text), path: "", now: Date(timeIntervalSince1970: Instants.validRange.upperBound),
        calendar: calendar),
      back.count == 1, back[0].id == id
    else { return self }
    var out = self
    out.icalExtra = back[0].icalExtra
    for f in ICalFields.adoptedFields where f.get(out) == .absent { f.set(&out, f.get(back[0])) }
    // The alarms as today's mapping reads them: the alerts (the early warning among them).
    out.alerts = back[0].alerts
    return out
  }
}

extension TodoItem {
  /// The kept lines that are a parent (``ICalFields/adoptableLines`` of the parent's field).
  /// The kept lines that are a parent (``ICalFields/adoptableLines(of:)`` of the parent's field).
  static let parentForms = ICalFields.plain.filter { $0.field === ItemField.parent }.flatMap {
    ICalFields.adoptableLines(of: $0).map { Array($0.prefix.utf8) }
  }

  /// Whether kept text (its UTF-8 as a data file holds it) names a parent: a
  /// line that starts `RELATED-TO:` or `RELATED-TO;RELTYPE=PARENT:`, the forms
  /// ``keepsAdoptableProperties`` takes (a RELTYPE=CHILD link is no parent).
  static func keepsParent(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return false }
    var k = 0  // the start of a line
    while k < text.count {
      for form in parentForms where k + form.count <= text.count {
        if memcmp(base + k, form, form.count) == 0 { return true }
      }
      guard let lf = memchr(base + k, 10, text.count - k) else { return false }
      k = base.distance(to: lf.assumingMemoryBound(to: UInt8.self)) + 1
    }
    return false
  }
}

extension TodoDocument {
  /// Every item upgraded (``TodoItem/adoptingKeptFields(calendar:)``).
  public mutating func adoptKeptFields(calendar: Calendar = .localGregorian) {
    guard items.contains(where: \.keepsAdoptableProperties) else { return }
    for k in items.indices where items[k].keepsAdoptableProperties {
      items[k] = items[k].adoptingKeptFields(calendar: calendar)
    }
  }
}
