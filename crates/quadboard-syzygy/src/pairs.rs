//! The compressed values of one table side: canonical Huffman codes over symbols that
//! expand, by recursive pairing, into runs of values.
//!
//! The values of a side are cut into blocks of a fixed size in bytes; each block holds a
//! bit string of Huffman codes, and each code is a symbol that stands for one value or for
//! a pair of symbols (a binary tree whose leaves are values). A sparse index says, for
//! every `span`-th value, in which block it lies and where in it; the block lengths (values
//! per block, minus one) lead from there to the block of any value.
//!
//! Every read goes through [`Bytes`], which checks its bounds: a damaged file gives
//! [`Damaged`], never a panic or a read outside the file.

/// What is wrong with a damaged table, in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Damaged(pub &'static str);

/// The bytes of a mapped file, read only through bound-checked methods.
#[derive(Clone, Copy)]
pub struct Bytes<'a>(pub &'a [u8]);

impl<'a> Bytes<'a> {
    /// The byte at `pos`.
    #[inline(always)]
    pub fn u8(self, pos: u64) -> Result<u8, Damaged> {
        usize::try_from(pos)
            .ok()
            .and_then(|p| self.0.get(p))
            .copied()
            .ok_or(Damaged("a read past the end of the file"))
    }

    /// `N` bytes at `pos`.
    #[inline(always)]
    fn array<const N: usize>(self, pos: u64) -> Result<[u8; N], Damaged> {
        let p = usize::try_from(pos).map_err(|_| Damaged("an offset past the file"))?;
        self.0
            .get(p..p.wrapping_add(N))
            .filter(|_| p.checked_add(N).is_some())
            .and_then(|s| s.try_into().ok())
            .ok_or(Damaged("a read past the end of the file"))
    }

    /// A little-endian `u16` at `pos`.
    #[inline(always)]
    pub fn u16_le(self, pos: u64) -> Result<u16, Damaged> {
        self.array(pos).map(u16::from_le_bytes)
    }

    /// A little-endian `u32` at `pos`.
    #[inline(always)]
    pub fn u32_le(self, pos: u64) -> Result<u32, Damaged> {
        self.array(pos).map(u32::from_le_bytes)
    }

    /// A big-endian `u32` at `pos`, zero bytes past the end of the file: the bit reader
    /// of a block may look ahead past the last code of the file's last block, and those
    /// bits are never used.
    #[inline(always)]
    fn u32_be_padded(self, pos: u64) -> u32 {
        match self.array::<4>(pos) {
            Ok(b) => u32::from_be_bytes(b),
            Err(_) => {
                let mut b = [0u8; 4];
                for (i, byte) in b.iter_mut().enumerate() {
                    *byte = self.u8(pos.saturating_add(i as u64)).unwrap_or(0);
                }
                u32::from_be_bytes(b)
            }
        }
    }
}

/// Flags of a side's header byte.
pub mod flag {
    /// DTZ: the side to move this table stores (0 white, 1 black, in table colours).
    pub const STM: u8 = 1;
    /// DTZ: values are indices into a value map.
    pub const MAPPED: u8 = 2;
    /// DTZ: wins are stored in plies (else in moves, rounded).
    pub const WIN_PLIES: u8 = 4;
    /// DTZ: losses are stored in plies (else in moves, rounded).
    pub const LOSS_PLIES: u8 = 8;
    /// DTZ: the value map has 16-bit entries.
    pub const WIDE: u8 = 16;
    /// Every value of the side is the same, stored in the header.
    pub const SINGLE_VALUE: u8 = 128;
}

/// The longest Huffman code this reader accepts, in bits: the bit buffer holds at least 33
/// unread bits before every code.
const MAX_CODE_LEN: u8 = 32;

