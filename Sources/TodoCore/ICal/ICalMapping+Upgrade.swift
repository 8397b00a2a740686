import Foundation

// Upgrading (SPEC 8): a data file written before note, priority, tags, start,
// progress and the alert at a time were fields holds them in the kept
// iCalendar text (`icalExtra`). They are moved into their fields when the file
// is read, so the next write holds each value in one place; nothing is lost:
// the item is written as iCalendar and read back by the one mapping, and only
// the new fields and the kept text are taken from what it reads.
extension TodoItem {
  /// Names whose presence in the kept text may mean a property that now has a field.
  static let adoptedMarks: [[UInt8]] = [
    "DESCRIPTION", "PRIORITY", "CATEGORIES", "DTSTART", "PERCENT-COMPLETE", "IN-PROCESS", "DATE-TIME",
  ].map { Array($0.utf8) }

  /// Whether the kept text may hold a property that now has a field (a quick
  /// look at its bytes; most items have no kept text at all).
  var keepsAdoptableProperties: Bool {
    guard var text = icalExtra else { return false }
    return text.withUTF8 { b in
      Self.adoptedMarks.contains { m in
        guard b.count >= m.count else { return false }
        var i = 0
        while i + m.count <= b.count {
          if b[i] == m[0] && b[i..<i + m.count].elementsEqual(m) { return true }
          i += 1
        }
        return false
      }
    }
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
    out.reminder = reminder ?? b.reminder
    return out
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
