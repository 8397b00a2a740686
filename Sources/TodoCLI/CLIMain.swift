import ArgumentParser
import Foundation
import TodoCore

/// The command line's entry: the executable's `main` calls ``run()``.
package enum CLIMain {
  /// The full-screen app, given by the executable (it owns the terminal backend).
  package nonisolated(unsafe) static var fullScreen: ((Store) throws -> Void)?

  /// Parses argv and runs the command. Every failure is one `error:` line on
  /// stderr and a non-zero exit: 1 for a failure, 64 for a usage error, which
  /// names what was expected (and, for a typo, what was probably meant).
  package static func run() -> Never {
    let args = Array(CommandLine.arguments.dropFirst())
    var argv = args
    do {
      // The fast path first: it takes only `COMMAND plain-args`, which the pre-pass
      // leaves as they are, and the pre-pass lists every command's name by reflection.
      var command: ParsableCommand
      if let fast = FastPath.command(["todo-tui"] + args) {
        command = fast
      } else {
        argv = try Prepass.rewrite(args)
        command = try TodoTUI.parseAsRoot(argv)
      }
      try command.run()
      exit(0)
    } catch let e as TodoError {
      CLI.fail(e.description, code: 1)
    } catch let e as CLIError {
      CLI.fail(e.message, code: e.code)
    } catch {
      let code = TodoTUI.exitCode(for: error)
      if code == .success || error is CleanExit {
        TodoTUI.exit(withError: error)  // --help, --version
      }
      let msg = TodoTUI.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
      if let e = Prepass.unknownOption(msg, args: argv) { CLI.fail(e.message, code: e.code) }
      CLI.fail(msg + " (see 'todo-tui help')", code: 64)
    }
  }
}
