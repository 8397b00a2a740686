import Foundation

/// The time zone `TZ` names, read the way glibc's `tzset` reads it, as a
/// Foundation `TimeZone` (Foundation's own `TimeZone.current` takes `UTC-3`
/// for three hours *west* and `:America/New_York` or a file path for UTC):
///
/// - unset: `/etc/localtime`; empty: UTC;
/// - a leading `:` is dropped; then a zoneinfo file, absolute or under `TZDIR`
///   (default `/usr/share/zoneinfo`): `America/New_York`, `:Asia/Tokyo`,
///   `/usr/share/zoneinfo/Asia/Tokyo`, `EST5EDT` (tzdata has such a file);
/// - otherwise a POSIX string (`UTC-3`, `<+05>-5`, `CET-1CEST,M3.5.0,M10.5.0/3`);
/// - otherwise UTC, as glibc does.
///
/// A file under the zoneinfo folder is the zone of that name; another TZif file
/// is read through the POSIX rule at its end. A POSIX rule with daylight time
/// becomes the known zone whose every change from 2025 to 2045 falls at the same
/// instants with the same offsets (Foundation cannot hold a rule of its own),
/// or its standard time when there is none. `TZVariableTests` compares with glibc.
public enum SystemTimeZone {
  /// The zone of this process's `TZ`, read once.
  public static let current: TimeZone = zone(forTZ: ProcessInfo.processInfo.environment["TZ"])

  static let utc = TimeZone(identifier: "UTC")!

  /// The zone `value` (a `TZ` value, nil when unset) names.
  public static func zone(
    forTZ value: String?,
    zoneinfo: String = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo",
    localtime: String = "/etc/localtime"
  ) -> TimeZone {
    guard let value else { return fromFile(localtime, zoneinfo: zoneinfo) ?? utc }
    if value.isEmpty { return utc }
    let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
    if name.isEmpty { return fromFile(localtime, zoneinfo: zoneinfo) ?? utc }
    let path = name.hasPrefix("/") ? name : zoneinfo + "/" + name
    if let zone = fromFile(path, zoneinfo: zoneinfo) { return zone }
    return PosixTZ(name).map(zone(for:)) ?? utc
  }

  /// The zone of a TZif file, or nil when `path` is not one.
  static func fromFile(_ path: String, zoneinfo: String) -> TimeZone? {
    guard let data = FileManager.default.contents(atPath: path), data.starts(with: Array("TZif".utf8)) else {
      return nil
    }
    for candidate in [path, URL(fileURLWithPath: path).resolvingSymlinksInPath().path] {
      for folder in Set([zoneinfo, "/usr/share/zoneinfo"]) where candidate.hasPrefix(folder + "/") {
        var name = Substring(candidate.dropFirst(folder.count + 1))
        for sub in ["posix/", "right/"] where name.hasPrefix(sub) { name = name.dropFirst(sub.count) }
        if let zone = TimeZone(identifier: String(name)) { return zone }
      }
    }
    // Version 2 and later end with "\n<POSIX rule>\n".
    let bytes = [UInt8](data)
    guard bytes.count > 2, bytes.last == 10, let open = bytes.dropLast().lastIndex(of: 10) else { return utc }
    let footer = String(decoding: bytes[(open + 1)..<(bytes.count - 1)], as: UTF8.self)
    return PosixTZ(footer).map(zone(for:)) ?? utc
  }

  /// A Foundation zone that keeps `rule`'s offsets.
  static func zone(for rule: PosixTZ) -> TimeZone {
    guard rule.daylightOffset != nil else { return TimeZone(secondsFromGMT: rule.standardOffset) ?? utc }
    let years = 2025...2045
    let changes = years.flatMap { y in
      let t = rule.transitions(in: y)
      return [t.start, t.end]
    }.sorted()
    let probes = changes.prefix(2).flatMap { [$0 - 1, $0] }
    for id in TimeZone.knownTimeZoneIdentifiers.sorted() {
      guard let zone = TimeZone(identifier: id),
        probes.allSatisfy({
          zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) == rule.offset(at: $0)
        })
      else { continue }
      if transitions(of: zone, years: years) == changes
        && changes.allSatisfy({
          zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) == rule.offset(at: $0)
        })
      {
        return zone
      }
    }
    return TimeZone(secondsFromGMT: rule.standardOffset) ?? utc
  }

  /// The instants `zone` changes offset within `years` (UTC years).
  static func transitions(of zone: TimeZone, years: ClosedRange<Int>) -> [Int] {
    let end = Double(CivilDays.days(years.upperBound + 1, 1, 1) * 86_400)
    var t = Date(timeIntervalSince1970: Double(CivilDays.days(years.lowerBound, 1, 1) * 86_400))
    var out: [Int] = []
    while let next = zone.nextDaylightSavingTimeTransition(after: t), next.timeIntervalSince1970 < end {
      out.append(Int(next.timeIntervalSince1970))
      t = next
    }
    return out
  }
}