/// One side of a table (a side to move, and for pawns a file of the leading pawn): its
/// piece order, its index groups and the layout of its compressed values.
#[derive(Clone, Debug)]
pub struct Pairs {
    /// The piece codes in index order (1-6 white pawn to king, 9-14 black, in table colours).
    pub pieces: [u8; 7],
    /// How many pieces each index group has, zero-terminated.
    pub group_len: [u8; 8],
    /// The factor of each group in the mixed-radix index; `group_idx[groups]` is the
    /// number of indices.
    pub group_idx: [u64; 8],
    /// The header flags ([`flag`]).
    pub flags: u8,
    /// The value of a [`flag::SINGLE_VALUE`] side.
    single_value: u16,
    block_size_log: u8,
    span_log: u8,
    blocks: u32,
    sparse: u64,
    sparse_len: u64,
    block_lengths: u64,
    block_lengths_len: u64,
    data: u64,
    min_len: u8,
    /// `base[l - min_len]`: the smallest left-aligned code of length `l`.
    base: [u64; MAX_CODE_LEN as usize],
    base_len: u8,
    /// The first symbol of each code length, read from the header once.
    lowest: [u16; MAX_CODE_LEN as usize],
    /// For each top byte of the bit buffer, the shortest code length (minus `min_len`)
    /// a code starting with it can have: where the search for its length starts.
    len_start: [u8; 256],
    btree: u64,
    /// Values per symbol (one for a leaf).
    run: Vec<u32>,
    /// DTZ: where each WDL value's part of the value map begins (with the map's offset).
    pub map_idx: [u64; 4],
}

impl Default for Pairs {
    fn default() -> Pairs {
        Pairs {
            pieces: [0; 7],
            group_len: [0; 8],
            group_idx: [0; 8],
            flags: 0,
            single_value: 0,
            block_size_log: 0,
            span_log: 0,
            blocks: 0,
            sparse: 0,
            sparse_len: 0,
            block_lengths: 0,
            block_lengths_len: 0,
            data: 0,
            min_len: 0,
            base: [0; MAX_CODE_LEN as usize],
            base_len: 0,
            lowest: [0; MAX_CODE_LEN as usize],
            len_start: [0; 256],
            btree: 0,
            run: Vec::new(),
            map_idx: [0; 4],
        }
    }
}

impl Pairs {
    /// The index count of this side: the product of its group sizes.
    pub fn index_count(&self) -> u64 {
        let groups = self.group_len.iter().position(|&l| l == 0).unwrap_or(7);
        self.group_idx[groups]
    }

    /// Reads the side's compression header at `pos`; returns the position after it. The
    /// groups must have been set (the index count bounds the sparse index).
    pub fn read_header(&mut self, bytes: Bytes<'_>, mut pos: u64) -> Result<u64, Damaged> {
        self.flags = bytes.u8(pos)?;
        pos += 1;
        if self.flags & flag::SINGLE_VALUE != 0 {
            self.single_value = u16::from(bytes.u8(pos)?);
            return Ok(pos + 1);
        }
        let count = self.index_count();
        self.block_size_log = bytes.u8(pos)?;
        self.span_log = bytes.u8(pos + 1)?;
        if self.block_size_log > 24 || self.span_log > 24 || self.span_log == 0 {
            return Err(Damaged("a block size or span out of range"));
        }
        let padding = bytes.u8(pos + 2)?;
        self.blocks = bytes.u32_le(pos + 3)?;
        let max_len = bytes.u8(pos + 7)?;
        self.min_len = bytes.u8(pos + 8)?;
        pos += 9;
        if self.min_len == 0 || max_len < self.min_len || max_len > MAX_CODE_LEN {
            return Err(Damaged("Huffman code lengths out of range"));
        }
        let span = 1u64 << self.span_log;
        self.sparse_len = count.div_ceil(span);
        self.block_lengths_len = u64::from(self.blocks) + u64::from(padding);
        let n = usize::from(max_len - self.min_len) + 1;
        self.base_len = n as u8;
        // Canonical Huffman: longer codes have smaller values. base[i] is the first code
        // of length min_len + i, left-aligned in 64 bits, so that a code of that length
        // read from the top of the buffer is at least base[i] and below base[i - 1].
        self.base = [0; MAX_CODE_LEN as usize];
        for i in (0..n - 1).rev() {
            let lo_i = u64::from(bytes.u16_le(pos + 2 * i as u64)?);
            let lo_next = u64::from(bytes.u16_le(pos + 2 * (i as u64 + 1))?);
            self.base[i] = (self.base[i + 1] + lo_i)
                .checked_sub(lo_next)
                .ok_or(Damaged("Huffman code bases out of order"))?
                / 2;
        }
        for i in 0..n {
            let shift = 64 - i as u32 - u32::from(self.min_len);
            self.base[i] = self.base[i].checked_shl(shift).unwrap_or(0);
        }
        for i in 0..n {
            self.lowest[i] = bytes.u16_le(pos + 2 * i as u64)?;
        }
        // Codes are ordered so that base[] decreases with length: a buffer whose top byte
        // is p is below (p + 1) << 56, so lengths whose base it cannot reach are skipped.
        for p in 0..256u64 {
            let top = (p << 56) | ((1 << 56) - 1);
            let start = (0..n).find(|&l| top >= self.base[l]).unwrap_or(n - 1);
            self.len_start[p as usize] = start as u8;
        }
        pos += 2 * n as u64;
        let symbols = usize::from(bytes.u16_le(pos)?);
        pos += 2;
        self.btree = pos;
        if symbols == 0 || symbols > 4096 {
            return Err(Damaged("a symbol count out of range"));
        }
        self.run = symbol_lengths(bytes, self.btree, symbols)?
            .into_iter()
            .map(|l| l + 1)
            .collect();
        Ok(pos + 3 * symbols as u64 + (symbols as u64 & 1))
    }

