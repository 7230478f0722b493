import { useEffect, useRef } from 'react';
import { useOwnContents } from '@/lib/api/own-contents';
import { queryClient } from '@/lib/query/query-client';
import { useAppStore } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import { KEPT_WORKSPACE_KEY, startOver, toggleSelected, useKeptWorkspace } from '../api/kept-workspace';
import { MATCHES_KEY, REMAINING_SHUFFLES_KEY, useMatchedContent, useRemainingShuffles, useShuffleMatches } from '../api/matches-query';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto } from '../types';
import { stepStatuses } from '../workspace-rules';
import { MatchedContentList, type CreatorRef } from './matched-content-list';
import { OwnContentList } from './own-content-list';
import { ShareManageInfo } from './share-manage-info';
import { ShareQueuePanel } from './share-queue-panel';
import { ShuffleButton } from './shuffle-button';
import { ViewFilterSelect } from './view-filter-select';
import { WorkspaceSteps } from './workspace-steps';
import '../workspace.css';

type WorkspaceProps = {
  /** Search results; a non-empty list replaces the matches. */
  searchResults?: readonly ContentDto[] | null;
  /** Back from the search results to the matches ('Clear search', shown with the results). */
  onClearSearch?: () => void;
  /** Step 1's 'Advanced Search' button. */
  onAdvancedSearch?: () => void;
  /** Step 3's 'View queue' button (the content list modal). */
  onViewQueue?: () => void;
  onOpenCreator: (creator: CreatorRef) => void;
  onFlag: (contentId: string) => void;
  /** Share a selected match (the route opens the share modal; a success calls `recordShare`). */
  onShare: (content: ContentDto) => void;
  /** The Manage button of step 2, when a manage panel exists. */
  onManage?: () => void;
  /** The next step from an empty own content list: the Add New Content panel. */
  onAddContent?: () => void;
};

const toIds = (items: readonly ContentDto[]) => items.map((item) => item.id);

/** SPEC §2 Home workspace: the three steps wired to the workspace slice. */
export function Workspace({
  searchResults,
  onClearSearch,
  onAdvancedSearch,
  onViewQueue,
  onOpenCreator,
  onFlag,
  onShare,
  onManage,
  onAddContent,
}: WorkspaceProps) {
  const userId = useAppStore((state) => state.user?.id);
  const isPremium = useAppStore(selectIsPremium);
  // The guided tour runs over the workspace until it is completed (features/tour).
  const touring = useAppStore((state) => !state.hasCompletedTour);
  const viewFilter = useAppStore((state) => state.viewFilter);
  const signedIn = userId !== undefined;
  const matched = useMatchedContent(viewFilter, { enabled: signedIn });
  const remainingShuffles = useRemainingShuffles(isPremium, { enabled: signedIn });
  const own = useOwnContents({ enabled: userId !== undefined });
  // The selection and progress kept on the server (a reload, another device).
  const kept = useKeptWorkspace({ enabled: signedIn });
  const stepsClicked = useAppStore((state) => state.stepsDone);
  const notice = useAppStore((state) => state.workspaceNotice);
  const dismissNotice = useAppStore((state) => state.dismissWorkspaceNotice);
  const chooseViewFilter = useAppStore((state) => state.chooseViewFilter);
  const openWorkspaceUpsell = useAppStore((state) => state.openWorkspaceUpsell);
  const { shuffle, shuffling } = useShuffleMatches({ filter: viewFilter, isPremium, onBlocked: openWorkspaceUpsell });

  // The matches, the shuffle counter, the kept workspace and the own contents load with the workspace (their
  // queries); a change of plan asks for them again.
  const planSeen = useRef(isPremium);
  useEffect(() => {
    if (planSeen.current === isPremium) return;
    planSeen.current = isPremium;
    void queryClient.invalidateQueries({ queryKey: MATCHES_KEY });
    void queryClient.invalidateQueries({ queryKey: REMAINING_SHUFFLES_KEY });
    void queryClient.invalidateQueries({ queryKey: KEPT_WORKSPACE_KEY });
    own.retry();
  }, [isPremium, own]);

  // A step is complete once clicked, or while the kept workspace has a selection in it.
  const statuses = stepStatuses({ match: stepsClicked.match || kept.matches.length > 0, content: stepsClicked.content || kept.contents.length > 0 });
  const searchCount = searchResults?.length ?? 0;

  return (
    <WorkspaceSteps statuses={statuses} onStartOver={() => void startOver()} touring={touring}>
      {[
        <div key="match" className="workspace-step-body">
          <div className="workspace-toolbar">
            <ViewFilterSelect value={viewFilter} isPremium={isPremium} onChange={chooseViewFilter} />
            {onAdvancedSearch ? (
              <button type="button" className="button button-ghost" onClick={onAdvancedSearch}>
                Advanced Search
              </button>
            ) : null}
          </div>
          {searchCount > 0 ? (
            <div className="search-banner">
              <p role="status">{WORKSPACE_MESSAGES.searchShowing(searchCount)}</p>
              {onClearSearch ? (
                <button type="button" className="button button-ghost button-small" onClick={onClearSearch}>
                  Clear search
                </button>
              ) : null}
            </div>
          ) : null}
          <div className="workspace-scroll" data-tour="select-content">
            <MatchedContentList
              items={matched.items}
              loading={matched.loading}
              error={matched.error}
              searchResults={searchResults}
              selectedIds={toIds(kept.matches)}
              onToggle={(content) => void toggleSelected('match', content)}
              onOpenCreator={onOpenCreator}
              onFlag={onFlag}
            />
          </div>
          <div className="shuffle-float">
            <ShuffleButton
              isPremium={isPremium}
              remaining={remainingShuffles}
              shuffling={shuffling}
              onShuffle={() => shuffle(remainingShuffles)}
              onBlocked={openWorkspaceUpsell}
            />
          </div>
        </div>,
        <div key="content" className="workspace-step-body">
          {onManage ? (
            <div className="workspace-toolbar">
              <button type="button" className="button button-ghost" onClick={onManage} data-tour="manage-button">
                Manage
              </button>
            </div>
          ) : null}
          <div className="workspace-scroll" data-tour="content-queue">
            <OwnContentList
              contents={own.contents}
              status={own.status}
              error={null}
              selectedIds={toIds(kept.contents)}
              onToggle={(content) => void toggleSelected('content', content)}
              total={own.total}
              loadingMore={own.loadingMore}
              onLoadMore={() => void own.loadMore()}
              onAddContent={onAddContent}
            />
          </div>
        </div>,
        <div key="share" className="workspace-step-body">
          <div className="workspace-toolbar">
            <ShareManageInfo />
            {onViewQueue ? (
              <button type="button" className="button button-ghost" onClick={onViewQueue} data-tour="view-queue">
                View queue
              </button>
            ) : null}
          </div>
          <ShareQueuePanel
            queue={kept.contents}
            matches={kept.matches}
            progress={kept.percent}
            notice={notice}
            onDismissNotice={dismissNotice}
            onShare={onShare}
            matchProgress={kept.progress}
            sharesLeftToday={isPremium ? null : kept.sharesLeftToday}
            dailyShareLimit={isPremium ? null : kept.dailyShareLimit}
            loading={kept.loading}
          />
        </div>,
      ]}
    </WorkspaceSteps>
  );
}
