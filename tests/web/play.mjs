// A person playing one game on hexfold's web page against three of the server's bots, in Debian's Chromium driven
// by playwright-core: from the lobby's "Play against bots" to the end, clicking only controls found by their role
// and visible text (buttons, drop-downs, the board's marked places), then a spectator replaying the game. Run by
// tests/it/web_play.rs against a real server:
//
//   node play.mjs <page url> <artefacts folder> <game as the lobby names it> <most moves> <proofs>
//
// `proofs` (JSON): `want`, the moves the game must show the person made, each a pattern of the log's sentence
// that says it (`{"trade": "^\\d+ Robin traded ", ...}`: kinds `trade`, `discard`, `card`), and `hold`: whether
// the person holds its cards (a city its one building, no card bought, one trade) until it has discarded once, so
// that a 7 finds more than seven in hand. For each kind the first such sentence is checked against the person's
// cards on the board shown before and after its event (`proved`).
//
// It prints one JSON line: whether the game ended, the winner's line, the moves made by kind, the proofs, and any
// raw text (a field name, JSON, `key=value`, an enum's spelling) seen on the page. Waiting is on the page's state
// (`window.hexfold.settled()`, the page's own text), never on time.
import { checkText as check, launch } from "./page.mjs";
import { discardOwed, firstMove, inView, visible } from "./moves.mjs";

const [url, artefacts, game, most, proofsArg] = process.argv.slice(2);
const limit = Number(most);
const { want, hold } = JSON.parse(proofsArg);
const slug = game.toLowerCase().replace(/[^a-z]+/g, "-");

const raw = [];
const checkText = (page, where) => check(page, where, raw);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
const settled = () => page.evaluate(() => window.hexfold.settled());
const shot = (name) => page.screenshot({ path: `${artefacts}/play-${slug}-${name}.png` });

