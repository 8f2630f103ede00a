//! Helpers shared by the world-level animation and combat tests: the embedded island with
//! its scene edited, hand-built groups and a SOUP bytecode builder.
#![allow(missing_docs)]

use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::formats::rgm::Command;
use stros_core::input::Bindings;
use stros_host::World;
use stros_tools::world::village;
use stros_tools::write::rgm::{ActorDesc, GroupDesc, MpobDesc, RaanDesc, RgmDesc};
use stros_tools::write::soup::Asm;

/// The island with `edit` applied to its scene, loaded with `config`.
pub fn island_with(
    edit: impl FnOnce(&mut RgmDesc),
    config: SystemConfig,
) -> (Box<World<'static>>, &'static crate::TestFiles) {
    let mut desc = village::rgm_desc();
    edit(&mut desc);
    let files = crate::replaced(vec![(format!("{MAP}.RGM"), stros_tools::write::rgm::to_bytes(&desc))]);
    let w = World::load(files, MAP, config, Bindings::default()).unwrap();
    (Box::new(w), files)
}

/// [`island_with`] with the installed SYSTEM.INI, the player entered at marker 0.
pub fn island(edit: impl FnOnce(&mut RgmDesc)) -> Box<World<'static>> {
    let (mut w, files) = island_with(edit, SystemConfig::installed());
    w.enter_marker(files, 0, 0).unwrap();
    w
}

/// The first actor whose definition is `name`.
pub fn actor_named(w: &World<'_>, name: &[u8]) -> u16 {
    (0..w.actors().len() as u16)
        .find(|&id| w.rgm().actor(w.actor(id).unwrap().definition as usize).unwrap().name() == name)
        .unwrap()
}

pub fn sf(frame: u32) -> Command {
    Command::ShowFrame { frame }
}

pub fn g(number: u16, reload: u16, kind: u16, commands: Vec<Command>) -> GroupDesc {
    GroupDesc { number, anim_id: reload, kind, commands }
}

/// A looping group of `frames`.
pub fn lp(number: u16, frames: &[u32]) -> GroupDesc {
    let mut c: Vec<Command> = frames.iter().map(|&f| sf(f)).collect();
    c.push(Command::GoToPrevious { target: 0 });
    g(number, 1, 0, c)
}

/// The first placement of the island's FLAG2 (on the plateau, in the update list at marker
/// 0) becomes an instance of `actor`, which is added to the scene; the other two FLAG2
/// placements go.
pub fn replace_first_flag(d: &mut RgmDesc, actor: ActorDesc) {
    let first = d.mpob.iter().position(|m| m.script_name == b"FLAG2").unwrap();
    let name = actor.name.clone();
    d.mpob[first] = MpobDesc { script_name: name, model_name: Vec::new(), ..d.mpob[first].clone() };
    d.mpob.retain(|m| m.script_name != b"FLAG2");
    d.actors.push(actor);
}

/// An actor definition over the NPC model's five frames.
pub fn npc(name: &[u8], groups: Vec<GroupDesc>, attributes: [u8; 256], script: Vec<u8>) -> ActorDesc {
    ActorDesc {
        name: name.to_vec(),
        raan: vec![RaanDesc { frame_count: 5, model_type: b'c', path: b"NPC.3DC".to_vec() }],
        groups,
        attributes,
        bounds: [0, -1, -1],
        script,
        ..ActorDesc::default()
    }
}

/// A SOUP script built in one expression: [`Asm`]'s statements by value, for the tests'
/// scripts without labels.
#[derive(Default)]
pub struct B(pub Vec<u8>);

impl B {
    /// Statements written by `f` appended.
    pub fn with(mut self, f: impl FnOnce(&mut Asm) -> &mut Asm) -> Self {
        self.0.extend(f(&mut Asm::new()).finish());
        self
    }
    /// A function statement with NumericAlt arguments.
    pub fn call(self, function: u16, args: &[i32]) -> Self {
        self.with(|a| a.function_alt(function, args))
    }
    /// `DisableScript(); Yield` — the main stage stops until the test clears bit 0x01.
    pub fn pause(self) -> Self {
        self.with(pause)
    }
    /// `End 0`: the script starts over next update.
    pub fn again(self) -> Self {
        self.with(|a| a.end(Asm::START))
    }
}

/// `DisableScript(); Yield` — the main stage stops until the test clears bit 0x01.
pub fn pause(a: &mut Asm) -> &mut Asm {
    a.function_alt(stros_core::script::functions::id::DISABLE_SCRIPT, &[]).yield_()
}

/// Clears actor `id`'s main-stage suppression (what `EnableScript` does): its script resumes
/// after the `Yield` it stopped at.
pub fn resume(w: &mut World<'_>, id: u16) {
    w.actor_mut(id).unwrap().script_control &= !stros_core::script::control::NO_MAIN;
}