    /// Places the sparse index at `pos`; returns the position after it.
    pub fn set_sparse(&mut self, pos: u64) -> u64 {
        if self.flags & flag::SINGLE_VALUE != 0 {
            return pos;
        }
        self.sparse = pos;
        pos + 6 * self.sparse_len
    }

    /// Places the block lengths at `pos`; returns the position after them.
    pub fn set_block_lengths(&mut self, pos: u64) -> u64 {
        if self.flags & flag::SINGLE_VALUE != 0 {
            return pos;
        }
        self.block_lengths = pos;
        pos + 2 * self.block_lengths_len
    }

    /// Places the blocks at `pos` (aligned to 64 bytes); returns the position after them.
    pub fn set_data(&mut self, pos: u64) -> Result<u64, Damaged> {
        if self.flags & flag::SINGLE_VALUE != 0 {
            return Ok(pos);
        }
        let pos = pos.div_ceil(64) * 64;
        self.data = pos;
        (u64::from(self.blocks) << self.block_size_log)
            .checked_add(pos)
            .ok_or(Damaged("blocks past any file"))
    }

    /// The stored value at `idx`: a WDL value plus two, or a raw DTZ value.
    #[inline]
    pub fn value(&self, bytes: Bytes<'_>, idx: u64) -> Result<u16, Damaged> {
        if self.flags & flag::SINGLE_VALUE != 0 {
            return Ok(self.single_value);
        }
        if idx >= self.index_count() {
            return Err(Damaged("an index past the table"));
        }
        // The sparse entry k describes the value at k * span + span / 2: its block and its
        // offset in the block. Walk from there to the block that holds idx.
        let k = idx >> self.span_log;
        let entry = self.sparse + 6 * k;
        let mut block = u64::from(bytes.u32_le(entry)?);
        let mut offset = i64::from(bytes.u16_le(entry + 4)?);
        let span = 1i64 << self.span_log;
        offset += (idx & (span as u64 - 1)) as i64 - span / 2;
        let length = |b: u64| -> Result<i64, Damaged> {
            if b >= self.block_lengths_len {
                return Err(Damaged("a block past the block lengths"));
            }
            Ok(i64::from(bytes.u16_le(self.block_lengths + 2 * b)?))
        };
        while offset < 0 {
            block = block
                .checked_sub(1)
                .ok_or(Damaged("a value before the first block"))?;
            offset += length(block)? + 1;
        }
        loop {
            let len = length(block)?;
            if offset <= len {
                break;
            }
            offset -= len + 1;
            block += 1;
        }
        if block >= u64::from(self.blocks) {
            return Err(Damaged("a block past the last one"));
        }
        let mut ptr = self.data + (block << self.block_size_log);
        let mut buf =
            (u64::from(bytes.u32_be_padded(ptr)) << 32) | u64::from(bytes.u32_be_padded(ptr + 4));
        ptr += 8;
        let mut bits = 64u32;
        let mut offset = offset as u64;
        let runs = &self.run[..];
        let min_len = u32::from(self.min_len);
        let mut sym;
        loop {
            // Lengths are below 32 (checked when the header was read), so the masks only
            // spare the bounds checks; base[] ends with 0, which stops the search.
            let mut len = usize::from(self.len_start[(buf >> 56) as usize]) & 31;
            while buf < self.base[len] {
                len = (len + 1) & 31;
            }
            let code_len = len as u32 + min_len;
            sym = ((buf - self.base[len]) >> (64 - code_len)) as usize
                + usize::from(self.lowest[len]);
            let run = u64::from(*runs.get(sym).ok_or(Damaged("a symbol past the tree"))?);
            if offset < run {
                break;
            }
            offset -= run;
            buf <<= code_len;
            bits -= code_len;
            if bits <= 32 {
                bits += 32;
                buf |= u64::from(bytes.u32_be_padded(ptr)) << (64 - bits);
                ptr += 4;
            }
        }
        // Descend the pair tree to the value at `offset` within the symbol's run; the runs
        // shrink at every step (checked when the tree was read), so this ends.
        while runs[sym] != 1 {
            let (left, right) = pair(bytes, self.btree, sym)?;
            let left_run = u64::from(runs[left]);
            if offset < left_run {
                sym = left;
            } else {
                offset -= left_run;
                sym = right;
            }
        }
        Ok(pair(bytes, self.btree, sym)?.0 as u16)
    }
}

