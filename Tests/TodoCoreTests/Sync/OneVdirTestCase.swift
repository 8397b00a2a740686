import Foundation
import XCTest

@testable import TodoCore

/// One machine (`a.plist`, Berlin) and its vdir in a temporary folder, for the
/// sync tests that need no more (SyncFieldsTests, SyncSubtaskTests).
class OneVdirTestCase: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir = ""

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "sync-one-vdir-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir + "/vdir", withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  /// The machine's sync at `offset` seconds after t0.
  func machine(at offset: TimeInterval) -> VdirSync {
    let env = TodoEnvironment.fixed(t0 + offset, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    return VdirSync(
      store: Store(path: dir + "/a.plist"), vdirPath: dir + "/vdir", codec: .iCalendar(env: env), env: env)
  }
}
