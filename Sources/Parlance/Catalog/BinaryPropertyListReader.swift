/// Reads Apple's binary property list format (`bplist00`) with a bounds check on every read.
///
/// A truncated or damaged file is an error that says what is wrong and where (the byte offset
/// and the key path reached), never a crash: offsets outside the file, object references past the
/// object table, cycles, and counts larger than the file are all refused.
///
/// Layout: an 8-byte header, the objects, an offset table, and a 32-byte trailer holding the
/// offset size, the reference size, the number of objects, the top object and the table's offset.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let file: String
    private var offsetSize = 0
    private var refSize = 0
    private var objectCount = 0
    private var tableOffset = 0
    private static let maxDepth = 512

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private func corrupt(_ detail: String, path: String? = nil) -> PropertyListError {
        .corruptBinary(ErrorSite(file: file, keyPath: path), detail: detail)
    }

    /// - Complexity: O(n) in the size of the file.
    mutating func read() throws -> PropertyList {
        guard bytes.count >= 8 + 32 else {
            throw corrupt("the file has \(bytes.count) bytes, fewer than a header and trailer (40)")
        }
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw corrupt("unsupported version '\(String(decoding: bytes[0..<8], as: UTF8.self))' (only bplist00 is read)")
        }
        let t = bytes.count - 32
        offsetSize = Int(bytes[t + 6])
        refSize = Int(bytes[t + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            throw corrupt("the trailer gives offset size \(offsetSize) and reference size \(refSize) (each must be 1 to 8); the file is probably cut short")
        }
        let count = uint(at: t + 8, size: 8), top = uint(at: t + 16, size: 8), table = uint(at: t + 24, size: 8)
        guard count > 0, count <= UInt64(bytes.count) else { throw corrupt("the trailer claims \(count) objects in a \(bytes.count)-byte file") }
        objectCount = Int(count)
        guard table >= 8, table < UInt64(t), UInt64(t) - table >= count * UInt64(offsetSize) else {
            throw corrupt("the offset table (at byte \(table), \(count) entries) does not fit in the file")
        }
        tableOffset = Int(table)
        guard top < count else { throw corrupt("the top object \(top) is not among the \(count) objects") }
        var visiting = Set<Int>()
        return try object(Int(top), path: nil, depth: 0, visiting: &visiting)
    }

    private func uint(at offset: Int, size: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<size { v = v << 8 | UInt64(bytes[offset + i]) }
        return v
    }

    /// Reads `size` big-endian bytes at `offset` after checking they lie before the offset table.
    private func checkedUInt(at offset: Int, size: Int, path: String?) throws -> UInt64 {
        guard offset >= 8, size >= 0, offset + size <= tableOffset else {
            throw corrupt("a value at byte \(offset) runs past the object data (which ends at byte \(tableOffset))", path: path)
        }
        return uint(at: offset, size: size)
    }

    private func offset(of ref: Int, path: String?) throws -> Int {
        guard ref >= 0, ref < objectCount else { throw corrupt("object reference \(ref) is beyond the \(objectCount) objects", path: path) }
        let o = Int(uint(at: tableOffset + ref * offsetSize, size: offsetSize))
        guard o >= 8, o < tableOffset else { throw corrupt("object \(ref) starts at byte \(o), outside the object data", path: path) }
        return o
    }

    /// The element count after a marker: its low nibble, or a following integer object if 0xF.
    private func count(marker: UInt8, at o: Int, path: String?) throws -> (count: Int, start: Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, o + 1) }
        let m = UInt8(try checkedUInt(at: o + 1, size: 1, path: path))
        guard m >> 4 == 0x1 else { throw corrupt("a length at byte \(o + 1) is not an integer", path: path) }
        let size = 1 << Int(m & 0x0F)
        guard size <= 8 else { throw corrupt("a length at byte \(o + 1) is \(size) bytes wide", path: path) }
        let n = try checkedUInt(at: o + 2, size: size, path: path)
        guard n <= UInt64(bytes.count) else { throw corrupt("a length of \(n) at byte \(o + 1) exceeds the file size", path: path) }
        return (Int(n), o + 2 + size)
    }

    private func object(_ ref: Int, path: String?, depth: Int, visiting: inout Set<Int>) throws -> PropertyList {
        guard depth < Self.maxDepth else { throw corrupt("nesting deeper than \(Self.maxDepth) levels", path: path) }
        let o = try offset(of: ref, path: path)
        let marker = UInt8(try checkedUInt(at: o, size: 1, path: path))
        let site = ErrorSite(file: file, keyPath: path)
        func node(_ v: PropertyList.Value) -> PropertyList { PropertyList(v, site: site) }
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return node(.bool(false))
            case 0x09: return node(.bool(true))
            default: throw corrupt("object marker 0x\(String(marker, radix: 16)) at byte \(o) is not supported", path: path)
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 8 else { throw corrupt("an integer at byte \(o) is \(size) bytes wide", path: path) }
            let raw = try checkedUInt(at: o + 1, size: size, path: path)
            return node(.integer(size == 8 ? Int64(bitPattern: raw) : Int64(raw)))
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            let raw = try checkedUInt(at: o + 1, size: size, path: path)
            switch size {
            case 4: return node(.real(Double(Float(bitPattern: UInt32(raw)))))
            case 8: return node(.real(Double(bitPattern: raw)))
            default: throw corrupt("a real at byte \(o) is \(size) bytes wide (4 or 8 expected)", path: path)
            }
        case 0x3:
            return node(.date(Double(bitPattern: try checkedUInt(at: o + 1, size: 8, path: path))))
        case 0x4:
            let (n, s) = try count(marker: marker, at: o, path: path)
            return node(.data(Array(try slice(s, n, path: path))))
        case 0x5:
            let (n, s) = try count(marker: marker, at: o, path: path)
            let raw = try slice(s, n, path: path)
            guard raw.allSatisfy({ $0 < 0x80 }) else { throw corrupt("an ASCII string at byte \(o) holds non-ASCII bytes", path: path) }
            return node(.string(String(decoding: raw, as: UTF8.self)))
        case 0x6:
            let (n, s) = try count(marker: marker, at: o, path: path)
            let raw = try slice(s, n * 2, path: path)
            guard let str = try? TextDecoding.utf16(raw, bigEndian: true, file: file) else {
                throw corrupt("a UTF-16 string at byte \(o) holds an unpaired surrogate", path: path)
            }
            return node(.string(str))
        case 0xA, 0xD:
            guard visiting.insert(ref).inserted else { throw corrupt("object \(ref) contains itself", path: path) }
            defer { visiting.remove(ref) }
            let (n, s) = try count(marker: marker, at: o, path: path)
            let isDict = marker >> 4 == 0xD
            let refs = try (0..<(isDict ? 2 * n : n)).map { i in
                Int(try checkedUInt(at: s + i * refSize, size: refSize, path: path))
            }
            if !isDict {
                return node(.array(try refs.enumerated().map { i, r in
                    try object(r, path: PropertyList.childPath(path, index: i), depth: depth + 1, visiting: &visiting)
                }))
            }
            var pairs: [(key: String, value: PropertyList)] = []
            var seen = Set<String>()
            for i in 0..<n {
                let keyNode = try object(refs[i], path: path, depth: depth + 1, visiting: &visiting)
                guard case .string(let key) = keyNode.value else {
                    throw corrupt("a dictionary key at entry \(i) is a \(keyNode.kind), not a string", path: path)
                }
                let childPath = PropertyList.childPath(path, key: key)
                guard seen.insert(key).inserted else {
                    throw PropertyListError.duplicateKey(ErrorSite(file: file, keyPath: childPath), key: key, firstLine: nil)
                }
                pairs.append((key, try object(refs[n + i], path: childPath, depth: depth + 1, visiting: &visiting)))
            }
            return node(.dictionary(pairs))
        default:
            throw corrupt("object marker 0x\(String(marker, radix: 16)) at byte \(o) is not supported", path: path)
        }
    }

    private func slice(_ start: Int, _ length: Int, path: String?) throws -> ArraySlice<UInt8> {
        guard length >= 0, start + length <= tableOffset else {
            throw corrupt("\(length) bytes at byte \(start) run past the object data (which ends at byte \(tableOffset))", path: path)
        }
        return bytes[start..<(start + length)]
    }
}
