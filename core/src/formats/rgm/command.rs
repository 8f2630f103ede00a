//! The 24-bit RAGR animation command word ({E§1.1} layouts, §1.2 opcodes;
//! {D:engine/attachment.md} opcode table).
//!
//! A command is three little-endian bytes. The opcode is the low four bits; the operands
//! fill bits 4..23 in one of five layouts:
//!
//! | layout | opcodes | fields |
//! |---|---|---|
//! | 20 | 0 (file form, unsigned); 1, 2, 3, 5, 11, 12, 13, 14 (signed) | bits 4..23 |
//! | 10+10 | 4, 10 | signed 10-bit at bit 4 and at bit 14 |
//! | 6+6+6 | 6, 8 | signed 6-bit at bits 4, 10, 16 (bits 22..23 unread) |
//! | 2+18 | 7, 9 | axis selector at bits 4..5, signed 18-bit at bit 6 |
//! | 6+7+7 | 15 | unsigned 6-bit mask at bit 4, signed 7-bit at 10 and at 17 |
//!
//! Only the *file* form of ShowFrame is decoded here: an unsigned 20-bit index into the
//! actor's concatenated RAAN frame table. The loader of the original later patches it into
//! a 10+10 (model handle, frame) pair; that runtime form never appears in a file.

/// Size of one command in the file.
pub const SIZE: usize = 3;

/// The opcode numbers ({E§1.2}).
pub mod opcode {
    /// Select a model frame.
    pub const SHOW_FRAME: u8 = 0;
    /// End the group.
    pub const END_ANIMATION: u8 = 1;
    /// Backward jump with loop count.
    pub const GO_TO_PREVIOUS: u8 = 2;
    /// Conditional forward (exit) jump.
    pub const GO_TO_FUTURE: u8 = 3;
    /// Positional sound.
    pub const PLAY_SOUND: u8 = 4;
    /// Movement-suppression marker.
    pub const BREAK_POINT: u8 = 5;
    /// Three-axis rotation override.
    pub const SET_ROTATION_XYZ: u8 = 6;
    /// One-axis rotation.
    pub const SET_ROTATION_AXIS: u8 = 7;
    /// Three-axis position offset.
    pub const SET_POSITION_XYZ: u8 = 8;
    /// One-axis position offset.
    pub const SET_POSITION_AXIS: u8 = 9;
    /// Jump into another group.
    pub const CHANGE_ANIM_GROUP: u8 = 10;
    /// Actor event bits (surface effects, screen shake).
    pub const ACTOR_EVENT: u8 = 11;
    /// Byte delay.
    pub const DELAY_COUNTER: u8 = 12;
    /// Direction-dependent delay.
    pub const CONDITIONAL_DELAY: u8 = 13;
    /// Counted loop.
    pub const LOOP_CONTROL: u8 = 14;
    /// Action-, fall- or key-triggered transition.
    pub const TRANSITION: u8 = 15;
}

