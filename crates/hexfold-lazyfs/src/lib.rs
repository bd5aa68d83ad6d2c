//! A FUSE file system for power-loss tests, after the method of Jepsen's LazyFS: it passes everything through to
//! a backing directory, except that what is written to a file (its bytes and its size) stays in this process's
//! own cache until the file is fsynced, and [`Mounted::cut_power`] throws away everything not synced, as a power
//! loss does to a disk's and a kernel's caches.
//!
//! What it models, and what it does not:
//! - File contents and sizes are lazy: a `write` or a truncation is held in the cache, in pages of
//!   [`PAGE_BYTES`], and reaches the backing file at the file's `fsync` or `fdatasync` (both persist the file's
//!   pages and size). A cut drops every page not persisted ([`Cut::DropAll`]), or first writes back the pages
//!   dirtied first up to a random point, the last one torn ([`Cut::WriteBackOldest`]), as a kernel's periodic
//!   write-back that got part of the way leaves them, or a random part of them, some pages only in part and in
//!   no particular order ([`Cut::WriteBackSome`]), as a kernel
//!   that had begun its write-back would leave them.
//! - Names are not lazy: creating, renaming and removing files and directories go to the backing directory at
//!   once, so a file created and never synced survives a cut with its synced contents (empty if none). That is
//!   what LazyFS does too; it means the test does not see what a lost directory entry does.
//! - Files are opened with direct I/O, so the kernel keeps no copy of their pages that could outlive a cut, and
//!   attributes are never cached by the kernel.
//! - While the power is off every operation fails with EIO, so a process still running meets a dead disk.
//!
//! It is for tests only: one mutex around all state, reads replay pages one by one. It needs /dev/fuse and the
//! right to mount (root); [`Mounted::mount`] says why when it cannot.

use std::collections::{BTreeMap, HashMap};
use std::ffi::OsStr;
use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::{FileExt as _, MetadataExt as _, OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime};

use fuser::{
    Errno, FileAttr, FileHandle, FileType, Filesystem, FopenFlags, Generation, INodeNo, LockOwner,
    MountOption, OpenFlags, RenameFlags, ReplyAttr, ReplyCreate, ReplyData, ReplyDirectory,
    ReplyEmpty, ReplyEntry, ReplyOpen, ReplyStatfs, ReplyWrite, Request, TimeOrNow, WriteFlags,
};

/// The cache holds file contents in pages of this many bytes.
pub const PAGE_BYTES: u64 = 4096;

/// The kernel is told to keep attributes and names for no time at all: after a cut, sizes change under it.
const TTL: Duration = Duration::ZERO;

/// What a power cut does to the writes not yet synced.
#[derive(Debug, Clone, Copy)]
pub enum Cut {
    /// Everything not synced is lost.
    DropAll,
    /// A random part of what is not synced reaches the disk first (chosen by `seed`): each dirty page with
    /// probability one half, one in four of those only up to a random length (a torn write), and a file's new
    /// size with probability one half.
    WriteBackSome { seed: u64 },
    /// The pages not synced reach the disk in the order they were first dirtied (over all files), up to a
    /// random point chosen by `seed`; the page at that point only up to a random length (a torn write). Each
    /// file's size grows to cover its pages written back. So the oldest unsynced writes survive and the newest
    /// are lost, as a kernel that writes dirty pages back by age (every few seconds) leaves them.
    WriteBackOldest { seed: u64 },
}

/// The cached state of one file: its pages not yet synced and its size as the writers see it.
#[derive(Default)]
struct Dirty {
    pages: BTreeMap<u64, Vec<u8>>,
    /// When each of `pages` was first dirtied since its last sync (a number from [`State::dirtied`]).
    dirtied: HashMap<u64, u64>,
    /// The size the writers see, when it differs from the backing file's.
    size: Option<u64>,
}

struct State {
    /// Inode numbers to paths relative to the backing root (the root is inode 1, the empty path).
    paths: HashMap<u64, PathBuf>,
    inodes: HashMap<PathBuf, u64>,
    next_inode: u64,
    dirty: HashMap<u64, Dirty>,
    /// Pages dirtied since the mount, to order them for [`Cut::WriteBackOldest`].
    dirtied: u64,
    power: bool,
    /// Bytes of pages persisted by fsync, for the tests' own report.
    synced_bytes: u64,
}

