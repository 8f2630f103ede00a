//! The island's RGM: its actors (Cyrus, the flag, the fisher, the villager, the doors, the
//! key and the chest, from the groups of [`super::groups`] and the scripts of
//! [`super::scripts`]), their placements, the walk maps, markers, ropes, lights and flats.
//! The models they show are [`super::archive`]'s.

use stros_core::actor::attr;
use stros_core::anim::group::*;

use super::archive::yaw_matrix;
use super::art::sound;
use super::groups::*;
use super::{models, scripts, talk, worlds};
use crate::write::rgm::{
    ActorDesc, FlatDesc, MarkerDesc, MpobDesc, MprpDesc, MpsfDesc, MpslDesc, MpsoDesc, MpszDesc, RaanDesc,
    RgmDesc,
};

/// Ground height (Y down) of the plateau, map units.
pub const PLATEAU_Y: i32 = -240;

/// Where the ledge course stands (its centre line; the blocks' faces at this Z).
pub const COURSE_X: i32 = 40200;
/// Z of the ledge course's faces.
pub const COURSE_Z: i32 = 31600;

/// The village placements: `(model, x, y, z, yaw)`.
pub const PLACEMENTS: [(&str, i32, i32, i32, i32); 26] = [
    ("HOUSE", 33000, PLATEAU_Y, 33600, 0),
    ("HOUSE", 37000, PLATEAU_Y, 34200, 512),
    ("HOUSE", 39000, PLATEAU_Y, 30400, 256),
    ("STAIRS", 31600, PLATEAU_Y, 28800, 0),
    ("RAMP", 32800, PLATEAU_Y, 27800, 1024),
    ("BRIDGE", 35840, PLATEAU_Y, 29400, 0),
    ("PIER", 32768, 0, 15400, 1024),
    ("BARREL", 34300, PLATEAU_Y, 32200, 0),
    ("BARREL", 34380, PLATEAU_Y, 32260, 0),
    ("BARREL", 34310, PLATEAU_Y, 32330, 0),
    ("CRATE4", 34200, PLATEAU_Y, 32000, 100),
    ("CRATE4", 36300, PLATEAU_Y, 33000, 0),
    ("PLANT", 33600, PLATEAU_Y, 31000, 0),
    ("PLANT", 34800, PLATEAU_Y, 30000, 300),
    ("PLANT", 37800, PLATEAU_Y, 32600, 700),
    ("PLANT", 38600, PLATEAU_Y, 28000, 0),
    ("PLANT", 31200, PLATEAU_Y, 31800, 0),
    ("PLANT", 36900, PLATEAU_Y, 27400, 0),
    ("HOUSE", 38200, PLATEAU_Y, 27500, 1536),
    ("BARREL", 32700, 0, 16200, 0),
    // The yard by marker 5, a short course through what walking meets: a ramp climbing
    // south to its steep stone end, a house whose blank south wall faces the ramp, and
    // stairs past the house's west corner.
    ("RAMP", 31200, PLATEAU_Y, 27300, 1024),
    ("HOUSE", 31200, PLATEAU_Y, 28000, 1024),
    ("STAIRS", 30800, PLATEAU_Y, 28000, 0),
    // The ledge course east of the houses.
    ("LEDGES", COURSE_X, PLATEAU_Y, COURSE_Z, 0),
    // The fisher's hut up the beach, its door facing the sea (−Z).
    ("HOUSE", 34400, PLATEAU_Y, 17300, 0),
    // The rope frame, its beam across X (the rope hangs from its middle: [`ropes`]).
    ("ROPEFRAM", ROPE_AT[0], ROPE_AT[1], ROPE_AT[2], 0),
];