// The lobby: the game, a name, three bots, play.
// Time to interactive: from asking for the page to the lobby listing the server's games, and from the click on
// "play" to the new game's board drawn with the seat's moves.
const started = Date.now();
await page.goto(url);
await page.evaluate(() => window.hexfold.settled());
const timing = { lobbyMs: Date.now() - started, gameMs: 0 };
await page.getByRole("combobox", { name: "game", exact: true }).selectOption({ label: game });
await page.getByRole("textbox", { name: "your name" }).fill("Robin");
await page.getByRole("combobox", { name: "bots", exact: true }).selectOption({ label: "3 bots" });
const clicked = Date.now();
await page.getByRole("button", { name: "play", exact: true }).click();
await page.waitForURL(/#\/game\/[^?]+\?play$/);
const gameId = /#\/game\/([^?]+)/.exec(page.url())[1];
await page.getByRole("heading", { name: `${game}: you play Robin` }).waitFor();
await settled();
timing.gameMs = Date.now() - clicked;
await checkText(page, "start");
await shot("start");
// The same table on a phone's 375 px.
await page.setViewportSize({ width: 375, height: 800 });
await page.screenshot({ path: `${artefacts}/play-${slug}-phone.png`, fullPage: true });
await page.setViewportSize({ width: 1400, height: 1000 });

/** A line of the log, clicked (or pressed) as `act` says: the page then shows the board after its event, the
 *  slider there and the line marked as the one shown; what did not follow goes to `mismatches`. */
async function showsLine(p, line, where, act) {
  const text = await line.innerText();
  const n = Number(/^(\d+) /.exec(text)?.[1]);
  await act(line);
  await p.evaluate((v) => window.hexfold.drawn(v), n);
  const index = await p.locator(".index").innerText();
  const slider = await p.getByRole("slider", { name: "event shown" }).inputValue();
  const current = await p.getByRole("log").getByRole("button", { name: text, exact: true }).getAttribute("aria-current");
  const info = await p.locator(".info").innerText();
  const head = Number(/ of (\d+)$/.exec(index)?.[1]);
  const replayWords = n < head ? info.includes(`replay: the board after event ${n}`) : true;
  if (!index.startsWith(`event ${n} of`) || slider !== String(n) || current !== "true" || !replayWords) {
    mismatches.push(`${where}: the log line ${JSON.stringify(text)} shows ${index}, the slider at ${slider}, marked ${current}`);
  }
  return n;
}

/** The finished game's summary as the page shows it: its heading line and each seat's lines. */
async function readSummary(p) {
  const region = p.getByRole("region", { name: "Summary of the game" });
  await region.getByText(/ won on turn \d+$|^the game ended on turn/).waitFor();
  const heading = await region.locator("p.winner").innerText();
  const seats = [];
  for (const block of await region.locator(".seat-summary").all()) {
    const title = /^\S+\s+(.+): (\d+) (points|victory cubes)$/.exec((await block.getByRole("heading").innerText()).trim());
    const [sources, reached, byTurn] = await Promise.all(["sources", "reached", "by-turn"].map((c) => block.locator(`p.${c}`).innerText()));
    seats.push({ name: title?.[1], total: Number(title?.[2]), unit: title?.[3], sources, reached, byTurn });
  }
  return { heading, seats };
}

/** The person's cards on the board shown, by kind: the hand's cards, and the counts the seat's own block of the
 *  table gives (`2 development cards`, `1 progress card`, `holds 3 gold, 1 red`). */
async function cardsShown(p) {
  const held = {};
  for (const t of await p.locator(".hand .card").allInnerTexts()) {
    const [n, name] = t.trim().split(/\s+/);
    held[name] = Number(n);
  }
  for (const fact of await p.locator(".seat.own li").allInnerTexts()) {
    const cards = /^(\d+) (development|progress) cards?$/.exec(fact);
    if (cards) held[cards[2]] = Number(cards[1]);
    for (const [, n, name] of /^holds (.*)$/.exec(fact)?.[1].matchAll(/(\d+) (\w+)/g) ?? []) held[name] = Number(n);
  }
  return held;
}

/** A kind's count among `cards` (a kind the page does not list is none). */
const of = (cards, kind) => cards[kind] ?? 0;
/** The counts a sentence names (`2 brick, 1 coin`), by kind. */
const named = (words) => Object.fromEntries([...words.matchAll(/(\d+) ([a-z]+)/g)].map(([, n, kind]) => [kind, Number(n)]));
const sumOf = (cards, kinds) => kinds.reduce((sum, k) => sum + of(cards, k), 0);

/** What each kind's sentence says happened to the person's cards, or why the cards shown before and after its
 *  event do not bear it out: a bank trade gives its count of one kind for one of another; a discard takes as
 *  many cards from the hand as it names; a card played leaves the cards held (a development or progress card
 *  fewer, or the influence cards it was paid with gone). */
const EXPECT = {
  trade: (said, before, after) => {
    const [, n, give, get] = / traded (\d+) (\w+) with the bank for 1 (\w+)$/.exec(said) ?? [];
    if (!give) return "the sentence names no bank trade";
    const ok = of(after, give) === of(before, give) - Number(n) && of(after, get) === of(before, get) + 1;
    return ok ? undefined : `${give} ${of(before, give)} to ${of(after, give)}, ${get} ${of(before, get)} to ${of(after, get)}`;
  },
  discard: (said, before, after) => {
    const gone = named(said.replace(/^\d+ /, ""));
    const kinds = Object.keys(gone);
    if (kinds.length === 0) return "the sentence names no cards";
    const wrong = kinds.filter((k) => of(after, k) !== of(before, k) - gone[k]);
    return wrong.length === 0 ? undefined : wrong.map((k) => `${k} ${of(before, k)} to ${of(after, k)}, but ${gone[k]} discarded`).join(", ");
  },
  card: (said, before, after) => {
    const paid = / for (.*)$/.exec(said);
    if (paid) {
      // Influence cards paid for a special action: the kinds the sentence names only as payment leave the hand.
      const [given, spent] = [said.slice(0, paid.index), named(paid[1])];
      const kinds = Object.keys(spent).filter((k) => !given.includes(` ${k}`));
      const wrong = kinds.filter((k) => of(after, k) !== of(before, k) - spent[k]);
      if (kinds.length === 0) return "the sentence names no cards paid";
      return wrong.length === 0 ? undefined : wrong.map((k) => `${k} ${of(before, k)} to ${of(after, k)}, but ${spent[k]} paid`).join(", ");
    }
    const kinds = ["development", "progress"];
    return sumOf(after, kinds) === sumOf(before, kinds) - 1 ? undefined : `development and progress cards ${sumOf(before, kinds)} to ${sumOf(after, kinds)}`;
  },
};

/** Each kind's first sentence, and the cards shown before and after its event. */
const proved = {};

/** Checks each kind not yet proved whose sentence the log now has: shows the board before its event and after
 *  it (each by its line of the log, as a person would), reads the person's cards, then goes back to play. */
async function prove() {
  for (const [kind, pattern] of Object.entries(want)) {
    if (proved[kind]) continue;
    const lines = page.getByRole("log").getByRole("button", { name: new RegExp(pattern) });
    if ((await lines.count()) === 0) continue;
    const line = lines.first();
    const said = await line.innerText();
    const n = Number(/^(\d+) /.exec(said)?.[1]);
    const show = async (v, l) => {
      await l.click();
      await page.evaluate((i) => window.hexfold.drawn(i), v);
      return cardsShown(page);
    };
    const before = await show(n - 1, page.getByRole("log").getByRole("button", { name: new RegExp(`^${n - 1} `) }));
    const after = await show(n, line);
    proved[kind] = { said, before, after, problem: EXPECT[kind](said, before, after) ?? null };
    await page.getByRole("button", { name: "last event" }).click();
    await settled();
  }
}

const move = page.getByRole("region", { name: "Your move" });
const board = page.locator(".board");
const done = { moves: 0, board: 0, buttons: 0, other: 0, discards: 0, trades: 0, cards: 0, bought: 0, built: 0, improved: 0, knights: 0, offered: 0, accepted: 0, countered: 0, declined: 0, influence: 0, pirate: 0 };
/** Whether the person still holds its cards for a discard (see `hold` above): until its discard is in the log
 *  it builds no settlement, buys no card and trades once. */
const holding = () => hold && !proved.discard;
// What the page said and the server's events did not bear out (a bank trade's ratio).
const mismatches = [];
// Cities & Knights' panel of the barbarians and the city improvements, as the person saw it at the start.
const improvements = page.getByRole("region", { name: "Barbarians and city improvements" });
let ckPanel = "";
const over = () => page.evaluate(() => / won the game$/m.test(document.body.innerText));
const button = (name) => move.getByRole("button", { name, exact: true });
if (await visible(improvements)) ckPanel = await improvements.innerText();

/** The longest the person waits for the bots' moves: a debug build's bots in Catania's 195-hex world on a loaded
 *  2-core machine have taken over 30 s (playwright's default) for one seat's turn. A bound, not a pause. */
const BOTS_MS = 600_000;

/** A development or progress card played when one can be (one played on a place of the board, such as a
 *  knight's, from the list of its places, opened first when it is folded): whether the person acted. */
async function playCard() {
  const play = move.getByRole("button", { name: /^play / }).filter({ visible: true });
  if (await visible(play)) return (await play.first().click(), done.cards++, true);
  const playFold = move.locator("details:not([open]) > summary", { hasText: /^play / });
  if (await visible(playFold)) return (await playFold.first().click(), true);
  const playChoice = move.getByRole("combobox", { name: /^play / });
  if (!(await visible(playChoice))) return false;
  const name = await playChoice.first().getAttribute("aria-label");
  await playChoice.first().selectOption({ index: 0 });
  await button(name).click();
  done.cards++;
  return true;
}

/** One move of the person's, or a wait for the bots when the page offers nothing. */
async function step() {
  if (await visible(page.getByText("nothing to do now: others are deciding"))) {
    await page.waitForFunction(
      () => !document.body.innerText.includes("nothing to do now") || / won the game$/m.test(document.body.innerText),
      undefined,
      { timeout: BOTS_MS },
    );
    return;
  }
  const picker = page.getByRole("dialog", { name: "choose what to do here" });
  if (await visible(picker)) {
    await picker.getByRole("button").first().click();
    done.board++;
    return;
  }
  if (await discardOwed(move)) return void done.discards++;
  // A development or progress card played whenever one can be, before the roll too (the alchemist's dice).
  if (await playCard()) return;
  if (await visible(button("roll"))) return void (await button("roll").click(), done.buttons++);
  if (!holding() && done.bought < 8 && (await visible(button("buy card")))) return void (await button("buy card").click(), done.bought++);
  // A city improvement, when one is for sale (Cities & Knights, Catania).
  const improve = improvements.getByRole("button", { name: /^improve / });
  if (done.improved < 15 && (await visible(improve))) return void (await improve.first().click(), done.improved++);
  // A city, else a settlement, where the board marks one: more to produce, so more cards to buy and play (a city
  // also while holding cards: it makes the hand grow faster, and lets a city improvement be bought).
  for (const what of ["city", "settlement"]) {
    const build = board.getByRole("button", { name: new RegExp(`^build ${what} `) });
    if ((what === "city" || !holding()) && done.built < 12 && (await visible(build))) return void (await build.first().click(), done.built++);
  }
  // A building that places the person's cubes (a neutral one, where the game has them): the pirate takes a card
  // for each cube in its row, the discard the proof needs.
  const cubes = board.getByRole("button", { name: /^build (well|market stall|shop|tavern|trade house) / });
  if (done.built < 12 && (await visible(cubes))) return void (await cubes.first().click(), done.built++);
  // A knight built, activated, promoted or moved by clicking it on the board (the picker or the corners it may go
  // to follow), also while holding cards: knights keep the person's city from the barbarians.
  const [knight] = await inView(board.getByRole("button", { name: /knight/ }));
  if (done.knights < 12 && knight) return void (await knight.click(), done.knights++);
  // A trade with the bank (or a harbour) for a card the hand lacks, giving one of another kind: one a development
  // card needs where the game sells them, else a commodity where it has city improvements (a level in a track lets
  // the event die deal progress cards); else the first terms offered, once. The ratio the page states is the one
  // the server's event then reports.
  const bank = move.getByRole("combobox", { name: "trade with the bank" });
  if (done.trades < (holding() ? 1 : 8) && (await visible(bank))) {
    const hand = Object.fromEntries(
      (await move.locator(".hand .card").allInnerTexts()).map((t) => t.split(/\s+/)).map(([n, name]) => [name, Number(n)]),
    );
    const cards = (await visible(move.getByText(/ development card: /))) || !(await visible(improvements));
    const wants = cards ? ["wool", "grain", "ore"] : ["paper", "cloth", "coin"];
    const missing = wants.filter((r) => !hand[r]);
    const terms = (await bank.locator("option").allInnerTexts()).map((t) => /^give (\d+) (\w+) for 1 (\w+) \((.+)\)$/.exec(t));
    // What is given is not wanted, or held beyond the trade's count.
    const spare = (t) => !wants.includes(t[2]) || hand[t[2]] > Number(t[1]);
    let pick = terms.findIndex((t) => t && missing.includes(t[3]) && spare(t));
    if (pick < 0 && done.trades === 0) pick = 0;
    if (pick >= 0) {
      const t = terms[pick];
      if (!t) throw new Error(`a bank trade not in words: ${(await bank.locator("option").allInnerTexts())[pick]}`);
      await bank.selectOption({ index: pick });
      await button("trade with the bank").click();
      await settled();
      const said = await page.getByRole("log").getByRole("button", { name: /Robin traded \d+ \w+ with the bank/ }).last().innerText();
      if (!said.endsWith(`Robin traded ${t[1]} ${t[2]} with the bank for 1 ${t[3]}`)) mismatches.push(`${t[0]}, but the log says ${said}`);
      done.trades++;
      return;
    }
  }
  // Offers: another seat's is accepted (twice a game), once countered with other terms, else declined; a
  // counter-offer to the person's own offer is accepted; the person's own offer is made once a game. Terms are
  // composed as one card of the first kind held for one of the last kind asked for.
  const giveOne = move.getByRole("button", { name: /^you give one .+ more$/ });
  const askOne = move.getByRole("button", { name: /^you ask for one .+ more$/ });
  const compose = async (send, kind) => {
    if (done[kind] >= 1 || !(await visible(button(send))) || !(await visible(giveOne))) return false;
    await giveOne.first().click();
    await askOne.last().click();
    await button(send).click();
    done[kind]++;
    return true;
  };
  if (done.accepted < 2 && (await visible(button("accept")))) return void (await button("accept").click(), done.accepted++);
  if (await compose("counter", "countered")) return;
  if (await visible(button("decline"))) return void (await button("decline").click(), done.declined++);
  const counterOffer = move.getByRole("button", { name: /^accept .+'s counter-offer$/ });
  if (await visible(counterOffer)) return void (await counterOffer.first().click(), done.accepted++);
  if (await compose("offer", "offered")) return;
  // Influence cards played for a special action, where the game has them: two gold for one card of each colour,
  // else a permit moved for two of one colour (the first way listed).
  if (done.influence < 6 && (await visible(button("buy gold")))) return void (await button("buy gold").click(), done.influence++);
  const movePermit = move.getByRole("combobox", { name: "move permit", exact: true });
  if (done.influence < 6 && (await visible(movePermit))) {
    await movePermit.selectOption({ index: 0 });
    await button("move permit").click();
    done.influence++;
    return;
  }
  // A pirate that takes a card for each cube in its row is sent to the row of the person's last building that
  // placed cubes (`Robin built the well at d8, placing 1 cube`), so that the person owes a discard too.
  const pirate = move.getByRole("combobox", { name: "move pirate", exact: true });
  const cubed = page.getByRole("log").getByRole("button", { name: /^\d+ Robin built .* at [a-z](\d+), placing / });
  if ((await visible(pirate)) && (await cubed.count()) > 0) {
    const row = /at [a-z](\d+), placing /.exec(await cubed.last().innerText())[1];
    const rows = await pirate.locator("option").allInnerTexts();
    await pirate.selectOption({ index: Math.max(0, rows.findIndex((r) => r.endsWith(` ${row}`))) });
    await button("move pirate").click();
    done.pirate++;
    return;
  }
  // The person's turn is ended as soon as there is nothing above to do.
  for (const name of ["withdraw your offer", "end"]) {
    if (await visible(button(name))) return void (await button(name).click(), done.buttons++);
  }
  // An opening settlement or city where the numbers on the chips around it (as the board shows them, on the hexes
  // one hex radius away) are likeliest to be rolled: a person who produces trades, discards and buys cards.
  const opening = board.getByRole("button", { name: /^place (settlement|city) / });
  if ((await opening.count()) > 0) {
    const odds = await opening.evaluateAll((els) => {
      const svg = els[0].ownerSVGElement;
      const [view, radius] = [svg.getBoundingClientRect(), svg.getScreenCTM().a];
      const middle = (el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      };
      const chips = [...svg.querySelectorAll("text")].filter((t) => /^\d+$/.test(t.textContent)).map((t) => ({ ...middle(t), n: Number(t.textContent) }));
      return els.map((el) => {
        const at = middle(el);
        if (at.x < view.left || at.x > view.right || at.y < view.top || at.y > view.bottom) return -1;
        const near = chips.filter((c) => Math.hypot(c.x - at.x, c.y - at.y) < 1.2 * radius);
        return near.reduce((sum, c) => sum + (c.n === 7 ? 0 : 6 - Math.abs(7 - c.n)), 0);
      });
    });
    const best = odds.indexOf(Math.max(...odds));
    if (odds[best] >= 0) return void (await opening.nth(best).click(), done.board++);
  }
  // Anything else the game asks for: a marked place on the board, else the first choice or button offered.
  await firstMove(page, move, []);
  done.other++;
}

let ended = false;
for (done.moves = 0; done.moves < limit; done.moves++) {
  await settled();
  if (await over()) {
    ended = true;
    break;
  }
  await step();
  await prove();
  if (done.moves === 30) {
    await settled();
    await checkText(page, "mid-game");
    await shot("mid");
    // In the live game a line of the log shows the board after its event; "last event" comes back to play.
    await showsLine(page, page.getByRole("log").getByRole("button", { name: /rolled/ }).first(), "live", (l) => l.click());
    await page.getByRole("button", { name: "last event" }).click();
    await settled();
  }
}
await settled();
ended = ended || (await over());
await checkText(page, ended ? "end" : "where the person stopped");
await shot(ended ? "end" : "stopped");
const winner = ended ? await page.getByText(/ won the game$/).innerText() : "";
// The cards the person played, as the log says (`Robin played a knight`, `Robin played the alchemist`).
const cardsPlayed = await page.getByRole("log").getByRole("button", { name: /^\d+ Robin played / }).allInnerTexts();
const scores = ended ? await page.getByText(/^final /).innerText() : "";
// The summary: every seat's total is its final score, split into named sources that add up to it (no "other
// points"), reached on a turn no later than the last; the winner's is the total the server's last event states,
// and in base Catan the victory point cards it lists, hidden until the end, are each seat's in the summary.
const summary = ended ? await readSummary(page) : undefined;
if (summary) {
  const finals = new Map(scores.replace(/^final [^:]+: /, "").split(", ").map((x) => /^(.*) (\d+)$/.exec(x)).map((m) => [m?.[1], Number(m?.[2])]));
  const lastTurn = Number(/turn (\d+)$/.exec(summary.heading)?.[1]);
  const won = await page.getByRole("log").getByRole("button", { name: / won with \d+ points/ }).last();
  const wonText = (await won.count()) > 0 ? await won.innerText() : "";
  const wonBy = / (.+) won with (\d+) points/.exec(wonText);
  const cards = new Map(
    (/victory point cards: (.*)\)$/.exec(wonText)?.[1] ?? "none").split(", ").filter((x) => x !== "none").map((x) => /^(.*) (\d+)$/.exec(x)).map((m) => [m?.[1], Number(m?.[2])]),
  );
  if (summary.seats.length === 0 || !summary.heading.startsWith(winner.replace(/ won the game$/, ""))) mismatches.push(`summary: ${JSON.stringify(summary)} for ${winner}`);
  for (const s of summary.seats) {
    const reached = Number(/turn (\d+)$/.exec(s.reached)?.[1]);
    const lastByTurn = Number(/(\d+) after turn \d+$/.exec(s.byTurn)?.[1]);
    // A game whose table scores other points than its summary's unit (trade points beside victory cubes) is
    // checked against the summary's own total.
    const final = scores.startsWith(`final ${s.unit}:`) ? finals.get(s.name) : s.total;
    if (final !== s.total || s.sources.includes("other points") || !(reached <= lastTurn) || lastByTurn !== s.total) {
      mismatches.push(`summary of ${s.name}: ${JSON.stringify(s)}, final scores ${scores}`);
    }
    const sum = [...s.sources.matchAll(/\((\d+)\)/g)].reduce((a, m) => a + Number(m[1]), 0);
    if (sum !== s.total) mismatches.push(`summary of ${s.name}: the sources add up to ${sum}, not ${s.total}`);
    if (wonBy && wonBy[1] === s.name && Number(wonBy[2]) !== s.total) mismatches.push(`summary of ${s.name}: ${s.total}, but the log says ${wonText}`);
    const vp = Number(/(\d+) victory point cards? \(/.exec(s.sources)?.[1] ?? 0);
    if (game === "Catan" && vp !== (cards.get(s.name) ?? 0)) mismatches.push(`summary of ${s.name}: ${vp} victory point cards, but the log says ${wonText}`);
  }
}

// A spectator replays it: the game's link without a seat, the first event, a few steps, the middle.
const spectator = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await spectator.goto(`${url}#/game/${gameId}`);
await spectator.getByRole("heading", { name: `${game}: watching` }).waitFor();
await spectator.evaluate(() => window.hexfold.settled());
// A spectator who comes after the end sees the summary the player saw.
if (summary) {
  const seen = await readSummary(spectator);
  if (JSON.stringify(seen) !== JSON.stringify(summary)) mismatches.push(`the spectator's summary ${JSON.stringify(seen)} is not the player's ${JSON.stringify(summary)}`);
}
await spectator.getByRole("button", { name: "first event" }).click();
for (let i = 0; i < 5; i++) await spectator.getByRole("button", { name: "next event" }).click();
await spectator.evaluate(() => window.hexfold.settled());
const lines = spectator.getByRole("log").getByRole("button");
const total = await lines.count();
// The log from the keyboard: Tab from the replay's speed leads to the first line, Enter shows the board after it.
await spectator.getByRole("combobox", { name: "replay speed" }).focus();
await showsLine(spectator, lines.first(), "keyboard", async () => {
  await spectator.keyboard.press("Tab");
  const focused = await spectator.evaluate(() => document.activeElement?.textContent);
  if (focused !== (await lines.first().innerText())) mismatches.push(`Tab after the replay speed reaches ${focused}, not the log`);
  await spectator.keyboard.press("Enter");
});
await showsLine(spectator, lines.nth(Math.floor(total / 2)), "replay", (l) => l.click());
// Played on from there at ten events a second, then paused three or more events on.
const shownNow = () => spectator.evaluate(() => Number(/event (\d+) of/.exec(document.querySelector(".index").textContent)[1]));
const from = await shownNow();
await spectator.getByRole("combobox", { name: "replay speed" }).selectOption({ label: "10 events a second" });
await spectator.getByRole("button", { name: "play the replay" }).click();
await spectator.waitForFunction(
  (n) => Number(/event (\d+) of/.exec(document.querySelector(".index").textContent)[1]) >= n + 3,
  from,
);
await spectator.getByRole("button", { name: "pause the replay" }).click();
await spectator.evaluate(() => window.hexfold.settled());
const paused = await shownNow();
const replayPlayed = { from, paused };
const replayed = await spectator.locator(".info").innerText();
if (!replayed.includes("replay: the board after event")) raw.push(`the replay does not say where it is: ${replayed}`);
await checkText(spectator, "replay");
await spectator.screenshot({ path: `${artefacts}/play-${slug}-replay.png` });

console.log(JSON.stringify({ game, gameId, ended, winner, scores, summary, cardsPlayed, done, proved, raw, errors, mismatches, ckPanel, replayLines: total, replayPlayed, timing }));
await browser.close();