/// The file system, shared between the FUSE session's thread and the test's handle.
struct LazyFs {
    backing: PathBuf,
    state: Arc<Mutex<State>>,
}

/// A mounted lazy file system; unmounted when dropped.
pub struct Mounted {
    state: Arc<Mutex<State>>,
    backing: PathBuf,
    mountpoint: PathBuf,
    session: Option<fuser::BackgroundSession>,
}

impl Mounted {
    /// Mounts a lazy view of `backing` (an existing directory) on `mountpoint` (an existing, empty directory).
    /// Fails with the reason when FUSE is not available: no /dev/fuse, or no right to mount (not root).
    pub fn mount(backing: &Path, mountpoint: &Path) -> io::Result<Mounted> {
        if !Path::new("/dev/fuse").exists() {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                "/dev/fuse does not exist (no FUSE in this kernel or container)",
            ));
        }
        let state = Arc::new(Mutex::new(State {
            paths: HashMap::from([(1, PathBuf::new())]),
            inodes: HashMap::from([(PathBuf::new(), 1)]),
            next_inode: 2,
            dirty: HashMap::new(),
            dirtied: 0,
            power: true,
            synced_bytes: 0,
        }));
        let fs = LazyFs {
            backing: backing.to_path_buf(),
            state: Arc::clone(&state),
        };
        let mut config = fuser::Config::default();
        config.mount_options = vec![
            MountOption::FSName("hexfold-lazyfs".into()),
            MountOption::DefaultPermissions,
        ];
        config.n_threads = Some(2);
        let session = fuser::spawn_mount(fs, mountpoint, &config)?;
        Ok(Mounted {
            state,
            backing: backing.to_path_buf(),
            mountpoint: mountpoint.to_path_buf(),
            session: Some(session),
        })
    }

    /// [`Mounted::mount`] for a test: when FUSE is not available here, says so loudly on stderr and returns
    /// `None` (the test then skips), except under CI (`CI` set to `true`), where the power-loss tests must run
    /// and this panics instead.
    pub fn mount_for_test(backing: &Path, mountpoint: &Path, test: &str) -> Option<Mounted> {
        match Mounted::mount(backing, mountpoint) {
            Ok(mounted) => Some(mounted),
            Err(e) if std::env::var("CI").as_deref() == Ok("true") => {
                panic!("{test}: cannot mount the lazy file system under CI, where it must run: {e}")
            }
            Err(e) => {
                eprintln!(
                    "\n!!!!!!!! SKIPPED {test}: cannot mount the lazy FUSE file system ({e}); it needs /dev/fuse \
                     and root. The power-loss tests did NOT run. !!!!!!!!\n"
                );
                None
            }
        }
    }

    /// The mounted directory.
    pub fn path(&self) -> &Path {
        &self.mountpoint
    }

    /// Cuts the power: what is not synced is lost (or partly written back first, per `cut`), and every
    /// operation fails with EIO until [`Mounted::restore_power`]. Returns the bytes of pages that were lost.
    pub fn cut_power(&self, cut: Cut) -> u64 {
        let mut state = lock(&self.state);
        state.power = false;
        let dirty = std::mem::take(&mut state.dirty);
        let mut rng = match cut {
            Cut::DropAll => None,
            Cut::WriteBackSome { seed } => Some(SplitMix(seed)),
            Cut::WriteBackOldest { seed } => return self.write_back_oldest(&state, dirty, seed),
        };
        let mut lost = 0;
        // In inode order, then in a shuffled page order: write-back follows no order the writer chose.
        let mut files: Vec<(u64, Dirty)> = dirty.into_iter().collect();
        files.sort_by_key(|(ino, _)| *ino);
        for (ino, file) in files {
            let Some(rng) = rng.as_mut() else {
                lost += file.pages.len() as u64 * PAGE_BYTES;
                continue;
            };
            let Some(path) = state.paths.get(&ino).map(|p| self.backing.join(p)) else {
                continue;
            };
            let Ok(backing) = OpenOptions::new().write(true).open(&path) else {
                continue;
            };
            let size = file.size;
            let mut pages: Vec<(u64, Vec<u8>)> = file.pages.into_iter().collect();
            for i in (1..pages.len()).rev() {
                pages.swap(i, (rng.next() % (i as u64 + 1)) as usize);
            }
            if let Some(size) = size.filter(|_| rng.next() % 2 == 0) {
                let _ = backing.set_len(size);
            }
            let len = backing.metadata().map_or(0, |m| m.len());
            for (page, bytes) in pages {
                if rng.next() % 2 == 0 {
                    lost += PAGE_BYTES;
                    continue;
                }
                let at = page * PAGE_BYTES;
                let mut keep = (len.saturating_sub(at)).min(PAGE_BYTES) as usize;
                if rng.next() % 4 == 0 {
                    keep = (rng.next() % (keep as u64 + 1)) as usize;
                }
                let _ = backing.write_all_at(&bytes[..keep], at);
            }
        }
        lost
    }

    /// [`Cut::WriteBackOldest`] of `dirty`; returns the bytes of pages lost.
    fn write_back_oldest(&self, state: &State, dirty: HashMap<u64, Dirty>, seed: u64) -> u64 {
        let mut rng = SplitMix(seed);
        let mut pages: Vec<(u64, u64, u64, Vec<u8>)> = Vec::new();
        let mut sizes = HashMap::new();
        for (ino, file) in dirty {
            sizes.insert(ino, file.size);
            for (page, bytes) in file.pages {
                let when = file.dirtied.get(&page).copied().unwrap_or(0);
                pages.push((when, ino, page, bytes));
            }
        }
        pages.sort_by_key(|(when, ino, page, _)| (*when, *ino, *page));
        let total = pages.len() as u64;
        let written = rng.next() % (total + 1);
        for (i, (_, ino, page, bytes)) in pages.into_iter().enumerate() {
            if i as u64 >= written {
                break;
            }
            let Some(path) = state.paths.get(&ino).map(|p| self.backing.join(p)) else {
                continue;
            };
            let Ok(backing) = OpenOptions::new().write(true).open(&path) else {
                continue;
            };
            let at = page * PAGE_BYTES;
            let size = sizes.get(&ino).copied().flatten();
            let len = backing.metadata().map_or(0, |m| m.len());
            // The file as the writers saw it reaches at least to the end of this page's bytes.
            let end = size.map_or(at + PAGE_BYTES, |size| size.min(at + PAGE_BYTES));
            let mut keep = end.saturating_sub(at) as usize;
            if i as u64 + 1 == written {
                keep = (rng.next() % (keep as u64 + 1)) as usize;
            }
            let _ = backing.write_all_at(&bytes[..keep], at);
            if end > len && keep as u64 == end - at {
                let _ = backing.set_len(end);
            }
        }
        (total - written) * PAGE_BYTES
    }

    /// Turns the power back on: the file system answers again, with what reached the backing directory.
    pub fn restore_power(&self) {
        lock(&self.state).power = true;
    }

    /// Bytes of pages persisted by fsync since the mount.
    pub fn synced_bytes(&self) -> u64 {
        lock(&self.state).synced_bytes
    }

    /// The backing directory (what survives a cut).
    pub fn backing(&self) -> &Path {
        &self.backing
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        if let Some(session) = self.session.take() {
            let _ = session.umount_and_join();
        }
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|p| p.into_inner())
}

