//! The fast search's portfolio: beam searches and stage searches with different weights of
//! the stock, cheapest first. Their failures differ from deal to deal (a beam that deals
//! late loses some deals that one dealing early wins, and the other way round), so several
//! cheap, different searches win more deals in the same time than one growing search.

use solitaire_search::{Budget, Meter};

/// One search of the portfolio.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Search {
    /// A beam search keeping `width` positions per level, which deals after `patience`
    /// levels without a better position.
    Beam { width: usize, patience: usize },
    /// A stage search: `nodes` expansions per stage, `branch` positions dealt from.
    Stage { nodes: usize, branch: usize },
}

/// A search, the weight of a card in the stock in its evaluation, and how many positions it
/// may generate. The limit is a node count, not a time, so that what an attempt finds does
/// not depend on how loaded the machine is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Attempt {
    pub search: Search,
    pub stock: i32,
    pub nodes: u64,
}

impl Attempt {
    /// The attempt's name in the form [`Attempt::parse`] reads.
    pub fn name(&self) -> String {
        match self.search {
            Search::Beam { width, patience } if patience == PATIENCE => {
                format!("b{width}s{}", self.stock)
            }
            Search::Beam { width, patience } => format!("b{width}s{}t{patience}", self.stock),
            Search::Stage { nodes, branch } => format!("g{nodes}x{branch}s{}", self.stock),
        }
    }

    /// Parse `b1024s4` (beam of width 1,024, stock weight 4), `b1024s4t5` (the same, dealing
    /// after 5 levels without progress instead of 10) or `g4000x2s1` (stage search of 4,000
    /// expansions and 2 branches, stock weight 1).
    fn parse(text: &str) -> Option<Attempt> {
        let (head, tail) = text.trim().split_once('s')?;
        let (stock, patience) = match tail.split_once('t') {
            Some((stock, patience)) => (stock.parse().ok()?, patience.parse().ok()?),
            None => (tail.parse().ok()?, PATIENCE),
        };
        let search = if let Some(width) = head.strip_prefix('b') {
            Search::Beam {
                width: width.parse().ok()?,
                patience,
            }
        } else {
            let (nodes, branch) = head.strip_prefix('g')?.split_once('x')?;
            Search::Stage {
                nodes: nodes.parse().ok()?,
                branch: branch.parse().ok()?,
            }
        };
        // Roughly what each costs on a hard deal, with room: a beam of 1,024 about 6 M
        // positions (2 to 3 seconds here); a stage search grows with its nodes and branches.
        let nodes = match search {
            Search::Beam { width, .. } => width as u64 * 6_000,
            Search::Stage { nodes, branch } => (nodes * branch * branch) as u64 * 300,
        };
        Some(Attempt {
            search,
            stock,
            nodes: nodes.max(500_000),
        })
    }
}

/// A beam's default patience: levels without progress before it deals.
const PATIENCE: usize = 10;

/// The portfolio for deals of two suits or more, cheapest first. Beams of one width that
/// differ in their stock weight or patience fail on different deals (on 16 hard 4-suit deals,
/// four beams of widths 1,024 and 4,096 won 6, 10 and 9 with patience 10, 5 and 20, 12
/// together; two deals that none of those won fell to patience 3 and 40), so several variants
/// of a width come before the next, four times wider, width; the 4,096 variants that won
/// least on seeds 1..1000 come after the first 16,384 beam. Wide stage searches cost 5 to 23
/// M positions on hard 4-suit deals and come late.
const SUITS: &str = "b256s4,b256s1,g1000x1s4,g4000x2s4,b1024s4,b1024s1,b1024s4t5,b1024s1t5,\
b1024s4t20,b1024s1t20,b1024s1t3,b1024s1t40,b1024s4t3,b1024s4t40,g1000x1s1,b256s2,b256s3,\
b4096s4,b4096s1,b4096s1t5,b16384s4,b4096s4t5,b4096s4t20,b4096s1t20,b1024s2,b1024s3,\
b16384s1,b16384s4t5,b16384s1t5,g16000x2s1,g16000x4s1,b65536s4,b65536s1,g64000x3s4";

/// The portfolio for one-suit deals. There beams rarely die out early (a run can be split
/// onto its twin's place, so there is always something new to try) and use their whole
/// allowance, while stage searches are cheap and win: of the 7 deals of seeds 1..1000 that
/// the other portfolio left open, 6 fell to `g4000x2s4` in 0.25 s and 1 to `g16000x4s1`.
const ONE_SUIT: &str = "b256s4,g1000x1s4,g4000x2s4,b256s1,g4000x2s1,g16000x4s1,g16000x2s4,\
b1024s4,b1024s1,g64000x3s4,g64000x4s1,b4096s4,b4096s1,b16384s4,b16384s1,b65536s4";

/// The portfolio for a deck of `suits` suits: the tuning knob `spider-portfolio` (tuning runs
/// only) or the default.
pub(crate) fn portfolio(suits: usize) -> Vec<Attempt> {
    let parse =
        |text: &str| -> Vec<Attempt> { text.split(',').filter_map(Attempt::parse).collect() };
    solitaire_search::tuning::knob("spider-portfolio")
        .map(parse)
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| parse(if suits == 1 { ONE_SUIT } else { SUITS }))
}

/// A meter for one attempt: its own node limit within what `outer` has left.
pub(crate) fn slice(outer: &Meter, nodes: u64) -> Meter {
    Meter::new(Budget {
        nodes: outer.budget.nodes.saturating_sub(outer.nodes).min(nodes),
        time: outer.budget.time.saturating_sub(outer.start.elapsed()),
        states: outer.budget.states,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_parse_and_the_default_is_cheapest_first_in_each_kind() {
        assert_eq!(
            Attempt::parse("b1024s4").map(|a| (a.search, a.stock)),
            Some((
                Search::Beam {
                    width: 1024,
                    patience: 10
                },
                4
            ))
        );
        assert_eq!(
            Attempt::parse("b1024s4t5").map(|a| (a.search, a.stock)),
            Some((
                Search::Beam {
                    width: 1024,
                    patience: 5
                },
                4
            ))
        );
        assert_eq!(
            Attempt::parse("g4000x2s1").map(|a| (a.search, a.stock)),
            Some((
                Search::Stage {
                    nodes: 4000,
                    branch: 2
                },
                1
            ))
        );
        assert_eq!(Attempt::parse("x12"), None);
        for a in portfolio(4).into_iter().chain(portfolio(1)) {
            assert_eq!(Attempt::parse(&a.name()), Some(a));
        }
        let all = portfolio(4);
        assert_eq!(all.len(), SUITS.split(',').count());
        assert_eq!(portfolio(1).len(), ONE_SUIT.split(',').count());
        let beams: Vec<usize> = all
            .iter()
            .filter_map(|a| match a.search {
                Search::Beam { width, .. } => Some(width),
                Search::Stage { .. } => None,
            })
            .collect();
        assert_eq!(beams.first(), Some(&256));
        assert_eq!(beams.iter().max(), beams.last());
    }
}
