//! The fast search's portfolio: beam searches and stage searches with different weights of
//! the stock, cheapest first. Their failures differ from deal to deal (a beam that deals
//! late loses some deals that one dealing early wins, and the other way round), so several
//! cheap, different searches win more deals in the same time than one growing search.

use std::time::Duration;

use crate::outcome::{Budget, Meter};

/// One search of the portfolio.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Search {
    /// A beam search keeping `width` positions per level.
    Beam { width: usize },
    /// A stage search: `nodes` expansions per stage, `branch` positions dealt from.
    Stage { nodes: usize, branch: usize },
}

/// A search, the weight of a card in the stock in its evaluation, and its time limit.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Attempt {
    pub search: Search,
    pub stock: i32,
    pub seconds: f64,
}

impl Attempt {
    /// The attempt's name in the form [`Attempt::parse`] reads.
    pub fn name(&self) -> String {
        match self.search {
            Search::Beam { width } => format!("b{width}s{}", self.stock),
            Search::Stage { nodes, branch } => format!("g{nodes}x{branch}s{}", self.stock),
        }
    }

    /// Parse `b1024s4` (beam of width 1,024, stock weight 4) or `g4000x2s1` (stage search
    /// of 4,000 expansions and 2 branches, stock weight 1).
    fn parse(text: &str) -> Option<Attempt> {
        let (head, stock) = text.trim().split_once('s')?;
        let stock = stock.parse().ok()?;
        let search = if let Some(width) = head.strip_prefix('b') {
            Search::Beam {
                width: width.parse().ok()?,
            }
        } else {
            let (nodes, branch) = head.strip_prefix('g')?.split_once('x')?;
            Search::Stage {
                nodes: nodes.parse().ok()?,
                branch: branch.parse().ok()?,
            }
        };
        // Roughly what each costs on this machine, with room: a beam of 1,024 takes about
        // a second on a hard deal; a stage search grows with its nodes and branches.
        let seconds = match search {
            Search::Beam { width } => 2.5 * width as f64 / 1024.0,
            Search::Stage { nodes, branch } => (nodes * branch * branch) as f64 / 8000.0,
        };
        Some(Attempt {
            search,
            stock,
            seconds: seconds.max(0.25),
        })
    }
}

/// The default portfolio, cheapest first.
const DEFAULT: &str = "b256s4,b256s1,g1000x1s4,g1000x1s1,b1024s4,b1024s1,b256s2,b256s3,\
g4000x2s4,b1024s2,b4096s4,b4096s1,g16000x2s1,b1024s3,b16384s4,b16384s1,g64000x3s4,\
b65536s4,b65536s1";

/// The portfolio: `SOLVER_PORTFOLIO` (for tuning runs) or the default.
pub(crate) fn portfolio() -> Vec<Attempt> {
    let parse =
        |text: &str| -> Vec<Attempt> { text.split(',').filter_map(Attempt::parse).collect() };
    std::env::var("SOLVER_PORTFOLIO")
        .ok()
        .map(|t| parse(&t))
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| parse(DEFAULT))
}

/// A meter for one attempt: its own time limit within what `outer` has left.
pub(crate) fn slice(outer: &Meter, seconds: f64) -> Meter {
    let left = outer.budget.time.saturating_sub(outer.start.elapsed());
    Meter::new(Budget {
        nodes: outer.budget.nodes.saturating_sub(outer.nodes),
        time: left.min(Duration::from_secs_f64(seconds)),
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
            Some((Search::Beam { width: 1024 }, 4))
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
        for a in portfolio() {
            assert_eq!(Attempt::parse(&a.name()), Some(a));
        }
        let all = portfolio();
        assert_eq!(all.len(), DEFAULT.split(',').count());
        let beams: Vec<usize> = all
            .iter()
            .filter_map(|a| match a.search {
                Search::Beam { width } => Some(width),
                Search::Stage { .. } => None,
            })
            .collect();
        assert_eq!(beams.first(), Some(&256));
        assert_eq!(beams.iter().max(), beams.last());
    }
}
