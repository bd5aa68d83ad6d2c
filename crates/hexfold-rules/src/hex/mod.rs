//! The hex engine shared by base Catan, Cities & Knights and Catania.
