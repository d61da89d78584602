//! What the dynamic loader will look for when a binary starts: the shared
//! libraries it names (`DT_NEEDED`) and the folders its own header adds to
//! the search (`DT_RPATH`, `DT_RUNPATH`), read from the ELF file.
//!
//! The sandbox ([`super::sandbox`]) asks this to know whether a run that
//! drops the capability to read at `execve` would still find its libraries:
//! the loader runs after `execve`, as the box's user. Only 64-bit
//! little-endian files are read (x86-64, AArch64: the socket filter kills
//! 32-bit programs at their first system call anyway); anything else, or a
//! file cut short, gives no libraries, never a panic.

/// The loader's view of one binary: the names it needs and its own
/// search folders.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Dynamic {
    /// `DT_NEEDED`: the libraries, by name (`libstdc++.so.6`) or by path.
    pub(crate) needed: Vec<Vec<u8>>,
    /// `DT_RPATH`: folders searched before `LD_LIBRARY_PATH` (only when
    /// the file has no `DT_RUNPATH`).
    pub(crate) rpath: Option<Vec<u8>>,
    /// `DT_RUNPATH`: folders searched after `LD_LIBRARY_PATH`.
    pub(crate) runpath: Option<Vec<u8>>,
}

const PT_LOAD: u32 = 1;
const PT_DYNAMIC: u32 = 2;
const DT_NULL: u64 = 0;
const DT_NEEDED: u64 = 1;
const DT_STRTAB: u64 = 5;
const DT_RPATH: u64 = 15;
const DT_RUNPATH: u64 = 29;

/// Reads the dynamic section of the ELF file `bytes`; a static binary,
/// a file that is not a 64-bit little-endian ELF, or one cut short gives
/// an empty [`Dynamic`].
pub(crate) fn dynamic(bytes: &[u8]) -> Dynamic {
    read(bytes).unwrap_or_default()
}

fn read(bytes: &[u8]) -> Option<Dynamic> {
    let u16_at = |at: usize| Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?));
    let u32_at = |at: usize| Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    let u64_at = |at: usize| Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?));
    let usize_at = |at: usize| usize::try_from(u64_at(at)?).ok();
    // ELF magic, ELFCLASS64, ELFDATA2LSB.
    if bytes.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let (phoff, phentsize, phnum) = (usize_at(0x20)?, usize::from(u16_at(0x36)?), u16_at(0x38)?);
    // (type, file offset, address, size in the file) of each segment.
    let segments: Vec<(u32, usize, u64, usize)> = (0..usize::from(phnum))
        .map(|i| {
            let at = phoff.checked_add(i.checked_mul(phentsize)?)?;
            Some((
                u32_at(at)?,
                usize_at(at + 0x08)?,
                u64_at(at + 0x10)?,
                usize_at(at + 0x20)?,
            ))
        })
        .collect::<Option<_>>()?;
    let Some(&(_, dynamic_at, _, dynamic_size)) = segments.iter().find(|s| s.0 == PT_DYNAMIC)
    else {
        return Some(Dynamic::default());
    };
    let mut entries = Vec::new();
    for at in (dynamic_at..dynamic_at.checked_add(dynamic_size)?).step_by(16) {
        let tag = u64_at(at)?;
        if tag == DT_NULL {
            break;
        }
        entries.push((tag, u64_at(at + 8)?));
    }
    // The string table is given by its address: found through the loaded
    // segment that holds it.
    let strtab_address = entries.iter().find(|e| e.0 == DT_STRTAB)?.1;
    let strtab = segments.iter().find_map(|&(kind, offset, address, size)| {
        let within = strtab_address.checked_sub(address)?;
        (kind == PT_LOAD && within < size as u64)
            .then(|| offset.checked_add(usize::try_from(within).ok()?))
            .flatten()
    })?;
    let string = |at: u64| -> Option<Vec<u8>> {
        let start = strtab.checked_add(usize::try_from(at).ok()?)?;
        let rest = bytes.get(start..)?;
        Some(rest[..rest.iter().position(|&b| b == 0)?].to_vec())
    };
    let strings = |tag: u64| {
        entries
            .iter()
            .filter(move |e| e.0 == tag)
            .map(|e| string(e.1))
            .collect::<Option<Vec<_>>>()
    };
    Some(Dynamic {
        needed: strings(DT_NEEDED)?,
        rpath: strings(DT_RPATH)?.into_iter().next(),
        runpath: strings(DT_RUNPATH)?.into_iter().next(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dynamic_binary_names_the_c_library() {
        // The test binary itself: Rust links it against the C library.
        let me = std::fs::read(std::env::current_exe().unwrap()).unwrap();
        let dynamic = dynamic(&me);
        assert!(
            dynamic
                .needed
                .iter()
                .any(|name| name.starts_with(b"libc.so")),
            "{dynamic:?}"
        );
    }

    #[test]
    fn what_is_not_a_64_bit_elf_names_nothing() {
        let me = std::fs::read(std::env::current_exe().unwrap()).unwrap();
        for bytes in [
            &b""[..],
            b"#!/bin/sh\nexit 0\n",
            &me[..64],
            &me[..0x40 + 0x38],
            b"\x7fELF\x01\x01\x01\0",
        ] {
            assert_eq!(dynamic(bytes), Dynamic::default());
        }
    }
}
