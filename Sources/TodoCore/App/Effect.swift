/// What the reducer asks the runtime to do, as data that tests compare.
public enum Effect: Equatable, Sendable {
  /// Change the data file (under its lock) and report back with
  /// ``Action/mutated(_:_:)`` or ``Action/mutationFailed(_:_:)``.
  case mutate(Mutation)
  /// Set the terminal's title.
  case setTerminalTitle(String)
  /// Ring the terminal bell.
  case bell
  /// Restore the terminal and exit.
  case quit
}
