import ArgumentParser
import Foundation
import TodoCore
import XCTest

@testable import TodoCLI

/// argv → the command it names, or the one error line and exit status (issue 23:
/// the command line's own tests, without spawning the program).
final class ArgvTests: XCTestCase {
  /// The line and status argv fails with, or nil when it parses.
  func failure(_ args: [String]) -> (String, Int32)? {
    do {
      _ = try CLIMain.parse(args)
      return nil
    } catch {
      return CLIMain.failure(error, args: args) ?? ("(help)", 0)
    }
  }

  func testCommandsAndTheirArguments() throws {
    let add = try XCTUnwrap(CLIMain.parse(["add", "Buy", "milk", "--due", "tomorrow"]) as? Add)
    XCTAssertEqual(add.title, ["Buy", "milk"])
    XCTAssertEqual(add.due, "tomorrow")
    // The parser's path (an option the fast path does not take) builds the same.
    let add2 = try XCTUnwrap(
      CLIMain.parse(["add", "Buy", "milk", "--due", "tomorrow", "--warn", "1h"]) as? Add)
    XCTAssertEqual(add2.title, ["Buy", "milk"])
    XCTAssertEqual(add2.due, "tomorrow")
    XCTAssertNil(try XCTUnwrap(CLIMain.parse(["add", "x"]) as? Add).due, "no --due: the default, in 1h")
    XCTAssertNil(try XCTUnwrap(CLIMain.parse(["add", "x", "--warn", "1h"]) as? Add).due, "the parser's too")
    XCTAssertEqual(
      try XCTUnwrap(CLIMain.parse(["add", "Pay", "due:fri"]) as? Add).title, ["Pay", "due:fri"])
    let list = try XCTUnwrap(CLIMain.parse(["--file", "/tmp/a.plist", "list", "--json"]) as? List)
    let fast = try XCTUnwrap(CLIMain.parse(["list", "--json", "--file", "/tmp/a.plist"]) as? FastList)
    XCTAssertEqual(fast.list.options.file, "/tmp/a.plist")
    XCTAssertTrue(fast.list.json)
    // The fast path's list, when it falls back to List, sets every property List has
    // (one added later and not set would stop the program when read).
    XCTAssertTrue(
      FastPath.only(fast.list, ["options", "json", "all", "completed", "filters"]),
      "FastList.list sets them all")
    XCTAssertTrue(
      FastPath.only(fast.list.filters, ["tag", "priority", "sort", "list", "search"]),
      "and the filters' options")
    // The options of SPEC 8: parsed, and refused with one line when wrong.
    let edit = try XCTUnwrap(
      CLIMain.parse(["edit", "3f2a", "--tag", "-home", "--tag", "+money", "--priority", "high"]) as? Edit)
    XCTAssertEqual(edit.fields.tag, ["-home", "+money"])
    let env = TodoEnvironment.at(Date(timeIntervalSince1970: 1_795_000_000), in: TimeZone(identifier: "UTC")!)
    XCTAssertEqual(
      try edit.fields.values(env: env),
      [
        FieldChange("priority", .set(.integer(1))), FieldChange("tags", .remove("home")),
        FieldChange("tags", .add("money")),
      ])
    XCTAssertEqual(try FieldOptions.priority("high"), .some(1))
    XCTAssertEqual(try FieldOptions.priority("medium"), .some(5))
    XCTAssertEqual(try FieldOptions.priority("low"), .some(9))
    XCTAssertEqual(try FieldOptions.priority("none"), .some(nil))
    let adding = try XCTUnwrap(CLIMain.parse(["add", "x", "--progress", "40%", "--tag", "none"]) as? Add)
    XCTAssertEqual(
      try adding.fields.values(env: env), [.clear("tags"), FieldChange("progress", .set(.integer(40)))])
    XCTAssertEqual(failure(["edit", "3f2a", "--priority", "urgent"])?.1, 64)
    XCTAssertEqual(failure(["add", "x", "--progress", "140%"])?.1, 64)
    XCTAssertEqual(failure(["add", "x", "--tag", "a,b"])?.1, 64)
    XCTAssertEqual(failure(["remind", "3f2a", "--in", "1h", "--at", "9:00"])?.1, 64)
    XCTAssertNotNil(try CLIMain.parse(["show", "3f2a", "--json"]) as? Show)
    XCTAssertEqual(
      try XCTUnwrap(CLIMain.parse(["list", "--sort", "priority", "--tag", "home"]) as? List).filters.sort,
      .priority)
    XCTAssertEqual(list.options.file, "/tmp/a.plist")
    XCTAssertTrue(list.json)
    let complete = try XCTUnwrap(CLIMain.parse(["complete", "3f2a", "5ea0"]) as? Complete)
    XCTAssertEqual(complete.ids, ["3f2a", "5ea0"])
    XCTAssertTrue(try CLIMain.parse([]) is App, "no command: the full-screen app")
    XCTAssertTrue(try CLIMain.parse(["edit", "3f2a", "--due", "+1d"]) is Edit)
  }

