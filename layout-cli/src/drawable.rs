//! What `show`, `svg` and the explorer draw: the layout an expression
//! evaluates to, by the same rules everywhere, so that the page and the
//! command line agree on what is drawable and word the same refusals.

use crate::lib_api::{
    DynComposed, DynLayout, TiledCopy, TiledMma, TvFigure, Value, eval, linear_to_svg,
};

/// A layout, a swizzled composed layout (which `show` and `svg` also
/// draw), or a tiled MMA or copy (which `svg` draws by thread and value).
pub enum Drawable {
    Layout(DynLayout),
    Composed(DynComposed),
    TiledMma(Box<TiledMma>),
    TiledCopy(Box<TiledCopy>),
}

/// The layout that `value` (the value of `expr`) stands for. An integer or
/// an integer tuple is a bare shape, read again as a column-major layout.
pub fn layout_of(expr: &str, value: Value) -> Result<DynLayout, String> {
    match value {
        Value::Layout(l) => Ok(l),
        Value::Int(_) | Value::Tuple(_) => expr.parse::<DynLayout>().map_err(|e| e.to_string()),
        v => Err(format!("'{v}' is not a layout")),
    }
}

/// As [`layout_of`], and a swizzled composed layout, a tiled MMA or a
/// tiled copy too.
pub fn drawable_of(expr: &str, value: Value) -> Result<Drawable, String> {
    match value {
        Value::Composed(c) => Ok(Drawable::Composed(c)),
        Value::TiledMma(t) => Ok(Drawable::TiledMma(t)),
        Value::TiledCopy(t) => Ok(Drawable::TiledCopy(t)),
        v => layout_of(expr, v).map(Drawable::Layout),
    }
}

/// Evaluates `expr` and takes its layout.
pub fn layout_arg(expr: &str) -> Result<DynLayout, String> {
    eval(expr)
        .map_err(|e| e.to_string())
        .and_then(|v| layout_of(expr, v))
}

/// Evaluates `expr` and takes what it draws.
pub fn drawable_arg(expr: &str) -> Result<Drawable, String> {
    eval(expr)
        .map_err(|e| e.to_string())
        .and_then(|v| drawable_of(expr, v))
}

impl Drawable {
    /// CuTe's `print_layout` table (a listing for ranks other than 2); a
    /// tiled MMA or copy has none.
    pub fn print_layout(&self) -> Result<String, String> {
        match self {
            Drawable::Layout(l) => l.print_layout().map_err(|e| e.to_string()),
            Drawable::Composed(c) => c.print_layout().map_err(|e| e.to_string()),
            Drawable::TiledMma(t) => Err(format!(
                "'{t}' is not a layout: print_layout draws layouts (svg draws a tiled MMA)"
            )),
            Drawable::TiledCopy(t) => Err(format!(
                "'{t}' is not a layout: print_layout draws layouts (svg draws a tiled copy)"
            )),
        }
    }

    /// The thread/value picture of a tiled MMA or copy; `None` for a
    /// layout.
    pub fn figure(&self) -> Option<Result<TvFigure, String>> {
        let f = match self {
            Drawable::TiledMma(t) => TvFigure::tiled_mma(t),
            Drawable::TiledCopy(t) => TvFigure::tiled_copy(t),
            _ => return None,
        };
        Some(f.map_err(|e| e.to_string()))
    }
}

/// The picture of a linear layout's bases (`linear_to_svg`), where `expr`
/// evaluates to a linear layout; `None` for any other value.
pub fn linear_svg(expr: &str) -> Option<Result<String, String>> {
    match eval(expr) {
        Ok(Value::Linear(l)) => Some(linear_to_svg(&l, None).map_err(|e| e.to_string())),
        _ => None,
    }
}