fn living(walk: u8, run: u8) -> [u8; 256] {
    let mut a = [0u8; 256];
    a[attr::COLLIDE] = 0x0D; // body contacts, ground response and steep test, overlap
    a[attr::HEALTH] = 100;
    a[attr::BACKWARD_SPEED] = run * 5 / 8;
    a[attr::SIDE_SPEED] = walk * 3 / 4;
    a[attr::BACKWARD_WALK] = walk * 3 / 4;
    a[attr::WEIGHT] = 64;
    // 31 and 32 (jump time and height), 115 and 119 (the reserved weight and collide
    // copies) stay zero: loading fills them from SYSTEM.INI and from 6 and 1, as it does for
    // every actor (newest engine/SOUP.md, "Initial attribute copy and defaults").
    a[attr::FORWARD_SPEED] = run;
    a[attr::STEP_TYPE] = 1;
    a[attr::FORWARD_WALK] = walk;
    a[attr::TURN_SPEED] = 32; // slope turns
    a[attr::FIGHT_TURN_SPEED] = 64;
    a[attr::FIGHT_TURN_ACCEL] = 12;
    a[attr::PANIC_GROUP] = 0; // the idle default
    a
}

/// A RAAN table of one `.3DC` frame source.
fn raan(frames: u8, name: &str) -> Vec<RaanDesc> {
    vec![RaanDesc { frame_count: frames, model_type: b'c', path: format!("{name}.3DC").into_bytes() }]
}

/// Cyrus: standing, running, walking and the groups the controller and the ground response request.
fn cyrus_actor() -> ActorDesc {
    let (_, frames) = models::figure(models::colour::TUNIC, models::colour::TROUSERS);
    let (_, grip) = models::hang_frame(&frames[0]);
    let h = HANG_FRAME;
    let mut raex = [0i16; 15];
    raex[0] = grip;
    let mut groups = vec![
        group(STAND, 4, 0, vec![show(0), show(0), Prev { target: 0 }]),
        group(RUN, 1, 1, cyrus_run()),
        group(WALK, 2, 1, cyrus_walk()),
        // Turning on the spot, backward steps, falling, landing, hurting, sliding and
        // swimming: the groups the controller and the ground response request.
        group(TURN_LEFT, 2, 0, stride(&[1, 2])),
        group(TURN_RIGHT, 2, 0, stride(&[3, 4])),
        group(BACK, 1, 1, cyrus_walk_back()),
        group(STRAFE_LEFT, 2, 1, stride(&[1, 2, 3])),
        group(STRAFE_RIGHT, 2, 1, stride(&[3, 4, 1])),
        group(WALK_BACK, 2, 1, cyrus_walk_back()),
        group(FALL, 2, 0, hold(&[2])),
        group(LAND, 2, 1, once(&[1, 0])),
        group(HURT, 2, 1, once(&[2, 4, 0])),
        group(SLIDE, 2, 0, hold(&[1])),
        group(SLIDE_BACK, 2, 0, hold(&[3])),
        group(DEEP_WATER, 3, 0, hold(&[0, 2])),
        group(SWIM, 2, 1, stride(&[1, 2, 3, 4])),
        group(SWIM_BACK, 2, 1, cyrus_walk_back()),
        // Ledges: the hang (7, whose first frame's grip vertex places the hands), the
        // hanging sidesteps (28, 29), the high climb (86, one frame per entry of its 26-entry
        // tables), the catches (88, 89) and the low climb (90, 22 frames).
        group(HANG, 2, 0, hold(&[h])),
        group(HANG_LEFT, 2, 1, stride(&[h, h])),
        group(HANG_RIGHT, 2, 1, stride(&[h, h])),
        group(CLIMB_HIGH, 1, 1, climb(26, &[h, h, h, h, 2, 2, 1, 1, 0, 0])),
        group(CATCH, 2, 1, once(&[h])),
        group(CATCH_FREE, 2, 1, once(&[h])),
        group(CLIMB_LOW, 1, 1, climb(22, &[2, 2, 1, 1, 3, 3, 0, 0])),
        // Landing from the running jumps (67-70) and the jump the runtime selector forces.
        group(JUMP_SELECTED, 1, 1, once(&[1, 3])),
        // The idle fidgets the controller requests after a while standing (1-3; 4 when
        // hurt): a stretch, a look about, a shrug, and catching his breath (numbers:
        // `anim::group` names none of them).
        group(1, 3, 1, once(&[0, h, h, 0])),
        group(2, 3, 1, once(&[0, 1, 0, 3, 0])),
        group(3, 3, 1, once(&[0, 2, 4, 0])),
        group(4, 4, 1, once(&[0, 2, 0, 2, 0])),
        // Death (best guess: the figure has no fallen pose): the fatal fall's 74 and the
        // unarmed collapse 134, which the death controller holds until the world loop's
        // death exit ({D:engine/SOUP.md} "Selected-player death controller"). 74 completes
        // once the frame-progress byte reaches the command cursor: twelve break points put
        // the cursor at 12 before its first frame, so he lies still about 24 ticks first.
        // 134 completes while the two differ, and holds like the ledge drop.
        group(FATAL, 2, 1, death_hold(12)),
        group(DEATH, 3, 1, hold(&[4, 2])),
    ];
    // Jumps: the take-offs (32-37), the airborne groups of queued-motion arbitration
    // (38-48), the backward jumps (49, 50, held while queued state 3 lasts), and the falls
    // the continuation requests (58-64). The ranges stay numbers: `anim::group` names only
    // some of their groups.
    groups.extend([JUMP_STAND, JUMP_STAND_TORCH].map(|n| group(n, 1, 1, once(&[0, 2]))));
    groups.extend(
        [JUMP_RUN, JUMP_RUN_TORCH, JUMP_RUN_BACK, JUMP_RUN_BACK_TORCH].map(|n| group(n, 1, 1, once(&[1, 3]))),
    );
    groups.extend((38..=48).map(|n| group(n, 2, 0, hold(&[2]))));
    groups.extend([JUMP_BACK, JUMP_BACK_TORCH].map(|n| group(n, 2, 0, hold(&[3]))));
    groups.extend((58..=64).map(|n| group(n, 2, 0, hold(&[2]))));
    groups.extend((66..=70).map(|n| group(n, 2, 1, once(&[1, 0]))));
    ActorDesc {
        name: b"CYRUS".to_vec(),
        raan: raan(6, "CYRUS"),
        groups,
        attributes: living(8, 16),
        raex,
        bounds: [0, -1, -1],
        script: scripts::cyrus_script(),
        ..ActorDesc::default()
    }
}

