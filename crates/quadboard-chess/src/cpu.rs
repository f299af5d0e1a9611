//! The CPU path: which instructions perft and move generation run on, chosen at run time.
//!
//! A crate built without target flags (what `cargo install` and dependent crates get)
//! targets baseline x86-64: no POPCNT, no BMI2, no AVX2. So that such a build still runs at
//! full speed, the engines of [`crate::perft`](mod@crate::perft) and [`crate::Position`]'s move generation
//! are compiled once per [`CpuLevel`], each copy with its level's instructions enabled,
//! and every entry point runs the copy for the level in use:
//!
//! | level | instructions | slider lookups | eight-direction fills |
//! | --- | --- | --- | --- |
//! | `baseline` | x86-64 (or any other architecture) | magic | scalar |
//! | `avx2` | POPCNT, BMI1, LZCNT, AVX2 | magic | AVX2 |
//! | `bmi2` | those and BMI2 | PEXT | AVX2 |
//! | `avx512` | those and AVX-512 F, VL, VPOPCNTDQ | PEXT | AVX2, move counts by `vpopcntq` |
//!
//! The level in use is, in order: the one given to [`force`]; else `QUADBOARD_CPU`
//! (`baseline`, `avx2`, `bmi2` or `avx512`) when it names a level this CPU supports; else
//! [`CpuLevel::detected`], the best level for this CPU. PEXT is microcode on AMD
//! processors before Zen 3, so those get `avx2` even though they report BMI2.
//!
//! Only the `dispatch` feature (on by default, with `std`) compiles every level, and only
//! in optimised builds of x86-64: four copies of the engines are what makes the crate
//! slow to compile, and an unoptimised build gains nothing from them. Any other build
//! compiles one level, the best its target features allow ([`COMPILED`]: `baseline`
//! without flags, `avx512` with `-C target-cpu=native` on a CPU that has it), and that is
//! the only level it supports. Without `std` nothing is detected either. Other
//! architectures than x86-64 have `baseline` only.
//!
//! ```
//! use quadboard_chess::cpu::{self, CpuLevel};
//! // Every level this build and this CPU can run counts the same.
//! for level in CpuLevel::ALL.into_iter().filter(|level| level.is_supported()) {
//!     cpu::force(level).unwrap();
//!     assert_eq!(cpu::level(), level);
//!     assert_eq!(quadboard_chess::perft(&quadboard_chess::Position::new(), 3), 8_902);
//! }
//! cpu::force(CpuLevel::detected()).unwrap();
//! ```

use core::fmt;
use core::str::FromStr;
use core::sync::atomic::{AtomicU8, Ordering};

/// A set of instructions the engines are compiled for. Each level has every instruction
/// of the levels before it, so the order of the variants is the order of the levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CpuLevel {
    /// Any CPU: magic slider lookups, scalar eight-direction fills.
    Baseline,
    /// POPCNT, BMI1, LZCNT and AVX2, magic lookups: for CPUs without BMI2 or with slow
    /// PEXT (AMD before Zen 3).
    Avx2,
    /// [`CpuLevel::Avx2`] and BMI2: PEXT slider lookups (x86-64-v3).
    Bmi2,
    /// [`CpuLevel::Bmi2`] and AVX-512 F, VL and VPOPCNTDQ: vector popcounts when counting
    /// slider moves.
    Avx512,
}

/// Calls `$m!(marker type, level, [features])` for each level compiled into this build:
/// the one list of the target features each level enables and requires. A build that
/// dispatches at run time (`quadboard_dispatch`, see below) compiles every level; any
/// other build only the best level its target features allow.
macro_rules! for_each_level {
    ($m:ident) => {
        $crate::cpu::level_chain!($m;
            Baseline [];
            Avx2 ["popcnt", "bmi1", "lzcnt", "avx2"];
            Bmi2 ["popcnt", "bmi1", "lzcnt", "avx2", "bmi2"];
            Avx512 [
                "popcnt", "bmi1", "lzcnt", "avx2", "bmi2", "avx512f", "avx512vl",
                "avx512vpopcntdq"
            ];
        );
    };
}
pub(crate) use for_each_level;

