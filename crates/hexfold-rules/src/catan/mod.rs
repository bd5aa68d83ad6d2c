//! Base Catan on the hex engine.
