import Foundation

// The scanner of ``PlistScan``: the header, each entry, the tail, over a window
// of the file that may end anywhere (it then asks for more and starts the
// unfinished entry again).
extension PlistScan {
  enum Step {
    case done(PlistScan)
    case decline
    /// Needs the bytes from this index of the window on, and more after them.
    case more(upTo: Int)
  }

  enum EntryStep {
    case ok(Int)
    case decline
    case more
  }

  /// The places in ``ItemField/all`` of the fields the scan names, looked up once (a copy
  /// in the scanner: a `static let` read in the loop is a `swift_once` check each time).
  public struct Named: Sendable {
    let deadline = ItemField.deadline.index
    let created = ItemField.created.index
    let completed = ItemField.completed.index
    let cancelled = ItemField.cancelled.index
    let warn = ItemField.warn.index
    let list = ItemField.list.index
    let icalExtra = ItemField.icalExtra.index
    let parent = ItemField.parent.index
    // What `list`'s rows and tree read of each entry.
    let priority = ItemField.priority.index
    let tags = ItemField.tags.index
    let note = ItemField.note.index
    let progress = ItemField.progress.index
    let start = ItemField.start.index
    let uid = ItemField.uid.index
    let modified = ItemField.modified.index
  }
  static let named = Named()

  /// Keeps date `d` of field `f` where the scan keeps it: `deadline` and
  /// `created` in the entry, the others in its Extra (then true).
  @inline(__always) static func keep(
    _ d: Int64, field f: Int, _ e: inout Entry, _ x: inout Extra, _ named: Named
  ) -> Bool {
    switch f {
    case named.deadline: e.deadline = d
    case named.created: e.created = d
    default:
      x[f] = d
      return true
    }
    return false
  }

  /// Sets the entry's flags from its fields: completed, cancelled.
  @inline(__always) static func flag(_ e: inout Entry, _ x: Extra, _ named: Named) {
    if x[named.completed] != PlistScan.none { e.flags |= Entry.completedFlag }
    if x[named.cancelled] != PlistScan.none { e.flags |= Entry.cancelledFlag }
  }

  /// `</key><dict><key>UUID</key><string>`: between an entry's key and its UUID field.
  static let uuidHead =
    Array("</key><dict><key>".utf8) + Array(ItemField.id.keyBytes)
    + Array("</key><string>".utf8)
  /// `</string><key>title</key><string>`: between the UUID field and the title.
  static let titleHead =
    Array("</string><key>".utf8) + Array(ItemField.title.keyBytes)
    + Array("</key><string>".utf8)

  /// Eight bytes at a time (SWAR): each test is nonzero when some byte of the word passes it.
  enum Word {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080
    /// Some byte is `b`.
    @inline(__always) static func has(_ w: UInt64, _ b: UInt8) -> UInt64 {
      let x = w ^ (UInt64(b) &* ones)
      return (x &- ones) & ~x & highs
    }
    /// Some byte is below 0x20 (a control character).
    @inline(__always) static func below0x20(_ w: UInt64) -> UInt64 { (w &- 0x20 &* ones) & ~w & highs }
  }

  /// Hex digit values; 0xFF for any other byte (uppercase only, as the writer writes).
  static let hexValue: [UInt8] = (0..<256).map { c in
    switch c {
    case 48...57: return UInt8(c - 48)
    case 65...70: return UInt8(c - 55)
    default: return 0xFF
    }
  }

  struct Scanner {
    var out = PlistScan()
    var inEntries = false
    var last: (key: Int64, hi: UInt64, lo: UInt64)? = nil
    let hex = PlistScan.hexValue
    let keys = PlistScan.keys
    let longestKey = PlistScan.longestKey
    let firstOfWord = PlistScan.firstOfWord
    let named = PlistScan.named
    let uuidHead = PlistScan.uuidHead
    let titleHead = PlistScan.titleHead

