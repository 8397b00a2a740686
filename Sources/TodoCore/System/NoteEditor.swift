import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A note written in the user's editor (SPEC 4): `$VISUAL`, else `$EDITOR`,
/// else `vi`, run as git runs it (`sh -c '$EDITOR "$1"'`, so that an editor
/// with arguments works) through `posix_spawn`, on a file of its own in
/// `$TMPDIR` (mode 0600), with the terminal inherited; the caller waits.
public enum NoteEditor {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The editor command the environment names.
  public static func command(_ env: [String: String]) -> String {
    for k in ["VISUAL", "EDITOR"] {
      if let v = env[k], !v.trimmingCharacters(in: .whitespaces).isEmpty { return v }
    }
    return "vi"
  }

  /// The note as the editor leaves it (one last line feed, which editors add, dropped).
  /// - Throws: ``Failure`` when the editor cannot start or fails: the note is then unchanged.
  public static func edit(_ text: String, environment env: [String: String]) throws -> String {
    let dir = env["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array((dir + "/todo-tui-note-XXXXXX.txt").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard fd >= 0 else {
      throw Failure(description: "cannot make a file for the note in \(dir): \(errnoText())")
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    let bytes = Array((text.isEmpty || text.hasSuffix("\n") ? text : text + "\n").utf8)
    let err = Syscall.writeAll(fd, bytes)
    close(fd)
    guard err == 0 else {
      throw Failure(description: "cannot write the note to \(path): \(String(cString: strerror(err)))")
    }
    let editor = command(env)
    let status = try run(["/bin/sh", "-c", editor + " \"$1\"", "sh", path], env)
    guard status == 0 else {
      throw Failure(description: "the editor (\(editor)) exited with status \(status): the note is unchanged")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(description: "the editor left no file at \(path): the note is unchanged")
    }
    var out = String(decoding: data, as: UTF8.self)
    if out.hasSuffix("\n") { out.removeLast() }
    return out
  }

  /// Runs argv with the terminal and waits; its exit status (128 + the signal that ended it).
  static func run(_ argv: [String], _ env: [String: String]) throws -> Int32 {
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = env.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer { for p in cArgs + cEnv { free(p) } }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, argv[0], nil, nil, cArgs, cEnv)
    guard rc == 0 else {
      throw Failure(description: "cannot start the editor: \(String(cString: strerror(rc)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw Failure(description: "lost the editor: \(errnoText())") }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  static func errnoText() -> String { String(cString: strerror(errno)) }
}
