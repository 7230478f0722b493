/**
 * Crossfeed's end-to-end journeys in headless Chromium against the app as `npm start` runs it (embedded
 * mode, simulated payments, mail as files in DATA_DIR). One app and one browser serve every journey;
 * each journey has its own browser contexts and its own accounts. Screenshots go to e2e/screenshots/.
 *
 * Run: `npm run test:e2e` (part of `npm test`). Needs /usr/bin/chromium (scripts/ensure-test-tools.sh).
 */
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessibilityJourney } from './journeys/accessibility.ts';
import { adminReportJourney } from './journeys/admin-report.ts';
import { moderationOutcomeJourney } from './journeys/moderation-outcome.ts';
import { creatorJourney } from './journeys/creator-journey.ts';
import { exchangeJourney } from './journeys/exchange-journey.ts';
import { liveNotificationJourney } from './journeys/live-notification.ts';
import { passwordResetJourney } from './journeys/password-reset.ts';
import { phoneTourJourney } from './journeys/phone-tour.ts';
import { premiumUpgradeJourney } from './journeys/premium-upgrade.ts';
import { premiumCancelJourney } from './journeys/premium-cancel.ts';
import { premiumAnalyticsJourney } from './journeys/premium-analytics.ts';
import { scheduledShareJourney } from './journeys/scheduled-share.ts';
import { waitlistCarryOverJourney } from './journeys/waitlist-carry-over.ts';
import { waitlistReferralJourney } from './journeys/waitlist-referral.ts';
import { workspaceReloadJourney } from './journeys/workspace-reload.ts';
import { audienceInsightsJourney } from './journeys/audience-insights.ts';
import { batchActionsJourney } from './journeys/batch-actions.ts';
import { contactImportJourney } from './journeys/contact-import.ts';
import { shareReachJourney } from './journeys/share-reach.ts';
import { premiumRankingJourney } from './journeys/premium-ranking.ts';
import { uiTrustJourney } from './journeys/ui-trust.ts';
import { openPlatformJourney } from './journeys/open-platform.ts';
import { Api } from './support/api.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, runJourney, type Journey } from './support/browser.ts';

const JOURNEY_TIMEOUT_MS = 90_000;
/** Journey 7 runs axe-core on some twenty views. */
const ACCESSIBILITY_TIMEOUT_MS = 180_000;

describe('Crossfeed end-to-end journeys', () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let api: Api;
  let failures = 0;

  before(
    async () => {
      app = await startApp();
      api = new Api(app.url);
      browser = await launchBrowser();
    },
    { timeout: 180_000 },
  );

  after(
    async () => {
      await browser?.close();
      // A failed run keeps its DATA_DIR (event log, mail outbox) for a look.
      await app?.stop({ keepData: failures > 0 });
      if (failures > 0 && app) console.log(`e2e: DATA_DIR kept at ${app.dataDir}`);
    },
    { timeout: 30_000 },
  );

  const journey = (title: string, name: string, body: (journey: Journey, api: Api) => Promise<void>, timeout = JOURNEY_TIMEOUT_MS) =>
    test(title, { timeout }, async () => {
      if (!app || !browser) throw new Error('the app or the browser did not start');
      try {
        await runJourney(browser, app, name, (j) => body(j, api));
      } catch (error) {
        failures++;
        throw error;
      }
    });

  journey(
    '1. signup → profile builder → tour → add content → find a match → share to contacts until progress resets',
    'j1-creator',
    creatorJourney,
  );
  journey("2. B shares A's content and A's unread badge rises without a reload", 'j2-live-notification', liveNotificationJourney);
  journey('3. a non-admin is refused /admin-report; an admin sees a new flag live and changes its status', 'j3-admin-report', adminReportJourney);
  journey("4. a waitlist signup through another's referral link raises their referrals", 'j4-waitlist-referral', waitlistReferralJourney);
  journey('5. pricing → upgrade → simulated checkout → /success → Premium unlocked', 'j5-premium-upgrade', premiumUpgradeJourney);
  journey('6. forgot password → e-mailed link → reset → login', 'j6-password-reset', passwordResetJourney);
  journey(
    '7. axe-core finds no serious or critical violation on the public pages, the workspace, its panels and the admin pages',
    'j7-accessibility',
    accessibilityJourney,
    ACCESSIBILITY_TIMEOUT_MS,
  );
  journey(
    "8. the exchange: a creator's second item waits as pending, a completed match releases it, and it shows up in the other creator's matches",
    'j8-exchange',
    exchangeJourney,
  );
  journey(
    '9. a reload mid-match keeps the selection and "1 / 5 shares"; another device of the same creator sees it live',
    'j9-workspace-reload',
    workspaceReloadJourney,
  );
  journey('10. a waitlist member confirms, signs up and has the promised tier with the same referral code', 'j10-waitlist-carry-over', waitlistCarryOverJourney);
  journey('11. a Premium creator schedules a share a few seconds ahead; it runs and the outcome notification appears', 'j11-scheduled-share', scheduledShareJourney);
  journey(
    '12. at 390 px a Premium creator pauses two items at once, copies the conversion snippet whose token records a conversion, and deletes two contacts at once',
    'j12-batch-actions',
    batchActionsJourney,
  );
  journey('13. Premium analytics: a Premium creator sees the daily chart and sharer breakdown at 390 px and exports CSV', 'j13-premium-analytics', premiumAnalyticsJourney);
  journey(
    '14. audience insights: a Premium creator sees the overlap with a partner who shared back as counts and percentages; Free sees the upsell',
    'j14-audience-insights',
    audienceInsightsJourney,
    ACCESSIBILITY_TIMEOUT_MS,
  );
  journey(
    '15. a phone user (390×844) completes the whole tour and shares from the workspace without a blocked control',
    'j15-phone-tour',
    phoneTourJourney,
  );
  journey(
    '16. a Free creator completes a match with one press to five people on day one; a reader unsubscribes from the e-mail and the next share shows why',
    'j16-share-reach',
    shareReachJourney,
  );
  journey(
    "17. a creator imports a Mailchimp export: the preview's counts, a different name column, and the unsubscribed people marked in View Contacts",
    'j17-contact-import',
    contactImportJourney,
  );
  journey("18. a Premium subscriber cancels in the simulated billing portal and the plan window says 'Cancels on …'", 'j18-premium-cancel', premiumCancelJourney);
  journey(
    '19. an admin deletes the last flag of content under review and is asked for the outcome; Moderated content still reaches the item',
    'j19-moderation-outcome',
    moderationOutcomeJourney,
  );
  journey(
    '20. Premium ranked and top-performer matches say how they were ranked and show the number behind each item; top performers include items already released',
    'j20-premium-ranking',
    premiumRankingJourney,
  );
  journey(
    '21. at 1366×768 and 390×844 every message shows where the creator is looking, limits show before a choice, screens stay live, dialogs keep the keyboard',
    'j21-ui-trust',
    uiTrustJourney,
    ACCESSIBILITY_TIMEOUT_MS,
  );
  journey(
    '22. a creator makes an API token in Profile and lists her contents with it; her webhook receives a completed match, and its delivery log shows match.completed and content.released',
    'j22-open-platform',
    openPlatformJourney,
  );
});
