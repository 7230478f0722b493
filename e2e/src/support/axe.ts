/**
 * axe-core in the journeys' pages: injects axe.min.js (the page's context needs `bypassCSP: true`, as the
 * app's Content-Security-Policy refuses injected scripts), runs it on a settled view, and collects the
 * violations of every view into one report. Serious and critical ones fail the journey; moderate and minor
 * ones are printed as warnings.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { STEP_TIMEOUT_MS } from './browser.ts';
import { waitFor } from './wait.ts';

const AXE_SCRIPT = path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js');
/** Targets listed per rule in the report, and the length kept of each one's failure summary. */
const TARGETS_SHOWN = 4;
const SUMMARY_CHARS = 240;

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';
const BLOCKING: ReadonlySet<Impact> = new Set(['serious', 'critical']);
const IMPACT_ORDER: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

/** The part of axe's answer kept (serialisable, so it crosses page.evaluate). */
interface Violation {
  id: string;
  impact: Impact;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/** One rule's violations over every view where it was seen. */
interface Finding {
  id: string;
  impact: Impact;
  help: string;
  helpUrl: string;
  views: string[];
  nodes: { view: string; target: string; summary: string }[];
}

/**
 * Waits until the view is loaded and still: no 'Loading…' text left on the page (route chunks, data) and no
 * finite animation running (a modal or toast fading in would give wrong colour-contrast results).
 */
export async function settle(page: Page, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  await waitFor(
    () =>
      page.evaluate(() => {
        const doc = (globalThis as any).document;
        if (doc.readyState !== 'complete' || /\bLoading\b/i.test(doc.body?.innerText ?? '')) return false;
        return doc.getAnimations().every((animation: any) => {
          const iterations = animation.effect?.getTiming?.().iterations;
          return animation.playState !== 'running' || iterations === Infinity;
        });
      }),
    { timeoutMs, what: `${page.url()} to finish loading (no "Loading" text, no running animation)` },
  );
}

export class AccessibilityAudit {
  private readonly findings = new Map<string, Finding>();
  private readonly views: string[] = [];

  /** Runs axe on the page (or only inside `include`, a CSS selector) once it has settled; `view` names it in the report. */
  async scan(page: Page, view: string, include?: string): Promise<void> {
    await settle(page);
    const loaded = await page.evaluate(() => typeof (globalThis as any).axe?.run === 'function');
    if (!loaded) await page.addScriptTag({ path: AXE_SCRIPT });
    const { rulesRun, violations } = await page.evaluate(async (selector): Promise<{ rulesRun: number; violations: Violation[] }> => {
      const axe = (globalThis as any).axe;
      const results = await axe.run(selector ? { include: [selector] } : (globalThis as any).document, { resultTypes: ['violations'] });
      const rulesRun = results.passes.length + results.violations.length + results.incomplete.length;
      const violations = results.violations.map((violation: any) => ({
        id: violation.id,
        impact: violation.impact ?? 'minor',
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node: any) => ({
          target: node.target.map((part: unknown) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' '),
          // The first line of the summary is "Fix any/all of the following:"; the reason follows.
          summary: String(node.failureSummary ?? '').split('\n').slice(1).map((line: string) => line.trim()).filter(Boolean).join('; '),
        })),
      }));
      return { rulesRun, violations };
    }, include ?? null);
    // A scan that checked nothing (axe not loaded, an empty page) must not pass as a clean one.
    if (rulesRun === 0) throw new Error(`axe-core checked no rule on ${view}`);
    this.views.push(view);
    for (const violation of violations) this.add(view, violation);
  }

  private add(view: string, violation: Violation): void {
    const finding = this.findings.get(violation.id) ?? {
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      helpUrl: violation.helpUrl,
      views: [],
      nodes: [],
    };
    if (IMPACT_ORDER.indexOf(violation.impact) < IMPACT_ORDER.indexOf(finding.impact)) finding.impact = violation.impact;
    finding.views.push(view);
    for (const node of violation.nodes) {
      // The same element seen again in a later view (the page behind a modal) is listed once.
      if (!finding.nodes.some((seen) => seen.target === node.target)) finding.nodes.push({ view, ...node });
    }
    this.findings.set(violation.id, finding);
  }

  private static clip(text: string): string {
    return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text;
  }

  private static describe(finding: Finding): string {
    const shown = finding.nodes.slice(0, TARGETS_SHOWN).map((node) => `      ${node.target}  [${node.view}]${node.summary ? `\n        ${AccessibilityAudit.clip(node.summary)}` : ''}`);
    const more = finding.nodes.length > TARGETS_SHOWN ? [`      … and ${finding.nodes.length - TARGETS_SHOWN} more`] : [];
    return [
      `  - [${finding.impact}] ${finding.id}: ${finding.help}`,
      `    ${finding.helpUrl}`,
      `    views: ${finding.views.join(', ')}`,
      `    targets (${finding.nodes.length}):`,
      ...shown,
      ...more,
    ].join('\n');
  }

  /** Prints the moderate and minor violations, and throws a readable list of the serious and critical ones. */
  assertNoSeriousViolations(): void {
    const sorted = [...this.findings.values()].sort(
      (a, b) => IMPACT_ORDER.indexOf(a.impact) - IMPACT_ORDER.indexOf(b.impact) || a.id.localeCompare(b.id),
    );
    const blocking = sorted.filter((finding) => BLOCKING.has(finding.impact));
    const warnings = sorted.filter((finding) => !BLOCKING.has(finding.impact));
    console.log(
      `axe-core: ${this.views.length} views scanned; ${blocking.length} serious/critical and ${warnings.length} moderate/minor rule(s) violated`,
    );
    if (warnings.length) {
      console.log(`axe-core warnings (moderate/minor) over ${this.views.length} views:\n${warnings.map(AccessibilityAudit.describe).join('\n')}`);
    }
    if (blocking.length) {
      throw new Error(
        `axe-core found ${blocking.length} serious or critical rule violation(s) over ${this.views.length} views ` +
          `(${this.views.join(', ')}):\n${blocking.map(AccessibilityAudit.describe).join('\n')}`,
      );
    }
  }
}
