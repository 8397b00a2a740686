import ArgumentParser
import Foundation
import TodoCore

/// Parses argv and runs the command. Every failure is one `error:` line on
/// stderr and a non-zero exit; usage errors name what was expected.
func runMain(_ fast: ParsableCommand? = nil) -> Never {
  do {
    var command = try fast ?? TodoTUI.parseAsRoot()
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
    CLI.fail(msg + " (see 'todo-tui help')", code: 64)
  }
}

runMain(FastPath.command(CommandLine.arguments))
