import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal back even when the process dies of a fault (a trap, a
/// segmentation fault, an abort): the tty modes saved at start are restored
/// and the alternate screen is left, with async-signal-safe calls only, then
/// the handler that was there before (Swift's backtracer, or the default) takes
/// the signal, so the crash report and the exit status stay as they were.
enum TerminalRescue {
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var armed = false
  /// The handlers found at start, by signal number.
  nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

  /// Leaves the alternate screen, shows the cursor, ends bracketed paste and the mouse's reports, resets attributes.
  private static let reset: StaticString =
    "\u{1B}[?1049l\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[0m\r\n"

  /// Saves the tty modes and installs the handlers; call before the terminal is changed.
  static func arm() {
    guard tcgetattr(0, &saved) == 0 else { return }
    armed = true
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { sig in
      if TerminalRescue.armed {
        _ = tcsetattr(0, TCSANOW, &TerminalRescue.saved)
        _ = write(1, TerminalRescue.reset.utf8Start, TerminalRescue.reset.utf8CodeUnitCount)
      }
      sigaction(sig, TerminalRescue.previous + Int(sig), nil)
      raise(sig)
    }
    action.sa_flags = Int32(bitPattern: UInt32(truncatingIfNeeded: SA_RESETHAND))
    for sig in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
      sigaction(sig, &action, previous + Int(sig))
    }
  }

  /// The terminal was restored the normal way: nothing left to rescue.
  static func disarm() { armed = false }
}
