// What the browser scripts share: Debian's Chromium launched for playwright-core, and the check that no visible
// text is raw (a field name, JSON, `key=value`, an enum's spelling, an unset value), the patterns of
// tests/it/web.rs `RAW_TEXT`. The scripts take `<page url> <artefacts folder>` first (tests/it/web_views.rs `node`).
import { chromium } from "playwright-core";

const RAW = [
  [/\b[a-z]+[A-Z][A-Za-z]*\b/, "camelCase"],
  [/\b[a-z]+_[a-z_]+\b/, "snake_case"],
  [/\b[A-Z]{2,}_[A-Z_]+\b/, "ENUM_NAME"],
  [/[{}"]/, "JSON"],
  [/\b[A-Za-z_]+=/, "key=value"],
  [/\b[A-Za-z-]+:\d/, "word:number"],
  [/\[object |\bundefined\b|\bNaN\b/, "unset value"],
];

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic"],
  });
}

/** Adds to `raw` each line of the page's visible text that is raw, saying `where` and what kind. */
export async function checkText(page, where, raw) {
  const text = await page.locator("body").innerText();
  for (const line of text.split("\n")) {
    for (const [re, what] of RAW) if (re.test(line)) raw.push(`${where}: ${what}: ${line}`);
  }
}
