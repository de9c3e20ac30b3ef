// A shared-memory layout atom made for 16-bit elements over a slice of
// f32s: its byte swizzle would be applied in units of the wrong element.
use cute_algebra::atom::gmma::Layout_K_SW128_Atom;
use cute_algebra::half::f16;
use cute_algebra::tensor::make_tensor;

fn main() {
    let smem = [0.0f32; 512];
    let _ = make_tensor(&smem, Layout_K_SW128_Atom::<f16>::default());
}
