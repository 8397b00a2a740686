import Foundation

/// A property-list value this program does not know, kept as XML text so
/// that it is written back as it was (SPEC 6: unknown keys survive every
/// rewrite). Both readers keep the same canonical text for the same value:
/// the value as Foundation's parser reads it, written by ``xml(of:)``.
enum PlistFragment {
  private static let head = "<plist version=\"1.0\">\n<dict>\n\t<key>v</key>\n"
  private static let tail = "\n</dict>\n</plist>\n"

  /// The canonical XML text of a value read by Foundation: compact, keys
  /// sorted. Written here rather than by Foundation's serializer, which on
  /// Linux refuses a Swift array in a statically linked program ("objects of
  /// type 'Not A Type'").
  static func xml(of value: Any) throws -> String {
    var out = ""
    try write(value, to: &out, depth: 0)
    return out
  }

  private static func write(_ v: Any, to out: inout String, depth: Int) throws {
    guard depth < 1024 else { throw CodecError("a value of an unknown key is nested too deeply") }
    if type(of: v) == Bool.self, let b = v as? Bool {
      out += b ? "<true/>" : "<false/>"
    } else if let s = v as? String {
      var bytes: [UInt8] = []
      PlistCodec.appendEscaped(s, to: &bytes, keepingLineFeeds: true)
      out += "<string>" + String(decoding: bytes, as: UTF8.self) + "</string>"
    } else if let d = v as? Date {
      var bytes: [UInt8] = []
      PlistCodec.appendISO(Int(d.timeIntervalSince1970.rounded(.down)), to: &bytes)
      out += "<date>" + String(decoding: bytes, as: UTF8.self) + "</date>"
    } else if let d = v as? Data {
      out += "<data>" + d.base64EncodedString() + "</data>"
    } else if type(of: v) == Double.self || type(of: v) == Float.self, let d = v as? Double {
      out +=
        "<real>" + (d.isFinite ? "\(d)" : d.isNaN ? "nan" : d > 0 ? "+infinity" : "-infinity") + "</real>"
    } else if let i = v as? Int {
      out += "<integer>\(i)</integer>"
    } else if let d = v as? Double {
      out += "<real>\(d)</real>"
    } else if let a = v as? [Any] {
      if a.isEmpty {
        out += "<array/>"
      } else {
        out += "<array>"
        for e in a { try write(e, to: &out, depth: depth + 1) }
        out += "</array>"
      }
    } else if let dict = v as? [String: Any] {
      if dict.isEmpty {
        out += "<dict/>"
      } else {
        out += "<dict>"
        for k in dict.keys.sorted() {
          var bytes: [UInt8] = []
          PlistCodec.appendEscaped(k, to: &bytes)
          out += "<key>" + String(decoding: bytes, as: UTF8.self) + "</key>"
          try write(dict[k]!, to: &out, depth: depth + 1)
        }
        out += "</dict>"
      }
    } else {
      throw CodecError("a value of an unknown key has a type a property list cannot hold (\(type(of: v)))")
    }
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