/// [`for_each_level`]'s walk: each level with the features of the next, so that a build
/// without dispatch compiles a level exactly when its features are enabled and the next
/// level's are not.
macro_rules! level_chain {
    ($m:ident; Baseline []; $next:ident [$($g:tt),*]; $($rest:tt)*) => {
        #[cfg(any(
            quadboard_dispatch,
            not(all(target_arch = "x86_64", $(target_feature = $g),*))
        ))]
        $m!($crate::cpu::Baseline, Baseline, []);
        $crate::cpu::level_chain!($m; $next [$($g),*]; $($rest)*);
    };
    ($m:ident; $level:ident [$($f:tt),*]; $next:ident [$($g:tt),*]; $($rest:tt)*) => {
        #[cfg(all(
            target_arch = "x86_64",
            any(
                quadboard_dispatch,
                all($(target_feature = $f,)* not(all($(target_feature = $g),*)))
            )
        ))]
        $m!($crate::cpu::$level, $level, [$($f),*]);
        $crate::cpu::level_chain!($m; $next [$($g),*]; $($rest)*);
    };
    ($m:ident; $level:ident [$($f:tt),*];) => {
        #[cfg(all(
            target_arch = "x86_64",
            any(quadboard_dispatch, all($(target_feature = $f),*))
        ))]
        $m!($crate::cpu::$level, $level, [$($f),*]);
    };
}
pub(crate) use level_chain;

/// Evaluates `$body` with `$C` naming the marker type of `$level` (a [`CpuLevel`]): the
/// one place where a level value becomes a type. `$level` must be supported by this CPU
/// (from [`level`] or [`COMPILED`]), since the code generic over the marker executes the
/// level's instructions.
macro_rules! with_level {
    ($level:expr, $C:ident => $body:expr) => {
        match $level {
            #[cfg(target_arch = "x86_64")]
            $crate::cpu::CpuLevel::Avx2 => {
                type $C = $crate::cpu::Avx2;
                $body
            }
            #[cfg(target_arch = "x86_64")]
            $crate::cpu::CpuLevel::Bmi2 => {
                type $C = $crate::cpu::Bmi2;
                $body
            }
            #[cfg(target_arch = "x86_64")]
            $crate::cpu::CpuLevel::Avx512 => {
                type $C = $crate::cpu::Avx512;
                $body
            }
            // Baseline, and on other architectures the levels that never occur there.
            _ => {
                type $C = $crate::cpu::Baseline;
                $body
            }
        }
    };
}
pub(crate) use with_level;

/// Runs `$body` on the level in use ([`level`]): the dispatch of every entry point.
macro_rules! dispatch {
    ($C:ident => $body:expr) => {
        $crate::cpu::with_level!($crate::cpu::level(), $C => $body)
    };
}
pub(crate) use dispatch;

/// The levels as types (see `crate::attacks::Cpu`). With run-time dispatch each level is
/// a type of its own; without, every name stands for the one level compiled, which
/// [`level`] is then the only one to return, so that dispatch code names one engine.
///
/// Each type is declared in a module of its own because rustc places the code of a
/// method in the codegen unit of the module that declares its `Self` type: the engines
/// of the four levels, whose `Self` is the level's type, are then four codegen units
/// that LLVM optimises in parallel, rather than one (a dependent crate's release build on
/// two cores, docs/log/2026-12-01-build-cost.md).
#[cfg(quadboard_dispatch)]
mod markers {
    pub(crate) use avx2::Avx2;
    pub(crate) use avx512::Avx512;
    pub(crate) use baseline::Baseline;
    pub(crate) use bmi2::Bmi2;