/// A small deterministic generator for the cuts that write back a part (splitmix64).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn errno(e: &io::Error) -> Errno {
    e.raw_os_error().map_or(Errno::EIO, Errno::from_i32)
}

impl LazyFs {
    /// The state, or EIO while the power is off.
    fn powered(&self) -> Result<MutexGuard<'_, State>, Errno> {
        let state = lock(&self.state);
        if state.power {
            Ok(state)
        } else {
            Err(Errno::EIO)
        }
    }

    fn full_path(&self, state: &State, ino: u64) -> Result<PathBuf, Errno> {
        state
            .paths
            .get(&ino)
            .map(|p| self.backing.join(p))
            .ok_or(Errno::ENOENT)
    }

    fn child(state: &State, parent: u64, name: &OsStr) -> Result<PathBuf, Errno> {
        state
            .paths
            .get(&parent)
            .map(|p| p.join(name))
            .ok_or(Errno::ENOENT)
    }

    /// The inode of a relative path, numbered on first sight.
    fn inode(state: &mut State, relative: PathBuf) -> u64 {
        if let Some(&ino) = state.inodes.get(&relative) {
            return ino;
        }
        let ino = state.next_inode;
        state.next_inode += 1;
        state.paths.insert(ino, relative.clone());
        state.inodes.insert(relative, ino);
        ino
    }

    fn forget_path(state: &mut State, relative: &Path) {
        if let Some(ino) = state.inodes.remove(relative) {
            state.paths.remove(&ino);
            state.dirty.remove(&ino);
        }
    }

    /// The attributes of `ino` as the writers see them (the cached size over the backing file's).
    fn attr(&self, state: &State, ino: u64) -> Result<FileAttr, Errno> {
        let path = self.full_path(state, ino)?;
        let meta = std::fs::symlink_metadata(&path).map_err(|e| errno(&e))?;
        let kind = if meta.is_dir() {
            FileType::Directory
        } else if meta.file_type().is_symlink() {
            FileType::Symlink
        } else {
            FileType::RegularFile
        };
        let size = state
            .dirty
            .get(&ino)
            .and_then(|d| d.size)
            .unwrap_or(meta.len());
        let time = |secs: i64, nanos: i64| {
            SystemTime::UNIX_EPOCH + Duration::new(secs.max(0) as u64, nanos.max(0) as u32)
        };
        Ok(FileAttr {
            ino: INodeNo(ino),
            size,
            blocks: size.div_ceil(512),
            atime: time(meta.atime(), meta.atime_nsec()),
            mtime: time(meta.mtime(), meta.mtime_nsec()),
            ctime: time(meta.ctime(), meta.ctime_nsec()),
            crtime: SystemTime::UNIX_EPOCH,
            kind,
            perm: (meta.permissions().mode() & 0o7777) as u16,
            nlink: meta.nlink() as u32,
            uid: meta.uid(),
            gid: meta.gid(),
            rdev: 0,
            blksize: PAGE_BYTES as u32,
            flags: 0,
        })
    }

    /// The size the writers see.
    fn size(&self, state: &State, ino: u64, backing: &File) -> io::Result<u64> {
        match state.dirty.get(&ino).and_then(|d| d.size) {
            Some(size) => Ok(size),
            None => Ok(backing.metadata()?.len()),
        }
    }

    /// Page `page` as the writers see it, up to `size` (zeros past it).
    fn page(state: &State, ino: u64, backing: &File, page: u64, size: u64) -> io::Result<Vec<u8>> {
        if let Some(bytes) = state.dirty.get(&ino).and_then(|d| d.pages.get(&page)) {
            return Ok(bytes.clone());
        }
        let mut bytes = vec![0u8; PAGE_BYTES as usize];
        let at = page * PAGE_BYTES;
        let len = backing.metadata()?.len().min(size);
        let mut read = 0;
        while at + (read as u64) < len && read < bytes.len() {
            match backing.read_at(&mut bytes[read..], at + read as u64)? {
                0 => break,
                n => read += n,
            }
        }
        let visible = len.saturating_sub(at).min(PAGE_BYTES) as usize;
        bytes[visible..].fill(0);
        Ok(bytes)
    }

    fn read_locked(&self, state: &State, ino: u64, offset: u64, size: u32) -> io::Result<Vec<u8>> {
        let path = self
            .full_path(state, ino)
            .map_err(|_| io::Error::from_raw_os_error(libc_enoent()))?;
        let backing = File::open(path)?;
        let len = self.size(state, ino, &backing)?;
        let end = (offset + u64::from(size)).min(len);
        let mut out = Vec::with_capacity(end.saturating_sub(offset) as usize);
        let mut at = offset;
        while at < end {
            let page = at / PAGE_BYTES;
            let bytes = Self::page(state, ino, &backing, page, len)?;
            let from = (at - page * PAGE_BYTES) as usize;
            let to = ((end - page * PAGE_BYTES).min(PAGE_BYTES)) as usize;
            out.extend_from_slice(&bytes[from..to]);
            at = page * PAGE_BYTES + to as u64;
        }
        Ok(out)
    }

    fn write_locked(
        &self,
        state: &mut State,
        ino: u64,
        offset: u64,
        data: &[u8],
    ) -> io::Result<()> {
        let path = self
            .full_path(state, ino)
            .map_err(|_| io::Error::from_raw_os_error(libc_enoent()))?;
        let backing = File::open(path)?;
        let len = self.size(state, ino, &backing)?;
        let mut at = offset;
        let end = offset + data.len() as u64;
        while at < end {
            let page = at / PAGE_BYTES;
            let mut bytes = Self::page(state, ino, &backing, page, len)?;
            let from = (at - page * PAGE_BYTES) as usize;
            let to = ((end - page * PAGE_BYTES).min(PAGE_BYTES)) as usize;
            let src = (at - offset) as usize;
            bytes[from..to].copy_from_slice(&data[src..src + (to - from)]);
            state.dirtied += 1;
            let when = state.dirtied;
            let dirty = state.dirty.entry(ino).or_default();
            dirty.pages.insert(page, bytes);
            dirty.dirtied.entry(page).or_insert(when);
            at = page * PAGE_BYTES + to as u64;
        }
        let dirty = state.dirty.entry(ino).or_default();
        dirty.size = Some(len.max(end));
        Ok(())
    }

    fn truncate_locked(&self, state: &mut State, ino: u64, size: u64) -> io::Result<()> {
        let path = self
            .full_path(state, ino)
            .map_err(|_| io::Error::from_raw_os_error(libc_enoent()))?;
        let backing = File::open(path)?;
        let len = self.size(state, ino, &backing)?;
        // The part of the last page past the new size must read as zeros if the file grows again.
        if size < len && size % PAGE_BYTES != 0 {
            let page = size / PAGE_BYTES;
            let mut bytes = Self::page(state, ino, &backing, page, len)?;
            bytes[(size % PAGE_BYTES) as usize..].fill(0);
            state.dirtied += 1;
            let when = state.dirtied;
            let dirty = state.dirty.entry(ino).or_default();
            dirty.pages.insert(page, bytes);
            dirty.dirtied.entry(page).or_insert(when);
        }
        let dirty = state.dirty.entry(ino).or_default();
        dirty.pages.retain(|&page, _| page * PAGE_BYTES < size);
        dirty.dirtied.retain(|&page, _| page * PAGE_BYTES < size);
        dirty.size = Some(size);
        Ok(())
    }

    /// Writes the file's cached pages and size to the backing file.
    fn persist_locked(&self, state: &mut State, ino: u64) -> io::Result<()> {
        let Some(dirty) = state.dirty.remove(&ino) else {
            return Ok(());
        };
        let path = self
            .full_path(state, ino)
            .map_err(|_| io::Error::from_raw_os_error(libc_enoent()))?;
        let backing = OpenOptions::new().write(true).open(path)?;
        let size = match dirty.size {
            Some(size) => size,
            None => backing.metadata()?.len(),
        };
        backing.set_len(size)?;
        for (page, bytes) in &dirty.pages {
            let at = page * PAGE_BYTES;
            let keep = size.saturating_sub(at).min(PAGE_BYTES) as usize;
            backing.write_all_at(&bytes[..keep], at)?;
            state.synced_bytes += keep as u64;
        }
        Ok(())
    }
}

