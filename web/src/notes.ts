// What Catania's special hexes, chips and pieces are, in words from its rules (docs/rules/catania.md, whose rule
// ids are cited): the board draws each as the title of its piece, which the page shows on hover, focus or tap.

/** A land hex's note: what it yields or does, given its number chip (if drawn) and the chips left in the bag. */
export function hexNote(terrain: string, number: number | undefined, chipsLeft: number, castlePile: number): string | undefined {
  const yields: Record<string, string> = {
    hills: "brick (a city 2)",
    forest: "lumber (a city also a paper)",
    pasture: "wool (a city also a cloth)",
    fields: "grain (a city 2)",
    mountains: "ore (a city also a coin)",
    gold: "a resource of the owner's choice (a city two)",
  };
  const name = terrain.replace("_", " ");
  const what = yields[terrain];
  if (what) {
    if (number !== undefined) return `${cap(name)}, ${number}: yields ${what} to each building on its corners when ${number} is rolled.`;
    return (
      `${cap(name)} with no number yet: an island hex. It draws its number chip from the bag, which holds ${chipsLeft}, ` +
      `when a settlement is first built on one of its corners, and yields ${what} from then on (CAT-MAP-06).`
    );
  }
  const seven = "7: no number roll ever asks for it, so it yields nothing on one;";
  switch (terrain) {
    case "desert":
      return "Desert: yields nothing and takes no number.";
    case "glacier":
      return (
        `Glacier, ${seven} on a 7 each building at its foot (on its corners) takes the yield of the other hexes of its ` +
        "corner. Doubles set off avalanches: a building at its foot beside a hex with the doubles' number is laid on its " +
        "side and yields nothing until the next doubles; the same doubles again destroy it. No starting settlement on " +
        "its corners (CAT-GLACIER-01..06, CAT-SETUP-13)."
      );
    case "volcano":
      return (
        `Volcano, ${seven} on a 7 each building on its corners takes resources of its owner's choice, as from gold (a ` +
        "settlement one, a city two). On double 1 or double 6 it erupts towards the corner a further die shows: a " +
        "settlement there is removed, a city reduced to a settlement and its wall destroyed (CAT-VOLCANO-01..06)."
      );
    case "temple":
      return (
        `Temple, ${seven} sacrificial sites (settlements that never become cities) go on its corners, at twice a ` +
        "settlement's cost, for a player whose knights on the board have strength 2. On doubles every other player " +
        "gives one resource to each site owner beside a hex with the doubles' number (CAT-TEMPLE-01..07)."
      );
    case "castle":
      return (
        `The barbarians' castle, ${seven} only settlements go on its corners (never cities), for a player whose knights ` +
        `on the board have strength 3. On a 7 its settlers take the cards of its pile (${castlePile} now), one each a ` +
        "round, unless the barbarian ship is on its start space; each step of the ship returns one of them to the bank, " +
        "and when it lands every player puts one card in (CAT-CASTLE-01..07, CAT-EVENT-02..05)."
      );
    case "station":
      return (
        `Trading station, ${seven} each player may build one building on its corners: a retail post (a settlement), ` +
        "then a wholesale house (a city), no wall. On every 7 each must exchange with the bank: a retail post one " +
        "resource for two of other kinds, a wholesale house one commodity for three resources or two resources for " +
        "four. One that cannot is warned and laid on its side, and downgraded if it cannot again (CAT-STATION-01..11)."
      );
    case "double_field":
      return "The barbarians' double field: neither land nor sea; the robber never goes there, nor the iceberg (CAT-ROBBER-02, CAT-ICE-03).";
    default:
      return undefined;
  }
}

/** Whether a hex's note is a stop of the Tab key: the special hexes (their 7s), not the fifty hexes of land
 *  without a number nor the deserts, which would make the board a long way to tab through (they are explained on
 *  hover and tap). */
export function hexStops(terrain: string, number: number | undefined): boolean {
  return number === 7 || terrain === "double_field";
}

/** The thieves and the natural forces. */
export const TOKEN_NOTES: Record<string, string> = {
  robber:
    "The robber: its hex yields nothing. After a 7, a knight card or a knight's chase it moves to another land hex, " +
    "and its mover takes a card from a player with a building there (CAT-ROBBER-01..03).",
  pirate:
    "The pirate: after a 7, instead of the robber, it moves to a sea hex and robs a player with a ship beside it. No " +
    "ship is built on, moved from or to a side of its hex, and its harbor does not trade (CAT-PIRATE-01..04).",
  iceberg:
    "The iceberg: on every 7 it moves one step towards the white die's side, over the sea only. It destroys the ship " +
    "on each side it crosses or runs against, and its harbor does not trade; a destroyed ship is rebuilt before " +
    "anything else (CAT-ICE-01..08).",
  hurricane:
    "The hurricane: on every 7 it moves one step towards the white die's side, over land and sea, and destroys the " +
    "road or ship on each side it crosses; the hex it stands on yields nothing (CAT-HURR-01..04).",
  storm_cloud:
    "The storm cloud: on every roll it moves one step towards the white die's side, destroying nothing; the hex under " +
    "it yields nothing (CAT-CLOUD-01/02).",
};