  func testEveryUsageErrorExits64() {
    let cases: [([String], String)] = [
      (["lsit"], "did you mean 'list'"),
      (["frobnicate"], "unknown command"),
      (["list", "--jsno"], "did you mean '--json'"),
      (["add"], "title"),
      (["list", "--all", "--completed"], "cannot be used together"),
      (["export", "--format", "docx"], "docx"),
      (["help", "nope"], "unknown command 'nope'"),  // was exit 0 with the root help
      (["add", "x", "-d", "tomorrow"], "did you mean '--due'"),  // was a hint about --
    ]
    for (args, text) in cases {
      guard let (message, code) = failure(args) else {
        XCTFail("\(args) parsed")
        continue
      }
      XCTAssertEqual(code, 64, "\(args): \(message)")
      XCTAssertTrue(message.contains(text), "\(args): \(message)")
      XCTAssertFalse(message.contains("\n"), "one line")
    }
  }

  /// A mistyped subcommand (issue 33 point 7): `sync conflict` was the parser's
  /// "Unexpected argument 'conflict'" with no hint.
  func testAMistypedSubcommandSaysDidYouMean() {
    let cases: [([String], String)] = [
      (["sync", "conflict"], "error: unknown command 'sync conflict'; did you mean 'sync conflicts'?"),
      (["sync", "stauts"], "error: unknown command 'sync stauts'; did you mean 'sync status'?"),
      (
        ["sync", "--vdir", "/tmp/v", "setpu"],
        "error: unknown command 'sync setpu'; did you mean 'sync setup'?"
      ),
    ]
    for (args, line) in cases {
      guard let (message, code) = failure(args) else {
        XCTFail("\(args) parsed")
        continue
      }
      XCTAssertEqual(code, 64, "\(args): \(message)")
      XCTAssertEqual("error: " + message, line)
    }
    // Far from every subcommand: the parser's own words, as before.
    let far = failure(["sync", "frobnicate"])
    XCTAssertEqual(far?.1, 64)
    XCTAssertFalse(far?.0.contains("did you mean") ?? true, far?.0 ?? "")
  }

  /// `--tag -home` removes the tag `home`, whatever else argv holds: a bad value
  /// beside it is its one error line, never the help with exit 0 (the parser
  /// would read `-home` as `-h -o -m -e` once something else failed).
  func testATagRemovedBesideABadValueIsTheErrorNotTheHelp() throws {
    let tagError =
      "--tag 'a,b': a tag is a word or words without commas or control characters (--tag none clears them all) (see 'todo-tui help')"
    XCTAssertEqual(failure(["edit", "3f2a", "--tag", "-home", "--tag", "a,b"])?.0, tagError)
    XCTAssertEqual(failure(["edit", "3f2a", "--tag", "a,b", "--tag", "-home"])?.0, tagError)
    XCTAssertEqual(failure(["edit", "3f2a", "--tag", "-home", "--progress", "lots"])?.1, 64)
    XCTAssertEqual(failure(["add", "x", "--tag", "-h", "--priority", "urgent"])?.1, 64)
    let edit = try XCTUnwrap(CLIMain.parse(["edit", "3f2a", "--tag", "-home", "--tag", "-h"]) as? Edit)
    XCTAssertEqual(edit.fields.tag, ["-home", "-h"])
  }

