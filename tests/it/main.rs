//! Integration tests of the hexfold server: a real server on an ephemeral port over a temporary sled directory
//! (or a throw-away PostgreSQL database, in `restart`), driven through the generated gRPC client exactly as a
//! client in another language would.

// prost derives `Copy` for `pb::Command` only while every game's commands hold plain scalars; the clones here
// must keep compiling when a game adds a repeated field.
#![allow(clippy::clone_on_copy)]

mod abuse;
mod analyze;
mod architecture;
mod bad_input;
mod bots;
mod browser;
mod catania;
mod chromium;
mod ck;
mod cli;
mod compat;
mod concurrency;
mod crash;
mod damage;
mod deploy;
mod elasund;
mod export;
mod faults;
mod hidden;
mod memory;
mod ops;
mod platform;
mod play;
mod powerloss;
mod protos;
mod python;
mod python_package;
mod restart;
mod servers;
mod session;
mod subscribe;
mod support;
mod timers;
mod tls;
mod toy;
mod typescript;
mod web;
mod web_play;
mod web_views;
mod words;