    /// The entries by UUID: an open-addressing table of (a 32-bit fingerprint of
    /// the UUID, the entry's number + 1); 0 is a free slot. The fingerprint
    /// spares most probes a look at the entry (a cache miss each, a tenth of
    /// `list` at 10,000 items when the table held numbers only).
    var slots: [UInt64]
    /// The deadlines come in order: most share the day of the one before.
    var deadlines = DayCache()
    /// The lists seen, as they stand in the file (``PlistScan/lists``).
    var lists = ListTexts()
    /// Some entry has a parent.
    var subtasks = false
    /// The buffer of each entry's ``Extra`` while it is read, reused (``Extra/reused()``).
    var spare = Extra()

    /// Notes are kept (`list --json`), else checked only (``PlistScan/scan(fd:size:chunk:notes:)``).
    let notes: Bool

    init(expected size: Int, notes: Bool = true) {
      self.notes = notes
      // About 300 bytes an entry as the writer writes them.
      let n = min(size / 256, 1 << 20)
      out.entries.reserveCapacity(n)
      // Never more than the file (unescaped text is shorter): one allocation, its pages
      // touched only as far as it is filled (growing it held two copies at once).
      out.text.reserveCapacity(size)
      var count = 1024
      while 3 * count < 4 * n { count *= 2 }
      slots = [UInt64](repeating: 0, count: count)
    }

    /// False when an entry before has this UUID (the general reader refuses the file).
    mutating func firstTime(_ hi: UInt64, _ lo: UInt64) -> Bool {
      if 4 * out.entries.count >= 3 * slots.count {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        for k in out.entries.indices { _ = place(out.entries[k].hi, out.entries[k].lo, k) }
      }
      return place(hi, lo, out.entries.count)
    }

    /// Puts entry `k` in the table unless its UUID is there already.
    mutating func place(_ hi: UInt64, _ lo: UInt64, _ k: Int) -> Bool {
      let mask = slots.count - 1
      let mixed = PlistScan.mixed(hi, lo)
      var h = Int(truncatingIfNeeded: mixed >> 32) & mask
      let print = mixed << 32
      return slots.withUnsafeMutableBufferPointer { table in
        while true {
          let s = table[h]
          if s == 0 {
            table[h] = print | UInt64(k + 1)
            return true
          }
          if s & 0xFFFF_FFFF_0000_0000 == print {
            let e = Int(s & 0xFFFF_FFFF) - 1
            if out.entries[e].hi == hi && out.entries[e].lo == lo { return false }
          }
          h = (h + 1) & mask
        }
      }
    }

    /// Takes what it can of `p[from..<count]` (file offset of `p[0]`: `base`).
    mutating func feed(_ p: UnsafePointer<UInt8>, base: Int, from: Int, count n: Int, eof: Bool) -> Step {
      var i = from
      if !inEntries {
        let h = PlistScan.header
        guard n - i >= h.count else { return eof ? .decline : .more(upTo: i) }
        if memcmp(p + i, h, h.count) == 0 {
          i += h.count
        } else {
          switch PlistScan.listsHeader(p + i, n - i) {
          case .header(let length):
            // Its `todoLists` line, for the names of lists (`list --json`).
            let from = PlistScan.versionPart.count + PlistScan.listsPart.count
            let line = UnsafeBufferPointer(
              start: p + i + from, count: length - from - PlistScan.itemsPart.count - 1)
            out.listsXML = String(decoding: line, as: UTF8.self)
            i += length
          case .decline: return .decline
          case .more: return eof ? .decline : .more(upTo: i)
          }
        }
        out.itemsStart = base + i
        inEntries = true
      }
      while true {
        guard n - i >= 2 else { return eof ? .decline : .more(upTo: i) }
        if p[i] == 9 && p[i + 1] == 9 {
          let mark = out.text.count
          switch entry(p, i, n, base) {
          case .ok(let next): i = next
          case .decline: return .decline
          case .more:
            out.text.removeSubrange(mark...)
            return eof ? .decline : .more(upTo: i)
          }
          continue
        }
        let t = PlistScan.tail
        guard n - i >= t.count, eof else { return eof ? .decline : .more(upTo: i) }
        guard n - i == t.count, memcmp(p + i, t, t.count) == 0 else { return .decline }
        out.itemsEnd = base + i
        out.size = base + n
        // Kept for the tree of subtasks (``PlistScan/index(of:_:)``); else freed, as it was before there were subtasks.
        if subtasks { out.slots = slots }
        return .done(out)
      }
    }