/// The flag: its idle wave, its run-once wave and the flap with its sound.
fn flag_actor() -> ActorDesc {
    ActorDesc {
        name: b"FLAG2".to_vec(),
        instances: 3,
        raan: raan(8, "FLAG"),
        groups: vec![
            group(0, 3, 0, vec![show(0), show(1), Prev { target: 0 }]),
            group(
                1,
                1,
                0,
                vec![
                    show(0),
                    show(1),
                    show(2),
                    show(3),
                    show(4),
                    show(5),
                    show(6),
                    show(7),
                    Prev { target: 0 },
                    End { operand: 0 },
                ],
            ),
            group(
                10,
                1,
                0,
                vec![
                    show(4),
                    show(5),
                    show(6),
                    show(7),
                    PlaySound { effect: sound::FLAG_FLAP as i16, rate: 0 },
                    Prev { target: 0 },
                    End { operand: 0 },
                ],
            ),
        ],
        script: scripts::flag_script(),
        variables: vec![0],
        ..ActorDesc::default()
    }
}

/// The walk maps (WDNM): the fisher's path from the pier up the beach to his hut, and a
/// ring of nodes round the hilltop flag for the villager to wander, links both ways.
fn walk_maps() -> Vec<Vec<u8>> {
    use crate::write::rgm::{WalkNodeDesc, walk_map};
    let map = |points: &[[i32; 3]], links: &[(u16, u16)]| {
        let nodes: Vec<WalkNodeDesc> = points
            .iter()
            .enumerate()
            .map(|(k, &position)| WalkNodeDesc {
                position,
                routes: links
                    .iter()
                    .filter_map(|&(a, b)| match k as u16 {
                        x if x == a => Some((b, 256)),
                        x if x == b => Some((a, 256)),
                        _ => None,
                    })
                    .collect(),
            })
            .collect();
        walk_map(points[0], 2048, &nodes)
    };
    vec![
        map(
            &[[33300, -86, 15400], [33700, -134, 15900], [34100, -202, 16400], [34400, PLATEAU_Y, 16950]],
            &[(0, 1), (1, 2), (2, 3)],
        ),
        map(
            &[
                [38000, -880, 19600],
                [38900, -880, 19500],
                [39100, -880, 20300],
                [38500, -880, 20700],
                [37900, -870, 20400],
            ],
            &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)],
        ),
    ]
}

