import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import type * as YoutubeIdModule from "../../frontend/web/src/features/landing/youtube-id";
import { browserSuite, codeHighlighted, describedAxeViolations, linkHref, settled, shoot } from "../support/pages";
import { loadSpaModule } from "../support/spa-module";

// Declared here (not imported): the SPA's sources follow the bundler's module rules, not this project's.
const { chatSnippets } = loadSpaModule<{ chatSnippets(origin: string): Record<"curl" | "python" | "javascript", string> }>(
  "features/docs/snippets.ts",
);
const { youtubeId, youtubeEmbedUrl } = loadSpaModule<typeof YoutubeIdModule>("features/landing/youtube-id.ts");

describe("the landing page in Chromium", () => {
  const suite = browserSuite({}, { height: 900 });
  const closingBanner = (page: Page) =>
    page.getByRole("main").getByRole("region", { name: "Ready to enhance your chat experience?" });

  /** SPEC: the closing banner's Get Api Key goes to /login in any case; Get Started goes to `start` (and is followed). */
  async function expectStartLinks(page: Page, start: string): Promise<void> {
    expect(await linkHref(closingBanner(page), "Get Api Key")).toBe("/login");
    await page.getByRole("main").getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL(suite.url(start));
  }

  it("when a visitor opens the site, then the hero, How It Works, the plans and the closing banner say what SPEC says", async () => {
    const { page, errors } = await suite.visit("/");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Bring chat to life with real-time visualizations" }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await main.getByText("Transform your chat experiences").isVisible()).toBe(true);
    const lead = await main.getByText(/makes chat visually interactive/).textContent();
    expect(lead).toMatch(/turns plain text conversations into immersive experiences/);
    expect(await linkHref(main, "Get Started")).toBe("/login");
    expect(await linkHref(main, "Explore the Docs")).toBe("/docs");

    // How It Works: three numbered steps in order.
    await main.getByRole("heading", { level: 2, name: "How It Works" }).waitFor();
    const steps = main.getByRole("list").filter({ has: page.getByRole("heading", { name: "1. Create Your App" }) });
    expect(await steps.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "1. Create Your App",
      "2. Add to Your Chat",
      "3. Create Visualizations",
    ]);
    const stepTexts = (await steps.getByRole("listitem").allTextContents()).join(" ");
    expect(stepTexts).toMatch(/Sign up, create an app .*get an API key/);
    expect(stepTexts).toMatch(/Import the component and add it to your chat interface/);
    expect(stepTexts).toMatch(/Write JavaScript code to generate interactive visualizations in the chat/);

    // Easy to Integrate.
    await main.getByRole("heading", { level: 2, name: "Easy to Integrate" }).waitFor();
    expect(await main.getByRole("tab").allTextContents()).toEqual(["Curl", "Python", "Javascript"]);
    expect(await linkHref(main, "View Full Documentation")).toBe("/docs");

    // Model plans, in USD, from the billing service.
    await main.getByRole("heading", { level: 2, name: "Model plans" }).waitFor();
    const pluto = main.getByRole("article", { name: "Pluto 0.1", exact: true });
    await pluto.waitFor();
    expect(await pluto.textContent()).toContain("128,000 / 16,384 Tokens");
    expect(await pluto.getByRole("definition").allTextContents()).toEqual(["$0.50", "$1.00", "$3.00", "$1.50", "$2.00"]);
    expect(await main.getByRole("article", { name: "Pluto 0.1 Thinking" }).textContent()).toContain("128,000 / 32,768 Tokens");
    expect(await linkHref(pluto, "Get Api Key")).toBe("/login");

    // The closing banner.
    await closingBanner(page).getByRole("heading", { level: 2 }).waitFor();
    expect(await linkHref(closingBanner(page), "Read the Docs")).toBe("/docs");

    await expectStartLinks(page, "/login");
    expect(errors).toEqual([]);
  });

  it("when a developer is signed in, then Get Started and the plans' Get Api Key lead to the dashboard", async () => {
    const { page, errors } = await suite.visitSignedIn("/");
    const main = page.getByRole("main");
    expect(await linkHref(main, "Get Started")).toBe("/dashboard");
    const cards = main.getByRole("article");
    await cards.first().waitFor();
    for (const href of await cards
      .getByRole("link", { name: "Get Api Key" })
      .evaluateAll((as) => as.map((a) => a.getAttribute("href"))))
      expect(href).toBe("/dashboard");
    await expectStartLinks(page, "/dashboard");
    expect(errors).toEqual([]);
  });

  it("when the page opens, then the demo video plays muted in a loop, and its play/pause and mute toggles drive it", async () => {
    const { page, errors } = await suite.visit("/");
    const video = page.locator("video");
    const state = () =>
      video.evaluate((v: HTMLVideoElement) => ({
        paused: v.paused,
        muted: v.muted,
        loop: v.loop,
        time: v.currentTime,
        duration: v.duration,
        width: v.videoWidth,
        error: v.error?.message ?? null,
      }));
    await page.waitForFunction(() => {
      const v = document.querySelector("video");
      return !!v && !v.paused && v.currentTime > 0.5;
    });
    const playing = await state();
    expect(playing).toMatchObject({ paused: false, muted: true, loop: true, width: 1280, error: null });
    // A real recording: 10–20 seconds.
    expect(playing.duration).toBeGreaterThan(10);
    expect(playing.duration).toBeLessThan(20);
    expect(await video.getAttribute("poster")).toBe("/media/genui-demo.jpg");

    /** Clicks the pressed toggle named `from`; once it reads `to`, not pressed, returns it. */
    const toggle = async (from: string, to: string) => {
      // Exact names: "Mute video" is also a part of "Unmute video", which would match the old button before the click lands.
      const before = page.getByRole("button", { name: from, exact: true });
      expect(await before.getAttribute("aria-pressed")).toBe("true");
      await before.click();
      const after = page.getByRole("button", { name: to, exact: true });
      await after.waitFor();
      expect(await after.getAttribute("aria-pressed")).toBe("false");
      return after;
    };

    const play = await toggle("Pause video", "Play video");
    expect((await state()).paused).toBe(true);
    const at = (await state()).time;
    await page.waitForTimeout(400);
    expect((await state()).time).toBe(at);
    await play.press("Enter");
    await page.getByRole("button", { name: "Pause video" }).waitFor();
    expect((await state()).paused).toBe(false);

    const mute = await toggle("Unmute video", "Mute video");
    expect((await state()).muted).toBe(false);
    await mute.click();
    await page.getByRole("button", { name: "Unmute video", exact: true }).waitFor();
    expect((await state()).muted).toBe(true);

    // The flags follow the element, whoever changes it.
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await page.getByRole("button", { name: "Play video" }).waitFor();

    // Looping: seek near the end, play, and time wraps around instead of ending.
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 0.3;
      return v.play();
    });
    await page.waitForFunction(() => {
      const v = document.querySelector("video");
      return !!v && !v.paused && v.currentTime < 2 && !v.ended;
    });
    expect(errors).toEqual([]);
  });

  it("when the visitor asks for reduced motion, then the video waits on its poster with a play button", async () => {
    const { page } = await suite.visit("/", { reducedMotion: "reduce" });
    const play = page.getByRole("button", { name: "Play video" });
    await play.waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator("video").evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await play.click();
    await page.getByRole("button", { name: "Pause video" }).waitFor();
    expect(await page.locator("video").evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  });

  it("when video links are parsed, then the id comes from a watch link's v parameter or a short link's path", () => {
    expect(youtubeId("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://youtu.be/dQw4w9WgXcQ?t=10")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("  https://www.youtube.com/embed/dQw4w9WgXcQ ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube.com/watch")).toBeNull();
    expect(youtubeId("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(youtubeId("https://youtu.be/")).toBeNull();
    expect(youtubeId("https://example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(youtubeId("javascript:alert(1)//youtu.be/dQw4w9WgXcQ")).toBeNull();
    expect(youtubeId("not a url")).toBeNull();
    expect(youtubeEmbedUrl("dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });

  it("when the integration tabs are used with the mouse or the arrow keys, then each shows its snippet for this site", async () => {
    const { page, errors } = await suite.visit("/");
    const snippets = chatSnippets(suite.url());
    const tabs = page.getByRole("tablist", { name: "Code examples" });
    const panel = page.getByRole("tabpanel");
    const shown = () => panel.locator("pre code").textContent();
    await tabs.getByRole("tab", { name: "Curl" }).waitFor();
    expect(await tabs.getByRole("tab", { name: "Curl" }).getAttribute("aria-selected")).toBe("true");
    expect(await shown()).toBe(snippets.curl);
    expect(snippets.curl).toContain(suite.url("/apps/api/v1/chat/completions"));

    await tabs.getByRole("tab", { name: "Python" }).click();
    await panel.getByLabel("Python example").waitFor();
    expect(await shown()).toBe(snippets.python);

    await page.keyboard.press("ArrowRight");
    const js = tabs.getByRole("tab", { name: "Javascript" });
    expect(await js.getAttribute("aria-selected")).toBe("true");
    expect(await js.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await shown()).toBe(snippets.javascript);

    await page.keyboard.press("ArrowRight");
    expect(await tabs.getByRole("tab", { name: "Curl" }).getAttribute("aria-selected")).toBe("true");
    expect(await shown()).toBe(snippets.curl);
    await page.keyboard.press("ArrowLeft");
    expect(await js.getAttribute("aria-selected")).toBe("true");
    expect(await shown()).toBe(snippets.javascript);
    // Highlighting comes 200 ms after render and keeps the text.
    await panel.locator("pre code .tk-s").first().waitFor();
    expect(await shown()).toBe(snippets.javascript);
    expect(errors).toEqual([]);
  });

  it("when the page is 360 px wide, then nothing scrolls sideways", async () => {
    const { page, errors } = await suite.visit("/", { width: 360 });
    await page.getByRole("article", { name: "Pluto 0.1", exact: true }).waitFor();
    await codeHighlighted(page);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });

  it.each(["light", "dark"] as const)("when the page is shown in the %s theme, then axe finds no violations", async (theme) => {
    for (const width of [1280, 375]) {
      const { page, errors } = await suite.visit("/", { width, theme });
      await page.getByRole("article", { name: "Pluto 0.1", exact: true }).waitFor();
      await codeHighlighted(page);
      // A still frame for the picture: the poster, paused.
      await page.getByRole("button", { name: "Pause video" }).click();
      await page.locator("video").evaluate((v: HTMLVideoElement) => {
        v.currentTime = 0;
        window.scrollTo({ top: 0, behavior: "instant" });
      });
      await shoot(page, `landing-${theme}-${width}`);
      expect({ theme, width, violations: await describedAxeViolations(page) }).toEqual({ theme, width, violations: [] });
      expect(errors).toEqual([]);
    }
  });

  it("when the page loads cold, then its largest contentful paint and JavaScript weight are measured", async () => {
    const { page } = await suite.openPage();
    await page.goto(suite.url("/"), { waitUntil: "load" });
    await page.getByRole("article", { name: "Pluto 0.1", exact: true }).waitFor();
    await page.waitForTimeout(1500);
    const lcp = await page.evaluate(
      () =>
        new Promise<{ time: number; element: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            resolve({
              time: Math.round(last.startTime),
              element: last.element
                ? `${last.element.tagName.toLowerCase()}${last.element.id ? `#${last.element.id}` : ""}`
                : "?",
            });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => new URL(e.name).pathname.endsWith(".js"))
        .map((e) => ({ url: e.name, transfer: e.transferSize })),
    );
    let raw = 0;
    let gzip = 0;
    for (const s of scripts) {
      const body = Buffer.from(await (await fetch(s.url)).arrayBuffer());
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    const transferred = scripts.reduce((n, s) => n + s.transfer, 0);
    // eslint-disable-next-line no-console -- a measurement to read in the run's log, not an assertion
    console.log(
      `landing: LCP ${lcp.time} ms (${lcp.element}); ${scripts.length} JS files, ${(raw / 1024).toFixed(1)} KB raw, ` +
        `${(gzip / 1024).toFixed(1)} KB gzip, ${(transferred / 1024).toFixed(1)} KB transferred as served (pre-compressed)`,
    );
    expect(scripts.length).toBeGreaterThan(0);
  });
});
