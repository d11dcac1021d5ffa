"""Is this Klondike position winnable, and how?  A search that knows every card.

``solve(game, budget)`` answers for any position of Klondike in any of its
variants (``Klondike.rules``: one card a deal or three, one to three passes
through the hand or unlimited, cards taken back down from the top or not;
the scoring never matters to winning): WINNABLE with the engine steps that
win, IMPOSSIBLE when every position reachable under the rules was searched
(up to the safe pruning below), or every position of a game that allows
more (the free-stock relaxation below), or UNKNOWN when the budget's
positions ran out.  Like KPatience's and Solvitaire's solvers it sees the face-down cards
and the hand's order, which the player cannot.  The book's hidden ``8(``
(deal one card) and ``9)`` (add a stack) are not moves here: a verdict is
about the game's rules, not the book's secret keys.

Method
------
Depth-first search over ``CompactPosition`` states with a transposition
table, moves ordered best first (``solver_moves.generate``), restarted with
more positions each time and the moves in a jittered order, the table kept
(``solver_search``: a run that picks a bad move early no longer spends the
whole budget under it).  Deals are not
moves of their own: a move from the pile names any card that dealing can
bring to the top of the pile, with the deals that bring it there and the
turns of the pile they use (``compact.deal_positions``; Solvitaire and
lonelybot treat the stock the same way).  The table is keyed by the
position without its hand-and-pile state and holds, for each key, the
states of the hand and pile it was searched in (``compact.stock_state``):
one for all the pile sizes dealing connects with unlimited passes, else one
per pile size and passes left.  A state is passed over when the table holds
its key with a state from which dealing alone reaches it: that one was
searched (or is being searched), and whatever this one can do, it can do by
dealing first.  Without take-backs the key keeps only each stack's
face-down cards and bottom face-up card (which face-up card lies on which is
left out by the twin lemma below), in a fixed order of stacks (which stack
holds what does not matter); with take-backs it keeps every stack whole.
The budget is counted in positions expanded, at ``POSITIONS_PER_SECOND`` a
second, never by the clock.  A line is at most ``solver_search.MAX_DEPTH``
(1,000) moves long; a position deeper is not searched, and a search that
met one answers UNKNOWN, never IMPOSSIBLE (it can happen only with
take-backs: without them each solver move puts a card up, plays one from
the pile or turns one face up, so no line reaches 100 moves).
Beside a verdict other than WINNABLE the search gives the line to the first
position it expanded with the most cards up (``SearchResult.best``).

Why the search misses no win
----------------------------
Call a line of moves that ends with every card up a win, and a shortest win
from a position a best line (its length counted in engine moves, each deal
one).  Each pruning rule below leaves out only moves such that, whenever a
position can be won, some best line starts with a move the solver keeps:
a best line that breaks a rule at its first move is turned into a best line
that does not, or that breaks the rules at fewer of its moves (a
move counts once for each of rules 1, 3 and 5 it breaks), or (rule 6) whose
take-backs come later.  So every position that can be won has a kept move
to a position one move nearer a win, and a line of kept moves from it ends
in a win.

Without take-backs every move is irreversible: it puts a card up, or plays
a card from the pile, or turns a face-down card up, or empties a stack and
fills it with a king from the pile or from over face-down cards.  So no
position repeats on a line (none is alike to one before it on the line),
and a position found in the table was searched to the end without a win: by
induction in the order searches end, it cannot be won, nor can one alike to
it (the twin lemma) or one it reaches by dealing.

With take-backs a card may come down and go up again, and a line may come
back to a position still being searched.  There the key keeps the whole
position (up to the order of stacks, which changes no move), and a state the
table passes over has each of its kept moves among those of the state in
the table, leading to positions that do as well: the same moves from the
same stacks, and from the pile every card its dealing reaches, with at
least as many passes left.  At the end of a search without a win, every
table entry has had all its kept moves tried; were some position met in the
search winnable, take one with the shortest line of kept moves to a win:
it was either searched, or passed over for one that was, and either way a
position one kept move nearer a win was met, which is a contradiction.

Restarts (``solver_search``): the search runs again and again in other
orders of the same kept moves, each run keeping the table of the runs before
except the positions on the line it was searching when it stopped, which
are forgotten (they were entered but not searched to the end).  Without
take-backs nothing changes in the argument: every solver move makes
progress (a card up, a pile card played or a card turned up), so a position
is never passed over for one on the line above it, only for one searched to
the end without a win, and those stay.  With take-backs a position Y may be
passed over for one X on the open line that the run then forgets.  The
last run searches everything from the start, and X lies on a line of kept
moves from the start; following that line, each position on it is matched
by one the last run meets with the same stacks and foundations and a hand
and pile state that dealing leads to it from (playing the same card from
the pile keeps that so), each either searched in the last run or passed
over for one that was.  So X, and with it Y, is no better than a position
searched to the end, and the argument above holds with "searched" read as
"searched in some run, or no better than one that was".

Twin lemma.  Call two cards of the same rank and colour twins.  If twins u
and t both lie face up on the stacks, exchanging the runs that lie on them
(either may be empty) gives a position that can be won exactly when the
first can, by a line one move longer at most.  A winning line from one is
played from the other with every move onto, off or of the cards above u
made above t and the other way round; each move stays legal, since what fits
on u fits on t (a card taken back onto one can be taken back onto the other).
Only u or t going up needs the difference: it needs nothing on it, so just
before it the run lying on its twin in the copy is moved across (the twin is
free then, as its counterpart is in the line), after which the two lines are
in the same position.  Any two arrangements of the face-up cards with the
same bottom cards differ by such exchanges, so without take-backs the key
may leave the arrangement out.

A key searched in another state (without take-backs, with unlimited
passes; ``solver_moves.for_another_state``).  Call a state of the hand and
pile *settled* when dealing connects it with the whole stock dealt
(``compact.stock_state``: a pile of a multiple of the cards a deal takes,
or of the whole stock); every state reaches the settled ones by dealing.
Say a position P in a state that is not settled is entered, and its key is
already in the table with another state's bit.  That position was searched
to the end without a win (no key is on the line above itself, as each move
makes progress, so it is not one still being searched), so it cannot be
won, nor can P's own stacks, tops and stock in the settled state, S_P
(alike to it by the twin lemma, and reached from it by dealing).  A move
from P that plays a pile card S_P's dealing also reaches (the pile's size
after the deals a multiple of the draw, or the whole stock) leads to a
position S_P reaches by dealing and the same move, which cannot be won
either; so those moves are left out, and a winnable P keeps its winning
move.  (Nearly always that position is in the table already, reached from
the state searched before: a test tries the left-out moves last on three
deals and finds no position the search had not.)  And since a line that
wins from P must play, as its first pile card, one only P's state reaches
(a line that plays none, or first one S_P reaches too, S_P could play as
well), those pile plays are tried first, the rest of P's moves after them
in their usual order.  The order changes how soon a win is found, never a
verdict (deal 496, won: 7.0 million positions before, 4.9 million now).

Pruning, and why each is safe
-----------------------------
The rules assume, as play always keeps, that each stack's face-up cards form
a run (alternating colours, one rank down); ``solve`` refuses other
positions.  Each holds in every variant unless it says otherwise; dealing
one card or three, and the number of passes, change only which pile cards
a move can reach, never a rule's argument, except where rule 4 says.

1. Safe cards up (``SAFE_UP_FIRST``, ``SAFE_CARD_GOES_UP``).  Call a card c of
   rank r *safe* when it fits its top and either r <= 2 or all four cards
   of rank r-2 are up (the book's ``upsafep``), or, without take-backs, every
   card d not yet up that could lie on c (rank r-1, the other colour) fits
   its own top and is safe in the same sense in turn (so both cards of rank
   r-1 of the other colour being up is enough; ``solver_moves.safe_up``).
   A safe card from the pile or a stack goes up, never onto a stack (for the
   book's safe cards the keys cannot do that), and a safe card on top of a
   stack goes up before anything else is tried.
   Take any best line L (for a card from the pile, from the moment L moves
   it) and let L' put c up at once, then play L with these changes, keeping
   a set X of cards that are up in L' but on the stacks in L (first X =
   {c}): a move of cards from X is left out (of a run, the run without them
   moves); a move in L of a card d onto a card of X is played in L' as d up,
   and d joins X.  Without take-backs nothing comes down, so each such d
   fits its top then, and by the rule only such cards can come to lie on a
   card of X.  With take-backs take L with its take-backs as late as rule 6
   allows: then every card taken back is followed, before anything else
   but other take-backs, by a card from the pile or a stack put onto one of
   them; following the chain from a card taken back (each next card one
   rank lower: put onto it, or taken back from below it on its top) to that
   last card, the last card is at least one rank lower than the first.  For
   the book's safe c (every card of rank r-2 and below up) no card of rank
   r-1 or lower is ever taken back, as no card that is not up could end its
   chain; so only cards from the pile or the stacks come onto c (and none
   onto them), and they fit their tops.  So the X cards always lie at
   the top of their stacks in L, L' has the same stacks with them taken off
   (and perhaps one more face-down card turned up, which only adds moves),
   its foundations hold at least L's and its hand and pile are the same (c
   left the pile, if it was there, at the same moment in both).  Every other
   move of L is legal in L', L' is no longer, and L' ends won.  (With
   take-backs the wider sense fails: a card of rank r-1 taken back onto c
   can hold a card from the table that nothing else can.)
2. A stack that is a king and the run on it, with nothing under it, moved to
   an empty stack (``KING_STACK_TO_EMPTY``) gives the same position with
   the stacks in another order; the line without it wins and is shorter.  A
   king moved to an empty stack goes to the first one
   (``LATER_EMPTY_STACK``): the empty stacks are alike, and the book's keys
   send it there.
3. A run moved off a face-up card u onto its twin's place (neither turning
   a card up nor emptying a stack) is kept only when u goes up at once
   (``UNCOVERS_NOTHING_USEFUL``): the move is a twin exchange, so by the
   lemma the rest of the line can be played without it, moving a run across
   only just before u or its twin goes up, which is no longer and breaks
   this rule once less.  That holds too when the twin has just been taken
   back from the top: it lies face up on a stack then.
4. Dealing changes nothing but the pile, and commutes with every other
   move, so deals are made only on the way to a pile card played at once
   (``DEAL_ALONE``); deals after the last pile card played are left out.
   Moving deals later keeps their order among themselves and with the pile
   plays, so each turns the pile over when it did, and a limited number of
   passes allows the line as before.  With unlimited passes the pile
   positions dealing connects are alike; with limited passes a position
   dealing reaches from another with as many passes left or more is no
   better than that one.
5. A run R that empties its stack X (its bottom card not a king) onto a
   card t is kept only when a king then moves to an empty stack
   (``EMPTIES_FOR_NO_KING``; with take-backs the king may come from the
   top).  Play the rest of the line leaving R where it was: a move of R's
   cards or onto R is made the same; a move of t (with R on it in the line)
   moves t alone; a move of R's bottom card onto another card w is left out
   (R now "lies on" w, which stays free in the copy); R's bottom card going
   up empties X in both.  Only a king moving into X needs it empty: just
   before it, move R onto the card it lies on in the line (free in the copy),
   and the two lines meet.
6. Take-backs (only where the rules allow them; ``NOTHING_TO_HOLD``,
   ``UNUSED_TAKE_BACK``).  Take a best line and move each take-back of a
   card x as late as it can go: to just before the first later move that
   needs x down, or until its first move of x.  Until then nothing lies on x
   and x's place holds nothing else, so every move between is legal with x
   still up.  If x next goes up again, the take-back and that move are both
   left out (the line was not best).  If x next moves elsewhere, it is
   taken back straight there instead (as part of a run, the run moves
   without it and x is taken back onto the run's top later).  Otherwise x
   is needed down because a card is put onto it, or because the card below
   it on its top is taken back.  Repeating this (last take-back first)
   gives a best line in which every take-back is followed by other
   take-backs and then by a card from the pile or a run from the stacks put
   onto one of the cards just taken back, each of them needed by a later one
   or that last move.  The solver makes exactly these: from a position with
   nothing pending it may take any top card back onto any stack top it fits
   (a king onto the first empty stack); the card is then *pending* (part of
   the state and its key) until a card is put onto it or the card below it
   on its top is taken back.  While cards are pending the only moves are
   more take-backs and, with a single card pending, a card from the pile or
   a run from the stacks put onto it (rules 1, 3 and 5 hold for that move as
   for any other).  A top card is not taken back when every card of lower
   rank is up: following the cards put onto it, or taken back from below
   it, each one rank lower, never reaches a card that is not up.

Nothing else is left out: every face-up run that turns a card up, every
stack top that fits its top, every card dealing can bring to the pile's top,
onto every stack it fits, and (with take-backs) every top card onto every
stack top it fits, is tried.  The tests compare verdicts with an exhaustive
search over the engine's own moves on small positions in every variant,
check each category on random positions, and replay every line through the
engine.

The free-stock relaxation
-------------------------
Without take-backs, in every variant but draw one with unlimited passes,
``solve`` first searches the same position as a game of draw one with
unlimited passes (``free_stock``), for at most ``RELAXATION_SHARE`` of the
budget.  There dealing brings any card of the hand and pile to the top at
any time, so every line of the position's own game is a line there too
(its deals left out, the same cards played in the same order), and a
position lost there is lost in its own game: IMPOSSIBLE.  A win there says
nothing; the search in the position's own game follows with the budget
left.  The relaxation is worth its cost because one more rule holds in it
that does not in draw three, and it makes lost deals' searches small
(deal 436, lost: 1.05 million positions against 6.75 million in its own
game; 579 and 511, still unknown at 10 s, it proves lost in 2.3 and 2.8
million, beyond its share of the budget):

7. A pile card put onto a card of a stack is *held*
   (``Rules.pile_used_at_once``, ``HELD_PILE_SOURCE``; a king from the pile
   into an empty stack is not): the only moves then are those that put a card
   onto it (a run from the stacks, or a pile card, itself then held), of
   those rules 1-5 keep.  A held position is a step inside a move, so it is
   neither counted nor kept in the table.
   Here every card of the hand and pile is in reach at every move, so a
   line's length is counted without its deals (playing a pile card later
   changes how many deals the pile plays after it need, never how many moves
   there are otherwise); the arguments for rules 1-5 hold under that count as
   under the other.  Take a winnable position and a best line L of it made of
   moves rules 1-5 keep (there is one: above).  Call a play of a pile card x
   onto a card t *bare* when the next move does not put a card onto x, and
   take L's first.  Until a move puts a card onto x, x does not go up and does
   not move alone onto another card (L without the play, x played from the
   pile straight there at that moment instead, would be one move shorter);
   nothing can be put onto t; and a run carried off from under x could move
   without it.  So L', which leaves the play out, moves those runs without x
   and plays x from the pile onto t just before the first move that puts a
   card onto x, is legal and as long as L, and x is held there as the rule
   asks.  Its moves stay kept: its positions differ from L's only in x lying
   on t or in the pile, rules 3 and 5 ask only about a move and the one after
   it (each is one combined move here, and neither touches x: a king put into
   an empty stack is never held), and rule 1 makes no other demand: t is
   never a safe top card while x waits, for x (one rank lower, the other
   colour) would then be safe and fit its top too, and L, keeping rule 1,
   would put x up straight off t, which it does not (nor, so, is x a safe
   card when it is played).  L' has one bare play fewer (a play's next move
   changes only where x is left out or put back, just before a move onto x),
   so some best line of kept moves has none, and such a line is made of moves
   rule 7 keeps, held positions and all.  Not entering held positions in the
   table hides no position from the search, and the arguments above about the
   table and restarts hold for the positions it does enter.

How our rules differ from the published solvers'
-------------------------------------------------
Solvitaire's ``klondike`` preset (Blake and Gent) and lonelybot play draw
three with unlimited passes and let a card come back down from the top
("worrying back": lonelybot cannot turn it off); kings alone go to an empty
stack, and any face-up run moves, as here.  That is our ``--take-back``
draw-three game, and their 81.95% of deals winnable is for it; the book's
game forbids take-backs, so its share should come out a little lower.
Their draw-one figures are for draw one with take-backs and unlimited passes
(KPatience's draw-one rules).  Dealing is the same everywhere: the cards a
deal takes, the last one or two when fewer are left, the pile turned over
when the hand is empty (the book turns it and deals in one keystroke, which
changes no position that can be reached; KPatience will not turn over a pile
of one card, which changes no verdict).  KPatience's solver makes no
take-backs, so a layout it wins is won without them.  Our deals are the
book's shuffle, not theirs, so only the shares compare, not deal by deal
(``bench/klondike_solver.py`` runs ``kpat --solve`` on KPatience's deals of
the same numbers, which are other layouts).

What we took from the published solvers: the pile as the cards dealing can
reach, with the deals made part of the move (lonelybot, Solvitaire; the K+
moves of Bjarnason, Fern and Tadepalli); safe moves up made at once
(Solvitaire's dominances, lonelybot's ``stack_dominance``, the book's
``upsafep``); a table of the positions searched, keyed with the stacks in a
fixed order; a part of a run moved only so that the card it uncovers goes
up (lonelybot's rule too).  lonelybot also limits the moves after a pile
card is played to those it allows (``pruning.rs``, ``PruneInfo``'s
``last_draw``): in the search of the book's game that saves only revisits
our table catches anyway, so it is not done there; rule 7 of the free-stock
relaxation is a stronger form of it, argued only where every pile card
stays within reach.  The restarts in a jittered order come from
satisfiability solvers, not from these.

What was tried and is not used (issue #28, draw three, unlimited passes)
------------------------------------------------------------------------
The draw-one relaxation and "a pile card on a stack only when a card is put
on it at once" (below) were tried each alone before rule 7 made them one:
the relaxation decided none of the deals then unknown, and the rule was
tried in the search of draw three, where it does not hold.

A dominance over the pile: say position A has the same face-down cards,
bottom face-up cards and foundations as B, and its hand and pile hold B's
cards and more.  The extra cards lie face up on B's stacks, and A can put
them where B has them (a card may lie on either card one rank up of the
other colour, so places never run short), but with three cards a deal each
must be reachable when its turn comes, and the pile's state after the last
must lead to B's by dealing.  When A can do that, A is no worse than B; but
then A's own search played those cards (or put a safe one up instead) and
met B, or a state dealing reaches B from, so the table passes B over
already; when A cannot, A says nothing about B.  So such a dominance saves
nothing the table does not (deal 239, lost: one run expands 207,421 in 102,912
entries, 384 arrangements of face-down cards and foundations).  The
draw-one relaxation (every line of draw three is one of draw one, where every
pile card can be reached, so a deal lost in draw one is lost in draw three)
decides none of the deals left unknown at 10 s: two of them are won in draw
one, the rest stay unknown there (300,000 positions; 238 and 223 at four
million).  Putting a pile card on a stack only when a card is put on it at
once looks safe in draw one with unlimited passes (the play can wait until
then: every pile card stays within reach), and it searches ten times fewer
positions on lost deals (deal 366: 7,665 against 90,022) but more on won
ones (deal 66: 57,121 against 9,424); in draw three a pile play cannot wait
past another (it changes which cards dealing reaches), and "used at once or
followed by another pile play" searched more positions (deal 239: 295,045
against 210,967).

A test that a position is lost, by a relaxation: a card in a stack may
leave its place once every card above it has (the face-up cards above the
bottom one are taken to go along), if it can go up, is a king, or one of
the cards it may lie on can be reached (in the hand or pile, face up, or
with every card above it gone; any number of cards may use it); a card
goes up once its lower card is up and it can be reached.  If some card
never goes up even so, it never can.  Sound, and it finds 19 of deals
1-1,000 lost at the start (42, 77, 197, 239, 482, 504, 569, 572, 616,
824, ...: searches of up to 1.6 million positions), but none of the seven
that 5 million positions left unknown; tried at every position searched,
it changed the counts of 223 and 579 not at all and of 496 by 0.4%
(7,024,232 to 6,997,292), at about a quarter more processor time.  What holds
those deals is of another kind: deal 805, lost after 5.8 million
positions, never has more than 13 cards up and never turns up the ten of
spades under stack 3's red eights or the ten and two of hearts at the
bottom of stack 7, and a card that can hold only one run at a time is
beyond a relaxation that lets it hold them all.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Sequence

from ...cards import SUITS
from ...moves import DEAL, Move, Step
from ...piles import PileId, tableau
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .compact import UNLIMITED, CompactPosition, Rules
from .game import Klondike
from .position import PILE, top_of
from .solver_moves import (
    HELD_PILE_SOURCE,
    PILE_SOURCE,
    TOP_SOURCE,
    TOP_TARGET,
    SolverMove,
    apply_one,
)
from .solver_search import search

# Positions expanded a second of wall time by the compiled search on a quiet
# machine of the project's kind (2 cores, load average 1.2-1.6,
# `cardgui solve klondike --deal N --budget 25`), in the searches of millions
# of positions that decide the hardest deals, whose table no longer fits the
# caches: 528,000 (deal 238, 4.4 million positions, 8.3 s), 599,000 (805),
# 626,000 (436), 750,000 (66 and 374, 2-3.5 million); smaller searches are
# faster.  Those were measured before the table's entries were packed into
# 24 bytes (_search_table.h); the packed search takes 0.835 times the
# processor time for the same positions [0.80, 0.87] (14 pairs, each search
# of up to 5 million positions run with both builds in turn, deals 238 five
# times, 805, 436, 223, 306, 579, 496, 511, 52 and 94; load 7-17, so the
# ratio, not the rates, is what such a machine can give).  The slowest, deal
# 238, at the interval's worst: 528,000 / 0.87 = 607,000.  So a budget of s
# seconds allowed s times 600,000, which a quiet machine searched in about s
# seconds or less.  (This was 200,000, the wall rate of the same machine
# shared by four jobs, then 500,000 before the packing.)  Then a position
# whose key was searched in another state stopped looking up the positions
# its settled pile cards lead to, the search was built with -O3, and the
# table grows from 2 to 8 million entries at once: 0.899 times the
# processor time a position [0.873, 0.925] over 50 pairs from two runs of
# bench/klondike_search_pairs.py (ten deals of up to 5 million positions,
# each pair run in turn in both orders against main as it was: 0.869
# [0.829, 0.911] over 20 pairs at load 5.6-6.7, 0.919 [0.885, 0.954] over 30
# at load 1.6-4.1); 600,000 / 0.925 = 648,600, so 648,000.  A busy machine
# takes longer for the same answer, never answers otherwise.  The table
# takes some 50 bytes a position (300 MB at 6 million; it was 607 MB at 5
# million before the packing).  The pure-Python search, used
# where no C compiler was found, expands the same positions and so gives the
# same answers, some 25 times slower (5,000-25,000 a second) and with far
# more memory (some 300 bytes a position).
POSITIONS_PER_SECOND = 648_000

# The free-stock relaxation's positions are counted at their own rate: a
# position of it costs 2.12 times the processor time of one of the search
# [1.97, 2.27] (16 pairs on the eight deals of 1-1,000 where it counts
# most, each pair run in turn in both orders, bench/klondike_search_pairs.py --relaxation,
# load 3.4-3.8), and 2.66 times at the most (deal 436); 648,000 / 2.66 =
# 243,600, so 240,000.  Its positions are fewer than they seem: a held
# position (rule 7) is not counted.
RELAXED_POSITIONS_PER_SECOND = 240_000
# The most of a budget the relaxation may take before the search in the
# position's own game: enough for deals 436 and 223 (lost: 4.4 and 0.9 of
# 10 s), while every deal of 1-1,000 the search decides at 10 s keeps the
# time it needs.  The relaxation wins draw one in 71 positions for the
# median winnable deal, 60,597 for the 99th in a hundred; of the 13 deals
# the search needs more than 3 of the 10 s for, it proves 8 lost and wins
# the others in at most 1.8 s, the closest 496 (left 8.2 s, needs 7.6 s).
RELAXATION_SHARE = 0.7


def solve(game: Klondike, budget: Budget) -> SearchResult:
    """Search the position ``game`` is in under its rules (the game is left
    unchanged).

    Returns WINNABLE with engine steps (``Move`` and ``DEAL``) that replay
    through ``game.apply`` to a win, IMPOSSIBLE when no line of play wins
    (in the free-stock relaxation, searched first where there is one, or
    under the game's own rules), or UNKNOWN when the budget ran out first
    (or, with take-backs, lines grew longer than ``solver_search.MAX_DEPTH``
    moves).  Not won, the result's ``best`` holds the steps to the most
    cards up the search in the game's own rules found (empty when none puts
    a card up, or when the relaxation decided).  ``positions`` counts both
    searches'.  The same position and budget always give the same answer,
    with or without the compiled search.

    Raises:
        ValueError: if a stack's face-up cards are not a run, which no game
            in play can show (only a hand-written position).
        SearchCancelled: if ``budget.cancelled`` says so during the search.
    """
    start = CompactPosition.of(game)
    if not start.is_regular():
        raise ValueError("every stack's face-up cards must run down in alternating colours")
    began = time.perf_counter()
    relaxed_positions = 0
    seconds_left = budget.seconds
    relaxed = free_stock(start)
    if relaxed is not None:
        limit = max(1, int(budget.seconds * RELAXATION_SHARE * RELAXED_POSITIONS_PER_SECOND))
        outcome = search(relaxed, limit, budget.check_cancelled)
        relaxed_positions = outcome.positions
        if outcome.won is False:
            return SearchResult(Verdict.IMPOSSIBLE, (), relaxed_positions,
                                time.perf_counter() - began)
        seconds_left -= relaxed_positions / RELAXED_POSITIONS_PER_SECOND
    limit = max(1, int(seconds_left * POSITIONS_PER_SECOND))
    outcome = search(start, limit, budget.check_cancelled)
    seconds = time.perf_counter() - began
    positions = relaxed_positions + outcome.positions
    if outcome.won:
        return SearchResult(Verdict.WINNABLE, engine_steps(start, outcome.moves),
                            positions, seconds)
    verdict = Verdict.UNKNOWN if outcome.won is None else Verdict.IMPOSSIBLE
    return SearchResult(verdict, (), positions, seconds,
                        best=engine_steps(start, outcome.best))


def free_stock(start: CompactPosition) -> CompactPosition | None:
    """``start`` in the free-stock relaxation (draw one, unlimited passes,
    pile cards used at once: "The free-stock relaxation" above), where no
    line is lost that wins under ``start``'s rules; None where that is
    ``start``'s own game (draw one, unlimited passes) or no relaxation of
    it (with take-backs)."""
    rules = start.rules
    if rules.take_back or (rules.draw == 1 and start.passes == UNLIMITED):
        return None
    return dataclasses.replace(start, passes=UNLIMITED,
                               rules=Rules(draw=1, take_back=False, pile_used_at_once=True))


def engine_steps(start: CompactPosition, moves: Sequence[SolverMove]) -> tuple[Step, ...]:
    """The solver's moves from ``start`` as engine steps."""
    state = start.state
    steps: list[Step] = []
    for move in moves:
        part: SolverMove | None = move
        while part is not None:
            stacks, tops, stock = state[0], state[1], state[2]
            if part.source == PILE_SOURCE or part.source == HELD_PILE_SOURCE:
                steps.extend([DEAL] * part.deals)
                card = stock[part.slot]
                source: PileId = PILE
            elif part.source == TOP_SOURCE:
                card = (tops[part.slot] - 1) * 4 + part.slot
                source = top_of(SUITS[part.slot])
            else:
                stack = stacks[part.source]
                card = stack[len(stack) - part.cards]
                source = tableau(part.source + 1)
            steps.append(Move(source, _target(part.target, card), part.cards))
            state = apply_one(part, state)
            part = part.then
    return tuple(steps)


def _target(target: int, card: int) -> PileId:
    if target == TOP_TARGET:
        return top_of(SUITS[card & 3])
    return tableau(target + 1)
