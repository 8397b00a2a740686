import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui daemon`: the notifier in the foreground.
struct Daemon: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The notifier, in the foreground, until SIGTERM/SIGINT.")
  @OptionGroup var options: FileOption

  func run() throws {
    throw CLIError(message: "the daemon is not built yet")
  }
}
