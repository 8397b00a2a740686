import Foundation
import XCTest

@testable import TodoCore

/// `TZ` in every form the C library accepts, compared with glibc's `localtime_r`
/// and `mktime` for the same value (issue 13, tried list: `UTC-3` was read three
/// hours west, `:America/New_York` and a zoneinfo path as UTC).
final class TZVariableTests: XCTestCase {
  /// Values whose Foundation zone must agree with glibc at every instant tested.
  static let values = [
    "UTC-3", ":America/New_York", "/usr/share/zoneinfo/Asia/Tokyo", "EST5EDT", "<+05>-5",
    "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0", "AEST-10AEDT,M10.1.0,M4.1.0/3",
    "NZST-12NZDT,M9.5.0,M4.1.0/3", "America/Sao_Paulo", "Europe/Berlin", ":Asia/Kathmandu",
    "/usr/share/zoneinfo/posix/Australia/Lord_Howe", "<-03>3", "IST-5:30", "<+0545>-5:45", "UTC", "",
    "Foo/Bar",
    "PST8PDT", "GMT+4", "<-01>1<+00>,M3.5.0/0,M10.5.0/1",
  ]

  /// Random whole-second instants from 2025 to 2045, and the hours around each change of those years.
  func instants(seed: UInt64) -> [Int] {
    var rng = SplitMix(seed: seed)
    let start = 1_735_689_600  // 2025-01-01
    return (0..<3000).map { _ in start + Int(rng.next() % UInt64(20 * 365 * 86_400)) }
  }

  func testOffsetsAgreeWithGlibc() {
    for (n, value) in Self.values.enumerated() {
      let zone = SystemTimeZone.zone(forTZ: value)
      var times = instants(seed: UInt64(n))
      if let rule = PosixTZ(value.hasPrefix(":") ? String(value.dropFirst()) : value) {
        for y in 2025...2045 {
          let t = rule.transitions(in: y)
          times += [t.start - 1, t.start, t.end - 1, t.end]
        }
      }
      let reference = GlibcTZ.with(value) { times.map(GlibcTZ.offset) }
      let ours = times.map { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) }
      let wrong = zip(times, zip(ours, reference)).filter { $1.0 != $1.1 }
      XCTAssertTrue(wrong.isEmpty, "TZ=\(value) (\(zone.identifier)): first differences \(wrong.prefix(3))")
    }
  }

  /// The POSIX rule reader itself, on rules no known zone keeps, against glibc.
  func testPosixRulesAgreeWithGlibc() {
    let rules = [
      "XYZ3ABC,M3.2.0/1,M10.2.0/1", "<+07>-7<+08>-8,J60/0,J300/3", "AAA-2BBB-3,59/2,300/4",
      "FOO5BAR,M4.5.6/-1,M9.1.2/26",
      "<-04>4<-03>,M9.1.6/24,M4.1.6/24", "LMT-1:02:03", "AAA4BBB3:30,M3.5.0/3,M10.5.0/4",
    ]
    for (n, value) in rules.enumerated() {
      guard let rule = PosixTZ(value) else { return XCTFail("\(value) does not read") }
      var times = instants(seed: 100 + UInt64(n))
      for y in 2025...2045 {
        let t = rule.transitions(in: y)
        times += [t.start - 1, t.start, t.end - 1, t.end]
      }
      let reference = GlibcTZ.with(value) { times.map(GlibcTZ.offset) }
      let wrong = zip(times, zip(times.map(rule.offset(at:)), reference)).filter { $1.0 != $1.1 }
      XCTAssertTrue(wrong.isEmpty, "TZ=\(value): first differences \(wrong.prefix(3))")
    }
    for bad in [
      "", "AB3", "EST", "EST5EDT,M3", "EST5EDT,M13.1.0,M11.1.0", "EST25", "<+05-5", "EST5EDT,M3.2.0",
    ] {
      XCTAssertNil(PosixTZ(bad), bad)
    }
  }

  /// The values of the issue: 12:00 local is the instant glibc's mktime gives.
  func testNoonIsReadAsGlibcReadsIt() throws {
    for value in [":America/New_York", "/usr/share/zoneinfo/Asia/Tokyo", "EST5EDT", "<+05>-5", "UTC-3"] {
      var cal = Calendar(identifier: .gregorian)
      cal.timeZone = SystemTimeZone.zone(forTZ: value)
      let now = Date(timeIntervalSince1970: 1_790_000_000)
      for (y, m, d) in [(2027, 1, 15), (2027, 7, 15)] {
        let text = String(format: "%04d-%02d-%02d 12:00", y, m, d)
        let got = try WhenParser(now: now, calendar: cal).parse(text)
        let reference = GlibcTZ.with(value) { GlibcTZ.mktime(y, m, d, 12, 0) }
        XCTAssertEqual(Int(got.timeIntervalSince1970), reference, "TZ=\(value) \(text)")
      }
    }
    // UTC-3 is three hours east: 12:00 is 09:00Z.
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = SystemTimeZone.zone(forTZ: "UTC-3")
    let noon = try WhenParser(now: Date(timeIntervalSince1970: 1_790_000_000), calendar: cal).parse(
      "2027-01-15 12:00")
    XCTAssertEqual(noon, ISO8601DateFormatter().date(from: "2027-01-15T09:00:00Z"))
  }

  /// Unset: /etc/localtime (here a link made for the test); a TZif file outside
  /// the zoneinfo folder is read through the rule at its end.
  func testLocaltimeAndFilesElsewhere() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tz-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let link = dir.appendingPathComponent("localtime").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
    XCTAssertEqual(SystemTimeZone.zone(forTZ: nil, localtime: link).identifier, "Asia/Tokyo")
    XCTAssertEqual(SystemTimeZone.zone(forTZ: ":", localtime: link).identifier, "Asia/Tokyo")
    let copy = dir.appendingPathComponent("berlin").path
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Berlin", toPath: copy)
    let zone = SystemTimeZone.zone(forTZ: copy)
    let times = instants(seed: 7)
    let reference = GlibcTZ.with(copy) { times.map(GlibcTZ.offset) }
    XCTAssertEqual(times.map { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) }, reference)
  }

  func testLocaleFromTheEnvironment() {
    XCTAssertEqual(Locale.timeLocale(["LANG": "en_GB.UTF-8"]).identifier, "en_GB")
    XCTAssertEqual(
      Locale.timeLocale(["LANG": "en_GB.UTF-8", "LC_TIME": "de_DE.UTF-8@euro"]).identifier, "de_DE")
    XCTAssertEqual(
      Locale.timeLocale(["LANG": "de_DE", "LC_TIME": "de_DE", "LC_ALL": "en_US.UTF-8"]).identifier, "en_US")
    XCTAssertEqual(Locale.timeLocale(["LC_ALL": "", "LANG": "C.UTF-8"]).identifier, "en_US_POSIX")
    XCTAssertEqual(Locale.timeLocale([:]).identifier, "en_US_POSIX")
  }
}
