//! N-API's link arguments for a Node addon (napi-build).
fn main() {
    napi_build::setup();
}
