import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension LeanPlistReader {
  /// A file read as the cursor needs it, into address space reserved for the
  /// whole file; the pages behind the cursor are given back, so that the
  /// reader holds about 1 MB of a file of any size.
  final class Feed {
    let fd: Int32
    let size: Int
    let base: UnsafeMutableRawPointer
    private(set) var filled = 0
    private var released = 0
    /// The whole file is in (or it ended early: it shrank while read).
    private(set) var done = false

    init?(fd: Int32, size: Int) {
      guard size > 0, let m = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        m != UnsafeMutableRawPointer(bitPattern: -1)
      else { return nil }
      self.fd = fd
      self.size = size
      base = m
    }

    deinit { munmap(base, size) }

    /// Reads until `n` bytes of the file are in, or all of it.
    func fill(upTo n: Int) throws {
      let goal = min(n, size)
      while filled < goal {
        let got = Syscall.retrying { Glibc.read(fd, base + filled, goal - filled) }
        if got < 0 {
          throw ReadFailed(errno: errno)
        }
        if got == 0 {
          done = true
          return
        }
        filled += got
      }
      if filled == size { done = true }
    }

    /// Gives back the whole 64 KiB pages below `offset`.
    func release(below offset: Int) {
      let upTo = offset & ~0xFFFF
      guard upTo > released else { return }
      madvise(base + released, upTo - released, MADV_DONTNEED)
      released = upTo
    }
  }
}
