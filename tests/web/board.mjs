// Catania's board on the web page, as a person reads it (issue 31): zoomed so its pieces are readable at the
// start, zoomed with the buttons and the wheel, panned by dragging, every special hex, chip and piece explained on
// hover, on focus and on a phone's tap, and a legal place clicked while zoomed. In Debian's Chromium driven by
// playwright-core, finding controls by role and visible text. Run by tests/it/web_views.rs against a real server:
//
//   node board.mjs <page url> <artefacts folder>
//
// It prints one JSON line: what each step saw (the zoom's words, the board's view box, the captions), any raw
// text on the page and any script error.
import { checkText as check, launch } from "./page.mjs";

const [url, artefacts] = process.argv.slice(2);

const raw = [];
const errors = [];
const browser = await launch();
const checkText = (page, where) => check(page, where, raw);

/** The board's view box, as numbers. */
const viewBox = (page) => page.locator(".board svg").first().evaluate((svg) => svg.getAttribute("viewBox").split(" ").map(Number));
const zoomWords = (page) => page.getByRole("toolbar", { name: "zoom the board" }).locator("output").innerText();
const captionOf = (page) => page.getByRole("status", { name: "what this is" }).innerText();
/** Whether an element's middle is on the board's visible part. */
const onBoard = (locator) =>
  locator.evaluate((el) => {
    const svg = el.ownerSVGElement.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
    return x > svg.left && x < svg.right && y > svg.top && y < svg.bottom;
  });

