import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui` with no command: the full-screen app.
struct App: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ui", abstract: "The full-screen app (the default).")
  @OptionGroup var options: FileOption

  func run() throws {
    guard let fullScreen = CLIMain.fullScreen else {
      throw CLIError(message: "the full-screen app is not part of this build")
    }
    try options.checkFolder()  // a mistyped file is refused, not opened empty in folders made for it
    let store = options.store
    store.patience = nil  // the app says it waits on its screen and stays usable (SPEC 4)
    try fullScreen(store)
  }
}
