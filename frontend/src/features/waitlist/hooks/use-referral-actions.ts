import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { copyText, isShareCancelled } from '@/lib/referral-link';
import { COPY_FAILED, REFERRAL_COPIED, REFERRAL_SHARED, SHARE_FAILED } from '../messages';

const SHARE_TITLE = 'Join me on the Crossfeed waitlist';
const SHARE_TEXT = 'Crossfeed matches creators to share each other’s content. Join the waitlist with my link:';

/** SPEC §8 Referral: copy (with the select-and-copy fallback on `fallbackInput`) or share a referral link, with their toasts. */
export function useReferralActions(link: string | null) {
  const copy = useCallback(
    async (fallbackInput: HTMLInputElement | null = null) => {
      if (!link) return;
      if (await copyText(link, fallbackInput)) toast.success(REFERRAL_COPIED, { toastId: 'referral-copied' });
      else toast.error(COPY_FAILED, { toastId: 'referral-copy-failed' });
    },
    [link],
  );

  const share = useCallback(async () => {
    if (!link) return;
    try {
      await navigator.share({ title: SHARE_TITLE, text: SHARE_TEXT, url: link });
      toast.success(REFERRAL_SHARED, { toastId: 'referral-shared' });
    } catch (error) {
      // Closing the share sheet is the visitor's choice, not a failure.
      if (isShareCancelled(error)) return;
      toast.error(SHARE_FAILED, { toastId: 'referral-share-failed' });
    }
  }, [link]);

  return { copy, share };
}
