#!/usr/bin/env python3
"""Klondike between our `sol` CLI and Solvitaire (Python 3 standard library only).

Two directions:

* deal-json: our deal text (`sol deal klondike --seed N`) -> Solvitaire's deal JSON.
* moves:     Solvitaire's printed solution (a list of positions) -> our move list,
             which `sol play klondike --seed N --moves-file FILE` replays.

Our text form: one line per pile, `id: cards`, each pile listed bottom to top,
face-down cards before `|` and face-up ones after it (no `|`: all face up). The
stock's top card, the first one dealt, is the last listed; the waste's top card,
the one that plays, is the last listed.

Solvitaire's deal JSON: "tableau piles" is a list of 7 piles, each listed bottom
to top; a face-down card is written with a lower-case suit letter ("8d"), a
face-up one upper-case ("AC"); tens are "10". "stock" is listed bottom to top:
the last card is its top, dealt first (as ours). A deal of three takes the top
three cards one at a time, so the third is the waste's top (as ours).

Usage:
  sol deal klondike --seed 1 | klondike_bridge.py deal-json > deal.json
  klondike_bridge.py moves DEAL_TEXT_FILE SOLVITAIRE_OUTPUT_FILE > moves.txt
"""

import json
import sys

TABLEAU = ["t%d" % i for i in range(1, 8)]
FOUNDATIONS = ["f1", "f2", "f3", "f4"]
# Solvitaire keeps one foundation per suit, printed in its suit order.
SV_SUIT_ORDER = "CHSD"
RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


class BridgeError(Exception):
    pass


def rank_of(card):
    r = card[:-1]
    return RANKS[r] if r in RANKS else int(r)


def suit_of(card):
    return card[-1]


def norm(card):
    """A card in our spelling ("TH") from either spelling ("10H", "10h", "Th")."""
    r, s = card[:-1].upper(), card[-1].upper()
    if r == "10":
        r = "T"
    if r not in ("A", "T", "J", "Q", "K") and not (r.isdigit() and 2 <= int(r) <= 9):
        raise BridgeError("not a card: %r" % card)
    if s not in "CDHS":
        raise BridgeError("not a card: %r" % card)
    return r + s


def sv_card(card, face_down):
    """Our card in Solvitaire's spelling: tens as 10, lower-case suit if face down."""
    r, s = card[:-1], card[-1]
    if r == "T":
        r = "10"
    return r + (s.lower() if face_down else s.upper())


# ---------------------------------------------------------------------------
# Our text form
# ---------------------------------------------------------------------------

def parse_sol_text(text):
    """Our position text -> {pile id: [(card, face_up), ...] bottom to top}."""
    piles = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or ":" not in line:
            continue
        key, val = line.split(":", 1)
        key = key.strip()
        if key not in TABLEAU + FOUNDATIONS + ["stock", "waste"]:
            continue
        if "|" in val:
            down, up = val.split("|", 1)
        else:
            down, up = "", val
        piles[key] = [(norm(c), False) for c in down.split()] + [(norm(c), True) for c in up.split()]
    missing = [k for k in TABLEAU + FOUNDATIONS + ["stock", "waste"] if k not in piles]
    if missing:
        raise BridgeError("position text lacks piles: %s" % " ".join(missing))
    cards = [c for p in piles.values() for c, _ in p]
    if len(cards) != 52 or len(set(cards)) != 52:
        raise BridgeError("position text does not hold one pack of 52 cards")
    return piles


def to_solvitaire_deal(piles):
    """Our parsed position -> Solvitaire's deal JSON object."""
    deal = {
        "tableau piles": [[sv_card(c, not up) for c, up in piles[t]] for t in TABLEAU],
        "stock": [sv_card(c, False) for c, _ in piles["stock"]],
    }
    if piles["waste"]:
        deal["waste"] = [sv_card(c, False) for c, _ in piles["waste"]]
    found = [sv_card(c, False) for f in FOUNDATIONS for c, _ in piles[f]]
    if found:
        deal["foundations"] = found
    return deal


# ---------------------------------------------------------------------------
# Solvitaire's output
# ---------------------------------------------------------------------------