const report = { raw, errors };
const desktop = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
desktop.on("pageerror", (e) => errors.push(String(e)));
const settled = () => desktop.evaluate(() => window.hexfold.settled());
await desktop.goto(url);
await settled();
await desktop.getByRole("combobox", { name: "game", exact: true }).selectOption({ label: "Catania" });
await desktop.getByRole("textbox", { name: "your name" }).fill("Robin");
await desktop.getByRole("combobox", { name: "bots", exact: true }).selectOption({ label: "3 bots" });
await desktop.getByRole("button", { name: "play", exact: true }).click();
await desktop.waitForURL(/#\/game\/[^?]+\?play$/);
const gameId = /#\/game\/([^?]+)/.exec(desktop.url())[1];
await desktop.getByRole("heading", { name: "Catania: you play Robin" }).waitFor();
// The person's first settlement to place (the bots before in the opening's order have placed theirs).
await desktop.locator(".board").getByRole("button").first().waitFor();
await settled();
report.start = { zoom: await zoomWords(desktop), viewBox: await viewBox(desktop) };
await checkText(desktop, "start");
await desktop.screenshot({ path: `${artefacts}/board-catania-desktop.png` });

// The buttons: in, then out again.
const zoom = desktop.getByRole("toolbar", { name: "zoom the board" });
await zoom.getByRole("button", { name: "zoom in" }).click();
report.zoomedIn = { zoom: await zoomWords(desktop), viewBox: await viewBox(desktop) };
await zoom.getByRole("button", { name: "zoom out" }).click();
report.zoomedOut = { zoom: await zoomWords(desktop), viewBox: await viewBox(desktop) };
// A drag pans (towards the board's middle, whichever way there is room), and is no click on what it started on.
const box = await desktop.locator(".board svg").first().boundingBox();
const drag = async (dx, dy) => {
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await desktop.mouse.move(x, y);
  await desktop.mouse.down();
  await desktop.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await desktop.mouse.move(x + dx, y + dy, { steps: 4 });
  await desktop.mouse.up();
  return viewBox(desktop);
};
const before = await viewBox(desktop);
let after = await drag(150, 100);
if (after[0] === before[0] && after[1] === before[1]) after = await drag(-150, -100);
report.panned = { before, after, zoom: await zoomWords(desktop) };
// The wheel zooms in about the pointer.
await desktop.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
await desktop.mouse.wheel(0, -200);
await desktop.waitForFunction((w) => Number(document.querySelector(".board svg").getAttribute("viewBox").split(" ")[2]) < w, after[2]);
report.wheel = { zoom: await zoomWords(desktop), viewBox: await viewBox(desktop) };

// A legal place clicked while zoomed: the first of the marked places in view, as a person sees them.
const places = desktop.locator(".board").getByRole("button");
let placed = "";
for (let i = 0; i < (await places.count()); i++) {
  if (!(await onBoard(places.nth(i)))) continue;
  placed = await places.nth(i).getAttribute("aria-label");
  const lines = await desktop.getByRole("log").getByRole("button").count();
  await places.nth(i).click();
  // The opening's settlement: a picker, or sent at once; either way the log grows by the person's event.
  const picker = desktop.getByRole("dialog", { name: "choose what to do here" });
  await settled();
  if (await picker.isVisible()) await picker.getByRole("button").first().click();
  await desktop.waitForFunction((n) => document.querySelectorAll(".log button.line").length > n, lines);
  break;
}
await settled();
report.placed = { label: placed, log: await desktop.getByRole("log").getByRole("button").allInnerTexts() };

// Explanations: a special hex reached by the keyboard is brought into view and explained; the robber and the
// 7-chip of a special hex hovered on the whole board are explained.
const explained = {};
for (const name of [/^Glacier, 7/, /^Volcano, 7/, /^Temple, 7/, /^The barbarians' castle, 7/, /^Trading station, 7/]) {
  const thing = desktop.locator(".board").getByRole("img", { name }).first();
  await thing.focus();
  explained[name.source] = { caption: await captionOf(desktop), inView: await onBoard(thing) };
}
// The zoom had moved the view to each: it is still zoomed in.
report.focused = { explained, zoom: await zoomWords(desktop) };

// Every explained hex from the keyboard: Tab from the zoom's last button reaches the board (one stop), and the
// arrows walk its hexes, row by row (to the top row, then each row from its west end to its east end, then down),
// each hex marked as the board's active descendant, brought into view and read in the caption.
await zoom.getByRole("button", { name: "show the whole board" }).focus();
await desktop.keyboard.press("Tab");
const svg = desktop.locator(".board svg").first();
const walk = {
  focused: await svg.evaluate((el) => document.activeElement === el),
  name: await svg.getAttribute("aria-label"),
  stops: await svg.evaluate((el) => el.querySelectorAll("[tabindex]:not([data-target])").length),
  hexes: await svg.evaluate((el) => el.querySelectorAll('[data-kind="hex"]').length),
  explained: await svg.evaluate((el) => el.querySelectorAll('[data-kind="hex"][data-note]').length),
  islands: await svg.evaluate((el) => [...el.querySelectorAll('[data-kind="hex"] > title')].filter((t) => / with no number yet/.test(t.textContent)).length),
  presses: 0,
  visited: [],
  islandsRead: 0,
  problems: [],
};
/** An arrow pressed: the hex marked then (its id, or none), checked against the caption and the view. */
const press = async (key) => {
  await desktop.keyboard.press(key);
  walk.presses++;
  const seen = await svg.evaluate((el) => {
    const id = el.getAttribute("aria-activedescendant");
    const hex = id ? document.getElementById(id) : null;
    if (!hex) return { id };
    const [s, r] = [el.getBoundingClientRect(), hex.getBoundingClientRect()];
    return {
      id,
      title: hex.querySelector(":scope > title")?.textContent,
      caption: document.querySelector(".caption .note")?.textContent,
      // Wholly in view (to a pixel), marked by a ring drawn over it.
      inView: r.left >= s.left - 1 && r.right <= s.right + 1 && r.top >= s.top - 1 && r.bottom <= s.bottom + 1,
      ring: el.querySelector(".walk-ring")?.getAttribute("transform") === hex.getAttribute("transform"),
      focused: document.activeElement === el,
    };
  });
  if (!seen.id || seen.title !== seen.caption || !seen.inView || !seen.ring || !seen.focused) walk.problems.push(`${key}: ${JSON.stringify(seen)}`);
  return seen;
};
/** Presses `key` until the marked hex stays where it is, the board's edge that way; `read`: noting each hex
 *  marked on the way, the first too. */
const toEdge = async (key, read) => {
  let last = await svg.getAttribute("aria-activedescendant");
  for (;;) {
    if (read && !walk.visited.includes(last)) {
      walk.visited.push(last);
      if (/ with no number yet/.test(await desktop.locator(".caption .note").innerText())) walk.islandsRead++;
    }
    const now = (await press(key)).id;
    if (now === last || walk.presses > 2000) return;
    last = now;
  }
};
await toEdge("ArrowUp", false);
for (;;) {
  await toEdge("ArrowLeft", false);
  await toEdge("ArrowRight", true);
  const before = await svg.getAttribute("aria-activedescendant");
  if ((await press("ArrowDown")).id === before) break;
}
await desktop.screenshot({ path: `${artefacts}/board-catania-walked.png` });
// Shift with an arrow pans the view instead.
const unshifted = await viewBox(desktop);
await desktop.keyboard.press("Shift+ArrowLeft");
walk.shiftPans = JSON.stringify(await viewBox(desktop)) !== JSON.stringify(unshifted);
walk.visited = walk.visited.length;
report.walk = walk;
await zoom.getByRole("button", { name: "show the whole board" }).click();
report.whole = { zoom: await zoomWords(desktop), viewBox: await viewBox(desktop) };
const hovered = {};
for (const name of [/^The robber/, /^Temple, 7/, /with no number yet/]) {
  const thing = desktop.locator(".board").getByRole("img", { name }).first();
  if ((await thing.count()) === 0) continue;
  await thing.hover();
  hovered[name.source] = await captionOf(desktop);
}
// The 7 itself, drawn on a chip over the hex: pointing at it explains its hex.
const seven = desktop.locator(".board svg text", { hasText: /^7$/ }).first();
await seven.hover({ force: true });
hovered.seven = await captionOf(desktop);
report.hovered = hovered;
// The wonders and the specialists under the board.
await desktop.locator(".board").getByRole("img", { name: /^Theater:/ }).locator("rect").first().hover();
const wonder = await captionOf(desktop);
await desktop.locator(".board").getByRole("img", { name: /^The brick specialist/ }).hover();
report.rows = { wonder, specialist: await captionOf(desktop) };
await checkText(desktop, "explained");
await desktop.screenshot({ path: `${artefacts}/board-catania-whole.png` });

// A phone, 375 px wide, with a touch screen: the same game watched, zoomed to be read, a special hex tapped.
const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
const small = await phone.newPage();
small.on("pageerror", (e) => errors.push(String(e)));
await small.goto(`${url}#/game/${gameId}`);
await small.getByRole("heading", { name: "Catania: watching" }).waitFor();
await small.evaluate(() => window.hexfold.settled());
report.phone = { zoom: await zoomWords(small), viewBox: await viewBox(small) };
await small.screenshot({ path: `${artefacts}/board-catania-phone.png` });
const temple = small.locator(".board").getByRole("img", { name: /^Temple, 7/ }).first();
await temple.focus();
await small.getByRole("status", { name: "what this is" }).evaluate((el) => (el.querySelector("p").textContent = ""));
await temple.tap();
report.phone.tapped = await captionOf(small);
// Two fingers spread apart on the board zoom it in.
const cdp = await phone.newCDPSession(small);
const b = await small.locator(".board svg").boundingBox();
const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
const touch = (type, d) =>
  cdp.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: type === "touchEnd" ? [] : [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }],
  });
const unpinched = await viewBox(small);
await touch("touchStart", 20);
for (const d of [24, 27, 30]) await touch("touchMove", d);
await touch("touchEnd", 0);
report.pinch = { before: unpinched, after: await viewBox(small), zoom: await zoomWords(small) };
await checkText(small, "phone");
await small.screenshot({ path: `${artefacts}/board-catania-phone-tapped.png` });

console.log(JSON.stringify(report));
await browser.close();
