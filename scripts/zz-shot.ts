import { chromium } from "playwright-core";
import { startBuiltStore } from "./built-store.ts";
const store = await startBuiltStore("shot");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
for (const [path, file] of [["/about", "/tmp/foot-en.png"], ["/ar/about", "/tmp/foot-ar.png"]]) {
  await page.goto(`${store.base}${path}`, { waitUntil: "networkidle" });
  await page.locator("footer").screenshot({ path: file });
}
await browser.close();
await store.stop();