/// One decoded animation command, operands as the file holds them.
///
/// [`Command::decode`] reads every bit an opcode's layout defines, so
/// `Command::decode(w).encode() == Some(w & 0xFF_FFFF)` for every word except opcodes 6
/// and 8 with bits 22..23 set: no layout reads those two bits, and they are lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Op 0: unsigned 20-bit index into the actor's frame table.
    ShowFrame {
        /// Frame-table index (0..2^20).
        frame: u32,
    },
    /// Op 1: clear the current group and start the pending or default one in the same tick.
    EndAnimation {
        /// Signed 20-bit operand, unused (0 in shipped files).
        operand: i32,
    },
    /// Op 2: loop-counted backward jump.
    GoToPrevious {
        /// Command index in the same group.
        target: i32,
    },
    /// Op 3: exit jump taken when a group is pending or the exit marker is set.
    GoToFuture {
        /// Command index in the same group.
        target: i32,
    },
    /// Op 4: positional sound; does not consume a frame skip.
    PlaySound {
        /// Signed 10-bit effect index (after SURFACE.INI remapping).
        effect: i16,
        /// Signed 10-bit rate offset in units of 64 Hz.
        rate: i16,
    },
    /// Op 5: set the movement-suppression marker.
    BreakPoint {
        /// Signed 20-bit operand, unused (0 in shipped files).
        operand: i32,
    },
    /// Op 6: orientation override, each value × 256.
    SetRotationXyz {
        /// Signed 6-bit X.
        x: i8,
        /// Signed 6-bit Y.
        y: i8,
        /// Signed 6-bit Z.
        z: i8,
    },
    /// Op 7: one-axis rotation.
    SetRotationAxis {
        /// 2-bit axis selector (0 = X, 1 = Y, 2 = Z; 3 undefined).
        axis: u8,
        /// Signed 18-bit value.
        value: i32,
    },
    /// Op 8: position offset, each value × 8.
    SetPositionXyz {
        /// Signed 6-bit X.
        x: i8,
        /// Signed 6-bit Y.
        y: i8,
        /// Signed 6-bit Z.
        z: i8,
    },
    /// Op 9: one-axis position offset.
    SetPositionAxis {
        /// 2-bit axis selector (0 = X, 1 = Y, 2 = Z; 3 undefined).
        axis: u8,
        /// Signed 18-bit value.
        value: i32,
    },
    /// Op 10: jump into another group.
    ChangeAnimGroup {
        /// Signed 10-bit group number.
        group: i16,
        /// Signed 10-bit command index in that group.
        frame: i16,
    },
    /// Op 11: bits for the actor-event service (0x01/0x02/0x04/0x08 surface effects,
    /// 0x10 screen shake).
    ActorEvent {
        /// Signed 20-bit mask, as the layout reads it.
        mask: i32,
    },
    /// Op 12: delay; the engine narrows the value to a byte (255 = indefinitely).
    DelayCounter {
        /// Signed 20-bit value; see [`Command::delay_byte`].
        value: i32,
    },
    /// Op 13: direction-dependent delay.
    ConditionalDelay {
        /// Signed 20-bit value.
        value: i32,
    },
    /// Op 14: decrement the loop counter, jump while it is positive.
    LoopControl {
        /// Command index in the same group.
        target: i32,
    },
    /// Op 15: transition keyed on `mask` (1/2 action word, 4 falling, 8 forward key).
    Transition {
        /// Unsigned 6-bit trigger mask.
        mask: u8,
        /// Signed 7-bit second field: mask 1/2 set the cursor to this value less two.
        start: i8,
        /// Signed 7-bit third field: mask 4 sets the cursor to it.
        target: i8,
    },
}

/// Bits `shift..shift+bits` of `w`.
const fn bits(w: u32, shift: u32, bits: u32) -> u32 {
    (w >> shift) & ((1 << bits) - 1)
}

/// Bits `shift..shift+n` of `w`, sign-extended from the field's top bit.
const fn sbits(w: u32, shift: u32, n: u32) -> i32 {
    ((bits(w, shift, n) << (32 - n)) as i32) >> (32 - n)
}

/// `v` as an `n`-bit two's-complement field, or `None` when it does not fit.
fn put_signed(v: i32, n: u32) -> Option<u32> {
    let half = 1i32 << (n - 1);
    (-half..half).contains(&v).then_some((v as u32) & ((1 << n) - 1))
}

/// `v` as an `n`-bit unsigned field, or `None` when it does not fit.
fn put_unsigned(v: u32, n: u32) -> Option<u32> {
    (v < (1 << n)).then_some(v)
}

