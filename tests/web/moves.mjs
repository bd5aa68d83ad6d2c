// Moves a scripted person makes on hexfold's game page, shared by play.mjs and offers.mjs: controls are found by
// their role and visible text only.

/** Whether the first element `locator` finds is shown. */
export const visible = async (locator) => (await locator.count()) > 0 && (await locator.first().isVisible());

/** The places of `locator` a person sees: those on the board's visible part, which may be zoomed in. */
export const inView = async (locator) => {
  const shown = await locator.evaluateAll((els) =>
    els.flatMap((el, i) => {
      const [svg, r] = [el.ownerSVGElement.getBoundingClientRect(), el.getBoundingClientRect()];
      const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
      return x > svg.left && x < svg.right && y > svg.top && y < svg.bottom ? [i] : [];
    }),
  );
  return shown.map((i) => locator.nth(i));
};

/** A discard owed after a 7: one more of the first kind that has more, until the count owed is chosen, then the
 *  discard. False when the page asks for none. */
export async function discardOwed(move) {
  if (!(await visible(move.getByRole("heading", { name: /^You must discard/ })))) return false;
  for (;;) {
    const send = move.getByRole("button", { name: "discard", exact: true });
    if (await send.isEnabled()) {
      await send.click();
      return true;
    }
    if (!(await visible(move.getByText(/^choose \d+ more$/)))) {
      throw new Error(`the discard picker has the count owed but no discard: ${await move.innerText()}`);
    }
    const more = move.getByRole("button", { name: /^one .+ more$/ });
    const n = await more.count();
    let clicked = false;
    for (let i = 0; i < n && !clicked; i++) {
      if (await more.nth(i).isEnabled()) {
        await more.nth(i).click();
        clicked = true;
      }
    }
    if (!clicked) throw new Error(`the discard picker offers no more cards and no discard: ${await move.innerText()}`);
  }
}

/** Any move the page offers: the first of `preferred` (buttons by their text), else the first choice of an open
 *  picker, a marked place on the board, the first choice of a drop-down, the first button, a fold of places; none
 *  when the page says others are deciding. */
export async function firstMove(page, move, preferred) {
  for (const name of preferred) {
    const button = move.getByRole("button", { name, exact: true });
    if (await visible(button)) return void (await button.click());
  }
  const picker = page.getByRole("dialog", { name: "choose what to do here" });
  if (await visible(picker)) return void (await picker.getByRole("button").first().click());
  const places = await inView(page.locator(".board").getByRole("button"));
  if (places.length > 0) return void (await places[Math.floor(Math.random() * places.length)].click());
  const choice = move.locator(".chooser").first();
  if (await visible(choice)) {
    await choice.getByRole("combobox").selectOption({ index: 0 });
    return void (await choice.getByRole("button").click());
  }
  const any = move.getByRole("button").filter({ hasNotText: /^(cancel|−|\+)$/ });
  const n = await any.count();
  for (let i = 0; i < n; i++) {
    if ((await any.nth(i).isVisible()) && (await any.nth(i).isEnabled())) return void (await any.nth(i).click());
  }
  const fold = move.locator("details summary").first();
  if (await visible(fold)) return void (await fold.click());
  // The moves went to others meanwhile (a bot's move ended what the person was asked): the page says so.
  if (await visible(move.getByText("nothing to do now: others are deciding"))) return;
  throw new Error(`the page offers the person nothing to do: ${await move.innerText()}`);
}