/** A token's symbol on the board (fonts every desktop and phone has). */
export const TOKEN_SYMBOLS: Record<string, string> = {
  robber: "♟",
  pirate: "☠",
  iceberg: "❄",
  hurricane: "@",
  storm_cloud: "☁",
};

const WONDER_NOTES: Record<string, [string, string]> = {
  theater: ["two cities", "1 brick, 1 lumber, 3 wool"],
  great_bridge: ["a building on one of the strait's two marked corners", "3 lumber, 1 wool, 1 grain"],
  monument: ["a city at a harbor and a trade route of 5", "3 grain, 2 ore"],
  great_wall: ["a building on a corner of the East island's marked desert", "3 brick, 1 lumber, 1 grain"],
  cathedral: ["a city and 6 points every player sees", "1 brick, 1 grain, 3 ore"],
};

/** A wonder, its condition, its levels' cost and how far it is built (CAT-WONDER-02..05). */
export function wonderNote(wonder: string, level: number, levels: number, built: boolean): string {
  const [needs, cost] = WONDER_NOTES[wonder] ?? ["", ""];
  const state = built ? `level ${level} of ${levels}` : "nobody builds it yet";
  return (
    `${cap(wonder.replace("_", " "))}: ${state}. A player who builds no wonder claims it with ${needs}; each level costs ` +
    `${cost}, and at level ${levels} it is complete and worth 4 points (CAT-WONDER-02..05).`
  );
}

/** A wonder's marked corner (CAT-WONDER-01). */
export function wonderSiteNote(wonder: string): string {
  return `${cap(wonder.replace("_", " "))}'s site: a building on this corner lets its owner claim the ${wonder.replace("_", " ")} (CAT-WONDER-01).`;
}

/** A resource's specialist card (CAT-SPEC-01..05). */
export function specialistNote(resource: string, held: boolean): string {
  return (
    `The ${resource} specialist, ${held ? "held by the seat of its colour" : "in the bank"}: 1 point to its holder, who takes ` +
    `one ${resource} on each of his own rolls. It goes to the player with the most points at ${resource} hexes (a ` +
    "settlement 1, a city 2 for each), back to the bank on a tie (CAT-SPEC-01..05)."
  );
}

export const LANDING_NOTE =
  "A landing place: here its owner's roads and ships join. It is no building: no points, no yield, no distance rule, " +
  "and a settlement may replace it (CAT-SHIP-05).";

export const TILTED_NOTE = "Laid on its side by an avalanche: it yields nothing until the next doubles, and the same doubles again destroy it (CAT-GLACIER-02..06).";

export const WARNED_NOTE = "Warned by the merchants' guild, laid on its side: if it cannot exchange at the next 7 it is downgraded (CAT-STATION-07..10).";

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The board's caption: the note of the thing last pointed at, focused or tapped on `svg` (any drawn thing with a
 *  `data-note` and a title), for the touch screens that show no title on hover and for everyone who reads on. */
export function caption(svg: SVGSVGElement): HTMLElement {
  const hint = "Point at, tap or tab to a special hex, a chip, a piece or a card of the board, or walk its hexes with the arrow keys, to read what it is.";
  const text = document.createElement("p");
  text.className = "note";
  text.textContent = hint;
  const box = document.createElement("div");
  box.className = "caption";
  box.setAttribute("role", "status");
  box.setAttribute("aria-label", "what this is");
  box.append(text);
  const show = (e: Event) => {
    const thing = (e.target as Element | null)?.closest?.("[data-note]");
    const words = thing?.querySelector(":scope > title")?.textContent;
    if (words && text.textContent !== words) text.textContent = words;
  };
  // The pointer's moves, not `pointerover`: a view panned under a resting pointer (to a place reached by the
  // keyboard) would otherwise replace what the keyboard asked for.
  // `walked`: a hex the arrow keys went to (hexwalk.ts).
  for (const on of ["pointermove", "focusin", "click", "walked"]) svg.addEventListener(on, show);
  return box;
}
