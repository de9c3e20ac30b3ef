//! What a kernel needs of the machine it runs on, beyond the layout algebra:
//! the thread's and block's indices (runtime coordinates that the typed
//! layouts take as they take any `i32`), the block-wide barrier, and the
//! dynamic shared memory. Only NVIDIA's PTX target (`nvptx64-nvidia-cuda`)
//! is supported; on other targets this module is empty.
//!
//! The layouts themselves need nothing from here: a kernel builds its global
//! tensors with [`crate::tensor::make_tensor_raw`], tiles and partitions them
//! with [`crate::tensor::local_tile`] and [`crate::tensor::local_partition`],
//! and passes these indices as the runtime coordinates.

#[cfg(target_arch = "nvptx64")]
pub mod nvptx;
