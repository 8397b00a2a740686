import Foundation
import TodoCore
import XCTest

@testable import TodoCLI

/// Issue 25 point 6: a Taskwarrior `due:WHEN` is the deadline; a title that
/// ends like a date is kept, with a warning naming the form to use.
final class TitleWordsTests: XCTestCase {
  let parser: WhenParser = {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC")!
    return WhenParser(now: Date(timeIntervalSince1970: 1_795_000_000), calendar: cal)
  }()

  func testDueColonIsTheDeadline() throws {
    let w = try TitleWords(["Pay", "rent", "due:tomorrow"], dueOption: nil)
    XCTAssertEqual(w.title, ["Pay", "rent"])
    XCTAssertEqual(w.due, "tomorrow")
    XCTAssertEqual(try TitleWords(["Due:FRI", "x"], dueOption: nil).due, "FRI")
    XCTAssertEqual(try TitleWords(["due:fri 17:00"], dueOption: nil).due, "fri 17:00")
    XCTAssertNil(try TitleWords(["Read", "due:"], dueOption: nil).due, "due: alone is a word")
    XCTAssertThrowsError(try TitleWords(["x", "due:fri"], dueOption: "sat"))
  }

  func testATitleEndingLikeADateIsWarnedAbout() {
    let warned: [([String], String)] = [
      (["Buy", "milk", "due", "tomorrow"], "--due 'tomorrow'"),
      (["Pay", "rent", "by", "fri", "17:00"], "--due 'fri 17:00'"),
      (["Call", "mum", "tomorrow"], "due:tomorrow"),
      (["Buy milk due tomorrow"], "--due 'tomorrow'"),  // one quoted argument
      (["-d", "tomorrow"], "--due 'tomorrow'"),  // `add -- -d tomorrow`, after the old advice about --
    ]
    for (title, form) in warned {
      let w = TitleWords.warning(title, parser: parser)
      XCTAssertNotNil(w, "\(title)")
      XCTAssertTrue(w?.contains(form) == true, "\(title): \(w ?? "")")
    }
    for title in [["Buy", "milk"], ["Read", "chapter", "12"], ["Plan", "the", "weekend"], ["tomorrow"]] {
      XCTAssertNil(TitleWords.warning(title, parser: parser), "\(title)")
    }
  }
}