/// The placed objects (MPOB).
fn mpob_placements() -> Vec<MpobDesc> {
    let mpob = |id: u32,
                ty: u8,
                activation: u8,
                script: &str,
                model: &str,
                is_static: u8,
                pos: [i32; 3],
                yaw: u32| MpobDesc {
        id,
        object_type: ty,
        activation,
        script_name: script.as_bytes().to_vec(),
        model_name: model.as_bytes().to_vec(),
        is_static,
        position: pos,
        angles: [0, yaw, 0],
        model_id: -1,
        ..MpobDesc::default()
    };
    vec![
        mpob(1, 1, 0, "FLAG2", "FLAG", 0, [35200, PLATEAU_Y, 31000], 0),
        mpob(2, 1, 0, "FLAG2", "FLAG", 0, [32900, -60, 16400], 512),
        mpob(3, 1, 0, "FLAG2", "FLAG", 0, [38400, -900, 19968], 0),
        mpob(4, 3, 0, "FISHER", "NPC", 0, [33400, 0, 15200], 1024),
        mpob(5, 1, 0, "BUOY", "BUOY", 4, [34200, 0, 13800], 0),
        mpob(6, 1, 0, "KEG", "BARREL", 1, [36600, PLATEAU_Y, 32800], 0),
        mpob(7, 1, 1, "RAFT", "RAFT", 0, [31200, 0, 14400], 0),
        // On the hilltop, out of the update windows of the yard, the pier and the ledge course.
        mpob(8, 3, 0, "VILLAGER", "NPC", 0, [38700, -880, 20000], 0),
        // No model: it only runs the yard pan's script, facing north-east (yaw 1792).
        mpob(9, 1, 0, "FLAGCAM", "", 0, [31900, PLATEAU_Y, 28300], 1792),
        // No model: the fisher's hut door, just before its front wall; activated, world 2.
        mpob(10, 1, 0, "HUTDOOR", "", 0, HUT_DOOR_AT, 0),
        // The bronze key, lying on the pier's deck halfway out.
        mpob(11, 1, 0, "PIERKEY", "KEY", 0, KEY_AT, 300),
    ]
}

/// Where the fisher's hut door object stands: before the middle of the hut's front wall.
pub const HUT_DOOR_AT: [i32; 3] = [34400, PLATEAU_Y, 17060];
/// Where the key lies: on the pier's deck (its top at Y −40), halfway out.
pub const KEY_AT: [i32; 3] = [32790, -40, 14950];
/// The marker beside the hut door that leaving the hut enters at.
pub const MARKER_HUT_DOOR: i32 = 10;