    /// One entry from `p[i]`, its two tabs.
    mutating func entry(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ base: Int) -> EntryStep {
      // \t\t<key>UUID</key><dict><key>UUID</key><string>UUID</string><key>title</key><string>
      let uuidAt = i + 43 + uuidHead.count
      let titleAt = uuidAt + 36 + titleHead.count
      guard n - i > titleAt - i else { return .more }
      guard memcmp(p + i + 2, "<key>", 5) == 0,
        memcmp(p + i + 43, uuidHead, uuidHead.count) == 0,
        memcmp(p + uuidAt + 36, titleHead, titleHead.count) == 0,
        memcmp(p + i + 7, p + uuidAt, 36) == 0,
        let id = hex.withUnsafeBufferPointer({ Self.uuid(p + i + 7, $0) })
      else { return .decline }
      let (hi, lo) = id
      var e = Entry(hi: hi, lo: lo, start: base + i)
      var x = spare.reused()
      defer { swap(&spare, &x) }
      var fields: UInt32 = 0  // the slots of x set (bit s: slot s)
      var set: UInt64 = 0  // the fields read so far (bit ``ItemField/index``; an empty text is none)
      var adopt: UInt64 = 0  // what the kept text holds to adopt (``TodoItem/adoptable(_:hasReminder:set:)``)
      var parent: (hi: UInt64, lo: UInt64)? = nil  // a parent named by an uppercase UUID
      var newList: (raw: UnsafePointer<UInt8>, count: Int, text: Text)? = nil  // a list not seen before
      var j = titleAt
      // The title.
      switch text(p, &j, n, lineFeeds: false) {
      case .more: return .more
      case .decline: return .decline
      case .ok(let t, let ascii):
        guard Self.cleanTitle(out.text, t, ascii: ascii) else { return .decline }
        e.title = t
        if !ascii { e.flags &= ~Entry.plain }
      }
      // The other keys, in the writer's order, none twice.
      var next = 0
      while true {
        guard n - j >= 8 else { return .more }
        if memcmp(p + j, "</dict>\n", 8) == 0 {
          j += 8
          break
        }
        guard n - j >= longestKey else { return .more }
        // Most often the next key of the table (deadline, then created): one try here.
        var k = next
        if next >= keys.count || keys[next].word != UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self)
          || !PlistScan.same(p + j + 8, keys[next].text + 8, keys[next].count - 8)
        {
          guard let found = PlistScan.key(at: p + j, from: next, keys, firstOfWord) else { return .decline }
          k = found
        }
        let key = keys[k]
        j += key.count
        next = k + 1
        let f = key.field
        let bit: UInt32 = 1 << UInt32(truncatingIfNeeded: f - Extra.first)
        set |= 1 << UInt64(truncatingIfNeeded: f)
        switch key.kind {
        case .date:
          guard n - j >= 33 else { return .more }
          let d = f == named.deadline ? deadlines.date(p + j) : Self.date(p + j)
          guard d != PlistScan.none else { return .decline }
          j += 33
          if PlistScan.keep(d, field: f, &e, &x, named) { fields |= bit }
        case .integer:
          guard n - j >= 38 else { return .more }
          guard let v = Self.integer(p, &j) else { return .decline }
          guard f != named.warn || v >= 0 else { return .decline }  // the general reader refuses it
          x[f] = v
          fields |= bit
          if key.marksRow { e.flags |= Entry.rowMarksFlag }
        case .flag:
          guard n - j >= 7 else { return .more }
          guard memcmp(p + j, "<true/>", 7) == 0 else { return .decline }
          j += 7
          x[f] = 1
          fields |= bit
        case .text, .lines:
          // A list seen before, a parent that is an uppercase UUID: no text kept (PlistScan+Lists.swift).
          if f == named.list, let (list, length) = lists.match(p + j, n - j) {
            e.list = list
            j += length
            continue
          }
          if f == named.parent, let id = parentUUID(p, j, n) {
            parent = id
            e.flags |= Entry.parentFlag
            j += PlistScan.uuidStringCount
            continue
          }
          let lineFeeds = key.kind == .lines
          let from = j
          let mark = out.text.count
          // Long text that is kept but not wanted now (a note, for `list`'s rows): checked only.
          let copy = !lineFeeds || notes || f == named.icalExtra
          switch string(p, &j, n, lineFeeds: lineFeeds, copy: copy) {
          case .more: return .more
          case .decline: return .decline
          case .ok(let t, _):  // UTF-8, checked by `text`
            if t.count == 0 { set &= ~(1 << UInt64(truncatingIfNeeded: f)) }
            if key.marksRow { e.flags |= Entry.rowMarksFlag }
            if f == named.icalExtra {
              e.flags |= Entry.icalExtraFlag
              // The reminder's key comes before: its own VALARM kept beside it is no alert to adopt.
              let reminded = x[ItemField.reminder.index] != PlistScan.none
              adopt = out.withText(t) { TodoItem.adoptable($0, hasReminder: reminded) }
            }
            if f == named.list && lists.count < Int(UInt8.max) {
              newList = (p + from, j - from, t)
            } else if key.kept {
              x[f] = PlistScan.packed(t)
              fields |= bit
              if f == named.parent { e.flags |= Entry.parentFlag }
            } else {
              out.text.removeSubrange(mark...)  // checked, not kept: `icalExtra`, which `list` never shows
            }
          }
        case .texts:
          switch texts(p, &j, n, lineFeeds: f == ItemField.alerts.index) {
          case .more: return .more
          case .decline: return .decline
          case .ok(let t, _):  // UTF-8, checked by `text`
            // An empty list reads as no tags: absent, as the writer has it.
            if t.count == 0 { set &= ~(1 << UInt64(truncatingIfNeeded: f)) }
            if t.count > 0 && f == ItemField.alerts.index {
              // Alerts (issue 36): kept, each read in place (``AlertBytes``), the early warning
              // among them as `warn` (``ScanPlan`` plans them, `list --json` writes them). One
              // that is not read here is the general path's: the scan declines the file.
              guard let w = out.withText(t, { AlertBytes.warn(zeroEnded: $0) }) else { return .decline }
              if w != PlistScan.none {
                x[ItemField.warn.index] = w
                fields |= 1 << UInt32(truncatingIfNeeded: ItemField.warn.index - Extra.first)
              }
              x[f] = PlistScan.packed(t)
              fields |= bit
            } else if t.count > 0 {
              x[f] = PlistScan.packed(t)
              fields |= bit
              if key.marksRow { e.flags |= Entry.rowMarksFlag }
            }
          }
        case .uuid:
          return .decline  // not in any entry after the title: the general reader's
        }
      }
      // The writer always writes `created`; without it the general reader guesses one.
      guard e.created != PlistScan.none else { return .decline }
      // Strictly after the entry before, as the writer sorts, and each UUID once
      // (one UUID may stand in two entries of different deadlines).
      let key = e.sortKey
      if let l = last, !(l.key < key || (l.key == key && (l.hi < hi || (l.hi == hi && l.lo < lo)))) {
        return .decline
      }
      guard firstTime(hi, lo) else { return .decline }
      last = (key, hi, lo)
      guard base + j - e.start < Int(UInt32.max), base + j < Int(UInt32.max) else { return .decline }
      e.length = UInt32(base + j - e.start)
      // A line of a field read after the kept text (its form: `DTSTART;TZID=…`) is none to adopt.
      if adopt & ~set != 0 { e.flags |= Entry.adoptFlag }
      PlistScan.flag(&e, x, named)
      if let l = newList {
        lists.add(l.raw, l.count)
        out.lists.append(l.text)
        e.list = UInt8(out.lists.count)
      }
      if fields != 0 || parent != nil { out.keep(x, fields: fields, parent: parent, for: &e) }
      if e.hasParent { subtasks = true }
      out.entries.append(e)
      return .ok(j)
    }

  }
}
