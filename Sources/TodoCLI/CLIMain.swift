import ArgumentParser
import Foundation
import TodoCore

/// The command line's entry: the executable's `main` calls ``run()``.
///
/// argv goes through two steps before a command runs: ``FastPath`` takes the
/// plainest shapes of the commands that scripts run often without the parser's
/// reflection (for speed only: it builds the same command the parser would);
/// everything else goes through ``Prepass`` (what swift-argument-parser does
/// not do: `--file` before the command, "did you mean") and the parser.
package enum CLIMain {
  /// The full-screen app, given by the executable (it owns the terminal backend).
  package nonisolated(unsafe) static var fullScreen: ((Store) throws -> Void)?

  /// Parses argv and runs the command. Every failure is one `error:` line on
  /// stderr and a non-zero exit: 1 for a failure, 64 for a usage error, which
  /// names what was expected (and, for a typo, what was probably meant).
  package static func run() -> Never {
    let args = Array(CommandLine.arguments.dropFirst())
    if args == ["--version"] {
      CLI.out(FastPath.version + "\n")
      exit(0)
    }
    do {
      var command = try parse(args)
      try command.run()
      CLI.sayMadeFolders()
      exit(0)
    } catch {
      CLI.sayMadeFolders()
      guard let (message, code) = failure(error, args: args) else {
        TodoTUI.exit(withError: error)  // --help, --version
      }
      CLI.fail(message, code: code)
    }
  }

  /// The command argv (without the program name) names.
  /// - Throws: ``CLIError`` or the parser's error; ``failure(_:args:)`` says what to print.
  static func parse(_ args: [String]) throws -> ParsableCommand {
    if let fast = FastPath.command(args) { return fast }
    return try TodoTUI.parseAsRoot(try Prepass.rewrite(args))
  }

  /// The one line and the exit status for `error`; nil for `--help` and
  /// `--version`, which the parser prints itself with status 0.
  static func failure(_ error: Error, args: [String]) -> (String, Int32)? {
    switch error {
    case let e as TodoError: return (e.description, e.isUsage ? 64 : 1)
    case let e as CLIError: return (e.message, e.code)
    default:
      if error is CleanExit || TodoTUI.exitCode(for: error) == .success { return nil }
      let msg = TodoTUI.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
      let argv = (try? Prepass.rewrite(args)) ?? args
      if let e = Prepass.unknownOption(msg, args: argv) ?? Prepass.unknownSubcommand(msg, args: argv) {
        return (e.message, e.code)
      }
      return (msg + " (see 'todo-tui help')", 64)
    }
  }
}

extension TodoError {
  /// A bad value given on the command line (a WHEN, DURATION, RULE or title):
  /// a usage error, exit 64, as `--help` says.
  var isUsage: Bool {
    switch self {
    case .badWhen, .badDuration, .badRule, .badTitle: return true
    default: return false
    }
  }
}
