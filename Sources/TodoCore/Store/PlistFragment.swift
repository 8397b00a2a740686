import Foundation

/// A property-list value this program does not know, kept as XML text so
/// that it is written back as it was (SPEC 6: unknown keys survive every
/// rewrite). The text is Foundation's own serialization of the value, so the
/// lean reader and Foundation's reader keep the same text for the same value.
enum PlistFragment {
  private static let head = "<plist version=\"1.0\">\n<dict>\n\t<key>v</key>\n"
  private static let tail = "\n</dict>\n</plist>\n"

  /// The canonical XML text of a value read by Foundation.
  static func xml(of value: Any) throws -> String {
    let data: Data
    do {
      data = try PropertyListSerialization.data(fromPropertyList: ["v": value], format: .xml, options: 0)
    } catch {
      throw CodecError("a value of an unknown key cannot be kept: \(error.localizedDescription)")
    }
    let text = String(decoding: data, as: UTF8.self)
    guard let start = text.range(of: head), let end = text.range(of: tail, options: .backwards),
      start.upperBound <= end.lowerBound
    else { throw CodecError("a value of an unknown key cannot be kept") }
    return String(text[start.upperBound..<end.lowerBound])
  }

  /// The value of a kept XML text (as ``xml(of:)`` or the lean reader made it).
  static func value(of xml: String) throws -> Any {
    let doc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + head + xml + tail
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: Data(doc.utf8), options: [], format: nil)
    } catch {
      throw CodecError("the value of an unknown key does not parse")
    }
    guard let dict = root as? [String: Any], let v = dict["v"] else {
      throw CodecError("the value of an unknown key does not parse")
    }
    return v
  }

  /// The canonical text of raw XML as it stood in a file.
  static func canonical(_ raw: String) throws -> String { try xml(of: try value(of: raw)) }
}
