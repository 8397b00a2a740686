import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui` with no command: the full-screen app.
struct App: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ui", abstract: "The full-screen app (the default).")
  @OptionGroup var options: FileOption

  func run() throws {
    try FullScreen(store: options.store).run()
  }
}
