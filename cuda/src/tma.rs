//! A `CUtensorMap` from the crate's host-side TMA computation
//! ([`cute_algebra::atom::dynamic::make_tma_copy`]), encoded by the driver
//! through `cudarc`: the descriptor a TMA kernel takes as a `__grid_constant__`
//! parameter.

use cudarc::driver::sys::{
    self, CUresult, CUtensorMap, CUtensorMapDataType, CUtensorMapFloatOOBfill,
    CUtensorMapInterleave, CUtensorMapL2promotion, CUtensorMapSwizzle,
};
use cute_algebra::atom::dynamic::TmaCopy;

fn data_type(format: u32) -> Result<CUtensorMapDataType, String> {
    use CUtensorMapDataType::*;
    Ok(match format {
        0 => CU_TENSOR_MAP_DATA_TYPE_UINT8,
        1 => CU_TENSOR_MAP_DATA_TYPE_UINT16,
        2 => CU_TENSOR_MAP_DATA_TYPE_UINT32,
        3 => CU_TENSOR_MAP_DATA_TYPE_INT32,
        4 => CU_TENSOR_MAP_DATA_TYPE_UINT64,
        5 => CU_TENSOR_MAP_DATA_TYPE_INT64,
        6 => CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        7 => CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
        8 => CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
        9 => CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        11 => CU_TENSOR_MAP_DATA_TYPE_TFLOAT32,
        f => return Err(format!("no CUtensorMapDataType {f}")),
    })
}

fn swizzle(s: u32) -> Result<CUtensorMapSwizzle, String> {
    use CUtensorMapSwizzle::*;
    Ok(match s {
        0 => CU_TENSOR_MAP_SWIZZLE_NONE,
        1 => CU_TENSOR_MAP_SWIZZLE_32B,
        2 => CU_TENSOR_MAP_SWIZZLE_64B,
        3 => CU_TENSOR_MAP_SWIZZLE_128B,
        s => return Err(format!("no CUtensorMapSwizzle {s}")),
    })
}

/// `cuTensorMapEncodeTiled` with CuTe's fixed choices (no interleave, L2
/// promotion of 128 bytes, no out-of-bounds fill) for the global tensor at
/// `global` (16-byte aligned). `global_bytes` is the tensor's footprint:
/// CuTe clears bit 21 of the descriptor's second word for tensors under
/// 128 KiB on drivers up to 13.1 (a driver workaround it applies after
/// encoding), and so does this.
pub fn encode_tensor_map(
    tma: &TmaCopy,
    global: u64,
    global_bytes: u64,
) -> Result<CUtensorMap, String> {
    let rank = tma.global_dim.len();
    let mut map = CUtensorMap { opaque: [0; 16] };
    // SAFETY: the arrays hold `rank` (strides: `rank - 1`) elements, as the
    // driver reads them, and `map` is a valid descriptor to write.
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            &mut map,
            data_type(tma.format)?,
            rank as u32,
            global as *mut core::ffi::c_void,
            tma.global_dim.as_ptr(),
            tma.global_stride_bytes.as_ptr(),
            tma.box_dim.as_ptr(),
            tma.element_strides.as_ptr(),
            CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            swizzle(tma.swizzle)?,
            CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
            CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if r != CUresult::CUDA_SUCCESS {
        return Err(format!("cuTensorMapEncodeTiled: {r:?}"));
    }
    let mut version = 0i32;
    // SAFETY: `version` is a valid place for the driver to write.
    let r = unsafe { sys::cuDriverGetVersion(&mut version) };
    if r != CUresult::CUDA_SUCCESS {
        return Err(format!("cuDriverGetVersion: {r:?}"));
    }
    if version <= 13010 && global_bytes < 131072 {
        map.opaque[1] &= !(1u64 << 21);
    }
    Ok(map)
}

/// The descriptor's 128 bytes in hex, as CuTe's reference program prints them.
pub fn hex(map: &CUtensorMap) -> String {
    map.opaque
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A `CUtensorMap` passed by value as a kernel parameter (CUDA C's
/// `const __grid_constant__ CUtensorMap`): the driver copies its 128 bytes
/// into the parameter space, where the TMA reads it.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct TensorMapArg(pub CUtensorMap);

// SAFETY: a `CUtensorMap` is 128 plain bytes with no pointer the device
// would follow on the host's behalf; the kernel declares a parameter of the
// same size and alignment.
unsafe impl cudarc::driver::DeviceRepr for TensorMapArg {}
