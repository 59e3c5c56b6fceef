//! A 3x5 pixel font (digits, capitals, a little punctuation): tiny-skia draws no text, and the
//! map needs hex numbers and a few names.

/// Glyph rows, top first; bit 2 is the left pixel.
fn glyph(c: char) -> [u8; 5] {
    match c {
        '0' => [0b111, 0b101, 0b101, 0b101, 0b111],
        '1' => [0b010, 0b110, 0b010, 0b010, 0b111],
        '2' => [0b111, 0b001, 0b111, 0b100, 0b111],
        '3' => [0b111, 0b001, 0b111, 0b001, 0b111],
        '4' => [0b101, 0b101, 0b111, 0b001, 0b001],
        '5' => [0b111, 0b100, 0b111, 0b001, 0b111],
        '6' => [0b111, 0b100, 0b111, 0b101, 0b111],
        '7' => [0b111, 0b001, 0b001, 0b010, 0b010],
        '8' => [0b111, 0b101, 0b111, 0b101, 0b111],
        '9' => [0b111, 0b101, 0b111, 0b001, 0b111],
        'A' => [0b010, 0b101, 0b111, 0b101, 0b101],
        'B' => [0b110, 0b101, 0b110, 0b101, 0b110],
        'C' => [0b011, 0b100, 0b100, 0b100, 0b011],
        'D' => [0b110, 0b101, 0b101, 0b101, 0b110],
        'E' => [0b111, 0b100, 0b110, 0b100, 0b111],
        'F' => [0b111, 0b100, 0b110, 0b100, 0b100],
        'G' => [0b011, 0b100, 0b101, 0b101, 0b011],
        'H' => [0b101, 0b101, 0b111, 0b101, 0b101],
        'I' => [0b111, 0b010, 0b010, 0b010, 0b111],
        'J' => [0b001, 0b001, 0b001, 0b101, 0b010],
        'K' => [0b101, 0b101, 0b110, 0b101, 0b101],
        'L' => [0b100, 0b100, 0b100, 0b100, 0b111],
        'M' => [0b101, 0b111, 0b111, 0b101, 0b101],
        'N' => [0b110, 0b101, 0b101, 0b101, 0b101],
        'O' => [0b010, 0b101, 0b101, 0b101, 0b010],
        'P' => [0b110, 0b101, 0b110, 0b100, 0b100],
        'Q' => [0b010, 0b101, 0b101, 0b111, 0b011],
        'R' => [0b110, 0b101, 0b110, 0b101, 0b101],
        'S' => [0b011, 0b100, 0b010, 0b001, 0b110],
        'T' => [0b111, 0b010, 0b010, 0b010, 0b010],
        'U' => [0b101, 0b101, 0b101, 0b101, 0b111],
        'V' => [0b101, 0b101, 0b101, 0b101, 0b010],
        'W' => [0b101, 0b101, 0b111, 0b111, 0b101],
        'X' => [0b101, 0b101, 0b010, 0b101, 0b101],
        'Y' => [0b101, 0b101, 0b010, 0b010, 0b010],
        'Z' => [0b111, 0b001, 0b010, 0b100, 0b111],
        '-' => [0, 0, 0b111, 0, 0],
        '.' => [0, 0, 0, 0, 0b010],
        '\'' => [0b010, 0b010, 0, 0, 0],
        '/' => [0b001, 0b001, 0b010, 0b100, 0b100],
        _ => [0; 5],
    }
}

/// Folds a character onto the font (lower case and German letters onto capitals).
fn fold(c: char) -> char {
    match c {
        'ä' | 'Ä' => 'A',
        'ö' | 'Ö' => 'O',
        'ü' | 'Ü' => 'U',
        'ß' => 'S',
        _ => c.to_ascii_uppercase(),
    }
}

/// Width in font pixels of `text` (3 per glyph plus 1 between).
pub fn width(text: &str) -> u32 {
    let n = text.chars().count() as u32;
    (n * 4).saturating_sub(1)
}

/// The lit pixels of `text` as (x, y) in font pixels from its top-left corner.
pub fn pixels(text: &str) -> impl Iterator<Item = (u32, u32)> + '_ {
    text.chars().enumerate().flat_map(|(i, c)| {
        let g = glyph(fold(c));
        (0..5u32).flat_map(move |y| {
            (0..3u32).filter_map(move |x| {
                let row = g.get(y as usize).copied().unwrap_or(0);
                (row & (0b100 >> x) != 0).then_some((i as u32 * 4 + x, y))
            })
        })
    })
}
