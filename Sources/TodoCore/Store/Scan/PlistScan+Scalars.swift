import Foundation

// The scalars of ``PlistScan``'s entries: UUIDs, dates, integers. (The
// writer's splice check reads UUIDs and dates with these too.)
extension PlistScan.Scanner {
  /// ``date(_:)`` with the last date's day kept.
  struct DayCache {
    var day: (UInt64, UInt16) = (0, 0)
    var seconds: Int64 = 0

    @inline(__always) mutating func date(_ p: UnsafePointer<UInt8>) -> Int64 {
      let raw = UnsafeRawPointer(p + 6)  // "YYYY-MM-DD", then "THH:MM:SSZ</date>"
      let key = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
      guard key == day, memcmp(p, "<date>", 6) == 0, memcmp(p + 25, "Z</date>", 8) == 0 else {
        let d = PlistScan.Scanner.date(p)
        if d != PlistScan.none {
          day = key
          seconds = d - d % 86_400 - (d % 86_400 < 0 ? 86_400 : 0)
        }
        return d
      }
      let q = p + 16  // "THH:MM:SS"
      guard q[0] == 84, q[3] == 58, q[6] == 58 else { return PlistScan.none }
      let h0 = q[1] &- 48
      let h1 = q[2] &- 48
      let m0 = q[4] &- 48
      let m1 = q[5] &- 48
      let s0 = q[7] &- 48
      let s1 = q[8] &- 48
      guard h0 < 3, h1 < 10, m0 < 6, m1 < 10, s0 < 6, s1 < 10 else { return PlistScan.none }
      let h = Int64(h0) * 10 + Int64(h1)
      guard h < 24 else { return PlistScan.none }
      return seconds + h * 3600 + (Int64(m0) * 10 + Int64(m1)) * 60 + Int64(s0) * 10 + Int64(s1)
    }
  }

  /// The 36 bytes of an uppercase UUID as two big-endian halves.
  @inline(__always) static func uuid(_ q: UnsafePointer<UInt8>, _ hex: UnsafeBufferPointer<UInt8>) -> (
    UInt64, UInt64
  )? {
    guard q[8] == 45, q[13] == 45, q[18] == 45, q[23] == 45 else { return nil }
    // No local function here: one that captures `bad` cost a dynamic exclusivity check per UUID.
    var bad: UInt8 = 0
    var hi: UInt64 = 0
    var lo: UInt64 = 0
    hexDigits(q, 0, 8, hex, &hi, &bad)
    hexDigits(q, 9, 4, hex, &hi, &bad)
    hexDigits(q, 14, 4, hex, &hi, &bad)
    hexDigits(q, 19, 4, hex, &lo, &bad)
    hexDigits(q, 24, 12, hex, &lo, &bad)
    return bad & 0xF0 == 0 ? (hi, lo) : nil
  }

  /// `count` hex digits from `q[from]` into `v`; a byte that is none sets a high bit of `bad`.
  @inline(__always) static func hexDigits(
    _ q: UnsafePointer<UInt8>, _ from: Int, _ count: Int, _ hex: UnsafeBufferPointer<UInt8>,
    _ v: inout UInt64, _ bad: inout UInt8
  ) {
    for k in from..<(from + count) {
      let d = hex[Int(q[k])]
      bad |= d
      v = v << 4 | UInt64(d & 15)
    }
  }

  /// `<date>YYYY-MM-DDTHH:MM:SSZ</date>` (33 bytes) as seconds since 1970,
  /// when the general reader takes it as it is; else ``PlistScan/none``.
  @inline(__always) static func date(_ p: UnsafePointer<UInt8>) -> Int64 {
    guard memcmp(p, "<date>", 6) == 0, memcmp(p + 25, "Z</date>", 8) == 0 else { return PlistScan.none }
    let q = p + 6
    guard q[4] == 45, q[7] == 45, q[10] == 84, q[13] == 58, q[16] == 58 else { return PlistScan.none }
    var bad: UInt8 = 0
    @inline(__always) func two(_ at: Int) -> Int {
      let a = q[at] &- 48
      let b = q[at + 1] &- 48
      bad |= (a | b) & 0xF0 | (a > 9 ? 1 : 0) | (b > 9 ? 1 : 0)
      return Int(a) &* 10 &+ Int(b)
    }
    let y = two(0) &* 100 &+ two(2)
    let mo = two(5)
    let d = two(8)
    let h = two(11)
    let mi = two(14)
    let s = two(17)
    guard bad == 0, y >= 1, mo >= 1, mo <= 12, d >= 1, d <= CivilDays.daysInMonth(y, mo), h < 24, mi < 60,
      s < 60
    else { return PlistScan.none }
    return Int64(CivilDays.days(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s)
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
