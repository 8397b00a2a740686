import ArgumentParser
import Foundation
import TodoCore
import XCTest

@testable import TodoCLI

/// Issue 37 point 19: `--help` as an 80-column terminal shows it.
final class HelpTextTests: XCTestCase {
  /// The ENVIRONMENT entries (and every other line of the root help's own text) fit in
  /// 80 columns as written: the parser breaking one made `when --vdir` / `is` / `not given`.
  func testTheRootHelpIsNotRewrappedAt80Columns() {
    let help = TodoTUI.helpMessage(for: TodoTUI.self, columns: 80)
    for line in CLI.rootHelp.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      XCTAssertTrue(help.contains(line), "broken at 80 columns: \(line)")
    }
  }

  /// `(default 60). (default: 60.0)`: the default said once.
  func testTheDaemonsDefaultIsSaidOnce() {
    let help = TodoTUI.helpMessage(for: Daemon.self, columns: 200)
    XCTAssertFalse(help.contains("(default: 60.0)"), help)
    XCTAssertTrue(help.contains("default: the set-up's, else the settings' poll_interval, else 60"), help)
  }

  /// The commands after an unknown one name `ui` too.
  func testAnUnknownCommandListsUI() {
    XCTAssertTrue(
      Prepass.unknownCommand("nope").message.hasSuffix(", ui)"), Prepass.unknownCommand("nope").message)
    XCTAssertEqual(Prepass.unknownCommand("iu").message, "unknown command 'iu'; did you mean 'ui'?")
  }
}
