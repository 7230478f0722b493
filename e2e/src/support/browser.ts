/**
 * Headless Chromium (Debian's `chromium`, installed by scripts/ensure-test-tools.sh) driven by
 * playwright-core, and the per-journey frame: separate browser contexts, a screenshot at the end of each
 * journey into e2e/screenshots/, and screenshots of every open page plus the page errors when it fails.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { RunningApp } from './app.ts';
import { waitFor } from './wait.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(import.meta.dirname, '..', '..', 'screenshots');
/** Every wait of a journey step is bounded by this (generous for a 2-core machine). */
export const STEP_TIMEOUT_MS = 15_000;

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: run \`sudo bash scripts/ensure-test-tools.sh\` (installs Debian's chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface PageOptions {
  /** Users (ids) whose guided tour is already marked completed, so it does not cover the page. */
  tourDoneFor?: string[];
  viewport?: { width: number; height: number };
  /**
   * Lets scripts injected by the journey run despite the app's Content-Security-Policy (the accessibility
   * journey injects axe-core). Only for that journey: the others run under the real CSP.
   */
  bypassCSP?: boolean;
}

export class Journey {
  readonly name: string;
  readonly app: RunningApp;
  private readonly browser: Browser;
  private readonly contexts: BrowserContext[] = [];
  private readonly pages: Page[] = [];
  private readonly errors: string[] = [];

  constructor(browser: Browser, app: RunningApp, name: string) {
    this.browser = browser;
    this.app = app;
    this.name = name;
  }

  /** A fresh browser context (its own storage and session) with one page on the app. */
  async newPage(options: PageOptions = {}): Promise<Page> {
    const context = await this.browser.newContext({
      baseURL: this.app.url,
      viewport: options.viewport ?? { width: 1280, height: 900 },
      bypassCSP: options.bypassCSP ?? false,
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(30_000);
    if (options.tourDoneFor?.length) {
      await context.addInitScript((ids: string[]) => {
        for (const id of ids) localStorage.setItem(`hasCompletedTour-${id}`, 'true');
      }, options.tourDoneFor);
    }
    const page = await context.newPage();
    const label = `page ${this.pages.length + 1}`;
    page.on('pageerror', (error) => this.errors.push(`${label}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`${label} console: ${message.text()}`);
    });
    this.contexts.push(context);
    this.pages.push(page);
    return page;
  }

  async screenshot(page: Page, suffix = ''): Promise<void> {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${this.name}${suffix}.png`), fullPage: false });
  }

  /** Page errors and console errors seen so far (added to a failure's message). */
  pageErrors(): string[] {
    return [...this.errors];
  }

  async close(failed: boolean): Promise<void> {
    if (failed) {
      for (const [index, page] of this.pages.entries()) {
        await this.screenshot(page, `-failed-${index + 1}`).catch(() => undefined);
      }
    }
    await Promise.all(this.contexts.map((context) => context.close().catch(() => undefined)));
  }
}

/** Runs one journey in its own contexts; a failure's message gets the browser errors, the screenshots' path and the app's last output. */
export async function runJourney(browser: Browser, app: RunningApp, name: string, body: (journey: Journey) => Promise<void>): Promise<void> {
  // Failure screenshots of an earlier run would be mistaken for this one's.
  const stale = (await readdir(SCREENSHOT_DIR).catch(() => [] as string[])).filter((file) => file.startsWith(`${name}-failed-`));
  await Promise.all(stale.map((file) => rm(path.join(SCREENSHOT_DIR, file), { force: true })));
  const journey = new Journey(browser, app, name);
  let failed = true;
  try {
    await body(journey);
    failed = false;
  } catch (error) {
    const errors = journey.pageErrors();
    const details = errors.length ? `\nBrowser errors:\n  ${errors.slice(-15).join('\n  ')}` : '';
    const appOutput = app.output().split('\n').slice(-20).join('\n  ');
    (error as Error).message += `${details}\nScreenshots: ${path.join(SCREENSHOT_DIR, `${name}-failed-*.png`)}\nApp output (last lines):\n  ${appOutput}`;
    throw error;
  } finally {
    await journey.close(failed);
  }
}

// --- small assertions over locators (playwright-core has no `expect`) ---

/** Waits until the first element matching `locator` is visible. */
export async function visible(locator: Locator, timeout = STEP_TIMEOUT_MS): Promise<Locator> {
  const first = locator.first();
  await first.waitFor({ state: 'visible', timeout });
  return first;
}

/** Waits until the text of `locator` matches. */
export async function textMatches(locator: Locator, pattern: RegExp, timeout = STEP_TIMEOUT_MS): Promise<string> {
  return waitFor(
    async () => {
      const text = (await locator.first().textContent({ timeout: 1_000 })) ?? '';
      return pattern.test(text) ? text : undefined;
    },
    { timeoutMs: timeout, what: `text matching ${pattern} in ${locator}` },
  );
}

/** Waits until an attribute of `locator` has the value. */
export async function attributeIs(locator: Locator, name: string, value: string, timeout = STEP_TIMEOUT_MS): Promise<void> {
  await waitFor(async () => (await locator.first().getAttribute(name, { timeout: 1_000 })) === value, {
    timeoutMs: timeout,
    what: `${name}="${value}" on ${locator}`,
  });
}

/** A toast (react-toastify) or other on-page message with this exact text. */
export function message(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true });
}

export async function pathIs(page: Page, pathname: string, timeout = STEP_TIMEOUT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** Signs in through the login page and waits for the signed-in area (/app/…). */
export async function loginViaUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/app/'));
}
