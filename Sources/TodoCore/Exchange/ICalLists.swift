import Foundation

/// The lists (SPEC 9) through iCalendar: `export --format ics` writes one
/// VCALENDAR a list, named as calendar programs name one in their exports
/// (``ICalCalendarName``); `import` puts the items of a VCALENDAR that names
/// itself in the list of that name, adopting the lists it lacks as the JSON
/// import does (``TodoOperation/importedLists(_:into:)``). A VCALENDAR that
/// names nothing (Thunderbird's export, most programs' files) goes to the
/// default list, as before.
public enum ICalLists {
  /// The export's text, in pieces to be written one after another. A file
  /// whose only list is the implicit `Tasks` is written as before: one
  /// VCALENDAR, no name (``ICalMapping/icsPieces(for:now:calendar:)``). Else
  /// one VCALENDAR for each list, in the lists' order (the default one first),
  /// named and coloured; a list without items is a VCALENDAR without VTODOs
  /// (as an empty file's export has always been), so that import makes it too.
  public static func pieces(
    for items: [TodoItem], lists: ListBook, now: Date, calendar: Calendar = .localGregorian
  ) -> [[UInt8]] {
    guard lists.stored, lists.lists != ListBook.implicit.lists else {
      return ICalMapping.icsPieces(for: items, now: now, calendar: calendar)
    }
    var members: [String: [TodoItem]] = [:]
    for item in items { members[lists.listID(of: item), default: []].append(item) }
    var out: [[UInt8]] = []
    for list in lists.lists {
      var pieces = ICalMapping.icsPieces(for: members[list.id] ?? [], now: now, calendar: calendar)
      name(&pieces, ICalCalendarName(name: list.name, color: list.color))
      out += pieces
    }
    return out
  }

  /// Adds the name's properties to the VCALENDAR that `pieces` begin: after its own
  /// properties (before its first component, or its end), in the first piece.
  static func name(_ pieces: inout [[UInt8]], _ name: ICalCalendarName) {
    guard !pieces.isEmpty else { return }
    let head = pieces[0]
    var at = head.count
    var line = 0
    // Every line but the first (BEGIN:VCALENDAR); a folded line's continuation starts with a space.
    while let lf = head[line...].firstIndex(of: 0x0A) {
      line = lf + 1
      if head[line...].starts(with: "BEGIN:".utf8) || head[line...].starts(with: "END:".utf8) {
        at = line
        break
      }
    }
    pieces[0].insert(contentsOf: name.icalLines, at: at)
  }

  /// Puts the items read from named VCALENDARs (`calendars`) in lists: the
  /// lists an ``ImportFormats/Imported`` gives, known by name
  /// (``ImportFormats/Imported/listsByName``). When every VCALENDAR is named,
  /// the first is the source's default list (its items name no list: as in a
  /// JSON export), which a new file takes as its own; else the items of a
  /// VCALENDAR without a name go to the default list here.
  static func assign(_ items: inout [TodoItem], calendars: [ICalCalendarRun]) -> (
    lists: [NamedList], defaultList: NamedList?
  ) {
    guard calendars.contains(where: { $0.name != nil }) else { return ([], nil) }
    let key = { (n: ICalCalendarName) in n.name.lowercased() }
    var lists: [NamedList] = []
    var defaultList: NamedList?
    if calendars.first?.start == 0, calendars.allSatisfy({ $0.name != nil }), let first = calendars[0].name {
      defaultList = NamedList(id: "", name: first.name, color: first.color)
    }
    for (k, run) in calendars.enumerated() {
      guard let n = run.name else { continue }
      let id = key(n)
      let isDefault = defaultList.map { $0.name.lowercased() == id } ?? false
      if isDefault {
        if defaultList?.color == nil { defaultList?.color = n.color }
      } else if let at = lists.firstIndex(where: { $0.id == id }) {
        if lists[at].color == nil { lists[at].color = n.color }
      } else {
        lists.append(NamedList(id: id, name: n.name, color: n.color))
      }
      let end = k + 1 < calendars.count ? calendars[k + 1].start : items.count
      for i in run.start..<end { items[i].list = isDefault ? nil : id }
    }
    return (lists, defaultList)
  }
}
