import ArgumentParser
import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The commands that run often from scripts and status bars, parsed without
/// the root command's tree: swift-argument-parser finds every subcommand's name
/// by reflection before it looks at argv, which was a fifth of `list` at
/// 10,000 items and most of `--version`. Only the named subcommand's own
/// parser runs here; anything it does not accept (a typo, `--help`) goes to
/// the root parser, so errors and help read exactly as before.
enum FastPath {
  static let version = "0.1.0"

  /// The command for argv, or nil for the root parser.
  static func command(_ argv: [String]) -> ParsableCommand? {
    guard argv.count >= 2 else { return nil }
    let rest = Array(argv.dropFirst(2))
    do {
      switch argv[1] {
      case "--version" where rest.isEmpty:
        CLI.out(version + "\n")
        exit(0)
      case "list": return try List.parse(rest)
      case "badge": return try Badge.parse(rest)
      case "add": return try Add.parse(rest)
      case "complete": return try Complete.parse(rest)
      default: return nil
      }
    } catch {
      return nil
    }
  }
}
