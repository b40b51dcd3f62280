//! Weisser's five-parameter Spider family G(r, s, m, c, d) as layout text.
//!
//! r ranks (Ace up to rank r), s suits, m copies of each card, c columns, d deals (the face-up
//! row dealt at the start counts as the first). Of the n = rsm cards, h = n - cd start face down,
//! in rows of c with the partial row on the first columns (so columns with more hidden cards
//! come first, as in the thesis); one row is dealt face up; the c(d - 1) others form the stock.
//! A complete suit (r down to Ace) is removed at once; a deal is refused while a column is empty
//! unless the whole tableau is empty (the thesis' amended rule). `spider` is G(13, 4, 2, 10, 6).

/// The parameters of one member of the family.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Family {
    pub ranks: u8,
    pub suits: u8,
    pub multiple: u8,
    pub columns: u8,
    pub deals: u8,
}

/// Why a G(r, s, m, c, d) cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FamilyError {
    /// Not five whole numbers.
    Syntax(String),
    /// A parameter out of range, and which.
    Range(String),
}

impl std::fmt::Display for FamilyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FamilyError::Syntax(s) => {
                write!(
                    f,
                    "{s:?} is not r,s,m,c,d: write five whole numbers, e.g. 4,2,2,3,3"
                )
            }
            FamilyError::Range(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for FamilyError {}

/// The member of the family `spec` names (`4,2,2,3,3`), as its layout's id and text.
///
/// # Errors
/// `spec` is not five numbers in range, in words.
pub fn family_layout(spec: &str) -> Result<(String, String), String> {
    let family: Family = spec.parse().map_err(|e: FamilyError| e.to_string())?;
    Ok((family.id(), family.layout()))
}

const SUITS: [&str; 4] = ["Spades", "Hearts", "Diamonds", "Clubs"];

impl std::str::FromStr for Family {
    type Err = FamilyError;

    /// Reads `r,s,m,c,d` (spaces and parentheses allowed), e.g. `4,2,2,3,3`.
    fn from_str(s: &str) -> Result<Family, FamilyError> {
        let syntax = || FamilyError::Syntax(s.to_string());
        let nums: Vec<u8> = s
            .trim()
            .trim_start_matches(['G', 'g', '('])
            .trim_end_matches(')')
            .split(',')
            .map(|x| x.trim().parse::<u8>().map_err(|_| syntax()))
            .collect::<Result<_, _>>()?;
        let [ranks, suits, multiple, columns, deals] = nums[..] else {
            return Err(syntax());
        };
        let family = Family {
            ranks,
            suits,
            multiple,
            columns,
            deals,
        };
        family.check()?;
        Ok(family)
    }
}

impl Family {
    /// Number of cards, n = rsm.
    pub fn cards(self) -> usize {
        usize::from(self.ranks) * usize::from(self.suits) * usize::from(self.multiple)
    }

    /// Cards face down at the start, h = n - cd.
    pub fn hidden(self) -> usize {
        self.cards() - usize::from(self.columns) * usize::from(self.deals)
    }

    /// Whether the parameters are in range for this engine.
    ///
    /// # Errors
    /// Which parameter is out of range.
    pub fn check(self) -> Result<(), FamilyError> {
        let range = |m: &str| Err(FamilyError::Range(m.to_string()));
        if !(1..=13).contains(&self.ranks) {
            return range("ranks r must be 1 to 13");
        }
        if !(1..=4).contains(&self.suits) {
            return range("suits s must be 1 to 4");
        }
        if self.multiple == 0 {
            return range("the multiple m must be at least 1");
        }
        if !(1..=16).contains(&self.columns) {
            return range("columns c must be 1 to 16");
        }
        if self.deals == 0 {
            return range("deals d must be at least 1");
        }
        if usize::from(self.columns) * usize::from(self.deals) > self.cards() {
            return range("c * d must not exceed the number of cards r * s * m");
        }
        Ok(())
    }

    /// The game id, e.g. `spider-g4-2-2-3-3`.
    pub fn id(self) -> String {
        format!(
            "spider-g{}-{}-{}-{}-{}",
            self.ranks, self.suits, self.multiple, self.columns, self.deals
        )
    }

    /// The RON layout text of this member (for [`solitaire_core::Layout::parse`]).
    pub fn layout(self) -> String {
        let (c, b) = (
            usize::from(self.columns),
            self.cards() / usize::from(self.ranks),
        );
        let h = self.hidden();
        let mut piles =
            vec!["(id: \"stock\", kind: stock, x: 0.1, y: 0.1, show_count: true)".to_string()];
        for i in 1..=b {
            piles.push(format!(
                "(id: \"f{i}\", kind: foundation, x: {:.1}, y: 0.1)",
                1.2 + 1.1 * i as f32
            ));
        }
        for i in 1..=c {
            piles.push(format!(
                "(id: \"t{i}\", kind: tableau, x: {:.1}, y: 1.8, fan: Down)",
                0.1 + 1.1 * (i - 1) as f32
            ));
        }
        let cols = |k: usize| {
            format!(
                "[{}]",
                (1..=k)
                    .map(|i| format!("\"t{i}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let mut deal = Vec::new();
        if !h.is_multiple_of(c) {
            deal.push(format!("Rows(piles: {}, rows: 1, face: Down)", cols(h % c)));
        }
        if h / c > 0 {
            deal.push(format!(
                "Rows(piles: {}, rows: {}, face: Down)",
                cols(c),
                h / c
            ));
        }
        deal.push(format!("Rows(piles: {}, rows: 1, face: Up)", cols(c)));
        deal.push("Rest(pile: \"stock\")".to_string());
        let suits = SUITS[..usize::from(self.suits)].join(", ");
        format!(
            "(\n    id: \"{id}\",\n    name: \"Spider G({r},{s},{m},{c},{d})\",\n    version: 1,\n    rules: \"spider\",\n    summary: \"Weisser's Spider family member G({r},{s},{m},{c},{d}).\",\n    deck: (suits: [{suits}], copies: {m}, ranks: {r}),\n    table: (width: {w:.1}, height: 8.0),\n    piles: [\n        {piles}\n    ],\n    deal: [\n        {deal}\n    ],\n    params: (removal: Automatic, relaxed_deal: false, deal_on_clear: true),\n)\n",
            id = self.id(),
            r = self.ranks,
            s = self.suits,
            m = self.multiple,
            c = self.columns,
            d = self.deals,
            w = 0.2 + 1.1 * (c.max(b + 2)) as f32,
            piles = piles.join(",\n        "),
            deal = deal.join(",\n        "),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_checks_parameters() {
        let g: Family = "4,2,2,3,3".parse().unwrap();
        assert_eq!((g.cards(), g.hidden()), (16, 7));
        assert_eq!("G(13, 4, 2, 10, 6)".parse::<Family>().unwrap().hidden(), 44);
        assert!(matches!(
            "4,2,2,3".parse::<Family>(),
            Err(FamilyError::Syntax(_))
        ));
        assert!(matches!(
            "4,2,2,9,3".parse::<Family>(),
            Err(FamilyError::Range(_))
        ));
        assert!(matches!(
            "4,5,2,3,3".parse::<Family>(),
            Err(FamilyError::Range(_))
        ));
    }
}
