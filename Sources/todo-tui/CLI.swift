import ArgumentParser
import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// An error of the command line itself, with its exit status.
struct CLIError: Error {
  var message: String
  var code: Int32 = 1
}

/// Helpers shared by the commands: output, the store, the environment.
enum CLI {
  static func fail(_ message: String, code: Int32) -> Never {
    let first = message.isEmpty ? message : message.prefix(1).lowercased() + message.dropFirst()
    FileHandle.standardError.write(Data(("error: " + first + "\n").utf8))
    exit(code)
  }

  static func warn(_ message: String) {
    FileHandle.standardError.write(Data(("warning: " + message + "\n").utf8))
  }

  /// Writes all of `text` to stdout at once.
  static func out(_ text: String) {
    var t = text
    t.withUTF8 { buf in
      var done = 0
      while done < buf.count {
        let n = write(1, buf.baseAddress! + done, buf.count - done)
        if n <= 0 {
          if errno == EINTR { continue }
          return
        }
        done += n
      }
    }
  }

  /// Whether stdout gets colour: a terminal, and `NO_COLOR` unset or empty.
  static var colour: Bool {
    isatty(1) == 1 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
  }
}

/// `--file PATH`, shared by every command.
struct FileOption: ParsableArguments {
  @Option(
    name: .long,
    help: "The data file (default: $TODO_TUI_FILE or $XDG_DATA_HOME/todo-tui/todos.plist).")
  var file: String?

  var store: Store {
    Store(path: file ?? Store.defaultPath(environment: ProcessInfo.processInfo.environment))
  }

  /// The file's document; a file of a newer format is still shown, with a warning.
  func load() throws -> TodoDocument {
    let doc = try store.load()
    for w in doc.warnings { CLI.warn(w) }
    return doc
  }
}

struct TodoTUI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "todo-tui",
    abstract: "A to-do list with deadlines and reminders, in the terminal.",
    version: FastPath.version,
    subcommands: [
      App.self, Add.self, List.self, Complete.self, Remind.self, Edit.self, Delete.self,
      Badge.self, Pending.self, Daemon.self, Import.self, Export.self,
    ],
    defaultSubcommand: App.self
  )
}
