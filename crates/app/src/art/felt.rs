//! The table's felt: a plain colour, chosen in the settings, that the window clears to under
//! the cards (a full-window image would cost a software renderer a fill of every pixel each
//! frame).

use serde::{Deserialize, Serialize};

/// The colour of the table's felt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TableColour {
    #[default]
    Green,
    Blue,
    Burgundy,
    Grey,
}

impl TableColour {
    pub const ALL: [TableColour; 4] = [
        TableColour::Green,
        TableColour::Blue,
        TableColour::Burgundy,
        TableColour::Grey,
    ];

    /// The colour's name, as the settings screen shows it.
    pub fn name(self) -> &'static str {
        match self {
            TableColour::Green => "green",
            TableColour::Blue => "blue",
            TableColour::Burgundy => "burgundy",
            TableColour::Grey => "grey",
        }
    }

    /// The felt's colour, in sRGB.
    pub fn rgb(self) -> [u8; 3] {
        match self {
            TableColour::Green => [23, 69, 41],
            TableColour::Blue => [22, 48, 88],
            TableColour::Burgundy => [80, 22, 34],
            TableColour::Grey => [56, 61, 67],
        }
    }
}
