// The chances to win under the replay of a finished game (issue 32), as a spectator reads them: the graph with a
// line per seat and the largest moves marked and named, the text under it at the index shown, and a click on the
// graph that shows the board there. In Debian's Chromium driven by playwright-core, finding things by role and
// visible text. Run by tests/it/web_views.rs against a real server:
//
//   node chances.mjs <page url> <artefacts folder> <game id> <game as the page names it>
//
// It prints one JSON line: the seats' lines drawn, the marked moves in words, the index shown after the click and
// the text under the graph there, any raw text on the page and any script error.
import { checkText, launch } from "./page.mjs";

const [url, artefacts, gameId, game] = process.argv.slice(2);
const slug = game.toLowerCase().replace(/[^a-z]+/g, "-");

const raw = [];
const errors = [];
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(`${url}#/game/${gameId}`);
await page.getByRole("heading", { name: `${game}: watching` }).waitFor();
await page.evaluate(() => window.hexfold.settled());

const graph = page.getByRole("region", { name: "Chances to win" });
const now = graph.locator(".chances-now");
// Estimating first, then every point of the curve and the marks' single events found (the state line empties).
const estimating = (await now.innerText()).includes("estimating…") || (await graph.innerText()).includes("estimating…");
await page.waitForFunction(
  () => {
    const g = document.querySelector(".chances");
    return g && !g.querySelector(".chances-now").textContent.includes("estimating") && g.querySelector(".chances-state").textContent === "";
  },
  undefined,
  { timeout: 600_000 },
);
const lines = await graph.locator("svg polyline.chance").count();
const marks = await graph.getByRole("list", { name: "the largest moves" }).getByRole("button").allInnerTexts();
const atEnd = await now.innerText();
await page.screenshot({ path: `${artefacts}/chances-${slug}-end.png` });

// A click at two fifths of the graph's width shows the board there; the text under the graph follows.
const plot = graph.locator("svg");
const box = await plot.boundingBox();
await plot.click({ position: { x: box.width * 0.4, y: box.height / 2 } });
const index = () => page.evaluate(() => Number(/event (\d+) of/.exec(document.querySelector(".index").textContent)[1]));
await page.evaluate(() => window.hexfold.settled());
const shown = await index();
await page.waitForFunction(
  (v) => {
    const t = document.querySelector(".chances-now").textContent;
    return t.startsWith(`at event ${v}:`) && !t.includes("estimating");
  },
  shown,
  { timeout: 600_000 },
);
const clicked = { version: await index(), text: await now.innerText() };
await page.screenshot({ path: `${artefacts}/chances-${slug}-clicked.png` });
// A marked move clicked shows the board after its event.
const first = graph.getByRole("list", { name: "the largest moves" }).getByRole("button").first();
const markText = await first.innerText();
await first.click();
await page.evaluate(() => window.hexfold.settled());
const mark = { version: await index(), text: markText };
await checkText(page, "replay", raw);
await page.setViewportSize({ width: 375, height: 800 });
await page.screenshot({ path: `${artefacts}/chances-${slug}-phone.png`, fullPage: true });

console.log(JSON.stringify({ estimating, lines, marks, atEnd, clicked, mark, raw, errors }));
await browser.close();
