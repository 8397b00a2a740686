import Foundation
import XCTest

@testable import TodoCore

/// Random rules and deadlines: the next occurrence after completion (libical,
/// through ``Recurrence``) equals python-dateutil's `rrule`, an independent
/// engine, for the first occurrence after max(deadline, now), in wall-clock time
/// read through Python's `zoneinfo` (fold 0: a gap time moves forward by the
/// gap, an overlap takes the first), across DST changes. The deadline is first
/// moved to the rule's first occurrence (RFC 5545 3.8.5.1: a DTSTART not
/// synchronized with the rule gives an undefined set, and libical 3.0 and
/// dateutil differ there, e.g. `FREQ=WEEKLY;INTERVAL=3;BYDAY=SU` from a
/// Saturday); after the first completion the deadline always is one.
final class RecurrencePropertyTests: XCTestCase {
  static let zones = [
    "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Tokyo", "America/Santiago",
    "Australia/Lord_Howe",
  ]
  /// For each case: the deadline moved to the rule's first occurrence on or after it
  /// (so that it is synchronized), and the next occurrence after max(that, now).
  static let python = """
    import json, sys
    from datetime import datetime
    from zoneinfo import ZoneInfo
    from dateutil.rrule import rrulestr
    out = []
    for c in json.load(sys.stdin):
        z = ZoneInfo(c["zone"])
        start = datetime.fromtimestamp(c["deadline"], z).replace(tzinfo=None)
        first = next(iter(rrulestr(c["rule"], dtstart=start)), None)
        if first is None:
            out.append([None, None])
            continue
        deadline = int(first.replace(tzinfo=z).timestamp())
        if datetime.fromtimestamp(deadline, z).replace(tzinfo=None) != first:
            out.append([None, None])  # in a gap: no instant reads as it
            continue
        threshold = max(deadline, c["now"])
        found = None
        for i, occ in enumerate(rrulestr(c["rule"], dtstart=first)):
            t = int(occ.replace(tzinfo=z).timestamp())
            if t > threshold:
                found = t
                break
            if i > 1000000:
                break
        out.append([deadline, found])
    json.dump(out, sys.stdout)
    """

  /// A random rule: shorthand through ``RepeatRule``, or an RRULE with BY parts.
  static func rule(_ rng: inout SplitMix) -> String {
    let interval = rng.pick(["", "", ";INTERVAL=2", ";INTERVAL=3"])
    let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    switch rng.next() % 9 {
    case 0:
      return rng.pick([
        "daily", "weekdays", "weekly", "monthly", "yearly", "every 2 weeks", "every mon,thu", "every 3 days",
      ])
    case 1: return "FREQ=DAILY" + interval + rng.pick(["", ";COUNT=40"])
    case 2:
      let some = days.filter { _ in rng.next() % 3 == 0 }
      return "FREQ=WEEKLY" + interval + ";BYDAY="
        + (some.isEmpty ? [rng.pick(days)] : some).joined(separator: ",")
    case 3:
      return "FREQ=MONTHLY" + interval + ";BYMONTHDAY=" + rng.pick(["1", "15", "28", "30", "31", "-1", "-2"])
    case 4:
      return "FREQ=MONTHLY" + interval + ";BYDAY=" + rng.pick(["1", "2", "3", "4", "-1"]) + rng.pick(days)
    case 5: return "FREQ=YEARLY" + interval + ";BYMONTH=" + rng.pick(["1", "2", "3", "10", "11"])
    case 6:
      return "FREQ=YEARLY;BYMONTH=" + rng.pick(["3", "10"]) + ";BYDAY=" + rng.pick(["-1SU", "1SU", "2SU"])
    case 7: return "FREQ=MONTHLY" + interval
    default: return "FREQ=HOURLY;INTERVAL=" + rng.pick(["5", "7", "13"])
    }
  }

  func testNextOccurrenceAgreesWithDateutil() throws {
    var rng = SplitMix(seed: 13)
    struct Case: Encodable { var zone: String, rule: String, deadline: Int, now: Int }
    var cases: [Case] = []
    for _ in 0..<600 {
      let zone = Self.zones[Int(rng.next() % UInt64(Self.zones.count))]
      let text = Self.rule(&rng)
      let rule = try RepeatRule.parse(text)
      // A deadline from 2026 to 2029, often in the small hours, where DST changes happen.
      var deadline = 1_767_225_600 + Int(rng.next() % (4 * 365 * 86_400))
      if rng.next() % 2 == 0 { deadline -= deadline % 86_400 - Int(rng.next() % (5 * 3600)) }
      deadline -= deadline % 60
      let now = deadline + Int(rng.next() % (500 * 86_400)) - 20 * 86_400
      if rule.contains("BYDAY") || rule.contains("BYMONTHDAY") || rule.contains("BYMONTH") {
        XCTAssertFalse(rule.contains("COUNT"), "COUNT counts DTSTART in RFC 5545, not in dateutil: \(rule)")
      }
      cases.append(Case(zone: zone, rule: rule, deadline: deadline, now: now))
    }
    let reference = try JSONDecoder().decode([[Int?]].self, from: runPython(JSONEncoder().encode(cases)))
    XCTAssertEqual(reference.count, cases.count)
    var found = 0
    for (c, r) in zip(cases, reference) {
      guard let deadline = r[0] else { continue }
      let zone = TimeZone(identifier: c.zone)!
      let got = Recurrence.next(
        c.rule, deadline: Date(timeIntervalSince1970: Double(deadline)),
        now: Date(timeIntervalSince1970: Double(c.now)), in: zone)
      XCTAssertEqual(got.map { Int($0.timeIntervalSince1970) }, r[1], "\(c), deadline \(deadline)")
      if r[1] != nil { found += 1 }
    }
    XCTAssertGreaterThan(found, 400)
  }

  func runPython(_ input: Data) throws -> Data {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    p.arguments = ["-c", Self.python]
    let stdin = Pipe()
    let stdout = Pipe()
    p.standardInput = stdin
    p.standardOutput = stdout
    try p.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    XCTAssertEqual(p.terminationStatus, 0, "python3 with dateutil")
    return out
  }
}
