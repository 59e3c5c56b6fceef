//! The Linux framebuffer device (`/dev/fb0`: simplefb, simpledrm, vc4's fbdev emulation): its
//! geometry read from sysfs (no ioctl structs), frames written with positioned writes (no
//! mmap, no unsafe), only the rows that changed.

use crate::turning::Pixel;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// How the device stores a pixel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PixelFormat {
    /// 32 bits per pixel, little-endian 0RGB.
    Xrgb8888,
    /// 16 bits per pixel, little-endian 5-6-5.
    Rgb565,
}

impl PixelFormat {
    pub fn bytes(self) -> usize {
        match self {
            PixelFormat::Xrgb8888 => 4,
            PixelFormat::Rgb565 => 2,
        }
    }
}

/// A framebuffer's shape, as its sysfs directory (`/sys/class/graphics/fbN`) tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub width: u32,
    pub height: u32,
    pub format: PixelFormat,
    /// Bytes from one row to the next.
    pub stride: usize,
}

fn read_sysfs(dir: &Path, name: &str) -> Result<(PathBuf, String), String> {
    let path = dir.join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok((path, text.trim().to_string())),
        Err(e) => Err(format!(
            "{}: cannot read the framebuffer's {name}: {e}",
            path.display()
        )),
    }
}

impl Geometry {
    /// Reads `virtual_size` ("W,H"), `bits_per_pixel` and `stride` from `dir`.
    pub fn from_sysfs(dir: &Path) -> Result<Geometry, String> {
        let (path, size) = read_sysfs(dir, "virtual_size")?;
        let (width, height) = size
            .split_once(',')
            .and_then(|(w, h)| Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?)))
            .filter(|&(w, h)| w > 0 && h > 0)
            .ok_or_else(|| format!("{}: '{size}' is not WIDTH,HEIGHT", path.display()))?;
        let (path, bpp) = read_sysfs(dir, "bits_per_pixel")?;
        let format = match bpp.as_str() {
            "32" => PixelFormat::Xrgb8888,
            "16" => PixelFormat::Rgb565,
            _ => {
                return Err(format!(
                    "{}: {bpp} bits per pixel is not supported (32: XRGB8888, 16: RGB565)",
                    path.display()
                ))
            }
        };
        let (path, stride) = read_sysfs(dir, "stride")?;
        let stride = stride
            .parse::<usize>()
            .ok()
            .filter(|&s| s >= width as usize * format.bytes())
            .ok_or_else(|| {
                format!(
                    "{}: '{stride}' is not a row length of at least {width} pixels",
                    path.display()
                )
            })?;
        Ok(Geometry {
            width,
            height,
            format,
            stride,
        })
    }
}

/// Writes the files [`Geometry::from_sysfs`] reads into `dir`: a stand-in for sysfs beside a
/// plain file standing in for the device (`BERLIN_TABLE_FB_SYSFS`), for tests and for trying
/// the framebuffer window on a machine without one.
pub fn write_sysfs_stand_in(
    dir: &Path,
    (width, height): (u32, u32),
    bits_per_pixel: u32,
    stride: usize,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("virtual_size"), format!("{width},{height}\n"))?;
    std::fs::write(dir.join("bits_per_pixel"), format!("{bits_per_pixel}\n"))?;
    std::fs::write(dir.join("stride"), format!("{stride}\n"))
}

/// The sysfs directory of a framebuffer device: `/sys/class/graphics/fbN` for `/dev/fbN`.
/// `BERLIN_TABLE_FB_SYSFS` names another (the tests' stand-in for sysfs, beside a plain file
/// standing in for the device).
pub fn sysfs_dir(device: &Path) -> PathBuf {
    if let Some(dir) = std::env::var_os("BERLIN_TABLE_FB_SYSFS") {
        return PathBuf::from(dir);
    }
    let name = device
        .file_name()
        .map_or_else(Default::default, |n| n.to_owned());
    Path::new("/sys/class/graphics").join(name)
}

/// Packs a row of the renderer's pixels into the device's format.
pub fn pack_row(pixels: &[Pixel], format: PixelFormat, out: &mut Vec<u8>) {
    out.clear();
    match format {
        PixelFormat::Xrgb8888 => {
            for p in pixels {
                out.extend_from_slice(&(p.0 | 0xff00_0000).to_le_bytes());
            }
        }
        PixelFormat::Rgb565 => {
            for p in pixels {
                out.extend_from_slice(&rgb565(*p).to_le_bytes());
            }
        }
    }
}

/// A pixel as RGB565: the top 5, 6 and 5 bits of red, green and blue.
pub fn rgb565(p: Pixel) -> u16 {
    let (r, g, b) = p.rgb();
    (u16::from(r) >> 3) << 11 | (u16::from(g) >> 2) << 5 | u16::from(b) >> 3
}

/// An open framebuffer and what was last written to it.
pub struct Device {
    file: File,
    path: PathBuf,
    pub geometry: Geometry,
    /// The rows as last written, to write only what changed.
    shadow: Vec<u8>,
    /// Nothing written yet: the device holds whatever was there before (a console).
    fresh: bool,
    row: Vec<u8>,
}

impl Device {
    /// Opens `path` for writing, its geometry from `sysfs`. Errors name the file.
    pub fn open(path: &Path, sysfs: &Path) -> Result<Device, String> {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("{}: cannot open the framebuffer: {e}", path.display()))?;
        let geometry = Geometry::from_sysfs(sysfs)?;
        Ok(Device {
            file,
            path: path.to_path_buf(),
            shadow: vec![0; geometry.stride * geometry.height as usize],
            geometry,
            fresh: true,
            row: Vec::new(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the changed parts of `rows` of `pixels` (the screen, `width` pixels a row).
    pub fn write_rows(
        &mut self,
        pixels: &[Pixel],
        rows: std::ops::Range<usize>,
    ) -> std::io::Result<()> {
        let g = self.geometry;
        let (width, bpp) = (g.width as usize, g.format.bytes());
        // The first frame is written whole: the device holds whatever was there before.
        let whole = std::mem::take(&mut self.fresh);
        let height = g.height as usize;
        let rows = if whole {
            0..height
        } else {
            rows.start.min(height)..rows.end.min(height)
        };
        for y in rows {
            pack_row(&pixels[y * width..(y + 1) * width], g.format, &mut self.row);
            let at = y * g.stride;
            let shadow = &mut self.shadow[at..at + self.row.len()];
            let differs = |(a, b): (&u8, &u8)| a != b;
            let span = if whole {
                Some((0, self.row.len() - 1))
            } else {
                let first = shadow.iter().zip(&self.row).position(differs);
                let last = shadow.iter().zip(&self.row).rposition(differs);
                first.zip(last)
            };
            let Some((first, last)) = span else {
                continue;
            };
            // Whole pixels: a 16-bit pixel is never half written.
            let (start, end) = (first / bpp * bpp, (last / bpp + 1) * bpp);
            self.file
                .write_at(&self.row[start..end], (at + start) as u64)?;
            shadow[start..end].copy_from_slice(&self.row[start..end]);
        }
        Ok(())
    }
}
