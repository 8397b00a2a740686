import Foundation
import XCTest

@testable import TodoCore

/// The header tells the last sync with the server (SPEC 10): when it worked, or that it failed.
final class AppServerHeaderTests: XCTestCase {
  let size = Size(width: 80, height: 10)

  func testTheHeaderShowsTheLastSyncOrAFailure() {
    var s = appState([], size: size)
    XCTAssertEqual(
      render(s, size: size).lines[0],
      " Todo List                                           0 overdue · 0/64 scheduled ", "no server: nothing"
    )
    var status = ServerStatus()
    status.lastSuccess = Date(timeIntervalSince1970: 1_800_000_000)
    s.serverSync = status
    let ok = render(s, size: size)
    XCTAssertTrue(ok.lines[0].hasPrefix(" Todo List  ✓ synced "), ok.lines[0])
    XCTAssertEqual(ok[12, 0].style.attributes, .dim)
    status.ok = false
    status.lastError = "Cannot connect to host"
    s.serverSync = status
    let failed = render(s, size: size)
    XCTAssertEqual(
      failed.lines[0], " Todo List  ✗ sync failed                            0 overdue · 0/64 scheduled ")
    XCTAssertEqual(failed[12, 0].style.colour, .yellow)
    // When the failed round ran (issue 33: the header tells the truth).
    status.lastRun = Date(timeIntervalSince1970: 1_800_000_300)
    s.serverSync = status
    let f = DateFormatter()
    f.dateFormat = "HH:mm"
    XCTAssertTrue(
      render(s, size: size).lines[0].hasPrefix(
        " Todo List  ✗ sync failed \(f.string(from: status.lastRun!))   "), render(s, size: size).lines[0])
  }
}
