//! The framebuffer device and evdev decoding on stand-ins: a temp file for `/dev/fb0`, a temp
//! directory for its sysfs, records as the kernel writes them.

use super::device::{pack_row, rgb565, write_sysfs_stand_in, Device, Geometry, PixelFormat};
use super::evdev::{self, AbsRange, Decoder, Input, InputDevice};
use crate::turning::{Pixel, TouchPhase};
use std::path::{Path, PathBuf};

/// A scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("bt-fb-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch directory");
        Scratch(dir)
    }

    /// A framebuffer stand-in: an empty device file and a sysfs directory saying its shape.
    fn framebuffer(&self, size: (u32, u32), bpp: u32, stride: usize) -> (PathBuf, PathBuf) {
        let sysfs = self.0.join("sysfs");
        write_sysfs_stand_in(&sysfs, size, bpp, stride).unwrap();
        let device = self.0.join("fb0");
        std::fs::write(&device, b"").unwrap();
        (device, sysfs)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn the_geometry_is_read_from_sysfs() {
    let s = Scratch::new("geometry");
    let (_, sysfs) = s.framebuffer((800, 480), 16, 1600);
    assert_eq!(
        Geometry::from_sysfs(&sysfs),
        Ok(Geometry {
            width: 800,
            height: 480,
            format: PixelFormat::Rgb565,
            stride: 1600
        })
    );
}

#[test]
fn an_unsupported_depth_or_a_missing_device_is_an_error_naming_the_file() {
    let s = Scratch::new("errors");
    let (device, sysfs) = s.framebuffer((800, 480), 24, 2400);
    let err = Device::open(&device, &sysfs)
        .err()
        .expect("24 bpp is refused");
    let file = sysfs.join("bits_per_pixel").display().to_string();
    assert!(err.starts_with(&file), "{err}");
    assert!(err.contains("24 bits per pixel is not supported"), "{err}");

    let missing = s.0.join("fb9");
    let err = Device::open(&missing, &sysfs)
        .err()
        .expect("no such device");
    assert!(err.starts_with(&missing.display().to_string()), "{err}");
    assert!(err.contains("cannot open the framebuffer"), "{err}");

    let err = Geometry::from_sysfs(&s.0.join("no-sysfs")).expect_err("no sysfs");
    assert!(err.contains("no-sysfs/virtual_size"), "{err}");
    std::fs::write(sysfs.join("bits_per_pixel"), "32").unwrap();
    std::fs::write(sysfs.join("stride"), "100").unwrap();
    let err = Geometry::from_sysfs(&sysfs).expect_err("a row too short");
    assert!(err.contains("stride"), "{err}");
}

#[test]
fn rgb565_keeps_the_top_bits_of_each_colour() {
    assert_eq!(rgb565(Pixel(0xffff_ffff)), 0xffff);
    assert_eq!(rgb565(Pixel(0xff00_0000)), 0);
    assert_eq!(rgb565(Pixel(0x00ff_0000)), 0xf800);
    assert_eq!(rgb565(Pixel(0x0000_ff00)), 0x07e0);
    assert_eq!(rgb565(Pixel(0x0000_00ff)), 0x001f);
    // 0x84 = 1000_0100: red keeps 10000, green 100001, blue 10000.
    assert_eq!(
        rgb565(Pixel(0x0084_8484)),
        (0b10000 << 11) | (0b100001 << 5) | 0b10000
    );
    let mut out = Vec::new();
    pack_row(
        &[Pixel(0x00ff_0000), Pixel(0x0000_00ff)],
        PixelFormat::Rgb565,
        &mut out,
    );
    assert_eq!(out, [0x00, 0xf8, 0x1f, 0x00], "little-endian 16-bit pixels");
    pack_row(&[Pixel(0x0012_3456)], PixelFormat::Xrgb8888, &mut out);
    assert_eq!(out, [0x56, 0x34, 0x12, 0xff]);
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("the framebuffer file")
}

#[test]
fn only_changed_rows_are_written_after_the_first_frame() {
    let s = Scratch::new("rows");
    // A row of 3 pixels padded to 8 bytes: the padding is never written.
    let (path, sysfs) = s.framebuffer((3, 2), 16, 8);
    let mut device = Device::open(&path, &sysfs).unwrap();
    let mut pixels = vec![Pixel(0x00ff_ffff); 6];
    device.write_rows(&pixels, 0..0).unwrap();
    assert_eq!(
        read(&path),
        [[0xff; 6].as_slice(), &[0; 2], &[0xff; 6]].concat()
    );
    // The device changed behind our back: an unchanged row is not written again.
    std::fs::write(&path, [0u8; 14]).unwrap();
    pixels[4] = Pixel(0x00ff_0000);
    device.write_rows(&pixels, 0..2).unwrap();
    assert_eq!(
        read(&path),
        [[0; 8].as_slice(), &[0, 0, 0x00, 0xf8, 0, 0]].concat()
    );
}

fn range(max: i32) -> AbsRange {
    AbsRange { min: 0, max }
}

fn decode(decoder: &mut Decoder, bytes: &[u8]) -> Vec<Input> {
    bytes
        .chunks_exact(evdev::RECORD_SIZE)
        .flat_map(|r| decoder.feed(r))
        .collect()
}

#[test]
fn a_record_is_the_size_of_the_kernels_input_event() {
    assert_eq!(evdev::RECORD_SIZE, std::mem::size_of::<libc::input_event>());
}

#[test]
fn a_tap_is_scaled_from_the_touchscreens_range_to_the_screen() {
    let mut d = Decoder::new((1280, 800), Some((range(4095), range(4095))), None);
    let inputs = decode(&mut d, &evdev::tap_records(4095, 0));
    assert_eq!(
        inputs,
        [
            Input::Touch {
                phase: TouchPhase::Started,
                x: 1279.0,
                y: 0.0
            },
            Input::Touch {
                phase: TouchPhase::Ended,
                x: 1279.0,
                y: 0.0
            },
        ]
    );
    let inputs = decode(&mut d, &evdev::tap_records(2048, 4095));
    let Input::Touch { x, y, .. } = inputs[0] else {
        panic!("{inputs:?}")
    };
    assert!((x - 640.0).abs() < 0.5 && y == 799.0, "{x},{y}");
}

#[test]
fn a_driver_with_multi_touch_only_is_read_by_its_slots() {
    use evdev::record;
    let mut d = Decoder::new((800, 480), None, Some((range(799), range(479))));
    let down = [
        record(3, 0x39, 7),
        record(3, evdev::ABS_MT_POSITION_X, 100),
        record(3, evdev::ABS_MT_POSITION_Y, 200),
        record(0, 0, 0),
        record(3, evdev::ABS_MT_POSITION_X, 110),
        record(0, 0, 0),
        record(3, 0x39, -1),
        record(0, 0, 0),
    ]
    .concat();
    let phases: Vec<_> = decode(&mut d, &down)
        .into_iter()
        .map(|i| match i {
            Input::Touch { phase, x, y } => (phase, x, y),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        phases,
        [
            (TouchPhase::Started, 100.0, 200.0),
            (TouchPhase::Moved, 110.0, 200.0),
            (TouchPhase::Ended, 110.0, 200.0)
        ]
    );
}

#[test]
fn the_mouse_and_the_keyboard_are_decoded() {
    use evdev::record;
    let mut d = Decoder::new((800, 480), None, None);
    let bytes = [
        record(2, 0, 5),
        record(2, 1, -3),
        record(1, 0x110, 1),
        record(2, 8, -1),
        record(0, 0, 0),
        record(1, 4, 1),
        record(1, 28, 0),
        record(0, 0, 0),
    ]
    .concat();
    let inputs = decode(&mut d, &bytes);
    assert_eq!(inputs[0], Input::MouseMotion { dx: 5.0, dy: -3.0 });
    assert_eq!(
        inputs[1],
        Input::MouseButton {
            button: slint::platform::PointerEventButton::Left,
            pressed: true
        }
    );
    assert_eq!(inputs[2], Input::Wheel { notches: -1 });
    assert_eq!(
        inputs[3],
        Input::Key {
            text: "3".into(),
            pressed: true,
            repeat: false
        }
    );
    let enter = slint::SharedString::from(char::from(slint::platform::Key::Return));
    assert_eq!(
        inputs[4],
        Input::Key {
            text: enter,
            pressed: false,
            repeat: false
        }
    );
}

#[test]
fn a_file_of_records_is_read_to_its_end() {
    let s = Scratch::new("input");
    let file = s.0.join("event0");
    // A record split across reads is put together.
    std::fs::write(&file, evdev::tap_records(10, 20)).unwrap();
    let device = InputDevice::open(&file).expect("a file of records");
    assert_eq!(device.single, None, "a plain file has no axis ranges");
    let got = std::sync::Mutex::new(Vec::new());
    device.read_into((100, 100), |i| {
        got.lock().unwrap().push(i);
        true
    });
    assert_eq!(got.into_inner().unwrap().len(), 2);
    let err = InputDevice::open(&s.0.join("event9"))
        .err()
        .expect("no such device");
    assert!(
        err.contains("event9: cannot read the input device"),
        "{err}"
    );
}

#[test]
fn the_mounting_rotation_is_read_as_linuxkms_reads_it() {
    use super::mount_rotation;
    assert_eq!(mount_rotation(None), 0);
    assert_eq!(mount_rotation(Some("180")), 180);
    assert_eq!(mount_rotation(Some(" 270\n")), 270);
    assert_eq!(mount_rotation(Some("45")), 0);
    assert_eq!(mount_rotation(Some("upside down")), 0);
}
