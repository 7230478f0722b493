import { useState } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PremiumUpsellModal } from '@/features/premium/components/premium-upsell-modal';
import { ScheduleReleaseButton } from '@/features/scheduling/components/schedule-release-button';
import { ScheduleShareOption } from '@/features/scheduling/components/schedule-share-option';
import { ScheduledList } from '@/features/scheduling/components/scheduled-list';
import { recordShare, refreshKeptWorkspace, useKeptWorkspace } from '@/features/workspace/api/kept-workspace';
import { Workspace } from '@/features/workspace/components/workspace';
import type { ContentDto } from '@/features/workspace/types';
import { lazyWhenOpen } from '@/components/ui/lazy-when-open';
import { useAppStore } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';

// The dialogs load once the page is idle or when first opened: the workspace shows without them.
const ContentListModal = lazyWhenOpen(() =>
  import('@/features/content-management/components/content-list-modal').then((module) => module.ContentListModal),
);
const ManageContentModal = lazyWhenOpen(() =>
  import('@/features/content-management/components/manage-content-modal').then((module) => module.ManageContentModal),
);
const CreatorProfileModal = lazyWhenOpen(() =>
  import('@/features/creators/components/creator-profile-modal').then((module) => module.CreatorProfileModal),
);
const FlagContentModal = lazyWhenOpen(() =>
  import('@/features/flags/components/flag-content-modal').then((module) => module.FlagContentModal),
);
const AdvancedSearchModal = lazyWhenOpen(() =>
  import('@/features/search/components/advanced-search-modal').then((module) => module.AdvancedSearchModal),
);
const ShareContentModal = lazyWhenOpen(() =>
  import('@/features/sharing/components/share-content-modal').then((module) => module.ShareContentModal),
);

type Creator = { userId: string; username: string };

/**
 * SPEC §2 Home workspace (/app/home): the three steps, plus the share, flag, creator, upsell, manage,
 * advanced search and content list modals.
 */
export default function HomePage() {
  const [shareContent, setShareContent] = useState<ContentDto | null>(null);
  const [flagContentId, setFlagContentId] = useState<string | null>(null);
  const [creator, setCreator] = useState<Creator | null>(null);
  const [manageOpen, setManageOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [queueOpen, setQueueOpen] = useState(false);
  const [searchResults, setSearchResults] = useState<ContentDto[] | null>(null);
  const upsellOpen = useAppStore((state) => state.workspaceUpsellOpen);
  const closeUpsell = useAppStore((state) => state.closeWorkspaceUpsell);
  const openUpsell = useAppStore((state) => state.openWorkspaceUpsell);
  const isPremium = useAppStore(selectIsPremium);
  const showPanel = useAppStore((state) => state.showPanel);
  const signedIn = useAppStore((state) => state.user !== null);
  const kept = useKeptWorkspace({ enabled: signedIn });

  return (
    <ContentLayout title="Home" heading="Your workspace">
      <Workspace
        searchResults={searchResults}
        onClearSearch={() => setSearchResults(null)}
        onAdvancedSearch={() => setSearchOpen(true)}
        onManage={() => setManageOpen(true)}
        onAddContent={() => showPanel('add-content')}
        onViewQueue={() => setQueueOpen(true)}
        onOpenCreator={setCreator}
        onFlag={setFlagContentId}
        onShare={setShareContent}
      />
      <ShareContentModal
        open={shareContent !== null}
        content={shareContent ? { id: shareContent.id, title: shareContent.title, description: shareContent.description } : null}
        onClose={() => setShareContent(null)}
        onShared={(answer) => {
          const sharedId = shareContent?.id;
          setShareContent(null);
          if (sharedId) recordShare(sharedId, answer);
        }}
        onDailyLimit={openUpsell}
        renderExtra={({ contentId, contactIds, close, onLaterChange }) => (
          <ScheduleShareOption
            contentId={contentId}
            contactIds={contactIds}
            isPremium={isPremium}
            onScheduled={close}
            onLaterChange={onLaterChange}
            onUpgrade={() => {
              close();
              openUpsell();
            }}
          />
        )}
        onAddContacts={() => {
          setShareContent(null);
          showPanel('contacts');
        }}
      />
      <FlagContentModal open={flagContentId !== null} contentId={flagContentId} onClose={() => setFlagContentId(null)} />
      <CreatorProfileModal
        open={creator !== null}
        userId={creator?.userId ?? null}
        username={creator?.username ?? ''}
        onClose={() => setCreator(null)}
      />
      <ManageContentModal
        open={manageOpen}
        onClose={() => setManageOpen(false)}
        onContentChanged={() => void refreshKeptWorkspace()}
        onUpgrade={() => {
          setManageOpen(false);
          openUpsell();
        }}
        renderItemActions={(content) => (
          <ScheduleReleaseButton
            content={content}
            isPremium={isPremium}
            onUpgrade={() => {
              setManageOpen(false);
              openUpsell();
            }}
          />
        )}
        scheduledPanel={
          <ScheduledList
            isPremium={isPremium}
            onUpgrade={() => {
              setManageOpen(false);
              openUpsell();
            }}
          />
        }
      />
      <AdvancedSearchModal
        open={searchOpen}
        onClose={() => setSearchOpen(false)}
        onResults={setSearchResults}
        onUpgrade={() => {
          setSearchOpen(false);
          openUpsell();
        }}
      />
      <ContentListModal open={queueOpen} onClose={() => setQueueOpen(false)} queue={kept.contents} matches={kept.matches} />
      <PremiumUpsellModal open={upsellOpen} onClose={closeUpsell} />
    </ContentLayout>
  );
}