    mod baseline {
        /// [`CpuLevel::Baseline`](crate::cpu::CpuLevel::Baseline) as a type.
        pub(crate) enum Baseline {}
    }
    mod avx2 {
        /// [`CpuLevel::Avx2`](crate::cpu::CpuLevel::Avx2) as a type.
        pub(crate) enum Avx2 {}
    }
    mod bmi2 {
        /// [`CpuLevel::Bmi2`](crate::cpu::CpuLevel::Bmi2) as a type.
        pub(crate) enum Bmi2 {}
    }
    mod avx512 {
        /// [`CpuLevel::Avx512`](crate::cpu::CpuLevel::Avx512) as a type.
        pub(crate) enum Avx512 {}
    }
}
#[cfg(not(quadboard_dispatch))]
mod markers {
    /// The one level this build compiles ([`COMPILED`](super::COMPILED)) as a type.
    pub(crate) enum Compiled {}
    /// The compiled level.
    pub(crate) type Baseline = Compiled;
    /// The compiled level.
    #[cfg(target_arch = "x86_64")]
    pub(crate) type Avx2 = Compiled;
    /// The compiled level.
    #[cfg(target_arch = "x86_64")]
    pub(crate) type Bmi2 = Compiled;
    /// The compiled level.
    #[cfg(target_arch = "x86_64")]
    pub(crate) type Avx512 = Compiled;
}
pub(crate) use markers::*;

/// Whether every feature of a level's list is enabled at compile time.
macro_rules! compiled_with {
    ([$($feature:tt),*]) => {
        true $(&& cfg!(target_feature = $feature))*
    };
}

/// Whether this CPU has every feature of a level's list (std only).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
macro_rules! detected_with {
    ([$($feature:tt),*]) => {
        true $(&& std::is_x86_feature_detected!($feature))*
    };
}

impl CpuLevel {
    /// Every level, lowest first.
    pub const ALL: [CpuLevel; 4] = [
        CpuLevel::Baseline,
        CpuLevel::Avx2,
        CpuLevel::Bmi2,
        CpuLevel::Avx512,
    ];

    /// The name used by `QUADBOARD_CPU`, [`Display`](fmt::Display) and
    /// [`FromStr`]: `baseline`, `avx2`, `bmi2` or `avx512`.
    pub const fn name(self) -> &'static str {
        match self {
            CpuLevel::Baseline => "baseline",
            CpuLevel::Avx2 => "avx2",
            CpuLevel::Bmi2 => "bmi2",
            CpuLevel::Avx512 => "avx512",
        }
    }

    /// What the level runs on, in words: `AVX2, BMI2/PEXT, POPCNT` for `bmi2`.
    pub const fn description(self) -> &'static str {
        match self {
            CpuLevel::Baseline => "portable: magic lookups, scalar fills",
            CpuLevel::Avx2 => "AVX2, POPCNT, magic lookups",
            CpuLevel::Bmi2 => "AVX2, BMI2/PEXT, POPCNT",
            CpuLevel::Avx512 => "AVX-512 VPOPCNTDQ, AVX2, BMI2/PEXT, POPCNT",
        }
    }

    /// Whether the level may run: it is compiled into this build (every level with
    /// run-time dispatch, else only [`COMPILED`]) and, with `std`, this CPU has its
    /// instructions; without `std`, the build was compiled for them.
    pub fn is_supported(self) -> bool {
        macro_rules! supported {
            ($marker:ty, $level:ident, $features:tt) => {
                if self == CpuLevel::$level {
                    return compiled_with!($features) || detected!($features);
                }
            };
        }
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        macro_rules! detected {
            ($features:tt) => {
                detected_with!($features)
            };
        }
        #[cfg(not(all(feature = "std", target_arch = "x86_64")))]
        macro_rules! detected {
            ($features:tt) => {
                false
            };
        }
        for_each_level!(supported);
        // Levels of another architecture.
        false
    }

    /// The best level for this CPU: the highest supported one, except that AMD processors
    /// before Zen 3, whose PEXT is slow microcode, get [`CpuLevel::Avx2`] rather than a
    /// PEXT level. Without `std`, [`COMPILED`].
    pub fn detected() -> CpuLevel {
        if cfg!(not(feature = "std")) {
            return COMPILED;
        }
        let best = CpuLevel::ALL
            .into_iter()
            .rev()
            .find(|level| level.is_supported())
            .unwrap_or(CpuLevel::Baseline);
        if best >= CpuLevel::Bmi2 && slow_pext() {
            CpuLevel::Avx2
        } else {
            best
        }
    }
}

