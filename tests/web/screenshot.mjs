// screenshot.mjs OUT.jpg - the page's default view (build/web), as the
// README shows it (JPEG: examples/*.png are the plot gallery, each
// pinned in gallery.sums): Debian's chromium-headless-shell via playwright-core
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
const HERE = dirname(fileURLToPath(import.meta.url));
const { chromium } = await import(pathToFileURL(resolve(HERE, "node_modules/playwright-core/index.mjs")).href);
const b = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium-headless-shell" });
const p = await b.newPage({ viewport: { width: 1280, height: 860 } });
await p.goto(pathToFileURL(resolve(HERE, "../../build/web/index.html")).href);
await p.waitForSelector("body[data-ready]");
await p.waitForTimeout(700);	/* the preview's dots mid-flight */
await p.screenshot({ path: process.argv[2] || "examples/web.jpg", quality: 90 });
await b.close();
