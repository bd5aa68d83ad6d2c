//! Elasund: The First City of Catan, on a square grid.
