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

  /// The keys an entry may hold after its title, in the writer's order: their
  /// number (0…13) is their place in that order.
  enum Kind { case date, string, integer, yes }
  static let keyCount = 14
  static let icalExtraKey = 10
  /// The longest key: a valid entry has at least that many bytes after any key's start.
  static let longestKey = 27

  /// Key `k` as it stands in the file, and the kind of its value.
  @inline(__always) static func key(_ k: Int) -> (text: StaticString, kind: Kind) {
    switch k {
    case 0: return ("<key>deadline</key>", .date)
    case 1: return ("<key>created</key>", .date)
    case 2: return ("<key>modified</key>", .date)
    case 3: return ("<key>completed</key>", .date)
    case 4: return ("<key>reminder</key>", .date)
    case 5: return ("<key>repeat</key>", .string)
    case 6: return ("<key>warn</key>", .integer)
    case 7: return ("<key>cancelled</key>", .yes)
    case 8: return ("<key>uid</key>", .string)
    case 9: return ("<key>sequence</key>", .integer)
    case 10: return ("<key>icalExtra</key>", .string)
    case 11: return ("<key>notifiedDeadline</key>", .date)
    case 12: return ("<key>notifiedReminder</key>", .date)
    default: return ("<key>notifiedWarning</key>", .date)
    }
  }

  /// The number of the key at `q` (at least ``longestKey`` bytes), or nil.
  @inline(__always) static func keyNumber(_ q: UnsafePointer<UInt8>) -> Int? {
    let k: Int
    switch q[5] {
    case 100: k = 0  // d
    case 99: k = q[6] == 114 ? 1 : q[6] == 111 ? 3 : 7  // created, completed, cancelled
    case 109: k = 2  // m
    case 114: k = q[7] == 109 ? 4 : 5  // reminder, repeat
    case 119: k = 6  // w
    case 117: k = 8  // u
    case 115: k = 9  // s
    case 105: k = 10  // i
    case 110: k = q[13] == 68 ? 11 : q[13] == 82 ? 12 : 13  // notifiedD/R/W
    default: return nil
    }
    let t = key(k).text
    return memcmp(q, t.utf8Start, t.utf8CodeUnitCount) == 0 ? k : nil
  }

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

    /// The entries by UUID: an open-addressing table of (a 32-bit fingerprint of
    /// the UUID, the entry's number + 1); 0 is a free slot. The fingerprint
    /// spares most probes a look at the entry (a cache miss each, a tenth of
    /// `list` at 10,000 items when the table held numbers only).
    var slots: [UInt64]
    /// The deadlines come in order: most share the day of the one before.
    var deadlines = DayCache()

    init(expected size: Int) {
      // About 300 bytes an entry as the writer writes them.
      let n = min(size / 256, 1 << 20)
      out.entries.reserveCapacity(n)
      out.text.reserveCapacity(n * 40)
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
      // Mixed: UUIDs need not be random (a test's counter, a derived one).
      let mixed = ((hi &* 0x9E37_79B9_7F4A_7C15) ^ lo) &* 0xBF58_476D_1CE4_E5B9
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
        guard memcmp(p + i, h, h.count) == 0 else { return .decline }
        i += h.count
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
        return .done(out)
      }
    }

    /// One entry from `p[i]`, its two tabs.
    mutating func entry(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ base: Int) -> EntryStep {
      // \t\t<key>UUID</key><dict><key>UUID</key><string>UUID</string><key>title</key><string>
      guard n - i > 147 else { return .more }
      guard memcmp(p + i + 2, "<key>", 5) == 0,
        memcmp(p + i + 43, "</key><dict><key>UUID</key><string>", 35) == 0,
        memcmp(p + i + 114, "</string><key>title</key><string>", 33) == 0,
        memcmp(p + i + 7, p + i + 78, 36) == 0,
        let id = hex.withUnsafeBufferPointer({ Self.uuid(p + i + 7, $0) })
      else { return .decline }
      let (hi, lo) = id
      var e = Entry(hi: hi, lo: lo, start: base + i)
      var x = Extra()
      var extra = false
      var j = i + 147
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
        guard n - j >= PlistScan.longestKey else { return .more }
        guard let k = PlistScan.keyNumber(p + j), k >= next else { return .decline }
        let key = PlistScan.key(k)
        j += key.text.utf8CodeUnitCount
        next = k + 1
        if k > 1 { extra = true }
        switch key.kind {
        case .date:
          guard n - j >= 33 else { return .more }
          let d = k == 0 ? deadlines.date(p + j) : Self.date(p + j)
          guard d != PlistScan.none else { return .decline }
          j += 33
          switch k {
          case 0: e.deadline = d
          case 1: e.created = d
          case 2: x.modified = d
          case 3: x.completed = d
          case 4: x.reminder = d
          case 11: x.notifiedDeadline = d
          case 12: x.notifiedReminder = d
          default: x.notifiedWarning = d
          }
        case .integer:
          guard n - j >= 38 else { return .more }
          guard let v = Self.integer(p, &j) else { return .decline }
          if k == 6 {
            guard v >= 0 else { return .decline }  // the general reader refuses it
            x.warn = v
          } else {
            x.sequence = v
          }
        case .yes:
          guard n - j >= 7 else { return .more }
          guard memcmp(p + j, "<true/>", 7) == 0 else { return .decline }
          j += 7
          e.flags |= Entry.cancelledFlag
        case .string:
          let lineFeeds = k == PlistScan.icalExtraKey
          let mark = out.text.count
          switch string(p, &j, n, lineFeeds: lineFeeds) {
          case .more: return .more
          case .decline: return .decline
          case .ok(let t, let ascii):
            if !ascii {
              guard out.withText(t, { String(validating: $0, as: UTF8.self) }) != nil else { return .decline }
            }
            if lineFeeds {
              out.text.removeSubrange(mark...)  // checked, not kept
              e.flags |= Entry.icalExtraFlag
            } else if k == 5 {
              x.repeatRule = t
            } else {
              x.uid = t
            }
          }
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
      if x.completed != PlistScan.none { e.flags |= Entry.completedFlag }
      if extra {
        e.more = UInt32(out.extras.count)
        out.extras.append(x)
      }
      out.entries.append(e)
      return .ok(j)
    }

    enum TextStep {
      case ok(Text, ascii: Bool)
      case decline
      case more
    }

    /// `<string>…</string>` (the text unescaped into `out.text`) or `<string/>`.
    mutating func string(_ p: UnsafePointer<UInt8>, _ j: inout Int, _ n: Int, lineFeeds: Bool) -> TextStep {
      guard n - j >= 9 else { return .more }
      if memcmp(p + j, "<string/>", 9) == 0 {
        j += 9
        return .ok(Text(offset: UInt32(truncatingIfNeeded: out.text.count), count: 0), ascii: true)
      }
      guard memcmp(p + j, "<string>", 8) == 0 else { return .decline }
      j += 8
      return text(p, &j, n, lineFeeds: lineFeeds)
    }

    /// The text from `p[j]` to `</string>`, unescaped into `out.text`. The
    /// writer's escapes only; control characters but for the line feeds and
    /// tabs of `icalExtra` are refused (the writer never writes them).
    mutating func text(_ p: UnsafePointer<UInt8>, _ j: inout Int, _ n: Int, lineFeeds: Bool) -> TextStep {
      let offset = UInt32(truncatingIfNeeded: out.text.count)
      guard let lt = memchr(p + j, 60, n - j) else { return .more }
      let end = UnsafeRawPointer(lt) - UnsafeRawPointer(p)
      guard n - end >= 9 else { return .more }
      guard memcmp(p + end, "</string>", 9) == 0 else { return .decline }
      var ascii = true
      var k = j
      var run = j
      while k < end {
        // Eight plain bytes at a time: none non-ASCII, a control character, DEL or '&'.
        if end - k >= 8 {
          let w = UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)
          if w & Word.highs | Word.below0x20(w) | Word.has(w, 0x7F) | Word.has(w, 0x26) == 0 {
            k += 8
            continue
          }
        }
        let b = p[k]
        if b >= 0x20 && b != 0x7F && b != 38 {
          if b >= 0x80 { ascii = false }
          k += 1
          continue
        }
        if b == 38 {
          out.text.append(contentsOf: UnsafeBufferPointer(start: p + run, count: k - run))
          if end - k >= 5 && memcmp(p + k, "&amp;", 5) == 0 {
            out.text.append(38)
            k += 5
          } else if end - k >= 4 && memcmp(p + k, "&lt;", 4) == 0 {
            out.text.append(60)
            k += 4
          } else if end - k >= 4 && memcmp(p + k, "&gt;", 4) == 0 {
            out.text.append(62)
            k += 4
          } else if lineFeeds && end - k >= 5 && memcmp(p + k, "&#13;", 5) == 0 {
            out.text.append(13)
            k += 5
          } else {
            return .decline
          }
          run = k
          continue
        }
        guard lineFeeds && (b == 9 || b == 10) else { return .decline }
        k += 1
      }
      out.text.append(contentsOf: UnsafeBufferPointer(start: p + run, count: end - run))
      let count = out.text.count - Int(offset)
      guard out.text.count < Int(UInt32.max) else { return .decline }
      j = end + 9
      return .ok(Text(offset: offset, count: UInt32(count)), ascii: ascii)
    }

    /// What ``Title/isClean(_:)`` says of the unescaped title.
    static func cleanTitle(_ text: [UInt8], _ t: Text, ascii: Bool) -> Bool {
      guard t.count > 0, t.count <= Title.maxLength else { return false }
      if ascii && text[Int(t.offset)] != 32 { return true }
      return text.withUnsafeBufferPointer { all in
        let b = UnsafeBufferPointer(rebasing: all[Int(t.offset)..<Int(t.offset + t.count)])
        guard b.contains(where: { $0 != 32 }) else { return false }
        if ascii { return true }
        guard let s = String(validating: b, as: UTF8.self) else { return false }
        return Title.isClean(s)
      }
    }

  }
}
