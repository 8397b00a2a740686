import Foundation
import XCTest

@testable import TodoCore

/// The note in `$EDITOR` from the detail (SPEC 4, issue 38 point 5): Ctrl-O on
/// the note asks the runtime to run the editor on its text; what comes back is
/// the field's text, saved with the form as any edit, so that a field another
/// process changed meanwhile keeps its value. And the editor itself, run for real.
final class AppNoteEditorTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)

  func testCtrlOOnTheNoteHandsItToTheEditorAndTheSaveMergesIt() throws {
    var item = appItem(1, "Pay rent", minutes: 60)
    item.note = "IBAN in the folder"
    var list = TodoList([item])
    var s = appState([item])
    _ = pressKeys(&s, [.enter], env: env)
    for _ in 0..<20 where openForm(s)?.focus != .note { _ = pressKeys(&s, [.tab], env: env) }
    XCTAssertEqual(pressKeys(&s, [.ctrl("o")], env: env), [.editNote("IBAN in the folder")])
    // The editor returned; meanwhile the CLI set the priority.
    _ = reduce(&s, .form(.noteEdited("IBAN in the blue folder\nand the keys")), env: env)
    try TodoOperation.edit(appID(1), changes: [.set("priority", integer: 1)]).apply(to: &list, env: env)
    _ = reduce(&s, .loaded(TodoDocument(items: Array(list.items.values))), env: env)
    let fx = pressKeys(&s, [.ctrl("s")], env: env)
    XCTAssertEqual(
      fx, [.commit(.edit(appID(1), changes: [.set("note", text: "IBAN in the blue folder\nand the keys")]))]
    )
    carryOut(fx, on: &list, &s, env: env)
    XCTAssertEqual(list[appID(1)]?.note, "IBAN in the blue folder\nand the keys")
    XCTAssertEqual(list[appID(1)]?.priority, 1, "the other process's field kept")
    // Ctrl-O elsewhere than the note does nothing.
    XCTAssertEqual(pressKeys(&s, [.enter, .ctrl("o")], env: env), [])
  }

  func testTheEditorRunsOnAFileOfItsOwn() throws {
    let dir = NSTemporaryDirectory() + "editor-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // An editor with an argument, as EDITOR often is: sh -c runs it as git does.
    let script = dir + "/ed.sh"
    try "#!/bin/sh\n[ \"$1\" = --flag ] || exit 9\nprintf 'more\\n' >> \"$2\"\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    let env = ["EDITOR": script + " --flag", "TMPDIR": dir, "PATH": "/usr/bin:/bin"]
    XCTAssertEqual(try NoteEditor.edit("first", environment: env), "first\nmore")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["ed.sh"], "its file removed")
    XCTAssertThrowsError(try NoteEditor.edit("x", environment: ["EDITOR": "false", "PATH": "/usr/bin:/bin"]))
    {
      XCTAssertTrue("\($0)".contains("exited with status 1: the note is unchanged"), "\($0)")
    }
    XCTAssertEqual(NoteEditor.command(["VISUAL": "nano", "EDITOR": "vim"]), "nano")
    XCTAssertEqual(NoteEditor.command([:]), "vi")
  }
}
