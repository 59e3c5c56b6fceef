//! The framebuffer window on a 16-bit (RGB565) framebuffer stand-in: the picture arrives packed
//! 5-6-5, little-endian, every row at the stride sysfs gives (wider than the picture here).
//! Its own process: Slint's platform is set once a process.

#![cfg(target_os = "linux")]

use std::time::{Duration, Instant};
use ui::framebuffer::device::{write_sysfs_stand_in, Device};
use ui::framebuffer::FramebufferPlatform;

slint::slint! {
    export component Picture inherits Window {
        background: #00ff00;
        Rectangle { x: 0; y: 0; width: 2px; height: 2px; background: #ff0000; }
    }
}

const WIDTH: usize = 20;
const HEIGHT: usize = 10;
/// Two bytes a pixel and 8 bytes of padding a row.
const STRIDE: usize = WIDTH * 2 + 8;

#[test]
fn a_16_bit_framebuffer_gets_rgb565_rows_at_its_stride() {
    let dir = std::env::temp_dir().join(format!("bt-fb-565-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let sysfs = dir.join("sysfs");
    write_sysfs_stand_in(&sysfs, (WIDTH as u32, HEIGHT as u32), 16, STRIDE).unwrap();
    let fb = dir.join("fb0");
    std::fs::write(&fb, b"").unwrap();
    let device = Device::open(&fb, &sysfs).expect("the stand-in framebuffer");
    slint::platform::set_platform(Box::new(FramebufferPlatform::with_inputs(
        device,
        Vec::new(),
    )))
    .expect("the framebuffer platform");
    let picture = Picture::new().unwrap();
    picture.show().unwrap();

    let pixel = |bytes: &[u8], x: usize, y: usize| {
        let at = y * STRIDE + x * 2;
        bytes
            .get(at..at + 2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    let frame = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let (seen, path) = (frame.clone(), fb.clone());
    let timer = slint::Timer::default();
    timer.start(
        slint::TimerMode::Repeated,
        Duration::from_millis(10),
        move || {
            let bytes = std::fs::read(&path).unwrap_or_default();
            let whole = bytes.len() >= (HEIGHT - 1) * STRIDE + WIDTH * 2;
            if whole || Instant::now() > deadline {
                *seen.borrow_mut() = bytes;
                let _ = slint::quit_event_loop();
            }
        },
    );
    slint::run_event_loop_until_quit().unwrap();
    drop(timer);
    let _ = std::fs::remove_dir_all(&dir);
    let bytes = frame.borrow();
    // Red 0xf800 in the corner, green 0x07e0 elsewhere, the last row too.
    assert_eq!(pixel(&bytes, 0, 0), Some(0xf800), "{bytes:?}");
    assert_eq!(pixel(&bytes, 1, 1), Some(0xf800));
    assert_eq!(pixel(&bytes, 2, 0), Some(0x07e0));
    assert_eq!(pixel(&bytes, WIDTH - 1, HEIGHT - 1), Some(0x07e0));
    // The padding after each row is not written over.
    assert_eq!(&bytes[WIDTH * 2..STRIDE], &[0; 8]);
}
