//! Compiles the kernels' header for the host (host/perft_host.cpp), so that the counting
//! code the GPU runs is tested on every machine against quadboard-chess.

fn main() {
    println!("cargo:rerun-if-changed=host/perft_host.cpp");
    println!("cargo:rerun-if-changed=kernels/movegen.cuh");
    println!("cargo:rerun-if-changed=kernels/levels.cuh");
    cc::Build::new()
        .cpp(true)
        .file("host/perft_host.cpp")
        .flag_if_supported("-std=c++17")
        .opt_level(2)
        .warnings(true)
        .compile("quadboard_gpu_host");
}
