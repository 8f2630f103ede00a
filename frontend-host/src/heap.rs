//! The frontends' storage: every table of a [`Capacity`] on the heap, each allocated once at
//! its full size when the world is made. The world and session values then stay small (a
//! desktop world's tables are megabytes, which no thread's stack should carry), nothing is
//! moved or copied by the megabyte, and an update allocates nothing: a table never grows
//! past the size it was made with, it refuses the next element as the inline one does.
//!
//! [`Heap<C>`] is any capacity `C` with its tables moved: the sizes stay `C`'s, and `C`'s
//! per-call work lists ([`Capacity::Work`]) stay on the stack. The smoltcp way, where the
//! user hands the stack its storage: the core never allocates, its user decides where the
//! tables live.

use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};

use stros_core::capacity::{Capacity, Element, Table};

/// Capacity `C` with its tables on the heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heap<C>(PhantomData<C>);

/// A table of `I::CAPACITY` elements on the heap, reserved in full when it is made.
#[derive(Debug)]
pub struct HeapTable<T, I> {
    items: Vec<T>,
    size: PhantomData<fn() -> I>,
}

impl<T, I: Table<T>> Default for HeapTable<T, I> {
    fn default() -> Self {
        HeapTable { items: Vec::with_capacity(I::CAPACITY), size: PhantomData }
    }
}

impl<T: Clone, I: Table<T>> Clone for HeapTable<T, I> {
    /// A copy with the full reservation (a `Vec`'s clone would reserve only its length).
    fn clone(&self) -> Self {
        let mut items = Vec::with_capacity(I::CAPACITY);
        items.extend_from_slice(&self.items);
        HeapTable { items, size: PhantomData }
    }
}

impl<T, I> Deref for HeapTable<T, I> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<T, I> DerefMut for HeapTable<T, I> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items
    }
}

impl<T: Element, I: Table<T>> Table<T> for HeapTable<T, I> {
    const CAPACITY: usize = I::CAPACITY;
    fn push(&mut self, value: T) -> Result<(), T> {
        if self.items.len() == Self::CAPACITY {
            return Err(value);
        }
        self.items.push(value);
        Ok(())
    }
    fn remove(&mut self, index: usize) -> T {
        self.items.remove(index)
    }
    fn clear(&mut self) {
        self.items.clear();
    }
}

impl<C: Capacity> Capacity for Heap<C> {
    type Actors<T: Element> = HeapTable<T, C::Actors<T>>;
    type Placements<T: Element> = HeapTable<T, C::Placements<T>>;
    type Models<T: Element> = HeapTable<T, C::Models<T>>;
    type Sets<T: Element> = HeapTable<T, C::Sets<T>>;
    type FrameModels<T: Element> = HeapTable<T, C::FrameModels<T>>;
    type Locals<T: Element> = HeapTable<T, C::Locals<T>>;
    type Banks<T: Element> = HeapTable<T, C::Banks<T>>;
    type WalkNodes<T: Element> = HeapTable<T, C::WalkNodes<T>>;
    type Ropes<T: Element> = HeapTable<T, C::Ropes<T>>;
    type Effects<T: Element> = HeapTable<T, C::Effects<T>>;
    type Lines<T: Element> = HeapTable<T, C::Lines<T>>;
    type Topics<T: Element> = HeapTable<T, C::Topics<T>>;
    type Items<T: Element> = HeapTable<T, C::Items<T>>;
    type Work<T: Element> = C::Work<T>;
    const FITS: bool = C::FITS;
}

/// The frontends' preset: [`stros_core::capacity::Desktop`]'s sizes, on the heap.
pub type Desktop = Heap<stros_core::capacity::Desktop>;

#[cfg(test)]
mod tests {
    use super::*;

    /// The small preset's actor table (16) on the heap.
    type Sixteen = HeapTable<u32, <stros_core::capacity::Small as Capacity>::Actors<u32>>;

    #[test]
    fn a_heap_table_holds_its_inline_size_and_refuses_the_next() {
        let mut t = Sixteen::default();
        for v in 0..16 {
            assert_eq!(t.push(v), Ok(()));
        }
        assert!(t.is_full());
        assert_eq!(t.push(99), Err(99));
        assert_eq!(t.len(), 16);
        assert_eq!(t.remove(1), 1);
        assert_eq!(&t[..3], &[0, 2, 3]);
        let copy = t.clone();
        assert_eq!(&copy[..], &t[..]);
        assert!(copy.items.capacity() >= 16);
        t.clear();
        assert!(t.is_empty());
    }

    #[test]
    fn the_heap_preset_has_the_inline_sizes() {
        use stros_core::capacity::TableKind;
        for t in TableKind::ALL {
            assert_eq!(Desktop::holds(t), stros_core::capacity::Desktop::holds(t), "{t}");
        }
        assert_eq!(Desktop::holds(TableKind::Actors), 2048);
    }
}
