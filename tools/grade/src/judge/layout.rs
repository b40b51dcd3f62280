//! Part 1: the candidate has the reference's piles (by id, with the same kinds), and deals the
//! same positions, pile by pile by id. The order of the piles in the layout costs nothing.

use solitaire_core::Game;

use crate::judge::commands::{Origin, sol};
use crate::judge::context::{Context, cap};
use crate::judge::piles::differences;
use crate::judge::report::{Finding, Part, round1};

/// The part's points: a third for the piles, the rest for the deals.
pub(crate) const POINTS: f64 = solitaire_files::course::default_points::LAYOUT as f64;
const PILES: f64 = POINTS / 3.0;
const DEALS: f64 = POINTS - PILES;

/// Each pile as `id (kind)`, in layout order.
fn piles(game: &Game) -> Vec<(String, &'static str)> {
    game.layout()
        .piles
        .iter()
        .map(|p| (p.id.clone(), p.kind.name()))
        .collect()
}

fn show(piles: &[(String, &str)]) -> String {
    let shown: Vec<String> = piles
        .iter()
        .map(|(id, kind)| format!("{id} ({kind})"))
        .collect();
    shown.join(", ")
}

/// The commands that show the deal of `seed`: the reference's, where the checkout has it (its
/// side is in the finding otherwise), and the candidate's.
fn deals(cx: &Context, seed: u64) -> Vec<String> {
    let mut commands = Vec::new();
    if cx.options.checkout.has_reference() {
        let course = cx.options.course_file.as_deref();
        commands.push(sol(
            "deal",
            cx.reference.id(),
            &Origin::Seed(seed),
            course,
            &[],
        ));
    }
    let course = cx.options.checkout.candidate_course();
    commands.push(sol(
        "deal",
        cx.candidate.id(),
        &Origin::Seed(seed),
        course,
        &[],
    ));
    commands
}

/// The findings on the piles (missing, extra, of another kind, in another order), and
/// whether the piles are the reference's (whatever their order).
fn pile_findings(cx: &Context) -> (Vec<Finding>, bool) {
    let (want, have) = (piles(&cx.reference), piles(&cx.candidate));
    let kind_of = |list: &[(String, &'static str)], id: &str| {
        list.iter().find(|(i, _)| i == id).map(|(_, k)| *k)
    };
    let mut problems = Vec::new();
    for (id, kind) in &want {
        match kind_of(&have, id) {
            None => problems.push(format!("missing: {id} ({kind})")),
            Some(k) if k != *kind => problems.push(format!(
                "{id} is a {k} pile; the reference's is a {kind} pile"
            )),
            Some(_) => {}
        }
    }
    for (id, kind) in &have {
        if kind_of(&want, id).is_none() {
            problems.push(format!(
                "extra: {id} ({kind}), which the reference does not have"
            ));
        }
    }
    let reproduce = deals(cx, 0);
    let listing = format!("reference: {}\ncandidate: {}", show(&want), show(&have));
    if !problems.is_empty() {
        let finding = Finding {
            title: "The piles differ from the reference's (ids and kinds)".into(),
            detail: format!("{}\n\n{listing}", problems.join("\n")),
            reproduce,
            hidden: false,
        };
        return (vec![finding], false);
    }
    if cx.map.same_order() {
        return (Vec::new(), true);
    }
    let finding = Finding {
        title: "Note (no points lost): the piles are listed in another order than the \
                reference's"
            .into(),
        detail: format!(
            "Piles are matched by id everywhere, so the order costs nothing.\n{listing}"
        ),
        reproduce,
        hidden: false,
    };
    (vec![finding], true)
}

pub(crate) fn grade(cx: &mut Context) -> Part {
    let cand = cx.candidate.clone();
    let refg = cx.reference.clone();
    let (mut findings, same_piles) = pile_findings(cx);
    let mut passed = 0;
    let mut deal_findings = Vec::new();
    for seed in 0..cx.options.seeds {
        let expected = refg.deal(seed);
        let reproduce = deals(cx, seed);
        let game = cand.clone();
        match cx.guard(&format!("deal of seed {seed}"), &reproduce, move || {
            let pos = game.deal(seed);
            let text = game.position_text(&pos);
            (pos, text)
        }) {
            Ok((pos, text)) => {
                let diff = differences(&refg, &expected, &cand, &pos, &cx.map);
                if diff.is_empty() {
                    passed += 1;
                    continue;
                }
                deal_findings.push(Finding {
                    title: format!("Seed {seed}: the deal differs from the reference's"),
                    detail: format!(
                        "{}\n\nreference:\n{}\ncandidate:\n{text}",
                        diff.join("\n"),
                        refg.position_text(&expected)
                    ),
                    reproduce,
                    hidden: false,
                });
            }
            Err(message) => deal_findings.push(Finding {
                title: format!("Seed {seed}: the deal failed: {message}"),
                detail: String::new(),
                reproduce,
                hidden: false,
            }),
        }
    }
    findings.extend(cap(deal_findings, 3, "seeds whose deal differs or failed"));
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
            "{PILES} points for the same piles as the reference: the same ids, each with the \
             same kind (their order in the layout does not matter); {DEALS} points shared \
             among the {} seeds whose deal equals the reference's pile by pile (by id), card \
             for card, face up and face down.",
            cx.options.seeds
        ),
        hidden: None,
    }
}