impl Command {
    /// Decodes the low 24 bits of `word`. Every word decodes: there is no invalid opcode.
    pub const fn decode(word: u32) -> Command {
        let w = word & 0xFF_FFFF;
        let s20 = sbits(w, 4, 20);
        match (w & 15) as u8 {
            opcode::SHOW_FRAME => Command::ShowFrame { frame: bits(w, 4, 20) },
            opcode::END_ANIMATION => Command::EndAnimation { operand: s20 },
            opcode::GO_TO_PREVIOUS => Command::GoToPrevious { target: s20 },
            opcode::GO_TO_FUTURE => Command::GoToFuture { target: s20 },
            opcode::PLAY_SOUND => {
                Command::PlaySound { effect: sbits(w, 4, 10) as i16, rate: sbits(w, 14, 10) as i16 }
            }
            opcode::BREAK_POINT => Command::BreakPoint { operand: s20 },
            opcode::SET_ROTATION_XYZ => Command::SetRotationXyz {
                x: sbits(w, 4, 6) as i8,
                y: sbits(w, 10, 6) as i8,
                z: sbits(w, 16, 6) as i8,
            },
            opcode::SET_ROTATION_AXIS => {
                Command::SetRotationAxis { axis: bits(w, 4, 2) as u8, value: sbits(w, 6, 18) }
            }
            opcode::SET_POSITION_XYZ => Command::SetPositionXyz {
                x: sbits(w, 4, 6) as i8,
                y: sbits(w, 10, 6) as i8,
                z: sbits(w, 16, 6) as i8,
            },
            opcode::SET_POSITION_AXIS => {
                Command::SetPositionAxis { axis: bits(w, 4, 2) as u8, value: sbits(w, 6, 18) }
            }
            opcode::CHANGE_ANIM_GROUP => {
                Command::ChangeAnimGroup { group: sbits(w, 4, 10) as i16, frame: sbits(w, 14, 10) as i16 }
            }
            opcode::ACTOR_EVENT => Command::ActorEvent { mask: s20 },
            opcode::DELAY_COUNTER => Command::DelayCounter { value: s20 },
            opcode::CONDITIONAL_DELAY => Command::ConditionalDelay { value: s20 },
            opcode::LOOP_CONTROL => Command::LoopControl { target: s20 },
            _ => Command::Transition {
                mask: bits(w, 4, 6) as u8,
                start: sbits(w, 10, 7) as i8,
                target: sbits(w, 17, 7) as i8,
            },
        }
    }

    /// Decodes three file bytes (little-endian).
    pub const fn from_bytes(b: [u8; SIZE]) -> Command {
        Command::decode(b[0] as u32 | (b[1] as u32) << 8 | (b[2] as u32) << 16)
    }

    /// The opcode (0..=15).
    pub const fn opcode(&self) -> u8 {
        match self {
            Command::ShowFrame { .. } => opcode::SHOW_FRAME,
            Command::EndAnimation { .. } => opcode::END_ANIMATION,
            Command::GoToPrevious { .. } => opcode::GO_TO_PREVIOUS,
            Command::GoToFuture { .. } => opcode::GO_TO_FUTURE,
            Command::PlaySound { .. } => opcode::PLAY_SOUND,
            Command::BreakPoint { .. } => opcode::BREAK_POINT,
            Command::SetRotationXyz { .. } => opcode::SET_ROTATION_XYZ,
            Command::SetRotationAxis { .. } => opcode::SET_ROTATION_AXIS,
            Command::SetPositionXyz { .. } => opcode::SET_POSITION_XYZ,
            Command::SetPositionAxis { .. } => opcode::SET_POSITION_AXIS,
            Command::ChangeAnimGroup { .. } => opcode::CHANGE_ANIM_GROUP,
            Command::ActorEvent { .. } => opcode::ACTOR_EVENT,
            Command::DelayCounter { .. } => opcode::DELAY_COUNTER,
            Command::ConditionalDelay { .. } => opcode::CONDITIONAL_DELAY,
            Command::LoopControl { .. } => opcode::LOOP_CONTROL,
            Command::Transition { .. } => opcode::TRANSITION,
        }
    }

