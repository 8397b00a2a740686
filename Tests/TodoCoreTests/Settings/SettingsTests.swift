import Foundation
import XCTest

@testable import TodoCore

/// The settings file (SPEC 4, issue 38 point 4): every setting changes what it
/// says, a bad line is one error naming the file and the line and the rest
/// applies, the environment wins over the file, and each value says where it came from.
final class SettingsTests: XCTestCase {
  func settings(_ text: String, env: [String: String] = [:]) -> Settings {
    var s = Settings()
    s.path = "/cfg/config.toml"
    s.read(text)
    s.overlay(environment: env)
    return s
  }

  func testNoFileIsAllDefaults() {
    let dir = NSTemporaryDirectory() + "settings-\(UUID())"
    let s = Settings.load(environment: ["XDG_CONFIG_HOME": dir])
    XCTAssertEqual(s.path, dir + "/todo-tui/config.toml")
    XCTAssertTrue(s.errors.isEmpty)
    XCTAssertEqual(s.defaultList, nil)
    XCTAssertEqual(s.pollInterval, 60)
    XCTAssertTrue(s.mouse)
    XCTAssertEqual(s.keys, KeyBindings())
    XCTAssertEqual(s.theme, Theme())
    XCTAssertTrue(s.report.contains("(no such file: all defaults)"))
    // An XDG value that is not an absolute path is ignored.
    XCTAssertEqual(
      Settings.path(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]), "/h/.config/todo-tui/config.toml")
  }

  func testEverySettingChangesWhatItSays() {
    let s = settings(
      """
      default_list = "Work"
      notify_command = "/usr/local/bin/my-notify"
      poll_interval = "2m"
      early_warning = "15m"
      first_day_of_week = "monday"
      mouse = false

      [keys]
      complete = "D"
      undo = ["z", "ctrl-z"]

      [colors]
      overdue = "brightred"
      accent = 208
      info = "#00afff"
      """)
    XCTAssertEqual(s.errors, [])
    XCTAssertEqual(s.defaultList, "Work")
    XCTAssertEqual(s.notifyCommand, "/usr/local/bin/my-notify")
    XCTAssertEqual(s.pollInterval, 120)
    XCTAssertEqual(s.earlyWarning, 900)
    XCTAssertEqual(s.firstWeekday, 2)
    XCTAssertFalse(s.mouse)
    XCTAssertEqual(s.keys.keys(for: .complete), [.char("D")])
    XCTAssertEqual(s.keys.keys(for: .undo), [.char("z"), .ctrl("z")])
    XCTAssertEqual(s.theme.colour(.overdue), .named(9))
    XCTAssertEqual(s.theme.colour(.accent), .indexed(208))
    XCTAssertEqual(s.theme.colour(.info), .rgb(0, 0xaf, 0xff))
    XCTAssertEqual(s.theme.colour(.done), .named(2), "a role the file does not name keeps its colour")
    // Each says where it came from, by line.
    XCTAssertEqual(s.source("default_list"), .file(line: 1))
    XCTAssertEqual(s.source("mouse"), .file(line: 6))
    XCTAssertEqual(s.source("keys.complete"), .file(line: 9))
    XCTAssertEqual(s.source("keys.undo"), .file(line: 10))
    XCTAssertEqual(s.source("colors.info"), .file(line: 15))
    XCTAssertEqual(s.source("keys.add"), .byDefault)
  }

  func testTheEnvironmentWinsOverTheFile() {
    let s = settings(
      "default_list = \"Work\"\nnotify_command = \"/bin/true\"\n",
      env: ["TODO_TUI_LIST": "Home", "TODO_TUI_NOTIFY": "none"])
    XCTAssertEqual(s.defaultList, "Home")
    XCTAssertEqual(s.source("default_list"), .environment("TODO_TUI_LIST"))
    XCTAssertEqual(s.notifyCommand, "none")
    XCTAssertEqual(s.source("notify_command"), .environment("TODO_TUI_NOTIFY"))
  }

  /// A line that does not parse, and settings that parse but mean nothing: one
  /// error each, naming the file and the line, in the file's order; the rest applies.
  func testABadLineIsOneErrorAndTheRestApplies() {
    let s = settings(
      """
      mouse = false
      this is not toml
      poll_interval = 0
      colour_thing = 3
      early_warning = "soon"

      [keys]
      fly = "f"
      quit = "ctrl-"
      complete = "D"

      [colors]
      done = "mauve"
      overdue = 196
      """)
    XCTAssertEqual(s.errors.count, 7, s.errors.joined(separator: "\n"))
    let lines = s.errors.map { e in Int(e.dropFirst("/cfg/config.toml:".count).prefix { $0.isNumber }) }
    XCTAssertEqual(lines, [2, 3, 4, 5, 8, 9, 13])
    XCTAssertTrue(s.errors.allSatisfy { $0.hasPrefix("/cfg/config.toml:") })
    XCTAssertTrue(s.errors[2].contains("unknown setting 'colour_thing'"))
    // The rest applied.
    XCTAssertFalse(s.mouse)
    XCTAssertEqual(s.pollInterval, 60)
    XCTAssertEqual(s.keys.keys(for: .complete), [.char("D")])
    XCTAssertEqual(s.keys.keys(for: .quit), [.char("q")])
    XCTAssertEqual(s.theme.colour(.overdue), .indexed(196))
  }

  func testKeyBindings() {
    var k = KeyBindings()
    XCTAssertEqual(k.translate(.char("x")), .char("x"))
    k.bind(.complete, to: [.char("D")])
    k.bind(.delete, to: [.char("x")])
    XCTAssertEqual(k.translate(.char("D")), .char("x"), "D completes: the key KeyMap completes with")
    XCTAssertEqual(k.translate(.char("x")), .char("d"), "x now deletes")
    XCTAssertEqual(k.translate(.char("c")), nil, "complete's other default key does nothing now")
    XCTAssertEqual(k.translate(.char("a")), .char("a"), "the other keys keep their defaults")
    // ? shows the keys in force.
    let help = k.help(KeyMap.help)
    XCTAssertTrue(help.contains { $0.0 == "D" && $0.1.hasPrefix("complete") }, "\(help)")
    XCTAssertTrue(help.contains { $0.0 == "x" && $0.1.hasPrefix("delete") })
    for (text, key) in [
      ("x", Key.char("x")), ("ctrl-r", .ctrl("r")), ("C-r", .ctrl("r")), ("enter", .enter),
      ("space", .char(" ")),
      ("PgDn", .pageDown), ("?", .char("?")),
    ] {
      XCTAssertEqual(KeyBindings.key(named: text), key, text)
    }
    XCTAssertNil(KeyBindings.key(named: "xy"))
    XCTAssertNil(KeyBindings.key(named: "ctrl-"))
  }

  func testTheirKeysDriveTheApp() {
    var s = appState(appThree)
    let env = TodoEnvironment.fixed(appNow)
    s.keys.bind(.complete, to: [.char("D")])
    XCTAssertEqual(pressKeys(&s, [.char("D")], env: env), [.commit(.complete([appID(1)]))])
    XCTAssertEqual(pressKeys(&s, [.char("x")], env: env), [])
    _ = pressKeys(&s, [.char("?")], env: env)
    let screen = render(s, size: s.size).lines.joined(separator: "\n")
    XCTAssertTrue(screen.contains("  D              complete"), screen)
  }

  func testColours() {
    XCTAssertEqual(ThemeColour.parse("red"), .named(1))
    XCTAssertEqual(ThemeColour.parse("Bright Blue"), .named(12))
    XCTAssertEqual(ThemeColour.parse("208"), .indexed(208))
    XCTAssertEqual(ThemeColour.parse("#FF8700"), .rgb(255, 135, 0))
    XCTAssertNil(ThemeColour.parse("mauve"))
    XCTAssertNil(ThemeColour.parse("256"))
    // True colour shown as the nearest of 256; a colour an 8-colour terminal lacks: none.
    XCTAssertEqual(ThemeColour.rgb(255, 135, 0).terminalNumber(colours: 256), 208)
    XCTAssertEqual(ThemeColour.rgb(128, 128, 128).terminalNumber(colours: 256), 244)
    XCTAssertEqual(ThemeColour.indexed(208).terminalNumber(colours: 8), nil)
    XCTAssertEqual(ThemeColour.named(3).terminalNumber(colours: 8), 3)
  }
}
