import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The alerts of an entry read from their stored texts in place (issue 36), by the list's scan
/// (``PlistScan``) and the splice's fast check (``CanonicalEntry``): what ``ItemAlert/init(stored:)``
/// reads (with libical) for the forms the program and calendar clients write, without building
/// an item, a String or a component: the short TRIGGER line (`TRIGGER;RELATED=END:-PT15M`,
/// `TRIGGER:PT0S`, `TRIGGER;VALUE=DATE-TIME:20261127T090000Z`) or a whole VALARM's text, of which
/// the one TRIGGER line is read (and whether it is a location alarm). Anything else (a parameter
/// it does not know, a folded TRIGGER line, a date with a zone) is nil: the caller leaves the
/// entry to the general path, which reads it with libical. `AlertBytesTests` holds it to libical.
enum AlertBytes {
  /// The anchor of one stored alert (its UTF-8; the splice's check passes it as the data file
  /// spells it, whose entities stand in no line this reads); nil: not known without libical.
  static func anchor(_ b: UnsafeBufferPointer<UInt8>) -> ItemAlert.Anchor? {
    guard let p = b.baseAddress, b.count > 0 else { return nil }
    let n = b.count
    if !starts(p, 0, n, "BEGIN:VALARM") { return trigger(p, 0, n, located: false) }
    // A whole VALARM: its own lines (depth 1), a TRIGGER once, a location alarm's property.
    var depth = 0
    var line: (Int, Int)? = nil
    var located = false
    var k = 0
    while k < n {
      let end = memchr(p + k, 10, n - k).map { UnsafeRawPointer($0) - UnsafeRawPointer(p) } ?? n
      if starts(p, k, end, "BEGIN:") {
        depth += 1
      } else if starts(p, k, end, "END:") {
        depth -= 1
      } else if depth == 1 {
        if starts(p, k, end, "TRIGGER") && end > k + 7 && (p[k + 7] == 0x3A || p[k + 7] == 0x3B) {
          guard line == nil else { return nil }  // two: libical's first, not told here
          // A folded line goes on after the line feed: left to libical.
          guard end + 1 >= n || (p[end + 1] != 0x20 && p[end + 1] != 0x09) else { return nil }
          line = (k, end)
        } else if property(p, k, end, "X-APPLE-PROXIMITY") || property(p, k, end, "PROXIMITY") {
          located = true
        }
      }
      k = end + 1
    }
    guard depth == 0, let (from, end) = line else { return nil }
    return trigger(p, from, end, located: located)
  }

  /// The anchor of the TRIGGER line `p[from..<end]`.
  private static func trigger(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int, located: Bool)
    -> ItemAlert.Anchor?
  {
    guard starts(p, from, end, "TRIGGER") else { return nil }
    var k = from + 7
    var atTime = false
    var toEnd = false
    var (value, related) = (false, false)  // each once: which of two libical takes is not told here
    while k < end, p[k] == 0x3B {  // ;PARAMETER
      k += 1
      if starts(p, k, end, "VALUE=") {
        guard !value else { return nil }
        value = true
      } else if starts(p, k, end, "RELATED=") {
        guard !related else { return nil }
        related = true
      }
      if starts(p, k, end, "VALUE=DATE-TIME") {
        atTime = true
        k += 15
      } else if starts(p, k, end, "VALUE=DURATION") {
        k += 14
      } else if starts(p, k, end, "RELATED=END") {
        toEnd = true
        k += 11
      } else if starts(p, k, end, "RELATED=START") {
        k += 13
      } else {
        return nil
      }
    }
    guard k < end, p[k] == 0x3A else { return nil }
    k += 1
    if atTime {
      guard let t = time(p, k, end) else { return nil }
      return located ? .place : .at(t)
    }
    guard let s = duration(p, k, end) else { return nil }
    if located { return .place }
    return toEnd ? .deadline(s) : .start(s)
  }