impl LazyFs {
    /// `unlink` and `rmdir`: `remove` on the backing path, which forgets the inode and its cached pages.
    fn remove(
        &self,
        parent: INodeNo,
        name: &OsStr,
        remove: fn(&Path) -> io::Result<()>,
        reply: ReplyEmpty,
    ) {
        let result = (|| {
            let mut state = self.powered()?;
            let relative = Self::child(&state, parent.0, name)?;
            remove(&self.backing.join(&relative)).map_err(|e| errno(&e))?;
            Self::forget_path(&mut state, &relative);
            Ok(())
        })();
        match result {
            Ok(()) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }
}

/// ENOENT as an OS error number (the same on every Linux architecture).
const fn libc_enoent() -> i32 {
    2
}

impl Filesystem for LazyFs {
    fn lookup(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEntry) {
        let result = (|| {
            let mut state = self.powered()?;
            let relative = Self::child(&state, parent.0, name)?;
            std::fs::symlink_metadata(self.backing.join(&relative)).map_err(|e| errno(&e))?;
            let ino = Self::inode(&mut state, relative);
            self.attr(&state, ino)
        })();
        match result {
            Ok(attr) => reply.entry(&TTL, &attr, Generation(0)),
            Err(e) => reply.error(e),
        }
    }

    fn getattr(&self, _req: &Request, ino: INodeNo, _fh: Option<FileHandle>, reply: ReplyAttr) {
        match self.powered().and_then(|state| self.attr(&state, ino.0)) {
            Ok(attr) => reply.attr(&TTL, &attr),
            Err(e) => reply.error(e),
        }
    }

