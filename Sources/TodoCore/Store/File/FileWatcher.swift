import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when a file is replaced or changed, through inotify on its folder
/// (an atomic rename replaces the inode, so the folder is what is watched).
///
/// It follows the file when the folder itself is deleted and made again (a
/// restore, a sync tool, `rm -rf` and `mkdir`). The folder's own
/// IN_DELETE_SELF does not come while a file in it is held open (such as the
/// notifier's lock), so once something in the folder is deleted (what comes
/// before the folder can go) its parent is watched for the folder's removal;
/// while the folder is gone, the nearest folder above that exists (and its
/// parent) are watched, until the folder is back and watched again, alone: in
/// the usual state nothing but the folder is watched, and other programs
/// writing beside it wake nothing.
public final class FileWatcher {
  /// The inotify descriptor; readable when something happened.
  public let fd: Int32
  private let name: String
  private let folder: String
  /// The folder, while it is there.
  private var watch: Int32 = -1
  /// While the folder is gone: the nearest folder above it that exists (anything made there).
  private var above: Int32 = -1
  /// The parent of the folder (or, while it is gone, of `above`): the removal of `guarded` there.
  private var guardWatch: Int32 = -1
  private var guarded = ""
  /// How many times the folder was found made again after it was deleted.
  public private(set) var generation = 0
  private static let folderMask = UInt32(
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)
  private static let guardMask = UInt32(IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR)
  private static let aboveMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

  /// - Parameter path: the data file; its folder must exist (it is created if not, and told to `made`).
  public init(path: String, made: ((String) -> Void)? = nil) throws {
    let dir = (path as NSString).deletingLastPathComponent
    let folder = dir.isEmpty ? "." : dir
    self.folder = folder
    name = (path as NSString).lastPathComponent
    try Store.makeFolders(folder, made: made)
    fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else {
      throw TodoError.io(path: folder, detail: "inotify: " + String(cString: strerror(errno)))
    }
    _ = follow()
    generation = 0
    guard watch >= 0 else {
      let e = errno
      close(fd)
      throw TodoError.io(path: folder, detail: "inotify: " + String(cString: strerror(e)))
    }
  }

  deinit { close(fd) }

  /// Reads the pending events; true when one of them concerns the watched file
  /// (or its folder came back, with whatever is in it now).
  public func drain() -> Bool {
    var hit = false
    var lost = false
    var emptying = false
    Inotify.drain(fd) { wd, mask, named in
      if wd == watch {
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
          lost = true
        } else {
          if !named.isEmpty && named == name { hit = true }
          if mask & UInt32(IN_DELETE) != 0 { emptying = true }
        }
      } else if wd == above {
        lost = true  // something was made where the folder is to come back: look
      } else if wd == guardWatch && ((!named.isEmpty && named == guarded) || mask & UInt32(IN_IGNORED) != 0) {
        lost = true  // the folder (or the folder above it) was removed
      }
    }
    if hit && !emptying && !lost && guardWatch >= 0 && watch >= 0 {
      // The file written again in a folder still there: in use, not on its way out.
      _ = inotify_rm_watch(fd, guardWatch)
      guardWatch = -1
    }
    if emptying && !lost && guardWatch < 0 {
      // Something was deleted in the folder: it may be on its way out (rm -rf),
      // so its removal is watched from the parent from now until it comes back.
      guardParent(of: folder)
      var st = stat()
      if stat(folder, &st) != 0 { lost = true }
    }
    if lost && follow() { hit = true }
    return hit
  }

  /// Watches the folder (and its parent, for its removal) if it exists; true
  /// when that is a folder not watched before. Else watches the nearest folder
  /// above it that does (and that one's parent), to hear when it comes back.
  private func follow() -> Bool {
    for _ in 0..<16 {  // a few rounds while folders come and go; inotify errors end it
      let old = [watch, above, guardWatch]
      var st = stat()
      if stat(folder, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
        let w = inotify_add_watch(fd, folder, Self.folderMask)
        guard w >= 0 else { continue }  // gone again meanwhile
        let came = w != watch
        watch = w
        above = -1
        if !came && guardWatch >= 0 { guardParent(of: folder) } else { guardWatch = -1 }
        retire(old)
        if came { generation += 1 }
        return came
      }
      // Gone: watch the nearest existing folder above for a folder being made.
      var up = (folder as NSString).deletingLastPathComponent
      while !up.isEmpty && up != "/" && stat(up, &st) != 0 { up = (up as NSString).deletingLastPathComponent }
      if up.isEmpty { up = "." }
      let w = inotify_add_watch(fd, up, Self.aboveMask)
      guard w >= 0 else { continue }  // that one went too: look again
      watch = -1
      above = w
      guardParent(of: up)
      retire(old)
      // The folder may have come back while we looked: look once more.
      if stat(folder, &st) != 0 { return false }
    }
    return false
  }

  /// Watches the parent of `path` for the removal of `path`.
  private func guardParent(of path: String) {
    let parent = (path as NSString).deletingLastPathComponent
    guard path != "." && path != "/" && !parent.isEmpty else {
      guardWatch = -1
      return
    }
    guarded = (path as NSString).lastPathComponent
    guardWatch = inotify_add_watch(fd, parent, Self.guardMask)
  }

  /// Removes the watches of `old` that are not in use now.
  private func retire(_ old: [Int32]) {
    for w in Set(old) where w >= 0 && w != watch && w != above && w != guardWatch {
      _ = inotify_rm_watch(fd, w)
    }
  }

  /// Blocks until the file changes (true) or `deadline` passes (false).
  /// A nil deadline waits for a change only. EINTR returns false early, so that
  /// a signal handler's flag can be looked at.
  public func wait(until deadline: Date?, now: () -> Date = { Date() }) -> Bool {
    while true {
      var timeout: Int32 = -1
      if let d = deadline {
        let ms = d.timeIntervalSince(now()) * 1000
        if ms <= 0 { return drain() }
        timeout = Int32(min(ms.rounded(.up), Double(Int32.max)))
      }
      var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let r = poll(&p, 1, timeout)
      if r < 0 { return false }  // EINTR
      if r == 0 { return false }
      if drain() { return true }
    }
  }
}
