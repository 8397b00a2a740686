import CLibical
import Foundation

/// The name and colour a VCALENDAR gives itself, as calendar programs write
/// them in an export: RFC 7986's NAME (5.1), and the de-facto X-WR-CALNAME
/// (Apple Calendar, Google Calendar, Nextcloud's export) for the name;
/// X-APPLE-CALENDAR-COLOR (`#RRGGBB` or `#RRGGBBAA`: Apple, Nextcloud) for the
/// colour. RFC 7986's COLOR (5.9) holds a CSS3 colour *name* ("turquoise"),
/// which a list's `#RRGGBB` colour is not: it is read only when it holds a
/// `#` colour (some programs write it so) and never written.
/// Thunderbird's export names nothing: its file is one VCALENDAR without a name.
struct ICalCalendarName: Equatable, Sendable {
  var name: String
  var color: String?

  /// The name and colour of `cal` (a VCALENDAR as libical holds it), nil when it names
  /// itself nowhere. A name is made safe as an imported title is
  /// (``Title/sanitize(_:cuttingAt:)``); a blank one is no name; a colour not of the
  /// `#` form is left out.
  static func of(_ cal: OpaquePointer) -> ICalCalendarName? {
    var name7986: String?
    var name: String?
    var color: String?
    var colour7986: String?
    var p = icalcomponent_get_first_property(cal, ICAL_ANY_PROPERTY)
    while let q = p {
      switch icalproperty_isa(q) {
      case ICAL_NAME_PROPERTY:
        // NAME may come once per language: the first is taken, before X-WR-CALNAME.
        if name7986 == nil { name7986 = LibIcal.string(icalproperty_get_name(q)) }
      case ICAL_COLOR_PROPERTY:
        if colour7986 == nil { colour7986 = LibIcal.string(icalproperty_get_color(q)) }
      case ICAL_X_PROPERTY:
        switch LibIcal.string(icalproperty_get_x_name(q)).uppercased() {
        case "X-WR-CALNAME": if name == nil { name = LibIcal.string(icalproperty_get_x(q)) }
        case "X-APPLE-CALENDAR-COLOR": if color == nil { color = LibIcal.string(icalproperty_get_x(q)) }
        default: break
        }
      default: break
      }
      p = icalcomponent_get_next_property(cal, ICAL_ANY_PROPERTY)
    }
    let names = [name7986, name].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
    guard let raw = names.first(where: { !$0.isEmpty }) else { return nil }
    let safe = Title.sanitize(raw, cuttingAt: Title.maxLength).trimmingCharacters(in: .whitespaces)
    return ICalCalendarName(
      name: safe, color: [color, colour7986].lazy.compactMap { $0.flatMap(Self.hexColour) }.first)
  }

  /// `text` when it is a `#RRGGBB` or `#RRGGBBAA` colour (surrounding blanks dropped).
  static func hexColour(_ text: String) -> String? {
    let t = text.trimmingCharacters(in: .whitespaces)
    guard t.hasPrefix("#") else { return nil }
    let digits = t.dropFirst()
    guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
    return t
  }

  /// The VCALENDAR properties that name a calendar so, as libical writes them
  /// (escaped, folded, CR LF): NAME, X-WR-CALNAME, and X-APPLE-CALENDAR-COLOR
  /// when there is a colour.
  var icalLines: [UInt8] {
    guard let root = icalcomponent_new(ICAL_VCALENDAR_COMPONENT) else { return [] }
    defer { icalcomponent_free(root) }
    icalcomponent_add_property(root, icalproperty_new_name(name))
    func x(_ key: String, _ value: String) {
      guard let p = icalproperty_new_x(value) else { return }
      icalproperty_set_x_name(p, key)
      icalcomponent_add_property(root, p)
    }
    x("X-WR-CALNAME", name)
    if let color { x("X-APPLE-CALENDAR-COLOR", color) }
    let text = Array(LibIcal.take(icalcomponent_as_ical_string_r(root)).utf8)
    let begin = Array("BEGIN:VCALENDAR\r\n".utf8)
    let end = Array("END:VCALENDAR\r\n".utf8)
    guard text.starts(with: begin), text.suffix(end.count).elementsEqual(end) else { return [] }
    return Array(text[begin.count..<(text.count - end.count)])
  }
}

/// Where the items of one VCALENDAR begin among the items read, and its name.
/// A reading holds none of these when no VCALENDAR in it names itself.
struct ICalCalendarRun: Equatable, Sendable {
  /// The index of its first item.
  var start: Int
  var name: ICalCalendarName?
}

extension ICalCalendarRun {
  /// Appends the runs of one reading whose items begin at `offset`: none there
  /// (no VCALENDAR in it named itself) is a run without a name, so that its
  /// items are not taken for the named ones before them.
  static func append(_ runs: [ICalCalendarRun], at offset: Int, to all: inout [ICalCalendarRun]) {
    guard !runs.isEmpty else { return all.append(ICalCalendarRun(start: offset, name: nil)) }
    all += runs.map { ICalCalendarRun(start: offset + $0.start, name: $0.name) }
  }

  /// `all`, or none when no run in it is named.
  static func named(_ all: [ICalCalendarRun]) -> [ICalCalendarRun] {
    all.contains { $0.name != nil } ? all : []
  }
}
