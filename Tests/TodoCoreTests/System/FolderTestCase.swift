import Foundation
import XCTest

/// A test case with a fresh folder of its own for each test (`dir`), removed afterwards.
class FolderTestCase: XCTestCase {
  var dir = ""

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "\(type(of: self))-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }
}
