import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Upgrading (SPEC 8): a data file written before note, priority, tags, start,
// progress and the alerts were fields holds them in the kept
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
  /// or an alarm (a TRIGGER) in a component: an alert now, or the reminder. A
  /// DESCRIPTION inside a VALARM (Apple writes one in every alarm) is not the
  /// note: such an item was taken through the iCalendar round trip at every load.
  var keepsAdoptableProperties: Bool { icalExtra.map(Self.keepsAdoptableProperties) ?? false }

  /// ``keepsAdoptableProperties`` of this kept text (the list's scan asks it of the bytes it checks).
  static func keepsAdoptableProperties(_ text: String) -> Bool {
    var depth = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("BEGIN:") {
        depth += 1
      } else if line.hasPrefix("END:") {
        depth -= 1
      } else if depth > 0 {
        // Any alarm: an alert now (issue 36), or the reminder (at a time).
        if line.hasPrefix("TRIGGER") { return true }
      } else if line.hasPrefix("STATUS:IN-PROCESS") || line.hasPrefix("RELATED-TO:")
        || line.hasPrefix("RELATED-TO;RELTYPE=PARENT:")
      {
        // A parent (SPEC 9): only the forms that name one (a RELTYPE=CHILD stays kept).
        return true
      } else if Self.adoptedProperties.contains(where: { name in
        line.hasPrefix(name) && [":", ";"].contains(line.dropFirst(name.count).first)
      }) {
        return true
      }
    }
    return false
  }

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
    // The alarms as today's mapping reads them: the alerts (the early warning among them) and the reminder.
    out.alerts = b.alerts
    out.reminder = b.reminder
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
