//! A table image in memory, read in place: its bytes (compiled in, or one buffer read from
//! disk) and typed views of its sections. All of the table module's casts are here.
//!
//! The views hold raw pointers into the image's bytes, so that the hot paths read a section
//! as a plain slice (no offset, no variant, no bounds they do not check themselves) without
//! copying it: deserialising and copying the tables cost the first answer of a process
//! milliseconds (far more in a dependent's debug build); reading them in place costs
//! microseconds (`cargo bench --bench startup`, `scripts/startup`; docs/PERFORMANCE.md,
//! "Start-up").

use hupai_gen::image::{
    ClassRecord, ImageError, ImageLayout, MaskHalf, ProfileRecord, Section, ALIGN,
};
use std::ptr::NonNull;

/// 64 bytes aligned to 64: the unit of an image buffer read from disk.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct Block([u8; ALIGN]);

/// Bytes aligned to 64, for a table compiled in with `include_bytes!` (build.rs wraps each).
#[repr(C, align(64))]
pub(crate) struct Aligned<B: ?Sized>(pub(crate) B);

/// Where an image's bytes are: compiled in, or owned.
enum Backing {
    Static(&'static [u8]),
    Owned(Box<[Block]>, usize),
}

impl Backing {
    fn bytes(&self) -> &[u8] {
        match self {
            Backing::Static(b) => b,
            Backing::Owned(blocks, len) => {
                // SAFETY: `blocks` is `len.div_ceil(64)` blocks of initialised bytes
                // (`Image::read`), so its first `len` bytes are in bounds and initialised;
                // the slice borrows `self`.
                unsafe { std::slice::from_raw_parts(blocks.as_ptr().cast::<u8>(), *len) }
            }
        }
    }
}

/// Types every bit pattern of whose size is a value, with no pointers and no invariants: a
/// section's bytes may be read as them.
///
/// # Safety
/// Implement only for such types.
pub(super) unsafe trait Plain: Copy {}
// SAFETY: integers and arrays of them.
unsafe impl Plain for u8 {}
// SAFETY: as above.
unsafe impl Plain for u16 {}
// SAFETY: as above.
unsafe impl Plain for [u16; 2] {}
// SAFETY: `repr(C)` structs of integers; any padding is never read as a field.
unsafe impl Plain for MaskHalf {}
// SAFETY: as above.
unsafe impl Plain for ClassRecord {}
// SAFETY: as above.
unsafe impl Plain for ProfileRecord {}

/// A typed section of an [`Image`]: valid while the image that made it lives (a
/// [`super::GroupTable`] keeps both, and the bytes never move or change).
pub(super) struct View<T> {
    ptr: NonNull<T>,
    len: usize,
}

// SAFETY: a view reads immutable bytes that live as long as its table; sharing or sending it
// is sharing or sending `&[T]`.
unsafe impl<T: Sync> Send for View<T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Sync for View<T> {}

impl<T> View<T> {
    /// The section as a slice.
    #[inline(always)]
    pub(super) fn as_slice(&self) -> &[T] {
        // SAFETY: `Image::view` made `ptr` from a range of the image's bytes that holds `len`
        // elements, checked in bounds and aligned for `T: Plain`; the image outlives the view
        // (both belong to one table) and its bytes are never written.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

/// A table image in memory: its bytes and its checked layout.
pub(super) struct Image {
    backing: Backing,
    /// Where everything is.
    pub(super) layout: ImageLayout,
}

impl Image {
    /// A compiled-in image: its header is checked (cheap); its content is what build.rs
    /// generated with this very generator.
    pub(super) fn compiled(bytes: &'static [u8]) -> Result<Image, ImageError> {
        Image::new(Backing::Static(bytes))
    }

    /// An image from outside, copied into one aligned buffer; the caller has checked it
    /// ([`hupai_gen::image::check_image`]).
    pub(super) fn read(bytes: &[u8]) -> Result<Image, ImageError> {
        let mut blocks = vec![Block([0; ALIGN]); bytes.len().div_ceil(ALIGN)].into_boxed_slice();
        for (block, chunk) in blocks.iter_mut().zip(bytes.chunks(ALIGN)) {
            block.0[..chunk.len()].copy_from_slice(chunk);
        }
        Image::new(Backing::Owned(blocks, bytes.len()))
    }

    fn new(backing: Backing) -> Result<Image, ImageError> {
        let bytes = backing.bytes();
        if bytes.as_ptr().align_offset(ALIGN) != 0 {
            return Err(ImageError::Invalid("image bytes not aligned to 64".into()));
        }
        let layout = ImageLayout::parse(bytes)?;
        Ok(Image { backing, layout })
    }

    /// The typed view of a section.
    pub(super) fn view<T: Plain>(&self, s: Section) -> View<T> {
        let range = self.layout.section(s);
        let bytes = &self.backing.bytes()[range];
        let size = std::mem::size_of::<T>();
        assert!(
            bytes.len() % size == 0 && bytes.as_ptr().align_offset(std::mem::align_of::<T>()) == 0,
            "section {s:?} holds whole, aligned elements of {size} bytes (sections start at \
             multiples of {ALIGN})"
        );
        View {
            ptr: NonNull::new(bytes.as_ptr().cast::<T>().cast_mut()).expect("a slice's pointer"),
            len: bytes.len() / size,
        }
    }

    /// The image's bytes.
    #[cfg(feature = "sets")]
    pub(super) fn bytes(&self) -> &[u8] {
        self.backing.bytes()
    }
}