/// The best level this build was compiled for: [`CpuLevel::Baseline`] unless built with
/// target features (`-C target-cpu=native` on a BMI2 machine gives at least `bmi2`).
pub const COMPILED: CpuLevel = {
    let mut best = CpuLevel::Baseline;
    macro_rules! compiled {
        ($marker:ty, $level:ident, $features:tt) => {
            if compiled_with!($features) {
                best = CpuLevel::$level;
            }
        };
    }
    for_each_level!(compiled);
    best
};

/// Whether this is an AMD (or Hygon) processor of family 0x18 or older, where PEXT and
/// PDEP are microcoded and take tens of cycles (Zen 1 and Zen 2 report BMI2 all the same).
fn slow_pext() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::__cpuid;
        // SAFETY: CPUID exists on every x86-64 processor; leaves 0 and 1 always do.
        // (`__cpuid` is a safe function in newer Rust versions.)
        #[allow(unused_unsafe)]
        let (vendor, signature) = unsafe {
            let leaf0 = __cpuid(0);
            (leaf0, __cpuid(1).eax)
        };
        let mut name = [0u8; 12];
        name[..4].copy_from_slice(&vendor.ebx.to_le_bytes());
        name[4..8].copy_from_slice(&vendor.edx.to_le_bytes());
        name[8..].copy_from_slice(&vendor.ecx.to_le_bytes());
        let amd = &name == b"AuthenticAMD" || &name == b"HygonGenuine";
        amd && family(signature) < 0x19
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The family of a CPUID leaf 1 signature: the base family, plus the extended family
/// when the base is 0xf.
#[cfg(target_arch = "x86_64")]
const fn family(signature: u32) -> u32 {
    let base = (signature >> 8) & 0xf;
    if base == 0xf {
        base + ((signature >> 20) & 0xff)
    } else {
        base
    }
}

/// The level in use, plus one; 0 before the first choice.
static CHOSEN: AtomicU8 = AtomicU8::new(0);

/// The level perft and move generation run on. The first call chooses it (see the module
/// documentation) unless [`force`] did.
#[inline]
pub fn level() -> CpuLevel {
    match CHOSEN.load(Ordering::Relaxed) {
        0 => choose(),
        n => CpuLevel::ALL[usize::from(n - 1) & 3],
    }
}

#[cold]
fn choose() -> CpuLevel {
    let chosen = env_level()
        .ok()
        .flatten()
        .unwrap_or_else(CpuLevel::detected);
    // Another thread may have chosen meanwhile; the first choice stands.
    let _ = CHOSEN.compare_exchange(0, chosen as u8 + 1, Ordering::Relaxed, Ordering::Relaxed);
    level()
}

/// Runs perft and move generation on `level` from now on, whatever `QUADBOARD_CPU` says.
/// Meant for tests and measurements: every level gives the same results.
///
/// # Errors
/// [`UnsupportedCpu`] when this CPU (without `std`: this build) lacks the level's
/// instructions; the level in use stays as it was.
pub fn force(level: CpuLevel) -> Result<(), UnsupportedCpu> {
    if !level.is_supported() {
        return Err(UnsupportedCpu { level });
    }
    CHOSEN.store(level as u8 + 1, Ordering::Relaxed);
    Ok(())
}

/// The level `QUADBOARD_CPU` asks for: `Ok(None)` when it is not set (or empty).
///
/// [`level`] ignores a value this returns an error for and detects the level instead;
/// a program that wants to report the mistake calls this first (the `quadboard` tool
/// exits with an error).
///
/// # Errors
/// [`CpuEnvError`] when the value is not a level name or names a level this CPU lacks.
#[cfg(feature = "std")]
pub fn env_level() -> Result<Option<CpuLevel>, CpuEnvError> {
    let Some(value) = std::env::var_os(ENV) else {
        return Ok(None);
    };
    let text = value.to_string_lossy();
    if text.trim().is_empty() {
        return Ok(None);
    }
    let level = text.parse::<CpuLevel>().map_err(CpuEnvError::Unknown)?;
    if !level.is_supported() {
        return Err(CpuEnvError::Unsupported(UnsupportedCpu { level }));
    }
    Ok(Some(level))
}