    fn setattr(
        &self,
        _req: &Request,
        ino: INodeNo,
        mode: Option<u32>,
        _uid: Option<u32>,
        _gid: Option<u32>,
        size: Option<u64>,
        _atime: Option<TimeOrNow>,
        _mtime: Option<TimeOrNow>,
        _ctime: Option<SystemTime>,
        _fh: Option<FileHandle>,
        _crtime: Option<SystemTime>,
        _chgtime: Option<SystemTime>,
        _bkuptime: Option<SystemTime>,
        _flags: Option<fuser::BsdFileFlags>,
        reply: ReplyAttr,
    ) {
        let result = (|| {
            let mut state = self.powered()?;
            if let Some(mode) = mode {
                let path = self.full_path(&state, ino.0)?;
                std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & 0o7777))
                    .map_err(|e| errno(&e))?;
            }
            if let Some(size) = size {
                self.truncate_locked(&mut state, ino.0, size)
                    .map_err(|e| errno(&e))?;
            }
            self.attr(&state, ino.0)
        })();
        match result {
            Ok(attr) => reply.attr(&TTL, &attr),
            Err(e) => reply.error(e),
        }
    }

    fn mkdir(
        &self,
        _req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        reply: ReplyEntry,
    ) {
        let result = (|| {
            let mut state = self.powered()?;
            let relative = Self::child(&state, parent.0, name)?;
            let path = self.backing.join(&relative);
            std::fs::create_dir(&path).map_err(|e| errno(&e))?;
            std::fs::set_permissions(
                &path,
                std::fs::Permissions::from_mode(mode & !umask & 0o7777),
            )
            .map_err(|e| errno(&e))?;
            let ino = Self::inode(&mut state, relative);
            self.attr(&state, ino)
        })();
        match result {
            Ok(attr) => reply.entry(&TTL, &attr, Generation(0)),
            Err(e) => reply.error(e),
        }
    }

    fn unlink(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        self.remove(parent, name, |p| std::fs::remove_file(p), reply);
    }

    fn rmdir(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        self.remove(parent, name, |p| std::fs::remove_dir(p), reply);
    }

    fn rename(
        &self,
        _req: &Request,
        parent: INodeNo,
        name: &OsStr,
        newparent: INodeNo,
        newname: &OsStr,
        _flags: RenameFlags,
        reply: ReplyEmpty,
    ) {
        let result = (|| {
            let mut state = self.powered()?;
            let from = Self::child(&state, parent.0, name)?;
            let to = Self::child(&state, newparent.0, newname)?;
            std::fs::rename(self.backing.join(&from), self.backing.join(&to))
                .map_err(|e| errno(&e))?;
            // What was at `to` is gone; what was under `from` (itself and, for a directory, its
            // descendants) now lives under `to`, with its inode numbers and cached pages.
            Self::forget_path(&mut state, &to);
            let moved: Vec<(PathBuf, u64)> = state
                .inodes
                .iter()
                .filter(|(path, _)| path.starts_with(&from))
                .map(|(path, &ino)| (path.clone(), ino))
                .collect();
            for (path, ino) in moved {
                state.inodes.remove(&path);
                // `join("")` would add a trailing separator, which makes a file's path a directory's.
                let rest = path.strip_prefix(&from).expect("under from");
                let renamed = if rest.as_os_str().is_empty() {
                    to.clone()
                } else {
                    to.join(rest)
                };
                state.paths.insert(ino, renamed.clone());
                state.inodes.insert(renamed, ino);
            }
            Ok(())
        })();
        match result {
            Ok(()) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }

    fn open(&self, _req: &Request, ino: INodeNo, _flags: OpenFlags, reply: ReplyOpen) {
        match self
            .powered()
            .and_then(|state| self.full_path(&state, ino.0))
        {
            Ok(_) => reply.opened(FileHandle(0), FopenFlags::FOPEN_DIRECT_IO),
            Err(e) => reply.error(e),
        }
    }

    fn create(
        &self,
        _req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        flags: i32,
        reply: ReplyCreate,
    ) {
        let result = (|| {
            let mut state = self.powered()?;
            let relative = Self::child(&state, parent.0, name)?;
            const O_EXCL: i32 = 0o200;
            let mut options = OpenOptions::new();
            options.write(true).mode(mode & !umask & 0o7777);
            if flags & O_EXCL != 0 {
                options.create_new(true);
            } else {
                options.create(true);
            }
            options
                .open(self.backing.join(&relative))
                .map_err(|e| errno(&e))?;
            let ino = Self::inode(&mut state, relative);
            self.attr(&state, ino)
        })();
        match result {
            Ok(attr) => reply.created(
                &TTL,
                &attr,
                Generation(0),
                FileHandle(0),
                FopenFlags::FOPEN_DIRECT_IO,
            ),
            Err(e) => reply.error(e),
        }
    }

    fn read(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        offset: u64,
        size: u32,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyData,
    ) {
        let result = self.powered().and_then(|state| {
            self.read_locked(&state, ino.0, offset, size)
                .map_err(|e| errno(&e))
        });
        match result {
            Ok(bytes) => reply.data(&bytes),
            Err(e) => reply.error(e),
        }
    }

    fn write(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        offset: u64,
        data: &[u8],
        _write_flags: WriteFlags,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyWrite,
    ) {
        let result = self.powered().and_then(|mut state| {
            self.write_locked(&mut state, ino.0, offset, data)
                .map_err(|e| errno(&e))
        });
        match result {
            Ok(()) => reply.written(data.len() as u32),
            Err(e) => reply.error(e),
        }
    }

    fn flush(
        &self,
        _req: &Request,
        _ino: INodeNo,
        _fh: FileHandle,
        _lock_owner: LockOwner,
        reply: ReplyEmpty,
    ) {
        // close(2) persists nothing: only fsync does.
        reply.ok();
    }

    fn fsync(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        _datasync: bool,
        reply: ReplyEmpty,
    ) {
        let result = self.powered().and_then(|mut state| {
            self.persist_locked(&mut state, ino.0)
                .map_err(|e| errno(&e))
        });
        match result {
            Ok(()) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }

    fn readdir(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        offset: u64,
        mut reply: ReplyDirectory,
    ) {
        let result = (|| {
            let mut state = self.powered()?;
            let relative = state.paths.get(&ino.0).cloned().ok_or(Errno::ENOENT)?;
            let mut entries = vec![
                (ino.0, FileType::Directory, ".".into()),
                (ino.0, FileType::Directory, "..".into()),
            ];
            let mut names: Vec<_> = std::fs::read_dir(self.backing.join(&relative))
                .map_err(|e| errno(&e))?
                .filter_map(Result::ok)
                .collect();
            names.sort_by_key(|e| e.file_name());
            for entry in names {
                let kind = match entry.file_type() {
                    Ok(t) if t.is_dir() => FileType::Directory,
                    Ok(t) if t.is_symlink() => FileType::Symlink,
                    _ => FileType::RegularFile,
                };
                let child = Self::inode(&mut state, relative.join(entry.file_name()));
                entries.push((child, kind, entry.file_name()));
            }
            Ok(entries)
        })();
        match result {
            Ok(entries) => {
                for (i, (ino, kind, name)) in entries.into_iter().enumerate().skip(offset as usize)
                {
                    if reply.add(INodeNo(ino), (i + 1) as u64, kind, name) {
                        break;
                    }
                }
                reply.ok();
            }
            Err(e) => reply.error(e),
        }
    }

    fn fsyncdir(
        &self,
        _req: &Request,
        _ino: INodeNo,
        _fh: FileHandle,
        _datasync: bool,
        reply: ReplyEmpty,
    ) {
        // Names reach the backing directory at once (see the crate's documentation).
        match self.powered() {
            Ok(_) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }

    fn statfs(&self, _req: &Request, _ino: INodeNo, reply: ReplyStatfs) {
        match rustix::fs::statvfs(&self.backing) {
            Ok(s) => reply.statfs(
                s.f_blocks,
                s.f_bfree,
                s.f_bavail,
                s.f_files,
                s.f_ffree,
                s.f_bsize as u32,
                s.f_namemax as u32,
                s.f_frsize as u32,
            ),
            Err(e) => reply.error(Errno::from_i32(e.raw_os_error())),
        }
    }
}
