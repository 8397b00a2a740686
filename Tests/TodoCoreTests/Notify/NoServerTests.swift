import Foundation
import XCTest

@testable import TodoCore

/// Issue 25, point 8: without a notification server, notify-send's raw
/// libnotify warning (its process id and time different each time) was told
/// at every retry, 2, 4, 8, 16 s apart, and cut off in the app's status line.
/// Now one clear sentence, once, short enough for the status line.
final class NoServerTests: NotifierTestCase {
  func testNoServerIsOneSentenceOnce() throws {
    try put([item(1, at: 0, title: "Pay rent")])
    let clock = ManualClock(t0)
    let log = EventLog()
    // What notify-send prints without a server: a GLib warning with its pid and the time.
    let warn =
      #"echo "(notify-send:$$): libnotify-WARNING **: $(date +%H:%M:%S.%N): Failed to connect to proxy" >&2; exit 1"#
    let e = engine(try fakeCommand(replies: ["*": warn]), clock: clock, log: log)
    XCTAssertEqual(try e.fireDue(now: t0).count, 1)
    for tries in 1...4 {
      XCTAssertTrue(eventually { calls().count == tries }, "try \(tries)")
      XCTAssertTrue(eventually { e.runner.count == 0 && e.book.retries.count == 1 })
      clock.advance(Double(2 << tries))  // past the pause, which doubles
    }
    XCTAssertEqual(log.problems, [NotifyCommand.noServer], "told once, in one sentence")
    XCTAssertLessThanOrEqual(NotifyCommand.noServer.count, 78, "fits the status line at 80 columns")
    // The record of the last try is taken back just after its command ended:
    // wait for that write rather than race it on a loaded machine.
    XCTAssertTrue(eventually { (try? delivered(1)) == .some(nil) }, "still waiting for a server")
  }

  func testTheNoServerSignsOfNotifySendAndGdbus() {
    for err in [
      "GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.Notifications was not provided by any .service files",
      "(notify-send:4242): libnotify-WARNING **: 14:02:03.456: Failed to connect to proxy",
      "Error: Cannot autolaunch D-Bus without X11 $DISPLAY",
      "Could not connect: No such file or directory",
    ] {
      XCTAssertEqual(
        NotifyCommand.failure("the notify command", status: 1, stderr: err), NotifyCommand.noServer, err)
    }
    // Another failure keeps its words, without the pid and time that made each try differ.
    let a = NotifyCommand.failure(
      "the notify command", status: 2, stderr: "(x:11): GLib-WARNING **: 10:00:01.5: oops")
    let b = NotifyCommand.failure(
      "the notify command", status: 2, stderr: "(x:12): GLib-WARNING **: 10:00:09.7: oops")
    XCTAssertEqual(a, b)
    XCTAssertEqual(a, "the notify command failed with status 2: GLib-WARNING **: oops")
    XCTAssertEqual(
      NotifyCommand.failure("the notify command", status: 3, stderr: nil),
      "the notify command failed with status 3")
  }
}