    /// The 24-bit word, or `None` when an operand does not fit its field.
    pub fn encode(&self) -> Option<u32> {
        let operands = match *self {
            Command::ShowFrame { frame } => put_unsigned(frame, 20)?,
            Command::EndAnimation { operand: v }
            | Command::GoToPrevious { target: v }
            | Command::GoToFuture { target: v }
            | Command::BreakPoint { operand: v }
            | Command::ActorEvent { mask: v }
            | Command::DelayCounter { value: v }
            | Command::ConditionalDelay { value: v }
            | Command::LoopControl { target: v } => put_signed(v, 20)?,
            Command::PlaySound { effect: a, rate: b } | Command::ChangeAnimGroup { group: a, frame: b } => {
                put_signed(a.into(), 10)? | put_signed(b.into(), 10)? << 10
            }
            Command::SetRotationXyz { x, y, z } | Command::SetPositionXyz { x, y, z } => {
                put_signed(x.into(), 6)? | put_signed(y.into(), 6)? << 6 | put_signed(z.into(), 6)? << 12
            }
            Command::SetRotationAxis { axis, value } | Command::SetPositionAxis { axis, value } => {
                put_unsigned(axis.into(), 2)? | put_signed(value, 18)? << 2
            }
            Command::Transition { mask, start, target } => {
                put_unsigned(mask.into(), 6)?
                    | put_signed(start.into(), 7)? << 6
                    | put_signed(target.into(), 7)? << 13
            }
        };
        Some(operands << 4 | self.opcode() as u32)
    }

    /// The three file bytes, or `None` when an operand does not fit its field.
    pub fn to_bytes(&self) -> Option<[u8; SIZE]> {
        let w = self.encode()?;
        Some([w as u8, (w >> 8) as u8, (w >> 16) as u8])
    }

    /// The in-group command index a GoToPrevious, GoToFuture or LoopControl jumps to.
    pub const fn jump_target(&self) -> Option<i32> {
        match *self {
            Command::GoToPrevious { target }
            | Command::GoToFuture { target }
            | Command::LoopControl { target } => Some(target),
            _ => None,
        }
    }

    /// Where a taken Transition puts the cursor: mask 1 or 2 → second field − 2 (the
    /// engine's own offset rule, {D:engine/animation.md} "Transition command"), mask 4 →
    /// third field; other masks do not move the cursor (mask 8 stays, others are never
    /// taken).
    pub const fn transition_target(&self) -> Option<i32> {
        match *self {
            Command::Transition { mask: 1 | 2, start, .. } => Some(start as i32 - 2),
            Command::Transition { mask: 4, target, .. } => Some(target as i32),
            _ => None,
        }
    }

