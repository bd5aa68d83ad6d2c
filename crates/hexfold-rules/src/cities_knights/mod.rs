//! Catan: Cities & Knights on the hex engine.
