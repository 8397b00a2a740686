/// What the reducer asks the runtime to do, as data that tests compare.
public enum Effect: Equatable, Sendable {
  /// Commit an operation to the data file (``Store/commit(_:wait:env:whileLocked:)``)
  /// and report back with ``Action/mutated(_:_:)`` or ``Action/mutationFailed(_:_:)``.
  case commit(TodoOperation)
  /// Set the terminal's title.
  case setTerminalTitle(String)
  /// Ring the terminal bell.
  case bell
  /// Restore the terminal and exit.
  case quit
  /// Hand the note to `$EDITOR` (the terminal given up meanwhile), then report
  /// with ``FormAction/noteEdited(_:)`` or ``Action/notice(_:)``.
  case editNote(String)
}