    /// DelayCounter's operand narrowed to a byte, as the engine stores it (255 waits
    /// indefinitely, 0 continues at once).
    pub const fn delay_byte(&self) -> Option<u8> {
        match *self {
            Command::DelayCounter { value } => Some(value as u8),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(op: u32, operands: u32) -> u32 {
        operands << 4 | op
    }

    fn roundtrip(w: u32) {
        assert_eq!(Command::decode(w).encode(), Some(w), "word {w:#08x}");
    }

    #[test]
    fn show_frame_is_unsigned_20_bit() {
        assert_eq!(Command::decode(word(0, 0xF_FFFF)), Command::ShowFrame { frame: 0xF_FFFF });
        assert_eq!(Command::from_bytes([0x30, 0x00, 0x00]), Command::ShowFrame { frame: 3 });
        roundtrip(word(0, 0x8_0001));
        assert_eq!(Command::ShowFrame { frame: 1 << 20 }.encode(), None);
    }

    #[test]
    fn twenty_bit_signed_opcodes() {
        for op in [1u32, 2, 3, 5, 11, 12, 13, 14] {
            let neg = Command::decode(word(op, 0xF_FFFF));
            let pos = Command::decode(word(op, 0x7_FFFF));
            let min = Command::decode(word(op, 0x8_0000));
            let get = |c: Command| match c {
                Command::EndAnimation { operand: v }
                | Command::GoToPrevious { target: v }
                | Command::GoToFuture { target: v }
                | Command::BreakPoint { operand: v }
                | Command::ActorEvent { mask: v }
                | Command::DelayCounter { value: v }
                | Command::ConditionalDelay { value: v }
                | Command::LoopControl { target: v } => v,
                other => panic!("op {op} decoded as {other:?}"),
            };
            assert_eq!(neg.opcode() as u32, op);
            assert_eq!((get(neg), get(pos), get(min)), (-1, 0x7_FFFF, -0x8_0000));
            roundtrip(word(op, 0xF_FFFF));
            roundtrip(word(op, 0x1_2345));
        }
        assert_eq!(Command::decode(word(2, 0)), Command::GoToPrevious { target: 0 });
        assert_eq!(Command::decode(word(3, 6)), Command::GoToFuture { target: 6 });
        assert_eq!(Command::decode(word(11, 0x10)), Command::ActorEvent { mask: 16 });
        assert_eq!(Command::decode(word(14, 2)).jump_target(), Some(2));
        assert_eq!(Command::decode(word(12, 0x1FF)).delay_byte(), Some(0xFF));
        assert_eq!(Command::decode(word(13, 5)), Command::ConditionalDelay { value: 5 });
        assert_eq!(Command::decode(word(1, 0)), Command::EndAnimation { operand: 0 });
        assert_eq!(Command::decode(word(5, 0)), Command::BreakPoint { operand: 0 });
        assert_eq!(Command::GoToFuture { target: 1 << 19 }.encode(), None);
    }

    #[test]
    fn ten_plus_ten() {
        // effect −1 (0x3FF), rate 5
        let w = word(4, 0x3FF | 5 << 10);
        assert_eq!(Command::decode(w), Command::PlaySound { effect: -1, rate: 5 });
        roundtrip(w);
        let w = word(10, 0x1FF | 0x200 << 10);
        assert_eq!(Command::decode(w), Command::ChangeAnimGroup { group: 511, frame: -512 });
        roundtrip(w);
        assert_eq!(Command::PlaySound { effect: 512, rate: 0 }.encode(), None);
    }

    #[test]
    fn six_six_six() {
        let w = word(6, 0x3F | 0x1F << 6 | 0x20 << 12);
        assert_eq!(Command::decode(w), Command::SetRotationXyz { x: -1, y: 31, z: -32 });
        roundtrip(w);
        let w = word(8, 1 | 0x3E << 6 | 2 << 12);
        assert_eq!(Command::decode(w), Command::SetPositionXyz { x: 1, y: -2, z: 2 });
        roundtrip(w);
        // Bits 22..23 belong to no field.
        assert_eq!(Command::decode(w | 0xC0_0000), Command::decode(w));
    }

    #[test]
    fn two_plus_eighteen() {
        let w = word(7, 2 | 0x3_FFFF << 2);
        assert_eq!(Command::decode(w), Command::SetRotationAxis { axis: 2, value: -1 });
        roundtrip(w);
        let w = word(9, 1 | 0x1_FFFF << 2);
        assert_eq!(Command::decode(w), Command::SetPositionAxis { axis: 1, value: 0x1_FFFF });
        roundtrip(w);
        assert_eq!(Command::SetPositionAxis { axis: 4, value: 0 }.encode(), None);
    }

    #[test]
    fn six_seven_seven() {
        let w = word(15, 4 | 0x7F << 6 | 0x40 << 13);
        let c = Command::decode(w);
        assert_eq!(c, Command::Transition { mask: 4, start: -1, target: -64 });
        assert_eq!(c.transition_target(), Some(-64));
        roundtrip(w);
        let c = Command::decode(word(15, 1 | 9 << 6 | 3 << 13));
        assert_eq!(c, Command::Transition { mask: 1, start: 9, target: 3 });
        assert_eq!(c.transition_target(), Some(7));
        assert_eq!(Command::Transition { mask: 8, start: 0, target: 0 }.transition_target(), None);
        assert_eq!(Command::Transition { mask: 64, start: 0, target: 0 }.encode(), None);
    }

    #[test]
    fn every_opcode_decodes_to_itself() {
        for op in 0..16u32 {
            assert_eq!(Command::decode(op | 0xABC_0000).opcode() as u32, op);
            assert_eq!(Command::decode(word(op, 0x5_A5A5) | 0xFF00_0000).opcode() as u32, op);
        }
        assert_eq!(Command::GoToPrevious { target: -3 }.to_bytes(), Some([0xD2, 0xFF, 0xFF]));
    }
}
