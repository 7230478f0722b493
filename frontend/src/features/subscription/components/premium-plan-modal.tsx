import { Link } from 'react-router-dom';
import { IconCheck } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { useAppStore } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import type { InvoiceDto, SubscriptionDto } from '../api/get-subscription';
import { useManageSubscription } from '../hooks/use-manage-subscription';
import { useSubscription } from '../hooks/use-subscription';
import { useUpgrade } from '../hooks/use-upgrade';
import { cancelsOn, renewsOn } from '../messages';
import { PLANS, PREMIUM_PRICE, type Plan } from '../plans';
import '../subscription.css';

type PremiumPlanModalProps = { open: boolean; onClose: () => void };

/** Premium features that replace a Free one: the Free column names the Free version instead of a dash. */
const FREE_VERSION_OF: Record<string, string> = {
  'Unlimited Content Sharing': 'Content Sharing',
  'Advanced Analytics': 'Basic Analytics',
  'Unlimited Match Shuffles': 'Limited Match Shuffles',
};

type Cell = { kind: 'included' } | { kind: 'missing' } | { kind: 'text'; text: string };
type Row = { feature: string; free: Cell; premium: Cell };

const planFeatures = (id: Plan['id']): readonly string[] => PLANS.find((plan) => plan.id === id)?.features ?? [];

/**
 * The comparison rows, from plans.ts: every Premium feature, with the Free column ticked, naming the Free
 * version, or empty; then any Free feature not covered by those rows.
 */
export function comparisonRows(): Row[] {
  const free = planFeatures('free');
  const premium = planFeatures('premium');
  const covered = new Set<string>();
  const rows: Row[] = premium.map((feature) => {
    if (free.includes(feature)) {
      covered.add(feature);
      return { feature, free: { kind: 'included' }, premium: { kind: 'included' } };
    }
    const freeVersion = FREE_VERSION_OF[feature];
    if (freeVersion && free.includes(freeVersion)) {
      covered.add(freeVersion);
      return { feature, free: { kind: 'text', text: freeVersion }, premium: { kind: 'included' } };
    }
    return { feature, free: { kind: 'missing' }, premium: { kind: 'included' } };
  });
  for (const feature of free) {
    if (!covered.has(feature)) rows.push({ feature, free: { kind: 'included' }, premium: { kind: 'missing' } });
  }
  return rows;
}

