import Testing
@testable import StackboardCore

/// The record of borrowed keycodes on the root window: its format, what a dead borrower left,
/// and how the pool is shared.
@Suite struct KeymapRecordTests {
    let alice = KeymapRecord.Borrower(slot: 300, window: 0x40_0001, pid: 111, nonce: 7)
    let bob = KeymapRecord.Borrower(slot: 301, window: 0x60_0001, pid: 222, nonce: 9)

    @Test func emptyPropertyIsAnEmptyRecordAndEncodesToNothing() throws {
        let record = try #require(KeymapRecord(decoding: []))
        #expect(record == KeymapRecord())
        #expect(record.encoded == [])
    }

    @Test func roundTripKeepsEveryField() throws {
        let keys = [KeymapRecord.Key(keycode: 230, pid: 111, nonce: 7, symbols: [0xe0, 0xe1]),
                    KeymapRecord.Key(keycode: 222, pid: 222, nonce: 9, symbols: [0x6c1, 0x6c2, 0x6c3, 0x6c4])]
        let record = KeymapRecord(borrowers: [alice, bob], keys: keys)
        let values = record.encoded
        #expect(values.prefix(2) == [1, 2])
        #expect(values.count == 2 + 2 * 4 + 2 * 7)
        #expect(Array(values[10..<17]) == [230, 111, 7, 0xe0, 0xe1, 0, 0])
        #expect(KeymapRecord(decoding: values) == record)
    }

    @Test func symbolsArePaddedOrCutToFourLevels() {
        #expect(KeymapRecord.Key(keycode: 93, pid: 1, nonce: 1, symbols: [5]).symbols == [5, 0, 0, 0])
        #expect(KeymapRecord.Key(keycode: 93, pid: 1, nonce: 1, symbols: [1, 2, 3, 4, 5]).symbols == [1, 2, 3, 4])
    }

    @Test(arguments: [
        [UInt32(2), 0],                       // another version
        [1],                                  // no count
        [1, 1, 300, 1, 2],                    // a borrower cut short
        [1, 0, 230, 1, 7, 0, 0, 0],           // a key cut short
        [1, 0, 300, 1, 7, 0, 0, 0, 0],        // keycode out of range
        [1, 0, 230, 1, 0, 0, 0, 0, 0],        // nonce 0
        [1, 0, 230, 1, 7, 0, 0, 0, 0, 230, 1, 8, 0, 0, 0, 0], // the same keycode twice
    ])
    func malformedValuesAreRejected(_ values: [UInt32]) {
        #expect(KeymapRecord(decoding: values) == nil)
    }

    @Test func abandonedAreTheKeysAndBorrowersOfNoncesNotAlive() {
        var record = KeymapRecord(borrowers: [alice, bob], keys: [
            .init(keycode: 230, pid: 111, nonce: 7, symbols: [1]),
            .init(keycode: 222, pid: 222, nonce: 9, symbols: [2]),
            .init(keycode: 219, pid: 333, nonce: 5, symbols: [3]), // its borrower entry is gone too
        ])
        let gone = record.abandoned(alive: [9])
        #expect(gone.borrowers == [alice])
        #expect(gone.keys.map(\.keycode) == [230, 219])
        record.removeBorrowers(notIn: [9])
        #expect(record.borrowers == [bob])
        #expect(record.keys.count == 3, "keys are removed one by one, once restored")
    }

    @Test func setReplacesTheEntryOfAKeycodeAndRemoveDropsIt() {
        var record = KeymapRecord()
        record.set(.init(keycode: 230, pid: 1, nonce: 7, symbols: [1]))
        record.set(.init(keycode: 230, pid: 1, nonce: 7, symbols: [1, 2]))
        #expect(record.keys.count == 1 && record.key(230)?.symbols == [1, 2, 0, 0])
        #expect(record.keys(of: 7).count == 1 && record.keys(of: 9).isEmpty)
        record.remove(keycode: 230)
        #expect(record.key(230) == nil)
    }

    @Test func theShareLeavesAReserveForANewcomerAndNeverDropsBelowOne() {
        #expect(KeymapRecord.share(pool: 18, borrowers: 1) == 16)
        #expect(KeymapRecord.share(pool: 18, borrowers: 2) == 8)
        #expect(KeymapRecord.share(pool: 18, borrowers: 4) == 4)
        #expect(KeymapRecord.share(pool: 5, borrowers: 1) == 4)
        #expect(KeymapRecord.share(pool: 2, borrowers: 1) == 2)
        #expect(KeymapRecord.share(pool: 3, borrowers: 8) == 1)
        #expect(KeymapRecord.share(pool: 0, borrowers: 0) == 1)
    }
}
