//! The workspace's integration tests, one binary: each module covers one area (the seeds'
//! worked examples, the file formats, collision, animation, scripts, the world update,
//! rendering, replays and installs). The tests that install a global allocator to count
//! allocations are binaries of their own (`no_alloc`, `script_mutation`).

mod actor;
mod anim;
mod anim_world;
mod audio;
mod bands;
mod camera;
mod collision;
mod collision_faces;
mod collision_queries;
mod collision_walls;
mod combat;
mod config;
mod contacts;
mod coverage;
mod crowd;
mod death;
mod digests;
mod doors;
mod effects;
mod embedded_world;
mod family;
mod functions;
mod hud;
mod install;
mod items;
mod jump_clearance;
mod loading;
mod mutation;
mod navigation;
mod player_input;
mod player_moves;
mod render;
mod render_culling;
mod render_flats;
mod render_scene;
mod render_world_look;
mod replay;
mod replay_paths;
mod response;
mod retail;
mod ropes;
mod script;
mod script_state;
mod seed_numerics;
mod statics;
mod support;
mod tables;
mod talk;
mod terrain;
mod timing;
mod vertex_spheres;
mod world;
mod worlds;
