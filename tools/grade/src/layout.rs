//! Part 1: the candidate has the reference's piles and kinds, and deals the same positions.

use crate::context::{Context, cap};
use crate::report::{Finding, Part, round1};

const PILES: f64 = 5.0;
const DEALS: f64 = 10.0;

pub(crate) fn grade(cx: &mut Context) -> Part {
    let cand = cx.candidate.clone();
    let refg = cx.reference.clone();
    let mut findings = Vec::new();
    let spec = |g: &solitaire_core::Game| -> Vec<(String, &'static str)> {
        g.layout()
            .piles
            .iter()
            .map(|p| (p.id.clone(), p.kind.name()))
            .collect()
    };
    let (want, have) = (spec(&refg), spec(&cand));
    let same_piles = want == have;
    if !same_piles {
        let show = |v: &[(String, &str)]| {
            v.iter()
                .map(|(id, kind)| format!("{id} ({kind})"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        findings.push(Finding {
            title: "The piles differ from the reference's (ids and kinds, in layout order)".into(),
            detail: format!("reference: {}\ncandidate: {}", show(&want), show(&have)),
            reproduce: vec![
                format!("sol deal {} --seed 0", refg.id()),
                format!("sol deal {} --seed 0", cand.id()),
            ],
        });
    }
    let mut passed = 0;
    let mut deal_findings = Vec::new();
    for seed in 0..cx.options.seeds {
        let expected = refg.deal(seed);
        let reproduce = vec![
            format!("sol deal {} --seed {seed}", refg.id()),
            format!("sol deal {} --seed {seed}", cand.id()),
        ];
        let game = cand.clone();
        match cx.guard(&format!("deal of seed {seed}"), &reproduce, move || {
            let pos = game.deal(seed);
            let text = game.position_text(&pos);
            (pos, text)
        }) {
            Ok((pos, _)) if pos == expected => passed += 1,
            Ok((pos, text)) => {
                let detail = first_pile_difference(cx, &expected, &pos)
                    .unwrap_or_else(|| "the piles or vars differ".into());
                deal_findings.push(Finding {
                    title: format!("Seed {seed}: the deal differs from the reference's"),
                    detail: format!(
                        "{detail}\n\nreference:\n{}\ncandidate:\n{text}",
                        refg.position_text(&expected)
                    ),
                    reproduce,
                });
            }
            Err(message) => deal_findings.push(Finding {
                title: format!("Seed {seed}: the deal failed: {message}"),
                detail: String::new(),
                reproduce,
            }),
        }
    }
    findings.extend(cap(deal_findings, 3));
    let seeds = cx.options.seeds.max(1) as f64;
    let points = if same_piles { PILES } else { 0.0 } + DEALS * passed as f64 / seeds;
    Part {
        id: "layout",
        title: "1. Layout and deal",
        points: round1(points),
        max: PILES + DEALS,
        checks: 1 + cx.options.seeds as usize,
        passed: usize::from(same_piles) + passed,
        findings,
        scoring: format!(
            "{PILES} points for the same piles (ids and kinds, in order) as the reference; \
             {DEALS} points shared among the {} seeds whose deal equals the reference's card \
             for card, face up and face down.",
            cx.options.seeds
        ),
    }
}

fn first_pile_difference(
    cx: &Context,
    expected: &solitaire_core::Position,
    found: &solitaire_core::Position,
) -> Option<String> {
    let ids = cx.reference.layout().pile_ids();
    if expected.piles().len() != found.piles().len() {
        return Some(format!(
            "{} piles instead of {}",
            found.piles().len(),
            expected.piles().len()
        ));
    }
    for (i, (a, b)) in expected.piles().iter().zip(found.piles()).enumerate() {
        if a != b {
            let id = ids.get(i).map_or("?", |s| s.as_str());
            return Some(format!(
                "pile {id}: {} cards ({} face down) instead of {} ({} face down)",
                b.len(),
                b.face_down(),
                a.len(),
                a.face_down()
            ));
        }
    }
    None
}
