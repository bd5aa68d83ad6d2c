// Two people at one base Catan table on hexfold's web page, each in their own browser (Debian's Chromium driven by
// playwright-core), with two of the server's bots: the game is made in the lobby's form (four seats, seats 2 and
// 3 bots), each person opens their seat's link, and they trade with each other through the trade panel and the
// Offers panel: an offer the other declines, one the other counters (and the offer's maker accepts the
// counter-offer), one the other accepts. Both pages must show each answer and each trade in words. Run by
// tests/it/web_play.rs against a real server:
//
//   node offers.mjs <page url> <artefacts folder> <most rounds>
//
// It prints one JSON line: the answers given, the sentences each page showed for them, the offers a bot took
// first, and what did not hold. Controls are found by their role and visible text only; waiting is on the page's
// state (`window.hexfold.settled()`, its log's lines), never on time.
import { checkText, launch } from "./page.mjs";
import { discardOwed, firstMove, visible } from "./moves.mjs";

const [url, artefacts, most] = process.argv.slice(2);
const limit = Number(most);

const browser = await launch();
const errors = [];
const problems = [];
/** One person's page: the page, its "Your move" region and the seat's name. */
async function person(name) {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.on("pageerror", (e) => errors.push(`${name}: ${e}`));
  return {
    name,
    page,
    move: page.getByRole("region", { name: "Your move" }),
    settled: () => page.evaluate(() => window.hexfold.settled()),
    offeredOnTurn: "",
  };
}
const robin = await person("Robin");
const sam = await person("Sam");

// The lobby's form: a base Catan game of four seats, the last two played by the server.
await robin.page.goto(url);
await robin.settled();
await robin.page.getByRole("combobox", { name: "game to create" }).selectOption({ label: "Catan" });
await robin.page.getByRole("textbox", { name: "seats", exact: true }).fill("Robin, Sam, Ada, Bram");
await robin.page.getByRole("textbox", { name: "bot seats" }).fill("2, 3");
await robin.page.getByRole("button", { name: "create", exact: true }).click();
// Robin plays seat 0 from this page and gives Sam the link of seat 1, which Sam opens in a browser of their own.
const samLink = await robin.page.getByRole("link", { name: "play as Sam (seat 1)" }).getAttribute("href");
await robin.page.getByRole("link", { name: "play as Robin (seat 0)" }).click();
await sam.page.goto(`${url}${samLink}`);
for (const p of [robin, sam]) {
  await p.page.getByRole("heading", { name: `Catan: you play ${p.name}` }).waitFor();
  await p.settled();
}

/** A hand as the page shows it: count by card. */
async function hand(p) {
  const cards = await p.move.locator(".hand .card").allInnerTexts();
  return Object.fromEntries(cards.map((t) => t.trim().split(/\s+/)).map(([n, card]) => [card, Number(n)]));
}
const held = (h) => Object.keys(h).filter((c) => h[c] > 0);
const lines = (p, sentence) => p.page.getByRole("log").getByRole("button", { name: sentence });
/** How long one click waits for its control, which a bot's move may have taken away meanwhile. */
const CLICK_MS = 5000;

/** `p` does `act` (clicks that send one command, the last of them on `control`), then both pages' logs must show
 *  one more line matching `sentence`, in the same words; those words. The bots play beside the people: one may
 *  move between the page's drawing and the click, and the server refuses the stale command (the game moved on),
 *  or may take the control away (accept the offer answered): the page draws the game again, and `act` is tried
 *  again while `control` is there (undefined once it is gone). */
async function attempt(p, sentence, control, act = () => control.click({ timeout: CLICK_MS })) {
  for (let tries = 0; tries < 10; tries++) {
    await p.settled();
    if (!(await visible(control))) return undefined;
    const before = [await lines(robin, sentence).count(), await lines(sam, sentence).count()];
    const mine = lines(p, sentence).nth(p === robin ? before[0] : before[1]);
    const sent = await act().then(
      () => true,
      () => false,
    );
    // The line, or the server's refusal where the player looks.
    const outcome = sent
      ? await Promise.race([
          mine.waitFor().then(() => "shown", () => "neither"),
          p.move.getByRole("alert").waitFor().then(() => "refused", () => "neither"),
        ])
      : "not sent";
    if (outcome !== "shown") {
      retried.push(`${p.name}: ${sentence}: ${outcome}`);
      continue;
    }
    const seen = [];
    for (const [i, q] of [robin, sam].entries()) {
      const line = lines(q, sentence).nth(before[i]);
      await line.waitFor();
      await q.settled();
      seen.push((await line.innerText()).replace(/^\d+ /, ""));
    }
    if (seen[0] !== seen[1]) problems.push(`the pages differ: ${seen[0]} / ${seen[1]}`);
    return seen[0];
  }
  problems.push(`${p.name} tried ten times: ${sentence}`);
  return undefined;
}
const retried = [];

// The answers, in order: decline, counter (accepted by the offer's maker), accept.
const answers = ["decline", "counter", "accept"];
const shown = [];
let takenByBot = 0;

/** One card of a kind in the log's words (`1 wool`). */
const one = (card) => `1 ${card}`;

/** `me` offers `other` one card for one, and `other` gives the next answer in the Offers panel; a bot that
 *  accepts the offer (or the counter-offer's offer) first leaves that answer for a later offer. */