def parse_solvitaire_output(text):
    """Solvitaire's stdout -> (solution type, {stat: value}, [positions]).

    The solution type is Solvitaire's word: solved, unsolvable, timed-out,
    memory-limit-reached, terminated; None if none was printed. Positions are
    only there for a solved deal."""
    sol_type = None
    stats = {}
    for line in text.splitlines():
        if ":" in line and not line.startswith("---"):
            k, v = line.split(":", 1)
            k, v = k.strip(), v.strip()
            if k == "Solution Type":
                sol_type = v
            elif k in ("States Searched", "Unique States Searched", "Time Taken (milliseconds)",
                       "Final States In Cache", "Maximum Search Depth"):
                try:
                    stats[k] = int(v)
                except ValueError:
                    pass
    states = []
    if sol_type == "solved" and "Solution:" in text:
        body = text.split("Solution:", 1)[1]
        for block in body.split("==================================="):
            if "--- Tableau Piles" in block:
                states.append(parse_sv_state(block))
    return sol_type, stats, states


def parse_sv_state(block):
    """One printed Solvitaire position -> dict.

    foundations: {suit: top rank or 0}; tableau: 7 lists bottom to top of card
    or None (face down, printed ##); stock, waste: lists bottom to top."""
    section = None
    found_line = None
    tab_rows, sw_rows = [], []
    for line in block.split("\n"):
        if line.startswith("--- "):
            section = line[4:].split(" -")[0].strip()
            continue
        if section == "Foundations" and line.strip() and found_line is None:
            found_line = line
        elif section == "Tableau Piles" and line != "":
            tab_rows.append(line.split("\t"))
        elif section == "Stock | Waste" and line != "":
            sw_rows.append(line.split("\t"))
    if found_line is None:
        raise BridgeError("a Solvitaire position without foundations")
    foundations = {}
    for suit, top in zip(SV_SUIT_ORDER, found_line.split("\t")):
        top = top.strip()
        foundations[suit] = 0 if top in ("", "[]") else rank_of(norm(top))
    tableau = [[] for _ in TABLEAU]
    for row in tab_rows:
        for i, cell in enumerate(row[:len(TABLEAU)]):
            cell = cell.strip()
            if cell in ("", "[]"):
                continue
            tableau[i].append(None if cell == "##" else norm(cell))
    stock, waste = [], []
    for row in sw_rows:
        row = row + ["", ""]
        for pile, cell in ((stock, row[0].strip()), (waste, row[1].strip())):
            if cell not in ("", "[]"):
                pile.append(norm(cell))
    return {"foundations": foundations, "tableau": tableau, "stock": stock, "waste": waste}


# ---------------------------------------------------------------------------
# Translating a Solvitaire solution into our moves
# ---------------------------------------------------------------------------

