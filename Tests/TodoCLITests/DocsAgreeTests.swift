import ArgumentParser
import Foundation
import TodoCore
import XCTest

@testable import TodoCLI

/// Issue 25 point 9: the README, the man page (made from `--help` by
/// scripts/manpage.py) and `--help` agree with the program, where a test can
/// compare: the keys, the marks, the commands, the notify command's arguments,
/// the summary bubble's words and when missed notifications collapse.
final class DocsAgreeTests: XCTestCase {
  /// The README (the door) and the manual under docs/, one text: a fact may live in either.
  let readme: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let docs = root.appendingPathComponent("docs")
    let pages = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? [])
      .filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    return ([root.appendingPathComponent("README.md")] + pages)
      .map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }.joined(separator: "\n")
  }()
  let help = TodoTUI.helpMessage(for: TodoTUI.self)

  /// The part of the README or the manual from `start` to the next heading (`#` or `##`).
  func section(_ start: String) -> String {
    guard let r = readme.range(of: start) else { return "" }
    let rest = readme[r.lowerBound...].dropFirst(start.count)
    let ends = ["\n## ", "\n# "].compactMap { rest.range(of: $0)?.lowerBound }
    return String(readme[r.lowerBound..<(ends.min() ?? rest.endIndex)])
  }

  /// Every key of the app's table (the `?` screen) is in `--help` (KEYS, so the
  /// man page), and every key that acts on the list is named in the README.
  func testKeys() {
    XCTAssertFalse(readme.isEmpty)
    for (keys, what) in KeyMap.help {
      XCTAssertTrue(help.contains(what), "--help lacks the key \(keys): \(what)")
    }
    let app = section("**In the app:**")
    for key in ["a", "+", "x", "c", "r", "←", "h", "Enter", "e", "d", "/", "u", "U", "v", "?", "q", "C", "R"]
    {
      XCTAssertTrue(app.contains("`\(key)`"), "the README's keys lack `\(key)`")
      let inTable = KeyMap.help.contains { $0.0.split(separator: " ").contains(Substring(key)) }
      XCTAssertTrue(inTable, "the app's help lacks \(key)")
    }
  }

  /// The options of subtasks (SPEC 9) are in the commands' help (so the man page) and the README's Use.
  func testSubtaskOptions() {
    let use = section("# Use\n")
    for (command, option) in [
      (Add.self as ParsableCommand.Type, "--parent"), (Edit.self, "--parent"),
      (Complete.self, "--with-children"),
      (Delete.self, "--with-children"), (Delete.self, "--keep-children"),
    ] {
      XCTAssertTrue(TodoTUI.helpMessage(for: command).contains(option), "\(command) --help lacks \(option)")
      XCTAssertTrue(use.contains(option), "the README's Use lacks \(option)")
    }
  }

  /// Every mark `list` and the app show is explained in `list --help`, the app's help and the README.
  func testMarks() {
    let listHelp = TodoTUI.helpMessage(for: List.self)
    let glyphs =
      ItemMarks.glyphs.map(\.1) + [
        ItemMarks.overdueGlyph, ItemMarks.completedGlyph, ItemMarks.cancelledGlyph,
      ]
    for g in glyphs {
      XCTAssertTrue(listHelp.contains(g), "list --help lacks \(g)")
      XCTAssertTrue(KeyMap.help.contains { $0.0.contains(g) }, "the app's help lacks \(g)")
      XCTAssertTrue(section("Each line of `list`").contains("`\(g)`"), "the README lacks \(g)")
    }
  }

  /// Every command in `--help` is in the README's "Use" block, and the other way round.
  func testCommands() {
    let use = section("# Use\n")
    for name in Prepass.commands {
      XCTAssertTrue(use.contains("todo-tui \(name)"), "the README's Use lacks \(name)")
      XCTAssertTrue(help.contains("  \(name) ") || help.contains("  \(name), "), "--help lacks \(name)")
    }
    for line in use.split(separator: "\n") where line.hasPrefix("todo-tui ") {
      let name = line.split(separator: " ")[1]
      if name.hasPrefix("#") { continue }  // the full-screen app
      // A command or one of its aliases (ls, done, rm), which --help lists beside it.
      XCTAssertTrue(Prepass.allCommands.contains(String(name)), "the README names a command '\(name)'")
    }
  }

  /// The notify command's arguments, the summary's words, the collapse threshold.
  func testNotifyContract() {
    let sample = ScheduledNotification(
      fireDate: Date(timeIntervalSince1970: 0), kind: .deadline, itemID: UUID(), title: "T",
      deadline: Date(timeIntervalSince1970: 0), badge: 1)
    let args = Bubble(
      sample, formatter: DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: Date()), now: Date()
    )
    .arguments
    let spelled = ["nine": 9, "ten": 10, "eight": 8]
    let count = spelled.first {
      readme.contains("It gets\n  \($0.key) arguments") || readme.contains("gets \($0.key) arguments")
    }
    XCTAssertEqual(count?.value, args.count, "the README says how many arguments the command gets")
    let shown = args.dropLast(2).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    XCTAssertTrue(readme.contains("`CMD " + shown + " SUMMARY BODY`"), "the README's notify command line")
    XCTAssertTrue(help.contains("with \(args.count) arguments"), "--help's NOTIFY COMMAND")
    let summary = Bubble(
      summarizing: [sample, sample, sample, sample, sample], badge: 1, more: false,
      formatter: DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: Date())
    ).summary
    XCTAssertTrue(readme.contains("\"\(summary)\""), "the README quotes the summary bubble: \(summary)")
    let n = Notifier.Options().collapseAbove
    XCTAssertTrue(
      readme.contains("more than \(n) missed at once"), "the README says when missed ones collapse")
    XCTAssertTrue(help.contains("More than \(n)"), "--help says when missed ones collapse")
  }

  /// The man page's sections beyond the commands: the dates, the keys, the vdir, the notify command.
  func testHelpHasTheManPageSections() {
    for title in [
      "DATES:", "KEYS:", "NOTIFY COMMAND:", "WEEK, MONTH AND MOUSE:", "SETTINGS:", "ENVIRONMENT:",
      "EXIT STATUS:",
    ] {
      XCTAssertTrue(help.contains(title), title)
    }
    XCTAssertTrue(help.contains("TODO_TUI_VDIR"))
    XCTAssertTrue(help.contains("next friday"), "the date grammar")
    // Issue 38: every setting, action and colour role the settings file takes is in the man page.
    let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for name in Settings.names + KeyBindings.Action.allCases.map(\.rawValue)
      + Theme.Role.allCases.map(\.rawValue)
    {
      XCTAssertTrue(flat.contains(name), "--help's SETTINGS lacks \(name)")
    }
  }
}
