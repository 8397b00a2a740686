import Foundation

/// What `import` reads: our plist, the tutorial app's (XML or binary, a root
/// with `todoItems` among other keys), or an iCalendar file of VTODOs.
public enum ImportFormats {
  /// - Parameter path: the file's name, for the error message.
  public static func decode(_ data: Data, path: String = "import") throws -> TodoDocument {
    if data.starts(with: Array("BEGIN:VCALENDAR".utf8)) {
      return try ICalendar.decode(data)
    }
    do {
      return try PlistCodec.decode(data, tolerant: true)
    } catch let e as CodecError {
      throw TodoError.badFile(path: path, detail: e.description + "; nothing was imported")
    }
  }
}
