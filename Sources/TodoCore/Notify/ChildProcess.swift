import CSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A command started with `posix_spawn` (through the CSystem shim): no shell,
/// stdin from /dev/null, stdout on a pseudo-terminal in raw mode (stdio then
/// writes each line at once: notify-send's `--print-id` comes while the bubble
/// waits; a pipe where no pty can be had), stderr into a pipe, nothing else
/// inherited (every other descriptor is closed in the child), signals at their
/// defaults and unblocked, a process group of its own.
///
/// The parent holds three descriptors for it — the pty's master, the stderr
/// pipe and a pidfd (readable when it ends) — all close-on-exec and non-blocking. Foundation's
/// `Process` is not used: it crashed in bursts of launches and held about
/// seven descriptors and a thread per child (STYLE, "Known facts").
struct ChildProcess {
  let pid: pid_t
  /// The read end of the command's stdout (a pty master, or a pipe).
  let stdout: Int32
  /// The read end of the command's stderr.
  let stderr: Int32
  /// Readable when the command ended; -1 where the kernel has no pidfd.
  let pidfd: Int32

  /// Starts `path` with `arguments` (after argv[0], which is `path`) and exactly `environment`,
  /// its stdin read from the file `stdin`.
  /// - Throws: the errno of the failed start as ``SpawnError`` (ENOENT, EACCES, EMFILE…).
  static func spawn(
    _ path: String, arguments: [String], environment: [String: String], stdin: String = "/dev/null"
  ) throws -> ChildProcess {
    let argv = [path] + arguments
    let envp = environment.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }
    var pid: pid_t = 0
    var out: Int32 = -1
    var err: Int32 = -1
    var pfd: Int32 = -1
    let rc = withCStrings(argv) { cArgv in
      withCStrings(envp) { cEnvp in
        csystem_spawn_in(path, cArgv, cEnvp, stdin, &pid, &out, &err, &pfd)
      }
    }
    guard rc == 0 else { throw SpawnError(errno: rc) }
    return ChildProcess(pid: pid, stdout: out, stderr: err, pidfd: pfd)
  }

  /// Calls `body` with a NULL-terminated C array of the strings.
  private static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    let copies = strings.map { strdup($0) } + [nil]
    defer { for c in copies { free(c) } }
    return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  /// Reaps the child if it has ended: its wait status, or nil while it runs.
  func reap() -> Int32? {
    var status: Int32 = 0
    let r = Syscall.retrying { waitpid(pid, &status, WNOHANG) }
    if r == pid { return status }
    if r < 0 { return 0 }  // already reaped (ECHILD): nothing more to learn
    return nil
  }

  /// Sends `signal` to the command's process group (what it started ends too).
  func signal(_ sig: Int32) {
    if kill(-pid, sig) != 0 { _ = kill(pid, sig) }
  }

  /// Closes the parent's descriptors.
  func closeAll() {
    for fd in [stdout, stderr, pidfd] where fd >= 0 { close(fd) }
  }
}

/// A command that could not be started: the errno of `posix_spawn`.
struct SpawnError: Error, Equatable, CustomStringConvertible {
  let errno: Int32
  var description: String { String(cString: strerror(errno)) }
}

/// How a command ended, from its wait status.
enum Termination: Equatable, Sendable {
  case exited(Int32)
  case signalled(Int32)

  init(waitStatus s: Int32) {
    // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
    if s & 0x7f == 0 {
      self = .exited((s >> 8) & 0xff)
    } else {
      self = .signalled(s & 0x7f)
    }
  }
}
