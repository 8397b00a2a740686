import Foundation

// libFuzzer target for the WHEN, DURATION and RULE parsers (compiled into the
// TodoCore module by fuzz/run.sh). The first byte picks a time zone and the
// next eight the current instant; the rest is the text. Invariants: no crash,
// results are whole seconds, and the same input always gives the same result.

// Zones named as TZ names them (SystemTimeZone: POSIX strings too), each in a
// month-first and a day-first locale (numeric dates).
let fuzzZones = [
  "UTC", "America/New_York", "Europe/London", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu",
  "Pacific/Chatham", "America/Santiago", "Pacific/Apia", "Asia/Tehran", "America/St_Johns",
  "Africa/Casablanca",
  "UTC-3", "<+05>-5", "CET-1CEST,M3.5.0,M10.5.0/3", ":Asia/Tokyo",
].flatMap { name -> [Calendar] in
  ["en_US", "en_GB"].map { locale in
    var c = Calendar(identifier: .gregorian)
    c.timeZone = SystemTimeZone.zone(forTZ: name)
    c.locale = Locale(identifier: locale)
    return c
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWhen(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard bytes.count >= 9 else { return 0 }
  let calendar = fuzzZones[Int(bytes[0]) % fuzzZones.count]
  var raw: UInt64 = 0
  for b in bytes[1..<9] { raw = raw << 8 | UInt64(b) }
  // Any instant from 1900 to 2200.
  let now = Date(timeIntervalSince1970: -2_208_988_800 + Double(raw % 9_467_280_000))
  let text = String(decoding: bytes[9...], as: UTF8.self)
  let parser = WhenParser(now: now, calendar: calendar)
  let first = try? parser.parse(text)
  if let d = first {
    precondition(d.timeIntervalSince1970 == d.timeIntervalSince1970.rounded(.down), "not whole seconds")
    precondition((try? parser.parse(text)) == d, "not deterministic")
  }
  if let d = try? parser.add(duration: text, to: now) {
    precondition(d > now, "a duration went backwards")
  }
  // A repeat rule reads to libical's canonical RRULE, which reads back to itself;
  // its next occurrence (from a deadline near now) is after both.
  if let rule = try? RepeatRule.parse(text) {
    precondition((try? RepeatRule.parse(rule)) == rule, "canonical rule not a fixed point: \(rule)")
    let deadline = now.addingTimeInterval(Double(bytes[1]) * 3600 - 128 * 3600).wholeSeconds
    if let next = Recurrence.next(rule, deadline: deadline, now: now, in: calendar.timeZone) {
      precondition(next > max(deadline, now), "an occurrence not after the deadline and now")
    }
  }
  return 0
}
