import { useState } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CreatorProfileModal } from '@/features/creators/components/creator-profile-modal';
import { FlagContentModal } from '@/features/flags/components/flag-content-modal';
import { PremiumUpsellModal } from '@/features/premium/components/premium-upsell-modal';
import { ShareContentModal } from '@/features/sharing/components/share-content-modal';
import { Workspace } from '@/features/workspace/components/workspace';
import type { ContentDto } from '@/features/workspace/types';
import { useAppStore } from '@/stores/app-store';

type Creator = { userId: string; username: string };

/** SPEC §2 Home workspace (/app/home): the three steps, plus the share, flag, creator and upsell modals. */
export default function HomePage() {
  const [shareContent, setShareContent] = useState<ContentDto | null>(null);
  const [flagContentId, setFlagContentId] = useState<string | null>(null);
  const [creator, setCreator] = useState<Creator | null>(null);
  const upsellOpen = useAppStore((state) => state.workspaceUpsellOpen);
  const closeUpsell = useAppStore((state) => state.closeWorkspaceUpsell);
  const openUpsell = useAppStore((state) => state.openWorkspaceUpsell);
  const recordShare = useAppStore((state) => state.recordShare);

  return (
    <ContentLayout title="Home" heading="Your workspace">
      <Workspace onOpenCreator={setCreator} onFlag={setFlagContentId} onShare={setShareContent} />
      <ShareContentModal
        open={shareContent !== null}
        content={shareContent ? { id: shareContent.id, title: shareContent.title, description: shareContent.description } : null}
        onClose={() => setShareContent(null)}
        onShared={() => {
          setShareContent(null);
          recordShare();
        }}
        onDailyLimit={openUpsell}
      />
      <FlagContentModal open={flagContentId !== null} contentId={flagContentId} onClose={() => setFlagContentId(null)} />
      <CreatorProfileModal
        open={creator !== null}
        userId={creator?.userId ?? null}
        username={creator?.username ?? ''}
        onClose={() => setCreator(null)}
      />
      <PremiumUpsellModal open={upsellOpen} onClose={closeUpsell} />
    </ContentLayout>
  );
}
