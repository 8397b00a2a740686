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

  /// The keys an entry may hold after its title, in the writer's order.
  enum Kind { case date, string, integer, yes }
  static let keys: [(bytes: [UInt8], kind: Kind)] = [
    ("deadline", Kind.date), ("created", .date), ("modified", .date), ("completed", .date),
    ("reminder", .date), ("repeat", .string), ("warn", .integer), ("cancelled", .yes), ("uid", .string),
    ("sequence", .integer), ("icalExtra", .string), ("notifiedDeadline", .date),
    ("notifiedReminder", .date), ("notifiedWarning", .date),
  ].map { (Array("<key>\($0.0)</key>".utf8), $0.1) }
  static let icalExtraKey = 10
  /// The longest of `keys`: a valid entry has at least that many bytes after any key's start.
  static let longestKey = keys.map(\.bytes.count).max()!

  struct Scanner {
    var out = PlistScan()
    var inEntries = false
    var last: (key: Int64, hi: UInt64, lo: UInt64)? = nil
    var scratch: [UInt8] = []

    init(expected size: Int) {
      // About 300 bytes an entry as the writer writes them.
      let n = min(size / 256, 1 << 20)
      out.entries.reserveCapacity(n)
      out.text.reserveCapacity(n * 40)
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

    static let afterKey = Array("</key><dict><key>UUID</key><string>".utf8)
    static let afterUUID = Array("</string><key>title</key><string>".utf8)
    static let endString = Array("</string>".utf8)
    static let endEntry = Array("</dict>\n".utf8)

    /// One entry from `p[i]`, its two tabs.
    mutating func entry(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ base: Int) -> EntryStep {
      // \t\t<key>UUID</key><dict><key>UUID</key><string>UUID</string><key>title</key><string>
      guard n - i > 147 else { return .more }
      guard memcmp(p + i + 2, "<key>", 5) == 0, memcmp(p + i + 43, Self.afterKey, 35) == 0,
        memcmp(p + i + 114, Self.afterUUID, 33) == 0, memcmp(p + i + 7, p + i + 78, 36) == 0,
        let id = Self.uuid(p + i + 7)
      else { return .decline }
      let (hi, lo) = id
      var e = Entry(hi: hi, lo: lo, start: base + i, end: 0)
      var j = i + 147
      // The title.
      switch text(p, &j, n, lineFeeds: false) {
      case .more: return .more
      case .decline: return .decline
      case .ok(let t, let ascii):
        guard Self.cleanTitle(out.text, t, ascii: ascii) else { return .decline }
        e.title = t
        e.plainTitle = ascii
      }
      // The other keys, in the writer's order, none twice.
      var next = 0
      while true {
        guard n - j >= Self.endEntry.count else { return .more }
        if memcmp(p + j, Self.endEntry, 8) == 0 {
          j += 8
          break
        }
        guard n - j >= PlistScan.longestKey else { return .more }
        var k = next
        while k < PlistScan.keys.count {
          let key = PlistScan.keys[k].bytes
          if memcmp(p + j, key, key.count) == 0 { break }
          k += 1
        }
        guard k < PlistScan.keys.count else { return .decline }
        j += PlistScan.keys[k].bytes.count
        next = k + 1
        switch PlistScan.keys[k].kind {
        case .date:
          guard n - j >= 33 else { return .more }
          guard let d = Self.date(p + j) else { return .decline }
          j += 33
          switch k {
          case 0: e.deadline = d
          case 1: e.created = d
          case 2: e.modified = d
          case 3: e.completed = d
          case 4: e.reminder = d
          case 11: e.notifiedDeadline = d
          case 12: e.notifiedReminder = d
          default: e.notifiedWarning = d
          }
        case .integer:
          guard n - j >= 38 else { return .more }
          guard let v = Self.integer(p, &j) else { return .decline }
          if k == 6 {
            guard v >= 0 else { return .decline }  // the general reader refuses it
            e.warn = v
          } else {
            e.sequence = v
          }
        case .yes:
          guard n - j >= 7 else { return .more }
          guard memcmp(p + j, "<true/>", 7) == 0 else { return .decline }
          j += 7
          e.cancelled = true
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
              e.hasICalExtra = true
            } else if k == 5 {
              e.repeatRule = t
            } else {
              e.uid = t
            }
          }
        }
      }
      // The writer always writes `created`; without it the general reader guesses one.
      guard e.created != PlistScan.none else { return .decline }
      // Strictly after the entry before, as the writer sorts (which also makes each UUID unique).
      let key = e.sortKey
      if let l = last, !(l.key < key || (l.key == key && (l.hi < hi || (l.hi == hi && l.lo < lo)))) {
        return .decline
      }
      last = (key, hi, lo)
      e.end = base + j
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
      guard memcmp(p + end, Self.endString, 9) == 0 else { return .decline }
      var ascii = true
      var k = j
      var run = j
      while k < end {
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
      text.withUnsafeBufferPointer { all in
        let b = UnsafeBufferPointer(rebasing: all[Int(t.offset)..<Int(t.offset + t.count)])
        guard b.count > 0, b.count <= Title.maxLength, b.contains(where: { $0 != 32 }) else { return false }
        if ascii { return true }
        guard let s = String(validating: b, as: UTF8.self) else { return false }
        return Title.isClean(s)
      }
    }

    /// The 36 bytes of an uppercase UUID as two big-endian halves.
    static func uuid(_ q: UnsafePointer<UInt8>) -> (UInt64, UInt64)? {
      var hi: UInt64 = 0
      var lo: UInt64 = 0
      var j = 0
      for k in 0..<32 {
        if j == 8 || j == 13 || j == 18 || j == 23 {
          guard q[j] == 45 else { return nil }
          j += 1
        }
        let c = q[j]
        let v: UInt8
        if c &- 48 < 10 {
          v = c &- 48
        } else if c &- 65 < 6 {
          v = c &- 55
        } else {
          return nil
        }
        if k < 16 { hi = hi << 4 | UInt64(v) } else { lo = lo << 4 | UInt64(v) }
        j += 1
      }
      return (hi, lo)
    }

    /// `<date>YYYY-MM-DDTHH:MM:SSZ</date>` (33 bytes) as seconds since 1970,
    /// when the general reader takes it as it is.
    static func date(_ p: UnsafePointer<UInt8>) -> Int64? {
      guard memcmp(p, "<date>", 6) == 0, memcmp(p + 26, "</date>", 7) == 0 else { return nil }
      let q = p + 6
      guard q[4] == 45, q[7] == 45, q[10] == 84, q[13] == 58, q[16] == 58, q[19] == 90 else { return nil }
      @inline(__always) func two(_ at: Int) -> Int? {
        let a = q[at] &- 48
        let b = q[at + 1] &- 48
        return a < 10 && b < 10 ? Int(a) * 10 + Int(b) : nil
      }
      guard let y1 = two(0), let y2 = two(2), let mo = two(5), let d = two(8), let h = two(11),
        let mi = two(14), let s = two(17)
      else { return nil }
      let y = y1 * 100 + y2
      guard y >= 1, mo >= 1, mo <= 12, d >= 1, d <= PlistCodec.daysInMonth(y, mo), h < 24, mi < 60, s < 60
      else { return nil }
      return Int64(PlistCodec.days(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s)
    }

    /// `<integer>-?D{1,18}</integer>`, as the general reader takes it.
    static func integer(_ p: UnsafePointer<UInt8>, _ j: inout Int) -> Int64? {
      guard memcmp(p + j, "<integer>", 9) == 0 else { return nil }
      var k = j + 9
      let neg = p[k] == 45
      if neg { k += 1 }
      var v: Int64 = 0
      var digits = 0
      while digits < 18, p[k] &- 48 < 10 {
        v = v * 10 + Int64(p[k] &- 48)
        k += 1
        digits += 1
      }
      guard digits > 0, memcmp(p + k, "</integer>", 10) == 0 else { return nil }
      j = k + 10
      return neg ? -v : v
    }
  }
}