  func testHelpIsNotAFailure() {
    XCTAssertNil(CLIMain.failure(CleanExit.helpRequest(), args: ["--help"]))
    XCTAssertNil(failure(["help", "add"]).flatMap { $0.1 == 0 ? nil : $0 }, "help of a command exits 0")
  }

  /// Bad values found when the command runs are usage errors too (they exited 1).
  func testBadValuesExit64AndFailuresExit1() {
    for e in [
      TodoError.badWhen("tomorow"), .badDuration("forever"), .badRule("sometimes"), .badTitle("empty"),
    ] {
      XCTAssertEqual(CLIMain.failure(e, args: [])?.1, 64, "\(e)")
    }
    XCTAssertEqual(CLIMain.failure(TodoError.noSuchItem("ffff"), args: [])?.1, 1)
    XCTAssertEqual(CLIMain.failure(TodoError.ambiguousID("ab12", ["ab12cd34", "ab12ef56"]), args: [])?.1, 1)
  }

  /// A bad `--due`: one short line with a few forms and a "did you mean".
  func testABadWhenIsOneShortLineWithDidYouMean() {
    let (message, _) = CLIMain.failure(TodoError.badWhen("tomorow 9am"), args: [])!
    XCTAssertTrue(message.contains("did you mean 'tomorrow 9am'?"), message)
    XCTAssertLessThan(message.count, 200, message)
    XCTAssertTrue(message.contains("--help"), message)
    let (other, _) = CLIMain.failure(TodoError.badWhen("someday"), args: [])!
    XCTAssertFalse(other.contains("did you mean"), other)
  }

  /// Every field of the table with a text form has its option on add and edit,
  /// declared (as the parser needs) and read (``FieldOptions/given``): a field
  /// cannot be added to the table without it.
  func testEveryFieldWithATextFormHasItsOption() throws {
    let options = Set(ItemField.typed.compactMap { $0.text?.option })
    let declared =
      (Array(Mirror(reflecting: FieldOptions.none).children)
      + Array(Mirror(reflecting: ParentOption.none).children))
      .compactMap { $0.label.flatMap { $0.hasPrefix("_") ? String($0.dropFirst()) : nil } }  // the wrappers
    XCTAssertEqual(Set(declared), options)
    XCTAssertEqual(Set(try FieldOptions.parse([]).given.keys).union(["parent"]), options)
    XCTAssertEqual(FieldOptions.none.given, [:], "the fast path's: nothing given, nothing read")
    for command in [Add.helpMessage(), Edit.helpMessage()] {
      for field in ItemField.typed {
        let form = try XCTUnwrap(field.text)
        XCTAssertTrue(command.contains("--\(form.option) <\(form.valueName)>"), form.option)
      }
    }
    // The fields' options in the table's order (a new field's after these).
    XCTAssertTrue(
      Edit.expected.hasPrefix(
        "expected --title or --due (or --repeat, --warn, --alert, --note, --priority, --tag, --start, --progress, --list, --parent"
      ), Edit.expected)
    // A value that is not one of the field's forms: one line that names the option and the forms.
    XCTAssertEqual(
      failure(["edit", "3f2a", "--progress", "lots"])?.0,
      "--progress 'lots': expected a percentage from 0% to 100%, or none (see 'todo-tui help')")
  }
}