/// The two 12-bit halves of tree node `sym`: left and right symbol, or for a leaf (right
/// 0xfff) the value and 0xfff.
#[inline(always)]
fn pair(bytes: Bytes<'_>, btree: u64, sym: usize) -> Result<(usize, usize), Damaged> {
    let [a, b, c] = bytes.array::<3>(btree + 3 * sym as u64)?;
    let left = usize::from(a) | usize::from(b & 0xf) << 8;
    let right = usize::from(b >> 4) | usize::from(c) << 4;
    Ok((left, right))
}

/// Values per symbol minus one, computed bottom-up without recursion. A tree that refers
/// past its symbols or to itself is damaged: the lengths then shrink strictly from a node
/// to its children, which bounds the descent in [`Pairs::value`].
fn symbol_lengths(bytes: Bytes<'_>, btree: u64, n: usize) -> Result<Vec<u32>, Damaged> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut len = vec![0u32; n];
    let mut state = vec![NEW; n];
    let mut stack = Vec::with_capacity(64);
    for root in 0..n {
        if state[root] == DONE {
            continue;
        }
        stack.push(root);
        while let Some(&s) = stack.last() {
            let (left, right) = pair(bytes, btree, s)?;
            if right == 0xfff {
                len[s] = 0;
                state[s] = DONE;
                stack.pop();
                continue;
            }
            if left >= n || right >= n {
                return Err(Damaged("a symbol pair past the symbols"));
            }
            match state[s] {
                NEW => {
                    state[s] = OPEN;
                    for child in [left, right] {
                        match state[child] {
                            NEW => stack.push(child),
                            OPEN => return Err(Damaged("a symbol that contains itself")),
                            _ => {}
                        }
                    }
                }
                OPEN => {
                    if state[left] != DONE || state[right] != DONE {
                        return Err(Damaged("a symbol that contains itself"));
                    }
                    len[s] = len[left]
                        .checked_add(len[right])
                        .and_then(|l| l.checked_add(1))
                        .ok_or(Damaged("a symbol run too long"))?;
                    state[s] = DONE;
                    stack.pop();
                }
                _ => {
                    stack.pop();
                }
            }
        }
    }
    Ok(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_bounded() {
        let b = Bytes(&[1, 2, 3]);
        assert_eq!(b.u8(2), Ok(3));
        assert!(b.u8(3).is_err());
        assert!(b.u16_le(2).is_err());
        assert!(b.u32_le(u64::MAX).is_err());
        assert_eq!(b.u32_be_padded(1), 0x0203_0000);
        assert_eq!(b.u32_be_padded(u64::MAX - 1), 0);
    }

    #[test]
    fn cyclic_trees_are_damaged() {
        // Symbol 0 = (1, 1), symbol 1 = (0, 0).
        let tree = [1, 0x10, 0, 0, 0, 0];
        assert!(symbol_lengths(Bytes(&tree), 0, 2).is_err());
        // Symbol 0 = (1, 1), symbol 1 a leaf.
        let tree = [1, 0x10, 0, 7, 0xf0, 0xff];
        assert_eq!(symbol_lengths(Bytes(&tree), 0, 2), Ok(vec![1, 0]));
    }
}