/// The RGM scene.
pub fn rgm_desc() -> RgmDesc {
    let cyrus = cyrus_actor();
    let flag = flag_actor();
    let npc = ActorDesc {
        name: b"FISHER".to_vec(),
        raan: raan(5, "NPC"),
        groups: vec![
            group(STAND, 3, 0, vec![show(0), DelayCounter { value: 6 }, show(0), Prev { target: 0 }]),
            group(WALK, 2, 1, cyrus_walk()),
            // Talking gestures (`rtxAnim`'s three groups): a sway each, played once.
            group(scripts::TALK_GROUPS[0], 3, 0, once(&[1, 0, 3, 0])),
            group(scripts::TALK_GROUPS[1], 3, 0, once(&[3, 0, 1, 0])),
            group(scripts::TALK_GROUPS[2], 3, 0, once(&[0, 2, 0, 4, 0])),
        ],
        attributes: living(6, 12),
        bounds: [0, -1, -1],
        script: scripts::fisher_script(),
        ..ActorDesc::default()
    };
    let villager =
        ActorDesc { name: b"VILLAGER".to_vec(), script: scripts::villager_script(), ..npc.clone() };
    // The yard pan: the camera target (50 − 127) × 500 = −38,500 runtime units (150 up).
    let mut flag_camera_attrs = [0u8; 256];
    flag_camera_attrs[48] = 50; // the camera target offset: attr names no index 48
    let flag_camera = ActorDesc {
        name: b"FLAGCAM".to_vec(),
        attributes: flag_camera_attrs,
        script: scripts::flag_camera_script(),
        ..ActorDesc::default()
    };
    // No RAAN: the MPOB model_name supplies a four-frame table at placement.
    let buoy = ActorDesc {
        name: b"BUOY".to_vec(),
        groups: vec![group(0, 3, 0, vec![show(0), show(1), show(2), show(3), Prev { target: 0 }])],
        ..ActorDesc::default()
    };
    // No RAAN and is_static = 1 in its MPOB: the static model path with the ROB's collision byte.
    let keg = ActorDesc { name: b"KEG".to_vec(), ..ActorDesc::default() };
    let mut raft_attrs = [0u8; 256];
    raft_attrs[attr::PLAYER_ALIGN] = 1; // carries riders
    let raft = ActorDesc {
        name: b"RAFT".to_vec(),
        raan: raan(1, "RAFT"),
        groups: vec![group(0, 6, 0, vec![show(0), Prev { target: 0 }])],
        attributes: raft_attrs,
        ..ActorDesc::default()
    };

    // The doors between the island and the hut's interior (world 2): each only runs its
    // script ([`scripts::door_script`]).
    let hut_door = ActorDesc {
        name: b"HUTDOOR".to_vec(),
        script: scripts::door_script(talk::HUT_DOOR, worlds::HUT as i32, 0, 0),
        ..ActorDesc::default()
    };
    let hut_exit = ActorDesc {
        name: b"HUTEXIT".to_vec(),
        script: scripts::door_script(talk::HUT_EXIT, worlds::ISLAND as i32, MARKER_HUT_DOOR, 1024),
        ..ActorDesc::default()
    };
    // What can be carried ([`super::items`]): the key on the pier, the chest in the hut.
    let pier_key =
        ActorDesc { name: b"PIERKEY".to_vec(), script: scripts::key_script(), ..ActorDesc::default() };
    let chest =
        ActorDesc { name: b"CHEST".to_vec(), script: scripts::chest_script(), ..ActorDesc::default() };
    let placements = mpob_placements();
    let mpso = PLACEMENTS
        .iter()
        .enumerate()
        .map(|(k, &(name, x, y, z, yaw))| MpsoDesc {
            id: 100 + k as u32,
            model_name: name.as_bytes().to_vec(),
            position: [x, y, z],
            matrix: yaw_matrix(yaw),
        })
        .collect();
    let marker = |x, y, z, aux| MarkerDesc { position: [x, y, z], aux };
    RgmDesc {
        actors: vec![
            cyrus,
            flag,
            npc,
            buoy,
            keg,
            raft,
            villager,
            flag_camera,
            hut_door,
            hut_exit,
            pier_key,
            chest,
        ],
        mpob: placements,
        mpso,
        markers: vec![
            marker(35000, PLATEAU_Y, 30600, 1), // 0: the plateau by the village
            marker(20000, 0, 20000, 0),         // 1: unusable
            marker(32400, -40, 16600, 1),       // 2: the beach by the pier
            marker(38400, -900, 19968, 1),      // 3: the hilltop
            marker(32768, -40, 14700, 1),       // 4: the end of the pier
            marker(31200, PLATEAU_Y, 27400, 1), // 5: the yard
            marker(COURSE_X - 360, PLATEAU_Y, COURSE_Z - 60, 1), // 6: before the ledge course
            marker(33300, -86, 15400, 1),       // 7: the pier's landward end (the fisher's route)
            marker(34400, PLATEAU_Y, 16950, 1), // 8: before the fisher's hut door
            marker(ROPE_AT[0] - 150, PLATEAU_Y, ROPE_AT[2] - 380, 1), // 9: before the rope frame
            marker(34330, PLATEAU_Y, 16990, 1), // 10: beside the fisher's hut door (out of the hut)
        ],
        wdnm: walk_maps(),
        mpsz: vec![MpszDesc::from_extents([24, 62, 11], [24, 66, 38])],
        mpsf: flats(),
        mpsl: lights(),
        mprp: ropes(),
        // The flames glow: alpha byte 199, an alpha input of 200, blended and lit at 255.
        flat: vec![FlatDesc {
            archive: models::MODEL_BANK,
            image: super::art::flat_img::FLAME,
            flags: 0,
            alpha: 199,
        }],
        ..RgmDesc::default()
    }
}

