import CLibical
import Foundation

/// RFC 5545 3.1: property and parameter names are case-insensitive. libical
/// 3.0 reads lowercase standard names but not lowercase `x-` names (the
/// property becomes an error) or `x-` parameter names (dropped), so names are
/// put in upper case before libical reads the text. Values are left alone.
enum ICalNames {
  /// Upper-cases, in place, the name and parameter names at the start of each
  /// content line (continuation lines, which start with a space or tab, are values).
  static func uppercase(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBufferPointer { b in
      guard let base = b.baseAddress else { return }
      let n = b.count
      var i = 0
      while i < n {
        // At the start of a line.
        if b[i] != 0x20 && b[i] != 0x09 {
          var inName = true
          var quoted = false
          while i < n && b[i] != 0x0A {
            let c = b[i]
            if quoted {
              if c == 0x22 { quoted = false }
            } else if c == 0x22 {
              quoted = true
            } else if c == 0x3A {  // ':' ends the name and parameters
              break
            } else if c == 0x3B {  // ';' starts a parameter name
              inName = true
            } else if c == 0x3D {  // '=' starts its value
              inName = false
            } else if inName && c >= 0x61 && c <= 0x7A {
              b[i] = c - 0x20
            }
            i += 1
          }
        }
        // The rest of the line is its value.
        guard i < n, let lf = memchr(base + i, 0x0A, n - i) else { return }
        i = UnsafeRawPointer(lf) - UnsafeRawPointer(base) + 1
      }
    }
  }

  /// What a property name libical does not know, and that is not an `X-` name, is
  /// read as (libical 3.0 makes it an error and drops its value: its setting for
  /// unknown tokens, `ical_set_unknown_token_handling_setting`, covers parameters
  /// only); ``restoreUnknown(in:)`` gives it its own name back.
  static let unknownPrefix = Array("X-TODO-TUI-IANA-".utf8)

  /// The text with every unknown property name (Synology's `LAST-MOD`,
  /// `PERCENT_COMPLETE`) behind ``unknownPrefix``, or nil when there is none.
  /// Names are upper case (``uppercase(_:)``).
  ///
  /// The `BEGIN` and `END` lines of a component libical does not know are marked too
  /// (RFC 9073's location component, which a location alarm carries: libical 3.0 drops such a
  /// component whole, and neither writes an `X-` component it read nor ends one it made
  /// with its name): they and every line between them become properties of the component
  /// around, each written back as it came (its name, parameters and value), in their order.
  static func markUnknown(_ bytes: [UInt8]) -> [UInt8]? {
    var out: [UInt8] = []
    var copied = 0
    var i = 0
    let n = bytes.count
    var inside = 0  // how deep in unknown components: every line there is marked
    while i < n {
      let start = i
      var end = i
      while end < n, bytes[end] != 0x3A, bytes[end] != 0x3B, bytes[end] != 0x0A, bytes[end] != 0x0D {
        end += 1
      }
      let name = bytes[start..<end]
      if end > start, bytes[start] != 0x20, bytes[start] != 0x09, end < n, bytes[end] != 0x0A,
        bytes[end] != 0x0D, !name.starts(with: [0x58, 0x2D]),
        inside > 0 || !isKnown(name) || isUnknownComponent(name, bytes, end)
      {
        if name.elementsEqual("BEGIN".utf8) {
          inside += 1
        } else if name.elementsEqual("END".utf8) {
          inside -= 1
        }
        if out.isEmpty { out.reserveCapacity(n + 64) }
        out += bytes[copied..<start]
        out += unknownPrefix
        copied = start
      }
      guard let lf = bytes[end...].firstIndex(of: 0x0A) else { break }
      i = lf + 1
    }
    guard copied > 0 else { return nil }
    out += bytes[copied...]
    return out
  }

  /// Whether `name` is `BEGIN` or `END` of a component libical does not know (nor an `X-` one),
  /// named after the `:` at `colon`.
  private static func isUnknownComponent(_ name: ArraySlice<UInt8>, _ bytes: [UInt8], _ colon: Int) -> Bool {
    guard bytes[colon] == 0x3A, name.elementsEqual("BEGIN".utf8) || name.elementsEqual("END".utf8) else {
      return false
    }
    var stop = colon + 1
    while stop < bytes.count, bytes[stop] != 0x0D, bytes[stop] != 0x0A { stop += 1 }
    let kind = bytes[(colon + 1)..<stop]
    return !kind.isEmpty && !kind.starts(with: [0x58, 0x2D])
      && icalcomponent_string_to_kind(String(decoding: kind, as: UTF8.self)) == ICAL_NO_COMPONENT
  }

  /// Whether libical reads `name` as a property or a component's BEGIN/END.
  private static func isKnown(_ name: ArraySlice<UInt8>) -> Bool {
    let s = String(decoding: name, as: UTF8.self)
    return s == "BEGIN" || s == "END" || icalproperty_string_to_kind(s) != ICAL_NO_PROPERTY
  }

  /// Gives the properties ``markUnknown(_:)`` renamed, in `c` and below, their own names back
  /// (as `X-` properties of that name: libical writes them under it, their values as they came).
  static func restoreUnknown(in c: OpaquePointer) {
    var p = icalcomponent_get_first_property(c, ICAL_X_PROPERTY)
    while let x = p {
      if let raw = icalproperty_get_x_name(x) {
        let name = String(cString: raw)
        if name.utf8.starts(with: unknownPrefix) {
          icalproperty_set_x_name(x, String(name.utf8.dropFirst(unknownPrefix.count))!)
        }
      }
      p = icalcomponent_get_next_property(c, ICAL_X_PROPERTY)
    }
    for k in LibIcal.children(c, ICAL_ANY_COMPONENT) { restoreUnknown(in: k) }
  }
}
