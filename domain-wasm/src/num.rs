//! Numbers as JavaScript's `String(n)` writes them, without Rust's float
//! formatting machinery (which would add ~20 KB to the wasm module): whole
//! numbers as integers, others as the shortest round-tripping decimal.

/// `1` for 1.0, `1.5`, `-3`, `NaN`, `Infinity`; `0` for -0.
pub fn js_number(n: f64) -> String {
    if n.is_nan() {
        return "NaN".to_owned();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
    }
    if n.fract() == 0.0 && n.abs() < 1e21 {
        // Exactly representable as i128; `+ 0.0` turns -0 into 0.
        return ((n + 0.0) as i128).to_string();
    }
    serde_json::Number::from_f64(n).map_or_else(|| "NaN".to_owned(), |x| x.to_string())
}

/// `x` rounded to one decimal place, as JavaScript's `x.toFixed(1)` does:
/// by the exact value of the double, an exact tie rounding away from zero
/// (3.25 → `3.3`, while 4.85 — really 4.8499… — gives `4.8`).
pub fn to_fixed_1(x: f64) -> String {
    if !x.is_finite() {
        return js_number(x);
    }
    let negative = x < 0.0;
    let m = x.abs();
    if m >= 1e20 {
        return js_number(x);
    }
    // n is within one of round(m × 10); settle it exactly with fused
    // multiply-adds, whose single rounding keeps the sign of m×10 − (k ± ½).
    let mut n = (m * 10.0).floor();
    if m.mul_add(10.0, -(n + 0.5)) >= 0.0 {
        n += 1.0;
    } else if n > 0.0 && m.mul_add(10.0, -(n - 0.5)) < 0.0 {
        n -= 1.0;
    }
    let tenths = n as u128;
    format!(
        "{}{}.{}",
        if negative { "-" } else { "" },
        tenths / 10,
        tenths % 10
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_javascript_writes_them() {
        assert_eq!(js_number(1.0), "1");
        assert_eq!(js_number(-0.0), "0");
        assert_eq!(js_number(1.5), "1.5");
        assert_eq!(js_number(-3.0), "-3");
        assert_eq!(js_number(0.1), "0.1");
        assert_eq!(js_number(f64::NAN), "NaN");
        assert_eq!(js_number(f64::NEG_INFINITY), "-Infinity");
    }

    #[test]
    fn one_decimal_like_to_fixed() {
        for (x, want) in [
            (3.25, "3.3"),
            (4.85, "4.8"),
            (4.75, "4.8"),
            (0.0, "0.0"),
            (4.86, "4.9"),
            (5.0, "5.0"),
            (0.05, "0.1"),
            (0.04, "0.0"),
            (2.45, "2.5"),
            (1.005, "1.0"),
            (12.95, "12.9"),
            (-0.05, "-0.1"),
        ] {
            assert_eq!(to_fixed_1(x), want, "{x}");
        }
    }
}
