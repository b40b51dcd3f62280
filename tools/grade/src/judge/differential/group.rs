//! Divergences grouped by the rule they touch: one finding per rule, its first example in
//! full and the other walks that diverged there, and the seeds they came from.

use crate::judge::report::Finding;

use super::here::Divergence;

/// One finding per rule touched: its first example in full, the other walks that diverged
/// there, and the commands that replay the first.
pub(super) fn group(divergences: Vec<Divergence>) -> Vec<Finding> {
    let mut groups: Vec<Vec<Divergence>> = Vec::new();
    for d in divergences {
        match groups
            .iter_mut()
            .find(|g| g[0].touched.title == d.touched.title)
        {
            Some(g) => g.push(d),
            None => groups.push(vec![d]),
        }
    }
    groups
        .into_iter()
        .map(|g| {
            let mut seeds: Vec<u64> = g.iter().map(|d| d.seed).collect();
            seeds.dedup();
            let seeds: Vec<String> = seeds.iter().map(u64::to_string).collect();
            let first = &g[0];
            let mut detail = format!("First example, {}\n{}", first.what, first.detail);
            if g.len() > 1 {
                detail.push_str("\nThe other walks that diverge first on this rule:\n");
                for d in &g[1..] {
                    detail.push_str(&format!("- {}\n", d.what));
                }
            }
            if let Some(name) = &first.touched.scenario {
                detail.push_str(&format!("\nThe scenario on this rule: {name}\n"));
            }
            Finding {
                title: format!(
                    "{} ({} {}: {})",
                    first.touched.title,
                    seeds.len(),
                    if seeds.len() == 1 { "seed" } else { "seeds" },
                    seeds.join(", ")
                ),
                detail,
                reproduce: first.reproduce.clone(),
                hidden: false,
            }
        })
        .collect()
}
