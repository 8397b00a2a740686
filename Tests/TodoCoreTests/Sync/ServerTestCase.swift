import Foundation
import XCTest

@testable import TodoCore

/// A folder of the test's own with `local/` (our side of the pair) and the
/// set-up's `config/`, and a stand-in vdirsyncer (a shell script) that does
/// what each test needs (ServerSyncTests, ServerRoundTests, ServerSetUpTests).
class ServerTestCase: FolderTestCase {
  var paths: ServerPaths!

  override func setUpWithError() throws {
    try super.setUpWithError()
    try FileManager.default.createDirectory(atPath: dir + "/local", withIntermediateDirectories: true)
    paths = ServerPaths(folder: dir + "/config")
  }

  /// A stand-in vdirsyncer: logs its arguments to `calls`, then runs `body`.
  func fake(_ body: String) throws -> String {
    let path = dir + "/vdirsyncer"
    try "#!/bin/sh\necho \"$@\" >>\(dir)/calls\n\(body)\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return path
  }

  var calls: [String] {
    ((try? String(contentsOfFile: dir + "/calls", encoding: .utf8)) ?? "").split(separator: "\n").map(
      String.init)
  }

  func server(
    _ program: String, lines: Lines, timeout: TimeInterval = 10, namesPair: String? = nil,
    cancel: Int32? = nil
  ) throws -> ServerSync {
    try ServerSync(
      engine: Vdirsyncer(
        executable: program, config: dir + "/v.conf", timeout: timeout, environment: [:], cancel: cancel),
      pair: "p", namesPair: namesPair, paths: paths, local: dir + "/local",
      schedule: RetrySchedule(first: 5, poll: 60), report: lines.add)
  }
}
