internal import CFFmpeg

/// Gives memory the process freed back to the system.
public enum MemoryRelease {
    /// Returns the allocator's free pages to the kernel (`malloc_trim`), so freeing decoder
    /// pools and queued packets lowers the resident set instead of only the heap's use:
    /// glibc keeps freed small blocks, and mid-heap pages, mapped otherwise.
    public static func returnFreedMemory() {
        _ = malloc_trim(0)
    }
}
