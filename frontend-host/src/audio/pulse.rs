//! Sound on Linux through the sound server's own protocol: PulseAudio's native protocol
//! over its Unix socket (`$PULSE_SERVER`, `$XDG_RUNTIME_DIR/pulse/native`), which
//! PipeWire's pulse server speaks as well. A playback stream of 16-bit stereo at
//! [`RATE`] on the default sink; the server clocks it, asking for bytes, and a thread of
//! our own answers each request with the mixer's next frames.

use std::ffi::CString;
use std::io::BufReader;
use std::os::unix::net::UnixStream;

use pulseaudio::protocol;

use super::Renderer;

/// The stream's sample rate, Hz.
pub const RATE: u32 = 44_100;

/// Bytes of one stereo 16-bit frame.
const FRAME_BYTES: u32 = 4;

/// How much the server keeps buffered: a twentieth of a second (a footstep is heard within
/// about a frame of the update that played it).
const TARGET_BYTES: u32 = RATE / 20 * FRAME_BYTES;

/// The command tag of our stream's creation (any number our replies can be told by).
const CREATE_TAG: u32 = 2;

/// A playing stream: the thread feeding it ends when the socket is shut down.
pub(super) struct Output {
    socket: UnixStream,
}

impl Drop for Output {
    fn drop(&mut self) {
        let _ = self.socket.shutdown(std::net::Shutdown::Both);
    }
}

/// Connects to the sound server, creates the stream and starts the thread that feeds it
/// from `renderer`.
pub(super) fn open(mut renderer: Renderer) -> Result<Output, String> {
    let path = pulseaudio::socket_path_from_env().ok_or("no sound server")?;
    let socket = UnixStream::connect(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let keep = socket.try_clone().map_err(|e| e.to_string())?;
    let mut sock = BufReader::new(socket);
    let version = handshake(&mut sock).map_err(|e| format!("sound server: {e}"))?;
    let stream = create_stream(&mut sock, version).map_err(|e| format!("sound server: {e}"))?;
    let (channel, first) = (stream.channel, stream.requested_bytes);
    log::debug!("sound through {} (protocol {version}, {RATE} Hz)", path.display());
    std::thread::Builder::new()
        .name("stros-audio".into())
        .spawn(move || {
            let mut bytes = Vec::with_capacity(TARGET_BYTES as usize * 2);
            let mut send = |sock: &mut BufReader<UnixStream>, length: u32| {
                let samples = renderer.render((length / FRAME_BYTES) as usize, RATE);
                bytes.clear();
                bytes.extend(samples.iter().flat_map(|s| s.to_le_bytes()));
                protocol::write_memblock(sock.get_mut(), channel, &bytes, 0)
            };
            if send(&mut sock, first).is_err() {
                return;
            }
            // The server asks, we answer; anything else (started, underflow) needs nothing.
            while let Ok((_, message)) = protocol::read_command_message(&mut sock, version) {
                let going = match message {
                    protocol::Command::Request(r) if r.channel == channel => {
                        send(&mut sock, r.length).is_ok()
                    }
                    protocol::Command::Error(_) | protocol::Command::PlaybackStreamKilled(_) => {
                        log::warn!("the sound server ended the stream: the game goes on silently");
                        false
                    }
                    _ => true,
                };
                if !going {
                    return;
                }
            }
        })
        .map_err(|e| e.to_string())?;
    Ok(Output { socket: keep })
}

/// Authenticates (with the cookie where there is one) and names the client; the protocol
/// version both sides speak.
fn handshake(sock: &mut BufReader<UnixStream>) -> Result<u16, protocol::ProtocolError> {
    let cookie = pulseaudio::cookie_path_from_env().and_then(|p| std::fs::read(p).ok()).unwrap_or_default();
    let auth = protocol::AuthParams {
        version: protocol::MAX_VERSION,
        supports_shm: false,
        supports_memfd: false,
        cookie,
    };
    protocol::write_command_message(
        sock.get_mut(),
        0,
        &protocol::Command::Auth(auth),
        protocol::MAX_VERSION,
    )?;
    let (_, reply) = protocol::read_reply_message::<protocol::AuthReply>(sock, protocol::MAX_VERSION)?;
    let version = protocol::MAX_VERSION.min(reply.version);
    let mut props = protocol::Props::new();
    props.set(protocol::Prop::ApplicationName, CString::from(c"Stros"));
    protocol::write_command_message(sock.get_mut(), 1, &protocol::Command::SetClientName(props), version)?;
    protocol::read_reply_message::<protocol::SetClientNameReply>(sock, version)?;
    Ok(version)
}

/// A 16-bit stereo playback stream at [`RATE`] on the default sink, buffering
/// [`TARGET_BYTES`].
fn create_stream(
    sock: &mut BufReader<UnixStream>,
    version: u16,
) -> Result<protocol::CreatePlaybackStreamReply, protocol::ProtocolError> {
    let params = protocol::PlaybackStreamParams {
        sample_spec: protocol::SampleSpec {
            format: protocol::SampleFormat::S16Le,
            channels: 2,
            sample_rate: RATE,
        },
        channel_map: protocol::ChannelMap::stereo(),
        cvolume: Some(protocol::ChannelVolume::norm(2)),
        sink_name: Some(protocol::DEFAULT_SINK.to_owned()),
        buffer_attr: protocol::stream::BufferAttr { target_length: TARGET_BYTES, ..Default::default() },
        ..Default::default()
    };
    protocol::write_command_message(
        sock.get_mut(),
        CREATE_TAG,
        &protocol::Command::CreatePlaybackStream(params),
        version,
    )?;
    let (_, reply) = protocol::read_reply_message::<protocol::CreatePlaybackStreamReply>(sock, version)?;
    Ok(reply)
}
