#!/usr/bin/env python3
"""Checks of klondike_bridge.py on a saved deal, needing neither sol nor Solvitaire.

testdata/seed3-deal.txt is `sol deal klondike --seed 3`; seed3-deal.json is what
Solvitaire was given; seed3-solvitaire.txt is Solvitaire's answer (stdout) with
klondike-rules.json; seed3-moves.txt is that answer in our moves, which
`sol play klondike --seed 3 --moves-file testdata/seed3-moves.txt` plays to
status: won.

  python3 -m unittest test_klondike_bridge      (from this folder)
"""

import json
import os
import unittest

import klondike_bridge as kb

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "testdata")


def read(name):
    with open(os.path.join(DATA, name)) as f:
        return f.read()


class DealJson(unittest.TestCase):
    def test_seed3_deal(self):
        piles = kb.parse_sol_text(read("seed3-deal.txt"))
        self.assertEqual(kb.to_solvitaire_deal(piles), json.loads(read("seed3-deal.json")))

    def test_face_down_lower_case_and_tens(self):
        text = "\n".join(
            ["stock: %s |" % " ".join(
                c for c in (r + s for s in "SHDC" for r in "A23456789TJQK")
                if c not in ("TS", "8D", "AC", "KH", "3D"))]
            + ["waste:", "f1:", "f2:", "f3:", "f4:",
               "t1: TS", "t2: 8D | AC", "t3: KH | 3D", "t4:", "t5:", "t6:", "t7:"])
        deal = kb.to_solvitaire_deal(kb.parse_sol_text(text))
        self.assertEqual(deal["tableau piles"][:3], [["10S"], ["8d", "AC"], ["Kh", "3D"]])
        # Our stock's last card is its top, dealt first; so is Solvitaire's.
        self.assertEqual(deal["stock"][-1], "KC")

    def test_short_pack_refused(self):
        with self.assertRaises(kb.BridgeError):
            kb.parse_sol_text("stock: AS |\nwaste:\nf1:\nf2:\nf3:\nf4:\n"
                              + "\n".join("t%d:" % i for i in range(1, 8)))


class Moves(unittest.TestCase):
    def test_seed3_solution(self):
        piles = kb.parse_sol_text(read("seed3-deal.txt"))
        sol_type, stats, states = kb.parse_solvitaire_output(read("seed3-solvitaire.txt"))
        self.assertEqual(sol_type, "solved")
        self.assertEqual(stats["States Searched"], 130)
        self.assertEqual(kb.solution_to_moves(piles, states), read("seed3-moves.txt").split())

    def test_other_deal_refused(self):
        # The same solution does not follow from another deal.
        piles = kb.parse_sol_text(read("seed3-deal.txt"))
        piles["t1"], piles["t2"] = piles["t2"], piles["t1"]
        _, _, states = kb.parse_solvitaire_output(read("seed3-solvitaire.txt"))
        with self.assertRaises(kb.BridgeError):
            kb.solution_to_moves(piles, states)

    def test_unsolved_output(self):
        sol_type, stats, states = kb.parse_solvitaire_output(
            "Deal:\n...\nSolution Type: timed-out\nStates Searched: 12\n")
        self.assertEqual((sol_type, stats["States Searched"], states), ("timed-out", 12, []))


if __name__ == "__main__":
    unittest.main()
