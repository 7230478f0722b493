import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { RetryAlert } from '@/components/ui/retry-alert';
import { queryClient } from '@/lib/query/query-client';
import { loadStateOf } from '@/lib/query/load-state';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { useAppStore } from '@/stores/app-store';
import { getPromoCodes, type PromoCode } from '../api/get-promo-codes';
import { redeemPromoCode } from '../api/redeem-promo-code';
import { NO_PROMO_CODES, PROMO_FETCH_FAILED, PROMO_REDEEMED } from '../messages';
import { redeemErrorMessage, validatePromoCode } from '../utils/promo-code';
import '../promo-codes.css';

type PromoCodesModalProps = { open: boolean; onClose: () => void };

const isPromoCode = (value: unknown): value is PromoCode =>
  typeof value === 'object' && value !== null && typeof (value as PromoCode).code === 'string';

/** The user's promo codes in the query cache: read when the window opens, dropped when it closes. */
const PROMO_CODES_KEY = ['promo-codes'] as const;

/**
 * SPEC §2 Promo codes: the user's codes (redeemed ones struck through and marked '(Redeemed)', the others
 * with an 'Active' badge) and a form that redeems a code. A redeem clears the input, reloads the list and
 * the user (Premium may have started), then closes (SPEC §4 Promo code).
 */
export function PromoCodesModal({ open, onClose }: PromoCodesModalProps) {
  const formId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const refreshUser = useAppStore((state) => state.refreshUser);
  const codesQuery = useShownQuery(
    {
      queryKey: PROMO_CODES_KEY,
      queryFn: async ({ signal }) => {
        const list = await getPromoCodes(signal);
        return Array.isArray(list) ? list.filter(isPromoCode) : [];
      },
    },
    open,
  );
  const codes = loadStateOf(codesQuery, PROMO_FETCH_FAILED);
  /** The list again from its loading state (after a redeem, or Retry). */
  const loadCodes = () => queryClient.resetQueries({ queryKey: PROMO_CODES_KEY, exact: true });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [redeeming, setRedeeming] = useState(false);

  useEffect(() => {
    if (!open) return;
    setCode('');
    setError(null);
    setRedeeming(false);
  }, [open]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (redeeming) return;
    const invalid = validatePromoCode(code);
    setError(invalid);
    if (invalid) return;
    setRedeeming(true);
    try {
      await redeemPromoCode(code.trim());
    } catch (failure) {
      setError(redeemErrorMessage(failure));
      setRedeeming(false);
      return;
    }
    toast.success(PROMO_REDEEMED, { toastId: 'promo-redeemed' });
    setCode('');
    await Promise.all([loadCodes(), refreshUser()]);
    setRedeeming(false);
    onClose();
  };

  const fillCode = (value: string) => {
    setCode(value);
    setError(null);
    inputRef.current?.focus();
  };

  let list;
  if (codes.status === 'loading') {
    list = <p role="status">Loading promo codes...</p>;
  } else if (codes.status === 'error') {
    list = <RetryAlert className="promo-error" message={codes.message} onRetry={() => void loadCodes()} />;
  } else if (codes.data.length === 0) {
    list = <p className="modal-empty">{NO_PROMO_CODES}</p>;
  } else {
    list = (
      <ul className="scroll-list promo-list" aria-label="Your promo codes">
        {codes.data.map((promo) => (
          <li key={promo.id || promo.code} className={promo.redeemed ? 'promo-item promo-item-redeemed' : 'promo-item'}>
            {promo.redeemed ? (
              <span className="promo-code-text">
                <s className="promo-code">{promo.code}</s> <span className="promo-redeemed-note">(Redeemed)</span>
              </span>
            ) : (
              <>
                <span className="promo-code-text">
                  <span className="promo-code">{promo.code}</span> <span className="promo-badge">Active</span>
                </span>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`Use ${promo.code}`}
                  onClick={() => fillCode(promo.code)}
                  disabled={redeeming}
                >
                  Use
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Promo Codes"
      initialFocusRef={inputRef}
    >
      <div className="promo-codes">
        <div className="promo-section">{list}</div>
        <form id={formId} className="promo-form" aria-label="Redeem a promo code" onSubmit={(event) => void handleSubmit(event)} noValidate>
          <div className="form-field">
            <label htmlFor={inputId}>Promo code</label>
            <div className="promo-form-row">
              <input
                ref={inputRef}
                id={inputId}
                name="code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="e.g. WELCOME-2026"
                maxLength={64}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError(null);
                }}
              />
              <button type="submit" className="button button-primary" disabled={redeeming}>
                {redeeming ? 'Redeeming...' : 'Redeem'}
              </button>
            </div>
          </div>
          <FormMessage tone="error">{error}</FormMessage>
        </form>
      </div>
    </Modal>
  );
}
