import Foundation
import XCTest

@testable import TodoCore

/// A temporary folder with a vdir, removed after each test, and t0; `machine(at:)` is
/// one machine (`a.plist`, Berlin) syncing with it (SyncFieldsTests, SyncSubtaskTests;
/// SyncICalTests and LiveSyncTests use the folder with data files of their own).
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
