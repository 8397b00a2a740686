import Foundation
import XCTest

@testable import TodoCore

/// The byte-level escaper of the lean writer against the plain scalar-by-scalar rule.
final class EscapeTests: XCTestCase {
  func reference(_ s: String, keepingLineFeeds keep: Bool) -> [UInt8] {
    var out: [UInt8] = []
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += Array("&amp;".utf8)
      case "<": out += Array("&lt;".utf8)
      case ">": out += Array("&gt;".utf8)
      case "\t" where keep, "\n" where keep: out.append(UInt8(scalar.value))  // iCalendar text in icalExtra
      case "\r" where keep: out += Array("&#13;".utf8)  // a raw CR reads back as LF
      default: out += Array(String(Title.isAllowed(scalar) ? scalar : "\u{FFFD}").utf8)
      }
    }
    return out
  }

  func testAgreesWithTheScalarRuleOnHostileAndRandomText() {
    let pool: [Unicode.Scalar] = [
      "a", "Z", " ", "&", "<", ">", "\"", "'", "\u{00}", "\u{07}", "\u{1B}", "\t", "\n", "\r", "\u{7F}",
      "\u{80}",
      "\u{85}", "\u{9F}", "\u{A0}", "é", "ë", "\u{0301}", "\u{200B}", "\u{202E}", "生", "\u{FFFD}", "\u{FFFE}",
      "\u{FFFF}", "\u{FEFF}", "\u{EFBF}", "🎂", "\u{10FFFF}",
    ]
    var rng = SystemRandomNumberGenerator()
    var cases = ["", "plain ascii", "Pay rent & <deposit>", "esc\u{1B}]0;title\u{07}", "\u{C2}\u{85}"]
    for _ in 0..<3000 {
      var v = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...24, using: &rng) { v.append(pool.randomElement(using: &rng)!) }
      cases.append(String(v))
    }
    for s in cases {
      var out: [UInt8] = []
      PlistCodec.appendEscaped(s, to: &out)
      XCTAssertEqual(out, reference(s, keepingLineFeeds: false), s.debugDescription)
      var kept: [UInt8] = []
      PlistCodec.appendEscaped(s, to: &kept, keepingLineFeeds: true)
      XCTAssertEqual(kept, reference(s, keepingLineFeeds: true), "kept: " + s.debugDescription)
    }
  }
}
