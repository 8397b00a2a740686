import Foundation

extension ISOTime {
  /// The instant of a time as ``string(_:formatter:)`` writes it
  /// (`2030-01-01T08:00:00Z`, `2030-01-01T09:00:00+01:00`), read without
  /// ICU: `ISO8601DateFormatter` took 70% of a JSON import (8 s of 100,000
  /// items). Nil for any other text, and for a year before 1970 (for those,
  /// ICU takes an offset such as `-03:30` for a zone and applies that zone's
  /// historical offset, -03:30:52 in 1905), which the caller gives to
  /// `ISO8601DateFormatter`; a time this reads, that formatter reads as the
  /// same instant (``ISOTimeTests``).
  public static func date(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { b -> Date? in
      guard b.count == 20 || b.count == 25 else { return nil }
      func num(_ at: Int, _ n: Int) -> Int? {
        var v = 0
        for i in at..<(at + n) {
          let d = Int(b[i]) - 48
          guard d >= 0, d <= 9 else { return nil }
          v = v * 10 + d
        }
        return v
      }
      guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
        b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
        let year = num(0, 4), let month = num(5, 2), let day = num(8, 2),
        let hour = num(11, 2), let minute = num(14, 2), let second = num(17, 2),
        year >= 1970, let civil = CivilDay.valid(year, month, day), hour < 24, minute < 60, second < 60
      else { return nil }
      var offset = 0
      if b.count == 20 {
        guard b[19] == UInt8(ascii: "Z") else { return nil }
      } else {
        let sign = b[19]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), b[22] == UInt8(ascii: ":"),
          let oh = num(20, 2), let om = num(23, 2), oh < 24, om < 60
        else { return nil }
        offset = (oh * 60 + om) * 60 * (sign == UInt8(ascii: "-") ? -1 : 1)
      }
      let seconds = civil.days * 86_400 + hour * 3600 + minute * 60 + second - offset
      return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
  }
}