class Model:
    """A Klondike position as our engine plays it, enough to follow a solution."""

    def __init__(self, piles):
        self.tab = [list(piles[t]) for t in TABLEAU]            # [(card, face_up)]
        self.found = [[c for c, _ in piles[f]] for f in FOUNDATIONS]
        self.stock = [c for c, _ in piles["stock"]]              # bottom .. top
        self.waste = [c for c, _ in piles["waste"]]              # bottom .. top
        self.moves = []

    def deck(self):
        """The cards of stock and waste in dealing order (a redeal keeps it)."""
        return self.waste + self.stock[::-1]

    def found_top(self, suit):
        for f in self.found:
            if f and suit_of(f[-1]) == suit:
                return rank_of(f[-1])
        return 0

    def found_index(self, suit, for_ace):
        for i, f in enumerate(self.found):
            if f and suit_of(f[0]) == suit:
                return i
        if for_ace:
            for i, f in enumerate(self.found):
                if not f:
                    return i
        raise BridgeError("no foundation for suit %s" % suit)

    def deal(self):
        n = min(3, len(self.stock))
        for _ in range(n):
            self.waste.append(self.stock.pop())
        self.moves.append("deal")

    def redeal(self):
        self.stock = self.waste[::-1]
        self.waste = []
        self.moves.append("redeal")

    def bring_to_waste_top(self, card):
        for _ in range(200):
            if self.waste and self.waste[-1] == card:
                return
            if self.stock:
                self.deal()
            elif self.waste:
                self.redeal()
            else:
                break
        raise BridgeError("%s cannot be brought to the waste's top by dealing" % card)

    def reveal(self, i):
        if self.tab[i] and not self.tab[i][-1][1]:
            self.tab[i][-1] = (self.tab[i][-1][0], True)

    def step_to(self, sv):
        """Play the moves that lead to Solvitaire's next position `sv`."""
        sources, dests = [], []
        deck, sv_deck = self.deck(), sv["waste"] + sv["stock"][::-1]
        if len(sv_deck) == len(deck) - 1:
            i = 0
            while i < len(sv_deck) and sv_deck[i] == deck[i]:
                i += 1
            if deck[:i] + deck[i + 1:] != sv_deck:
                raise BridgeError("stock and waste changed in more than one card")
            sources.append(("waste", deck[i], 1))
        elif sv_deck != deck:
            raise BridgeError("stock and waste differ from the position followed")
        for suit in "CDHS":
            mine, theirs = self.found_top(suit), sv["foundations"][suit]
            if theirs == mine - 1:
                sources.append(("found", suit, 1))
            elif theirs == mine + 1:
                dests.append(("found", suit, 1))
            elif theirs != mine:
                raise BridgeError("foundation %s jumps from %d to %d" % (suit, mine, theirs))
        for i in range(len(TABLEAU)):
            d = len(sv["tableau"][i]) - len(self.tab[i])
            if d < 0:
                sources.append(("tab", i, -d))
            elif d > 0:
                dests.append(("tab", i, d))
        if len(sources) != 1 or len(dests) != 1:
            raise BridgeError("not one move: sources %r, destinations %r" % (sources, dests))
        (skind, sref, _), (dkind, dref, count) = sources[0], dests[0]
        if dkind == "found":
            count = 1
        # Take the cards.
        if skind == "waste":
            self.bring_to_waste_top(sref)
            src_id = "waste"
            cards = [self.waste.pop()]
        elif skind == "found":
            fi = self.found_index(sref, False)
            src_id = FOUNDATIONS[fi]
            cards = [self.found[fi].pop()]
        else:
            src_id = TABLEAU[sref]
            if len(self.tab[sref]) < count or not all(up for _, up in self.tab[sref][-count:]):
                raise BridgeError("%s has no %d face-up cards to move" % (src_id, count))
            cards = [c for c, _ in self.tab[sref][-count:]]
            del self.tab[sref][-count:]
            self.reveal(sref)
        if len(cards) != count:
            raise BridgeError("moved %d cards, the destination gained %d" % (len(cards), count))
        # Place them.
        if dkind == "found":
            if suit_of(cards[0]) != dref:
                raise BridgeError("%s lands on the %s foundation" % (cards[0], dref))
            fi = self.found_index(dref, rank_of(cards[0]) == 1)
            dst_id = FOUNDATIONS[fi]
            self.found[fi].append(cards[0])
        else:
            dst_id = TABLEAU[dref]
            self.tab[dref].extend((c, True) for c in cards)
        self.moves.append("%s>%s" % (src_id, dst_id) + (":%d" % count if count > 1 else ""))
        self.check(sv)

    def check(self, sv, start=False):
        """Raise unless this position is Solvitaire's `sv`."""
        for i, t in enumerate(TABLEAU):
            mine = [c if up else None for c, up in self.tab[i]]
            if mine != sv["tableau"][i]:
                raise BridgeError("%s is %r here, %r in Solvitaire's position" % (t, mine, sv["tableau"][i]))
        for suit in "CDHS":
            if self.found_top(suit) != sv["foundations"][suit]:
                raise BridgeError("foundation %s differs" % suit)
        if self.deck() != sv["waste"] + sv["stock"][::-1]:
            raise BridgeError("stock and waste hold other cards or another order")
        same_point = len(self.waste) == len(sv["waste"])
        # Solvitaire turns the waste over as soon as it takes the stock's last card;
        # we turn it over when we next deal.
        flipped = not self.stock and not sv["waste"]
        if not same_point and not (flipped and not start):
            raise BridgeError("the waste holds %d cards here, %d in Solvitaire's position"
                              % (len(self.waste), len(sv["waste"])))


def solution_to_moves(piles, states):
    """Follow Solvitaire's positions from our parsed deal; return our moves."""
    if not states:
        raise BridgeError("no positions to follow")
    m = Model(piles)
    m.check(states[0], start=True)
    for n, sv in enumerate(states[1:], 1):
        try:
            m.step_to(sv)
        except BridgeError as e:
            raise BridgeError("Solvitaire's step %d: %s" % (n, e))
    return m.moves


def main(argv):
    if len(argv) >= 2 and argv[1] == "deal-json":
        text = open(argv[2]).read() if len(argv) > 2 else sys.stdin.read()
        json.dump(to_solvitaire_deal(parse_sol_text(text)), sys.stdout)
        sys.stdout.write("\n")
        return 0
    if len(argv) == 4 and argv[1] == "moves":
        piles = parse_sol_text(open(argv[2]).read())
        sol_type, _, states = parse_solvitaire_output(open(argv[3]).read())
        if sol_type != "solved":
            sys.stderr.write("Solvitaire did not solve this deal (%s)\n" % sol_type)
            return 1
        print(" ".join(solution_to_moves(piles, states)))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