function DashIcon() {
  return (
    <svg className="plan-compare-icon plan-compare-no" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M7 12h10" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

function CellContent({ cell }: { cell: Cell }) {
  if (cell.kind === 'text') return <span className="plan-compare-text">{cell.text}</span>;
  return cell.kind === 'included' ? (
    <>
      <IconCheck size={18} strokeWidth={2.5} className="plan-compare-icon plan-compare-yes" />
      <span className="visually-hidden">Included</span>
    </>
  ) : (
    <>
      <DashIcon />
      <span className="visually-hidden">Not included</span>
    </>
  );
}

const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString(undefined, { dateStyle: 'long' });
};

const formatAmount = (invoice: InvoiceDto) =>
  `$${(invoice.amount_cents / 100).toFixed(invoice.amount_cents % 100 === 0 ? 0 : 2)} ${invoice.currency.toUpperCase()}`;

/** A paid subscription's next date: when it renews, or when it cancels (Premium stays on until then). */
function billingLine(subscription: SubscriptionDto | null): string | null {
  if (subscription?.plan !== 'subscription') return null;
  const cancels = subscription.cancels_on ? formatDate(subscription.cancels_on) : null;
  if (cancels) return cancelsOn(cancels);
  const renews = subscription.renews_on ? formatDate(subscription.renews_on) : null;
  return renews ? renewsOn(renews) : null;
}

/** SPEC §2 'Invoices & receipts available.': the subscription's invoices, each with its receipt. */
function Invoices({ invoices }: { invoices: readonly InvoiceDto[] }) {
  return (
    <section className="plan-modal-invoices" aria-labelledby="plan-invoices-heading">
      <h3 id="plan-invoices-heading">Invoices</h3>
      <ul>
        {invoices.map((invoice) => (
          <li key={invoice.id}>
            <span>{invoice.paid_at ? formatDate(invoice.paid_at) : '—'}</span>
            <span>{formatAmount(invoice)}</span>
            <span>{invoice.refunded ? 'Refunded' : invoice.status === 'paid' ? 'Paid' : invoice.status}</span>
            {invoice.receipt_url ? (
              <a
                href={invoice.receipt_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Receipt for ${invoice.number ?? invoice.id}`}
              >
                Receipt
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * SPEC §2 Premium plan ('Choose Your Plan'): the Free vs Premium table, the $12 USD/month price and
 * 'Upgrade to Premium', which runs the pricing page's upgrade flow (hosted checkout). A Premium user is
 * told so instead of being offered the button; a paying one also sees when the subscription renews or
 * cancels, the invoices with their receipts, and 'Manage subscription' (the provider's portal: cancel
 * anytime, resume). Promo and lifetime Premium have no subscription to manage.
 */
export function PremiumPlanModal({ open, onClose }: PremiumPlanModalProps) {
  const isPremium = useAppStore(selectIsPremium);
  const premiumUntil = useAppStore((state) => state.user?.premium_until ?? null);
  const lifetime = useAppStore((state) => state.user?.premium_lifetime === true);
  /** "Waitlist #4: lifetime Premium" / "Waitlist: one month of Premium free", when the waitlist carried over. */
  const waitlistTier = useAppStore((state) => state.user?.waitlist?.message ?? null);
  const { upgrade, busy } = useUpgrade('/app/home');
  const { subscription } = useSubscription(open && isPremium && !lifetime);
  const { manage, busy: opening } = useManageSubscription();
  const premiumPrice = `${PREMIUM_PRICE}/month`;
  const billing = billingLine(subscription);
  // A subscription's end is its billing line's; only a time-limited (promo) Premium shows "until".
  const until = premiumUntil && subscription?.plan !== 'subscription' ? formatDate(premiumUntil) : null;
  const invoices = subscription?.invoices ?? [];

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Choose Your Plan"
      className="modal-wide"
      footer={
        isPremium ? (
          subscription?.can_manage ? (
            <button type="button" className="button button-primary" onClick={() => void manage()} disabled={opening}>
              {opening ? 'Redirecting...' : 'Manage subscription'}
            </button>
          ) : undefined
        ) : (
          <button type="button" className="button button-primary" onClick={() => void upgrade()} disabled={busy}>
            {busy ? 'Redirecting...' : 'Upgrade to Premium'}
          </button>
        )
      }
    >
      <div className="plan-modal">
        {/* Focusable and named, so keyboard users can scroll the table when it overflows. */}
        <div className="plan-compare-scroll" role="region" aria-label="Free vs Premium comparison" tabIndex={0}>
          <table className="plan-compare">
            <caption className="visually-hidden">Free vs Premium</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">Free</th>
                <th scope="col">Premium</th>
              </tr>
            </thead>
            <tbody>
              <tr className="plan-compare-price">
                <th scope="row">Price</th>
                <td>Free</td>
                <td>{premiumPrice}</td>
              </tr>
              {comparisonRows().map((row) => (
                <tr key={row.feature}>
                  <th scope="row">{row.feature}</th>
                  <td>
                    <CellContent cell={row.free} />
                  </td>
                  <td>
                    <CellContent cell={row.premium} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {isPremium ? (
          <div className="plan-modal-status" role="status">
            <p>{until && !lifetime ? `You are a Premium user until ${until}.` : 'You are a Premium user.'}</p>
            {billing && !lifetime ? <p data-testid="plan-billing">{billing}</p> : null}
          </div>
        ) : null}
        {isPremium && !lifetime && invoices.length > 0 ? <Invoices invoices={invoices} /> : null}
        {isPremium ? (
          <p className="plan-modal-note">
            <Link to="/app/audience-insights" onClick={onClose}>
              Open Audience insights
            </Link>{' '}
            to see how your audience overlaps with your partners.
          </p>
        ) : null}
        {waitlistTier ? (
          <p className="plan-modal-status plan-modal-waitlist" data-testid="waitlist-tier">
            <span className="premium-badge">Premium</span>
            <span>{waitlistTier}</span>
          </p>
        ) : null}
        <p className="plan-modal-note">Invoices &amp; receipts available.</p>
        <p className="plan-modal-note">All users can start free. Upgrade to unlock all features anytime.</p>
      </div>
    </Modal>
  );
}
