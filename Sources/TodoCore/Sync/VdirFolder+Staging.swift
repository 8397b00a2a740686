import CSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// New items' files, written whole in the staging folder and moved into place
/// (``VdirFolder/Batch``), on any thread: none of these touches a batch.
extension VdirFolder.Batch {
  /// Writes a new item's file whole under its name `href` in the staging folder
  /// `sfd` (of the folder `path`); returns its `stat` (its etag for ``adopt(_:as:)``).
  static func writeStaged(in sfd: Int32, _ data: Data, as href: String, path: String) throws -> stat {
    let fd = openat(sfd, href, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw TodoError.io(path: path + "/" + href, detail: "cannot write: " + Store.errorText(errno))
    }
    defer { close(fd) }
    return try write(data, to: fd, path: path + "/" + href)
  }

  static func write(_ data: Data, to fd: Int32, path: String) throws -> stat {
    let e = Syscall.writeAll(fd, data)
    var st = stat()
    guard e == 0, fstat(fd, &st) == 0 else {
      let e = e == 0 ? errno : e
      throw TodoError.io(path: path, detail: "cannot write: " + Store.errorText(e))
    }
    return st
  }

  /// Flushes the files `staged` in the staging folder `s` (one `syncfs`, or the
  /// `fsync` of the one) and moves each into the folder `d` (of path `path`) under
  /// its name by a rename that never replaces a file; returns href → etag of those
  /// moved: a name someone else made meanwhile is left to their file (ours is removed).
  /// Where `renameat2` cannot (EINVAL, ENOSYS): a link (never replaces), then the
  /// staged name removed; where there are no links either, looked for, then renamed.
  static func move(_ staged: [(href: String, etag: String)], from s: Int32, to d: Int32, path: String) throws
    -> [String: String]
  {
    guard let first = staged.first else { return [:] }
    flush(staged.count, first: first.href, in: s)
    var moved: [String: String] = [:]
    moved.reserveCapacity(staged.count)
    var noReplace = true
    for (href, etag) in staged {
      if noReplace, csystem_renameat_noreplace(s, href, d, href) == 0 {
        moved[href] = etag
        continue
      }
      if noReplace, errno == EINVAL || errno == ENOSYS { noReplace = false }
      if !noReplace, linkat(s, href, d, href, 0) == 0 {
        moved[href] = etag
      } else if errno != EEXIST {
        let e = errno
        if !noReplace, e == EPERM || e == EOPNOTSUPP || e == ENOSYS,
          faccessat(d, href, F_OK, AT_SYMLINK_NOFOLLOW) != 0, renameat(s, href, d, href) == 0
        {
          moved[href] = etag
          continue
        }
        throw TodoError.io(path: path + "/" + href, detail: "cannot write: " + Store.errorText(e))
      }
      unlinkat(s, href, 0)  // moved by the link, or someone else's file is there
    }
    return moved
  }

  /// Flushes `count` files written in the folder `dir` to disk: the `fsync` of
  /// the one (named `first`), or one `syncfs` for many.
  static func flush(_ count: Int, first: String, in dir: Int32) {
    guard count == 1 else {
      csystem_syncfs(dir)
      return
    }
    let fd = openat(dir, first, O_RDONLY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
  }

}

extension VdirFolder {
  /// Removes the staging folder of `path` (``Batch``) and the files in it.
  static func removeStaging(in path: String) {
    let staging = path + "/" + Batch.stagingName
    var st = stat()
    guard lstat(staging, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return }
    for n in (try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? [] {
      unlink(staging + "/" + n)
    }
    rmdir(staging)
  }
}
