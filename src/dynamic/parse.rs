//! Parsing CuTe notation: `(2,(2,2)):(4,(2,1))`, `_8:_1`, `(2, 3)`, `(_,1)`.
//!
//! The parser accepts spaces, negative integers and CuTe's `_N` static
//! markers, so CuTe's (and pycute's) printed output pastes in as it is. It
//! never panics: malformed input, nesting deeper than [`MAX_DEPTH`] and
//! integers beyond `i64` are [`LayoutError`]s.

use alloc::vec::Vec;
use core::str::FromStr;

use super::{CoordTree, DynLayout, IntTree, MAX_DEPTH};
use crate::error::LayoutError;

/// A cursor over the input bytes, shared with the expression evaluator.
pub(crate) struct Cursor<'a> {
    pub(crate) s: &'a [u8],
    pub(crate) pos: usize,
}

pub(crate) fn perr(pos: usize, msg: &'static str) -> LayoutError {
    LayoutError::Parse { pos, msg }
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(s: &'a str) -> Self {
        Cursor {
            s: s.as_bytes(),
            pos: 0,
        }
    }

    pub(crate) fn ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// The next non-space byte, not consumed.
    pub(crate) fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.pos).copied()
    }

    pub(crate) fn peek_at(&self, k: usize) -> Option<u8> {
        self.s.get(self.pos + k).copied()
    }

    /// Consume `c` (after spaces) if it is next.
    pub(crate) fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn expect(&mut self, c: u8, msg: &'static str) -> Result<(), LayoutError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(perr(self.pos, msg))
        }
    }

    /// The items of a list whose opening bracket has been read, up to the
    /// byte `close`: `item` reads each, commas between them (`msg` where
    /// neither a comma nor `close` follows); no item is the empty list.
    pub(crate) fn list_rest<T>(
        &mut self,
        close: u8,
        msg: &'static str,
        mut item: impl FnMut(&mut Self) -> Result<T, LayoutError>,
    ) -> Result<Vec<T>, LayoutError> {
        let mut v = Vec::new();
        if self.eat(close) {
            return Ok(v);
        }
        loop {
            v.push(item(self)?);
            if self.eat(close) {
                return Ok(v);
            }
            self.expect(b',', msg)?;
        }
    }

    pub(crate) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// An integer: `-?[0-9]+`, with an optional leading `_` static marker and
    /// an optional `s`/`d` suffix (the oracle's mixed notation).
    pub(crate) fn int(&mut self) -> Result<i64, LayoutError> {
        self.ws();
        let start = self.pos;
        if self.peek_at(0) == Some(b'_') {
            self.pos += 1;
        }
        let neg = self.peek_at(0) == Some(b'-');
        if neg {
            self.pos += 1;
        }
        let digits = self.pos;
        let mut v: i64 = 0;
        while let Some(c @ b'0'..=b'9') = self.peek_at(0) {
            let d = i64::from(c - b'0');
            v = v
                .checked_mul(10)
                .and_then(|v| {
                    if neg {
                        v.checked_sub(d)
                    } else {
                        v.checked_add(d)
                    }
                })
                .ok_or(perr(start, "integer does not fit in i64"))?;
            self.pos += 1;
        }
        if self.pos == digits {
            return Err(perr(start, "expected an integer"));
        }
        if matches!(self.peek_at(0), Some(b's' | b'd')) {
            self.pos += 1;
        }
        Ok(v)
    }

    /// An integer tuple that may hold `_`: `INT | '_' | '(' tree (',' tree)* ')' | '()'`.
    pub(crate) fn coord(&mut self, depth: usize) -> Result<CoordTree, LayoutError> {
        if depth > MAX_DEPTH {
            return Err(LayoutError::TooDeep { limit: MAX_DEPTH });
        }
        match self.peek() {
            Some(b'(') => {
                self.pos += 1;
                self.list_rest(b')', "expected ',' or ')'", |c| c.coord(depth + 1))
                    .map(CoordTree::Tuple)
            }
            Some(b'_') if !matches!(self.peek_at(1), Some(b'0'..=b'9' | b'-')) => {
                self.pos += 1;
                Ok(CoordTree::Underscore)
            }
            Some(_) => Ok(CoordTree::Int(self.int()?)),
            None => Err(perr(self.pos, "unexpected end of input")),
        }
    }

    /// An integer tuple without `_`.
    pub(crate) fn int_tree(&mut self) -> Result<IntTree, LayoutError> {
        let start = self.pos;
        self.coord(0)?
            .to_int_tree()
            .ok_or(perr(start, "'_' is not allowed here"))
    }

    /// `SHAPE[:STRIDE]`; a bare shape means LayoutLeft.
    pub(crate) fn layout(&mut self) -> Result<DynLayout, LayoutError> {
        let shape = self.int_tree()?;
        if self.eat(b':') {
            let stride = self.int_tree()?;
            DynLayout::new(shape, stride)
        } else {
            DynLayout::make_layout_left(&shape)
        }
    }

    /// The whole of `s` read by `parse`, nothing left over.
    pub(crate) fn parse_all<T>(
        s: &'a str,
        parse: impl FnOnce(&mut Self) -> Result<T, LayoutError>,
    ) -> Result<T, LayoutError> {
        let mut c = Cursor::new(s);
        let v = parse(&mut c)?;
        c.finish(v)
    }

    pub(crate) fn finish<T>(&mut self, v: T) -> Result<T, LayoutError> {
        if self.at_end() {
            Ok(v)
        } else {
            Err(perr(self.pos, "unexpected trailing input"))
        }
    }
}

/// `FromStr` for the parsed types: the whole input read by one parser,
/// nothing left over.
macro_rules! from_str_via {
    ($($(#[$doc:meta])* $T:ty => $parse:expr;)*) => {$(
        impl FromStr for $T {
            type Err = LayoutError;
            $(#[$doc])*
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Cursor::parse_all(s, $parse)
            }
        }
    )*};
}

from_str_via! {
    /// ```
    /// use cute_algebra::dynamic::IntTree;
    /// assert_eq!("( _2, -3 )".parse::<IntTree>().unwrap().to_string(), "(2,-3)");
    /// assert!("(2,".parse::<IntTree>().is_err());
    /// ```
    IntTree => |c| c.int_tree();
    /// ```
    /// use cute_algebra::dynamic::CoordTree;
    /// assert_eq!("(_, 1)".parse::<CoordTree>().unwrap().to_string(), "(_,1)");
    /// ```
    CoordTree => |c| c.coord(0);
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2, (2, 2)):(4, (2, 1))".parse().unwrap();
    /// assert_eq!(l.to_string(), "(2,(2,2)):(4,(2,1))");
    /// assert!("((2,2):(1,2)".parse::<DynLayout>().is_err());
    /// assert!("(2,2):(1,2,3)".parse::<DynLayout>().is_err());
    /// assert!("(2,0):(1,2)".parse::<DynLayout>().is_err());
    /// ```
    DynLayout => |c| c.layout();
}
