"""Root (Leder Games): the Underground Duchy against the Corvid Conspiracy on the Autumn map, two
players (Law sections 1-4 as summarised in ../shared/game-facts.md, sections 12 and 13 whole).

How the modules stack (each imports only modules named before it; no import circle):

- data (the TOML tables: map, the 54-card deck, factions, house values), state (the game state),
  actions (the action classes), ctx (the working copy of one apply);
- board (adjacency with the Burrow, rule, snares), cards (hands, the unordered pile, discards),
  pieces (placing, removing, scoring, Price of Failure, raids), craft (crafting, items, favors);
- battle (ambush, dice, hits, Embedded Agents), common (move, battle starts, card effects, end
  of turn), duchy (Law 12), corvids (Law 13), turns (starting a turn);
- flow: new_game / pending / legal_actions / apply, the one dispatcher; view: what a seat sees;
  bots and playout: a bot per faction and a bot-against-bot game.
"""