async function negotiate(me, other) {
  const answer = answers[shown.length];
  const [mine, theirs] = [await hand(me), await hand(other)];
  // The other must hold what is asked to accept it, and the offer's maker what a counter asks for.
  const give = held(mine)[0];
  const ask = (answer === "accept" ? held(theirs) : ["brick", "lumber", "wool", "grain", "ore"]).find((c) => c !== give);
  const back = held(theirs).find((c) => c !== give);
  if (!give || !ask || (answer === "counter" && !back)) return;
  const terms = (a, b) => `${one(a)} for ${one(b)}`;
  const offered = await attempt(me, new RegExp(`${me.name} offers ${terms(give, ask)}$`), me.move.getByRole("button", { name: "offer", exact: true }), async () => {
    await me.move.getByRole("button", { name: `you give one ${give} more` }).click({ timeout: CLICK_MS });
    await me.move.getByRole("button", { name: `you ask for one ${ask} more` }).click({ timeout: CLICK_MS });
    await me.move.getByRole("button", { name: "offer", exact: true }).click({ timeout: CLICK_MS });
  });
  if (!offered) return;
  // The other person's page shows the offer in its Offers panel, unless a bot accepted it first.
  const panel = other.move.getByRole("region", { name: "Offers" });
  const traded = new RegExp(`${me.name} gave .+ to .+ for .+$`);
  const tradesBefore = await lines(other, traded).count();
  const there = await Promise.race([
    panel.getByText(new RegExp(`^${me.name} offers ${terms(give, ask)}$`)).waitFor().then(() => true, () => false),
    lines(other, traded).nth(tradesBefore).waitFor().then(() => false, () => false),
  ]);
  const button = (name) => panel.getByRole("button", { name, exact: true });
  let done;
  if (!there) done = undefined;
  else if (answer === "decline") {
    done = { answered: await attempt(other, new RegExp(`${other.name} rejected the offer$`), button("decline")) };
  } else if (answer === "accept") {
    done = { answered: await attempt(other, new RegExp(`${me.name} gave .+ to ${other.name} for .+$`), button("accept")) };
  } else {
    const countered = await attempt(other, new RegExp(`${other.name} counters: gives ${terms(back, give)}$`), button("counter"), async () => {
      await panel.getByRole("button", { name: `you give one ${back} more` }).click({ timeout: CLICK_MS });
      await panel.getByRole("button", { name: `you ask for one ${give} more` }).click({ timeout: CLICK_MS });
      await button("counter").click({ timeout: CLICK_MS });
    });
    const take = me.move.getByRole("region", { name: "Offers" }).getByRole("button", { name: `accept ${other.name}'s counter-offer`, exact: true });
    const answered = countered && (await attempt(me, new RegExp(`${me.name} gave .+ to ${other.name} for .+$`), take));
    done = answered ? { countered, answered } : undefined;
  }
  if (done?.answered) shown.push({ answer, offered, ...done });
  else takenByBot++;
}

/** The turn `p` shows (`turn 7`), so each person offers at most once a turn. */
const turnOf = async (p) => /turn \d+/.exec(await p.page.locator(".info").innerText())?.[0] ?? "";

let rounds = 0;
for (; rounds < limit && shown.length < answers.length; rounds++) {
  let moved = false;
  for (const [me, other] of [[robin, sam], [sam, robin]]) {
    await me.settled();
    const turn = await turnOf(me);
    if (me.offeredOnTurn !== turn && (await visible(me.move.getByRole("button", { name: "offer", exact: true })))) {
      me.offeredOnTurn = turn;
      await negotiate(me, other);
      moved = true;
      continue;
    }
    if (await visible(me.move.getByText("nothing to do now: others are deciding"))) continue;
    // An offer the other person made that is still open: declined.
    const decline = me.move.getByRole("region", { name: "Offers" }).getByRole("button", { name: "decline", exact: true });
    if (await visible(decline)) await attempt(me, new RegExp(`${me.name} rejected the offer$`), decline);
    else {
      // A bot's move can take a control away between the look and the click: the page then draws the game again.
      try {
        if (!(await discardOwed(me.move))) await firstMove(me.page, me.move, ["roll", "withdraw your offer", "end"]);
      } catch (e) {
        if (e.name !== "TimeoutError") throw e;
        retried.push(`${me.name}: ${e.message.split("\n")[0]}`);
      }
    }
    moved = true;
  }
  if (!moved) {
    // The bots' turns: until either page has something to do.
    const waiting = [robin, sam].map((p) =>
      p.page.waitForFunction(() => !document.body.innerText.includes("nothing to do now"), undefined, { timeout: 0 }),
    );
    await Promise.race(waiting);
    for (const w of waiting) w.catch(() => {});
  }
}
// Each page at the end, scrolled to its log: the offers, answers and trades in words, and nothing raw on it.
const raw = [];
for (const p of [robin, sam]) {
  await checkText(p.page, p.name, raw);
  await p.page.getByRole("log").scrollIntoViewIfNeeded();
  await p.page.screenshot({ path: `${artefacts}/offers-${p.name.toLowerCase()}.png` });
}
console.log(JSON.stringify({ shown, takenByBot, retried, rounds, problems, raw, errors }));
await browser.close();
