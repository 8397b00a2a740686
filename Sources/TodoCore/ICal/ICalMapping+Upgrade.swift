import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Upgrading (SPEC 8): a data file written before note, priority, tags, start,
// progress and the alert at a time were fields holds them in the kept
// iCalendar text (`icalExtra`). They are moved into their fields when the file
// is read, so the next write holds each value in one place; nothing is lost:
// the item is written as iCalendar and read back by the one mapping, and only
// the new fields and the kept text are taken from what it reads.
extension TodoItem {
  /// The VTODO's own properties that now have fields (SPEC 8), as kept text
  /// names them at the start of a line (`NAME:` or `NAME;`).
  static let adoptedProperties = ["DESCRIPTION", "PRIORITY", "CATEGORIES", "DTSTART", "PERCENT-COMPLETE"]

  /// Whether the kept text may hold a property that now has a field: one of
  /// ``adoptedProperties`` or `STATUS:IN-PROCESS` among the VTODO's own lines,
  /// or, while the item has no reminder, an alarm at a time (`TRIGGER;VALUE=DATE-TIME`)
  /// in a component that is not a location alarm (`X-APPLE-PROXIMITY`, `PROXIMITY`: its
  /// time is a placeholder). A DESCRIPTION inside a VALARM (Apple writes one in every
  /// alarm) is not the note. With a reminder, an alarm at a time gives nothing to adopt
  /// (the field keeps its value): such an item, and one with a location alarm, was taken
  /// through the iCalendar round trip at every load (issue 36's bench: 45× the time of `list`).
  var keepsAdoptableProperties: Bool {
    icalExtra.map { Self.keepsAdoptableProperties($0, hasReminder: reminder != nil) } ?? false
  }

  /// ``keepsAdoptableProperties`` of this kept text (the list's scan asks it of the bytes it
  /// checks, not knowing the reminder: an alarm at a time counts then). Reads the UTF-8 in place.
  static func keepsAdoptableProperties(_ text: String, hasReminder: Bool = false) -> Bool {
    var text = text
    return text.withUTF8 { keepsAdoptableProperties($0, hasReminder: hasReminder) }
  }

  private static let adoptedForms: [[UInt8]] =
    adoptedProperties.flatMap { [Array(($0 + ":").utf8), Array(($0 + ";").utf8)] }
    + ["STATUS:IN-PROCESS", "RELATED-TO:", "RELATED-TO;RELTYPE=PARENT:"].map { Array($0.utf8) }
  private static let proximityForms = ["X-APPLE-PROXIMITY", "PROXIMITY"].map { Array($0.utf8) }

  static func keepsAdoptableProperties(_ text: UnsafeBufferPointer<UInt8>, hasReminder: Bool) -> Bool {
    guard let base = text.baseAddress else { return false }
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
    var atTime = false  // the alarm read so far rings at a time
    var located = false  // … is a location alarm
    var k = 0
    while k < text.count {
      let end =
        memchr(base + k, 10, text.count - k).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
        ?? text.count
      if end > k {
        if starts(k, end, beginForm) {
          depth += 1
          if depth == 1 { (atTime, located) = (false, false) }
        } else if starts(k, end, endForm) {
          depth -= 1
          if depth == 0 && atTime && !located && !hasReminder { return true }
        } else if depth > 0 {
          if starts(k, end, triggerForm) && contains(k, end, "VALUE=DATE-TIME") { atTime = true }
          if proximityForms.contains(where: {
            starts(k, end, $0) && end > k + $0.count
              && (base[k + $0.count] == 0x3A || base[k + $0.count] == 0x3B)
          }) {
            located = true
          }
        } else if adoptedForms.contains(where: { starts(k, end, $0) }) {
          // A parent (SPEC 9): only the forms that name one (a RELTYPE=CHILD stays kept).
          return true
        }
      }
      k = end + 1
    }
    return false
  }
  private static let beginForm = Array("BEGIN:".utf8)
  private static let endForm = Array("END:".utf8)
  private static let triggerForm = Array("TRIGGER".utf8)

  /// This item with the properties of its kept text that now have fields moved
  /// into them (a field already set keeps its value; the other property stays kept).
  public func adoptingKeptFields(calendar: Calendar = .localGregorian) -> TodoItem {
    guard keepsAdoptableProperties else { return self }
    let text = ICalExport.bytes(for: [self], calendar: calendar)
    guard
      let back = try? ICalMapping.items(
        fromICS: Data(text), path: "", now: Date(timeIntervalSince1970: Instants.validRange.upperBound),
        calendar: calendar),
      back.count == 1, back[0].id == id
    else { return self }
    let b = back[0]
    var out = self
    out.icalExtra = b.icalExtra
    out.note = note ?? b.note
    out.priority = priority ?? b.priority
    out.tags = tags.isEmpty ? b.tags : tags
    out.start = start ?? b.start
    out.progress = progress ?? b.progress
    out.reminder = reminder ?? b.reminder
    out.parent = parent ?? b.parent
    return out
  }
}

extension TodoItem {
  static let parentForms = ["RELATED-TO:", "RELATED-TO;RELTYPE=PARENT:"].map { Array($0.utf8) }

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
  /// Every item's kept text moved into the new fields (``TodoItem/adoptingKeptFields(calendar:)``).
  public mutating func adoptKeptFields(calendar: Calendar = .localGregorian) {
    guard items.contains(where: \.keepsAdoptableProperties) else { return }
    for k in items.indices where items[k].keepsAdoptableProperties {
      items[k] = items[k].adoptingKeptFields(calendar: calendar)
    }
  }
}