  /// `YYYYMMDDTHHMMSSZ` at `p[k..<end]`, a real instant of the years 1 to 9999, exactly as
  /// the writer writes it (no 31 February): ``ICalAlarms/atTime(_:)`` reads the short form by it.
  static func time(_ p: UnsafePointer<UInt8>, _ k: Int, _ end: Int) -> Date? {
    guard end - k == 16, p[k + 8] == 0x54, p[k + 15] == 0x5A else { return nil }
    func num(_ from: Int, _ count: Int) -> Int? {
      var v = 0
      for i in (k + from)..<(k + from + count) {
        guard p[i] >= 0x30, p[i] <= 0x39 else { return nil }
        v = v * 10 + Int(p[i] - 0x30)
      }
      return v
    }
    guard let y = num(0, 4), let mo = num(4, 2), let d = num(6, 2), let h = num(9, 2), let mi = num(11, 2),
      let se = num(13, 2), y >= 1, (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, se < 60
    else { return nil }
    let w = ICalWall(year: y, month: mo, day: d, hour: h, minute: mi, second: se)
    let at = ICalMapping.utc(w)
    return ICalWall(utc: at) == w ? at : nil
  }

  /// RFC 5545's dur-value, strictly: `[+|-]P` then `nW`, or `[nD][T[nH][nM][nS]]` with at
  /// least one part (and one after a T), each at most 6 digits, at most 2^31 - 1 seconds in all.
  private static func duration(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Int? {
    var k = from
    var sign = 1
    if k < end, p[k] == 0x2D || p[k] == 0x2B {
      if p[k] == 0x2D { sign = -1 }
      k += 1
    }
    guard k < end, p[k] == 0x50 else { return nil }  // P
    k += 1
    var total = 0
    var parts = 0
    var inTime = false
    var timeParts = 0
    var last = 0  // the order of the units: W 1, D 2, H 3, M 4, S 5
    while k < end {
      if p[k] == 0x54 {  // T
        guard !inTime, last <= 2 else { return nil }
        inTime = true
        k += 1
        continue
      }
      var v = 0
      let digits = k
      while k < end, p[k] >= 0x30, p[k] <= 0x39, k - digits < 7 {
        v = v * 10 + Int(p[k] - 0x30)
        k += 1
      }
      guard k > digits, k - digits <= 6, k < end else { return nil }
      let unit: Int
      let seconds: Int
      switch (p[k], inTime) {
      case (0x57, false): (unit, seconds) = (1, 604_800)
      case (0x44, false): (unit, seconds) = (2, 86_400)
      case (0x48, true): (unit, seconds) = (3, 3600)
      case (0x4D, true): (unit, seconds) = (4, 60)
      case (0x53, true): (unit, seconds) = (5, 1)
      default: return nil
      }
      guard unit > last, !(last == 1) else { return nil }  // nothing after weeks
      last = unit
      total += v * seconds
      parts += 1
      if inTime { timeParts += 1 }
      k += 1
    }
    // libical holds the seconds in 32 bits (a longer one wraps there): left to it.
    guard parts > 0, !inTime || timeParts > 0, total <= Int(Int32.max) else { return nil }
    return sign * total
  }

  /// Whether `p[k..<end]` starts with `s`.
  @inline(__always) private static func starts(
    _ p: UnsafePointer<UInt8>, _ k: Int, _ end: Int, _ s: StaticString
  )
    -> Bool
  {
    let c = s.utf8CodeUnitCount
    return end - k >= c && memcmp(p + k, s.utf8Start, c) == 0
  }

  /// Whether the line `p[k..<end]` is the property `name` (`NAME:` or `NAME;`).
  @inline(__always) private static func property(
    _ p: UnsafePointer<UInt8>, _ k: Int, _ end: Int, _ name: StaticString
  ) -> Bool {
    let c = name.utf8CodeUnitCount
    return starts(p, k, end, name) && end > k + c && (p[k + c] == 0x3A || p[k + c] == 0x3B)
  }

  // MARK: - Fires

  /// What the alerts of an entry ring (``TodoItem/warn``, ``TodoItem/undeliveredAlerts``), in
  /// seconds since 1970 (``PlistScan/none`` for none): the early warning's seconds before the
  /// deadline (the first alert not after it) and the other alerts' instants still to be
  /// delivered (after `notified`), soonest first, each once; none when not `pending`.
  struct Fires {
    var warn: Int64 = PlistScan.none
    var alerts: [Int64] = []
  }

  /// ``Fires`` of alerts of these anchors, in their order, for an entry of this deadline, start
  /// and latest delivered alert (seconds since 1970, ``PlistScan/none``: none).
  static func fires(
    _ anchors: [ItemAlert.Anchor], deadline: Int64, start: Int64, notified: Int64, pending: Bool
  ) -> Fires {
    var out = Fires()
    for a in anchors {
      fire(
        a, warn: &out.warn, deadline: deadline, start: start, notified: notified, pending: pending,
        to: &out.alerts)
    }
    sortUnique(&out.alerts, from: 0)
    return out
  }

  /// What one anchor rings (``fires(_:deadline:start:notified:pending:)``): the early warning's
  /// seconds into `warn` (the first alert not after the deadline, while `warn` is none), or its
  /// instant appended to `out`.
  @inline(__always) static func fire(
    _ a: ItemAlert.Anchor, warn: inout Int64, deadline: Int64, start: Int64, notified: Int64, pending: Bool,
    to out: inout [Int64]
  ) {
    let f: Int64
    switch a {
    case .deadline(let s) where s <= 0 && warn == PlistScan.none:
      warn = Int64(-s)
      return
    case .at(let d): f = Int64(d.timeIntervalSince1970.rounded(.down))
    case .deadline(let s):
      guard deadline != PlistScan.none else { return }
      f = deadline + Int64(s)
    case .start(let s):
      guard start != PlistScan.none else { return }
      f = start + Int64(s)
    case .place, .other: return
    }
    if !pending || (notified != PlistScan.none && f <= notified) { return }
    out.append(f)
  }

  /// `a[from...]` sorted, each once (in place: no set built for an entry's few alerts).
  @inline(__always) static func sortUnique(_ a: inout [Int64], from: Int) {
    guard a.count - from > 1 else { return }
    a[from...].sort()
    var w = from + 1
    for r in (from + 1)..<a.count where a[r] != a[w - 1] {
      a[w] = a[r]
      w += 1
    }
    a.removeSubrange(w...)
  }

  /// Calls `body` with each of the scan's texts (each ended by a 0 byte).
  @inline(__always) static func forEachText(
    _ texts: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    guard let base = texts.baseAddress else { return true }
    var from = 0
    while from < texts.count {
      let end =
        memchr(base + from, 0, texts.count - from).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
        ?? texts.count
      guard body(UnsafeBufferPointer(start: base + from, count: end - from)) else { return false }
      from = end + 1
    }
    return true
  }

  /// The anchors of the scan's alerts (texts each ended by a 0 byte); nil when one is not known here.
  static func anchors(zeroEnded texts: UnsafeBufferPointer<UInt8>) -> [ItemAlert.Anchor]? {
    var out: [ItemAlert.Anchor] = []
    let all = forEachText(texts) { t in
      guard let a = anchor(t) else { return false }
      out.append(a)
      return true
    }
    return all ? out : nil
  }

  /// Appends the undelivered alerts' instants of a pending entry (``Fires/alerts``) whose
  /// alerts the scan took (texts each ended by a 0 byte) to `out`, soonest first, each once;
  /// none when one is not known here. Read in place: no list of anchors built.
  static func appendFires(
    _ texts: UnsafeBufferPointer<UInt8>, deadline: Int64, start: Int64, notified: Int64, to out: inout [Int64]
  ) {
    let from = out.count
    var warn = PlistScan.none
    let all = forEachText(texts) { t in
      guard let a = anchor(t) else { return false }
      fire(a, warn: &warn, deadline: deadline, start: start, notified: notified, pending: true, to: &out)
      return true
    }
    guard all else { return out.removeSubrange(from...) }
    sortUnique(&out, from: from)
  }

  /// The early warning of the scan's alerts (``Fires/warn``: the first alert not after the
  /// deadline, in seconds before it; ``PlistScan/none``: none); nil when one is not known here.
  static func warn(zeroEnded texts: UnsafeBufferPointer<UInt8>) -> Int64? {
    var warn = PlistScan.none
    var none: [Int64] = []
    let all = forEachText(texts) { t in
      guard let a = anchor(t) else { return false }
      fire(
        a, warn: &warn, deadline: PlistScan.none, start: PlistScan.none, notified: 0, pending: false,
        to: &none)
      return true
    }
    return all ? warn : nil
  }
}

extension AlertBytes {
  /// The ACTION of a whole VALARM's text (``ICalAlarms/action(in:)``: its first `ACTION:` line).
  static func action(_ b: UnsafeBufferPointer<UInt8>) -> String? {
    guard let p = b.baseAddress else { return nil }
    var k = 0
    while k < b.count {
      let end = memchr(p + k, 10, b.count - k).map { UnsafeRawPointer($0) - UnsafeRawPointer(p) } ?? b.count
      if end - k >= 7 && memcmp(p + k, "ACTION:", 7) == 0 {
        let v = UnsafeBufferPointer(start: p + k + 7, count: end - k - 7)
        if v.elementsEqual("DISPLAY".utf8) { return "DISPLAY" }
        return String(decoding: v, as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased()
      }
      k = end + 1
    }
    return nil
  }
}