#[cfg(not(feature = "std"))]
fn env_level() -> Result<Option<CpuLevel>, UnsupportedCpu> {
    Ok(None)
}

/// The environment variable that chooses the level: `QUADBOARD_CPU`.
#[cfg(feature = "std")]
pub const ENV: &str = "QUADBOARD_CPU";

impl fmt::Display for CpuLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CpuLevel {
    type Err = ParseCpuLevelError;

    /// Reads a level name, ignoring case and surrounding spaces.
    fn from_str(s: &str) -> Result<CpuLevel, ParseCpuLevelError> {
        let name = s.trim();
        CpuLevel::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| ParseCpuLevelError {
                text: name.chars().take(32).collect(),
            })
    }
}

/// Text that names no [`CpuLevel`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCpuLevelError {
    text: alloc::string::String,
}

impl fmt::Display for ParseCpuLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown CPU level '{}': expected baseline, avx2, bmi2 or avx512",
            self.text
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseCpuLevelError {}

/// A level whose instructions this CPU (or, without `std`, this build) lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsupportedCpu {
    /// The level asked for.
    pub level: CpuLevel,
}

impl fmt::Display for UnsupportedCpu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "this CPU cannot run the {} path ({}); the best it supports is {}",
            self.level,
            self.level.description(),
            CpuLevel::detected()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnsupportedCpu {}

/// Why `QUADBOARD_CPU` cannot be used.
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CpuEnvError {
    /// The value names no level.
    Unknown(ParseCpuLevelError),
    /// The level is not supported here.
    Unsupported(UnsupportedCpu),
}

#[cfg(feature = "std")]
impl fmt::Display for CpuEnvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CpuEnvError::Unknown(e) => write!(f, "{ENV}: {e}"),
            CpuEnvError::Unsupported(e) => write!(f, "{ENV}: {e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CpuEnvError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CpuEnvError::Unknown(e) => Some(e),
            CpuEnvError::Unsupported(e) => Some(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for level in CpuLevel::ALL {
            assert_eq!(level.name().parse::<CpuLevel>(), Ok(level));
            assert_eq!(
                alloc::format!(" {} ", level.name().to_uppercase()).parse::<CpuLevel>(),
                Ok(level)
            );
            assert_eq!(alloc::format!("{level}"), level.name());
        }
        let err = "avx3".parse::<CpuLevel>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown CPU level 'avx3': expected baseline, avx2, bmi2 or avx512"
        );
        assert!("".parse::<CpuLevel>().is_err());
    }

    #[test]
    fn levels_nest() {
        let supported: alloc::vec::Vec<bool> =
            CpuLevel::ALL.iter().map(|l| l.is_supported()).collect();
        if cfg!(quadboard_dispatch) {
            // A level is supported only if every lower level is: the features nest.
            assert!(supported[0]);
            assert!(supported.windows(2).all(|w| w[0] >= w[1]), "{supported:?}");
        } else {
            // One level compiled, and only it runs.
            let only: alloc::vec::Vec<bool> =
                CpuLevel::ALL.iter().map(|&l| l == COMPILED).collect();
            assert_eq!(supported, only);
        }
        assert!(CpuLevel::detected().is_supported());
        assert!(COMPILED.is_supported());
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn families() {
        // Zen 2 (EPYC 7002): family 0x17; Zen 3/4: 0x19; Zen 5: 0x1a; Intel: 6.
        assert_eq!(family(0x0083_0f10), 0x17);
        assert_eq!(family(0x00a1_0f11), 0x19);
        assert_eq!(family(0x00b4_0f40), 0x1a);
        assert_eq!(family(0x0009_06ea), 6);
    }
}
