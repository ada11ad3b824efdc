import CPango
import Foundation

/// SHA-256 by GLib (`g_compute_checksum_for_data`), which the text stack links anyway: for
/// Content-Security-Policy hashes of scripts and the digests of documentation images.
package enum SHA256 {
    /// The digest as lowercase hex.
    package static func hex(_ message: some Collection<UInt8>) -> String {
        let bytes = Array(message)
        guard let text = bytes.withUnsafeBufferPointer({ g_compute_checksum_for_data(G_CHECKSUM_SHA256, $0.baseAddress, gsize($0.count)) }) else {
            // GLib returns NULL only for an unknown checksum type.
            preconditionFailure("GLib has no SHA-256")
        }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The digest's 32 bytes.
    package static func digest(_ message: some Collection<UInt8>) -> [UInt8] {
        let text = Array(hex(message).utf8)
        func nibble(_ byte: UInt8) -> UInt8 { byte >= 0x61 ? byte - 0x61 + 10 : byte - 0x30 }
        return stride(from: 0, to: text.count, by: 2).map { nibble(text[$0]) << 4 | nibble(text[$0 + 1]) }
    }

    /// The digest in base64, as a `'sha256-…'` source of a Content-Security-Policy.
    package static func base64(_ message: some Collection<UInt8>) -> String {
        Data(digest(message)).base64EncodedString()
    }
}