/// Where the rope frame stands, east of the village square.
pub const ROPE_AT: [i32; 3] = [37_400, PLATEAU_Y, 31_800];

/// The rope ({D:formats/RGM.md} "MPRP (Rope Chains)"): six links under the frame's beam
/// with a weight at the end, set swinging (type 0x20, amplitude 60, speed 199) along the
/// beam (heading 512); it slows at each swing through the middle.
pub fn ropes() -> Vec<MprpDesc> {
    let [x, y, z] = ROPE_AT;
    vec![MprpDesc {
        id: 990,
        position: [x, y - models::ROPE_TOP, z],
        angle_y: 512,
        rope_type: 0x20,
        swing: 60,
        speed: 199,
        length: 6,
        static_model: b"ROPEWGT".to_vec(),
        rope_model: b"ROPELINK".to_vec(),
        sounds: [0; 3],
        trailing: [0; 4],
    }]
}

/// The map lights ({D:formats/RGM.md} "MPSL (Lights)"): a warm light before each torch
/// flame at the fisher's hut, for world 1 (the island's WORLD.INI entry).
pub fn lights() -> Vec<MpslDesc> {
    [34_310, 34_490]
        .into_iter()
        .map(|x| MpslDesc {
            link: 0,
            world_id: 1,
            position: [x, PLATEAU_Y - 160, 17_040],
            radius: 300,
            field_16: 0,
            rgb: [9000, 6000, 2500],
            field_1e: 0,
            active: 1,
            field_20: [0; 6],
            field_26: [0; 4],
        })
        .collect()
}

/// The placed flats: bushes ahead of the plateau marker and along the village path (each
/// centred half its 96-unit height above the ground), and a torch flame either side of the
/// fisher's hut door, just before its front wall (z 17,100) 170 units up.
pub fn flats() -> Vec<MpsfDesc> {
    use super::art::flat_img;
    let texture = |image: u8| (models::MODEL_BANK << 7) | image as u16;
    let bush = |k: u32, x: i32, z: i32| MpsfDesc {
        id: 900 + k,
        position: [x, PLATEAU_Y - 48, z],
        texture_data: texture(flat_img::BUSH),
    };
    let flame = |k: u32, x: i32| MpsfDesc {
        id: 950 + k,
        position: [x, PLATEAU_Y - 170, 17_085],
        texture_data: texture(flat_img::FLAME),
    };
    vec![
        bush(0, 35_150, 31_000),
        bush(1, 34_700, 31_400),
        bush(2, 35_500, 31_700),
        bush(3, 34_300, 30_700),
        bush(4, 33_900, 31_900),
        bush(5, 36_200, 31_200),
        flame(0, 34_310),
        flame(1, 34_490),
    ]
}
