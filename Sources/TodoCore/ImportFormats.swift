import Foundation

/// What `import` reads: our plist, the tutorial app's (XML or binary, a root
/// with `todoItems` among other keys), or an iCalendar file of VTODOs.
public enum ImportFormats {
  public static func decode(_ data: Data, now: Date) throws -> TodoDocument {
    if data.starts(with: Array("BEGIN:VCALENDAR".utf8)) {
      return try ICalendar.decode(data)
    }
    do {
      return try PlistCodec.decode(data, tolerant: true)
    } catch let e as CodecError {
      throw TodoError.badFile(path: "import", detail: e.description)
    }
  }
}
