"""Tooltips and the rules reference of The Herald, written for this client in plain words.

Nothing here is copied from the rulebook: these are short explanations of what each part of
the console means and how a turn goes, for a player who has the rulebook at hand or none.
"""

from __future__ import annotations

from pathlib import Path

TRACK_TIPS: dict[str, str] = {
    "supplies": "Supplies (SUP): food, fuel and spare parts. Most turns cost one unless the "
                "environment lets you restock. At 0 the ship dies. Never more than 4.",
    "leadership": "Leadership (LEA): how much the crew trusts you. Bold sabotage, Dilemmas and "
                  "some failed Events cost 1. At 0 you lose command and the game.",
    "infiltration": "Infiltration (INF): Isolationist saboteur Cells still aboard. Bring it to 0 "
                    "before coming home. Dismantling the last Cell damages the STEC Engine.",
    "diplomatic": "Diplomatic Successes (DIP): won by handling diplomatic Events. Together with "
                  "Research Surveys you need at least 3 to win (5 and 6 for the higher tiers).",
    "research": "Research Surveys (RES): won by handling research Events. They count together "
                "with Diplomatic Successes towards victory; at most 4 of each are recorded.",
    "time": "Time track: the marker walks from 24 towards 1, one space per turn and more for "
            "costly choices. On the last three spaces the Final Countdown replaces the "
            "automatic step with a Countdown Roll; past space 1 the voyage is lost.",
    "countdown_modifier": "Countdown Roll modifier: during the Final Countdown, anything that "
                          "would cost Time lowers your next Countdown Roll instead (and the "
                          "Alien Travel Technology raises it). Low rolls advance Time.",
}

READING_TIPS: dict[str, str] = {
    "direction": "Direction: each die face allows two neighbouring directions of travel "
                 "(1: left/left-up, 2: left/left-down, 3: up-left/up-right, 4: down-left/"
                 "down-right, 5: right/right-up, 6: right/right-down). If both lead off the "
                 "map you get lost and lose Time.",
    "environment": "Environment: 1-2 nothing to gather (Supplies -1); 3-4 you may do a Full "
                   "Resupply (+2 Supplies, costs Time); 5-6 you may grant Shore Leave (+2 "
                   "Effectiveness to every officer, costs Time). Otherwise you break even.",
    "sabotage": "Sabotage: 1-2 the Cells lie low; 3-4 they destroy a Supply and you may "
                "investigate (dice summing 18+ do it for free); 5-6 heavy damage (Supplies, "
                "Time and Leadership -1) but a Cell is exposed and dismantled.",
    "stec": "STEC Engine (after the last Cell falls): 1-2 the engine stutters and costs Time; "
            "3-4 normal; 5-6 stable, and with the Alien Travel Technology two officers can win "
            "Time back.",
    "timeline": "Timeline: moves the pawn on the Event Matrix. 1-2 one column left, 3-4 same "
                "column, 5-6 one column right; odd faces go one row up, even faces one row "
                "down. Edges wrap around. At The Source it sets how long the search takes.",
    "event": "Event: raises the Effort of this turn's Event. 1-2 the first Challenge +1, "
             "3-4 both +1, 5-6 the second Challenge +1.",
}

PLACE_TIPS: dict[str, str] = {
    "earth": "Earth: where the voyage starts. Entering it again ends the game at once, so come "
             "back only when your goals are met.",
    "lis": "Lis Point: visiting one is required for victory, and it shortens the search at "
           "The Source. A Journey token marks each visit.",
    "source": "The Source: where the signal came from. Visiting it is required for victory; "
              "here the Timeline sets the search time and the Event Reading the cost of the "
              "operation that can recover the Alien Travel Technology.",
    "alien": "Alien Travel Technology: recovered by the operation at The Source. Needed for "
             "the higher victory tiers; with a stable STEC Engine it can win Time back.",
    "badrep": "Bad Reputation token: the Effort of every Event at this Region or next to it "
              "rises by 1. A third token loses the game.",
    "region": "A Region of the Sector. The ship moves one Region per turn.",
    "visit": "Visit space: a Journey token here records that the Herald has been to the "
             "linked place.",
    "ship": "The U.N.S. Herald. It points the way it last travelled.",
}

PANEL_TIPS: dict[str, str] = {
    "matrix": "Event Matrix: 24 Events in 3 columns of 8. Each shows its two Challenges "
              "(Subjects, first one first), the listed Effort (the squares filled at the right "
              "edge) and the outcome: '+' rewards success, '-' punishes failure.",
    "officers": "Officers' Quarters: each officer has Expertise 2 in one Subject and 1 in the "
                "other Subject of their field. Expertise plus current Effectiveness must reach "
                "a Challenge's Effort; facing it costs Effort minus Expertise.",
    "log": "Game log: everything that happened, in order. Scroll with the mouse wheel.",
    "orders": "Boundary Readings and orders: give each Reading one die, then answer the "
              "decisions the turn brings.",
    "dilemma": "Dilemma: every Effort drops by 1 (never below 3), but Leadership drops by 1. "
               "At The Source it lets the operation go ahead with one Challenge unled.",
}

OUTCOME_WORDS: dict[str, str] = {
    "+SUP": "Opportunity: success gives +2 Supplies",
    "+DIP": "Opportunity: success gives a Diplomatic Success",
    "+RES": "Opportunity: success completes a Research Survey",
    "-LEA": "Threat: failure costs 1 Leadership",
    "-TIM": "Threat: failure costs Time",
    "-REP": "Threat: failure earns a Bad Reputation here",
}

BUTTON_TIPS: dict[str, str] = {
    "hint": "Ask the automatic captain what it would do, and why (H).",
    "undo": "Take back your last decision, as long as no dice were rolled since (U or Ctrl+Z).",
    "rules": "The rules in brief, and the keyboard shortcuts (R or F1).",
    "sound": "Sound on or off (M).",
    "menu": "Pause: resume, rules, settings, or save and leave (Esc).",
}

SCORE_LINES: dict[str, str] = {
    "a": "(a) Time: 5 before the Countdown, 2 if any Time is left",
    "b": "(b) Alien Travel Technology recovered: 3",
    "c": "(c) Both Lis Points visited: 5",
    "d": "(d) Diplomatic Successes: 2/3/4 give 5/8/12",
    "e": "(e) Research Surveys: 2/3/4 give 5/8/12",
    "f": "(f) Leadership at the end: 2/3/4 give 3/5/8",
    "g": "(g) Bad Reputation: 1/2 tokens cost 3/8",
}

SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("1-6", "pick the next free die showing that number"),
    ("click die, click slot", "place a die (or drag it onto the slot)"),
    ("Enter", "confirm the current order"),
    ("Backspace", "clear the dice from the slots / the officers picked"),
    ("1-8 (officers)", "seat the n-th officer (reading order) in the framed Challenge"),
    ("Tab", "frame the next Challenge"),
    ("D", "toggle the Dilemma when choosing officers"),
    ("H", "hint from the automatic captain"),
    ("U or Ctrl+Z", "undo the last decision (until the next roll)"),
    ("R or F1", "rules reference"),
    ("M", "sound on/off"),
    ("F11", "full screen on/off"),
    ("Esc", "pause: resume, rules, settings, save and leave (Esc again resumes)"),
    ("click during an animation", "skip to its end"),
)

RULES_FILE = Path(__file__).with_name("data") / "herald_rules.md"


def rules_text() -> str:
    """The rules reference (Markdown-like: '## ' starts a heading), shipped as package data."""
    return RULES_FILE.read_text(encoding="utf-8")
