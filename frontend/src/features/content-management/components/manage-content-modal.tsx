import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { forgetOwnContent, refreshOwnContents, replaceOwnContent, useOwnContents } from '@/lib/api/own-contents';
import { useAppStore } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import { deleteContent } from '../api/delete-content';
import { CONTENT_MANAGEMENT_MESSAGES as M } from '../messages';
import { ContentAnalyticsPanel } from './content-analytics-panel';
import { ContentManagementPanel } from './content-management-panel';
import { EditContentModal } from './edit-content-modal';
import '../content-management.css';

type ManageTab = 'management' | 'analytics' | 'scheduled';
const TABS: readonly TabItem<ManageTab>[] = [
  { id: 'management', label: 'Content Management' },
  { id: 'analytics', label: 'Analytics' },
];
/** Shown when the route composes a Scheduled panel (auto-scheduling). */
const SCHEDULED_TAB: TabItem<ManageTab> = { id: 'scheduled', label: 'Scheduled' };

type ManageContentModalProps = {
  open: boolean;
  onClose: () => void;
  /** A Free user pressed 'Upgrade to Premium' (short links and Enhance are Premium): open the upsell. */
  onUpgrade?: () => void;
  /** More actions of one own item (passed to the Content Management list). */
  renderItemActions?: (content: ContentDto) => ReactNode;
  /** The Scheduled tab's panel (auto-scheduling), composed by the route; no tab without it. */
  scheduledPanel?: ReactNode;
  /**
   * An own content was edited or deleted here: the route refreshes what holds copies of it (the workspace's
   * queue, kept on the server).
   */
  onContentChanged?: () => void;
};

type Deletion = { content: ContentDto; busy: boolean; error: string | null };

/**
 * SPEC §2 Manage Content: tabs 'Content Management' (own contents with Edit, Delete, short links and
 * Enhance) and 'Analytics'. Editing and deleting open their own modals on top; afterwards the own contents
 * are refreshed through the query cache, and a deleted item leaves every selection.
 */
export function ManageContentModal({ open, onClose, onUpgrade, renderItemActions, scheduledPanel, onContentChanged }: ManageContentModalProps) {
  const isPremium = useAppStore(selectIsPremium);
  const { contents, status, retry } = useOwnContents({ enabled: open });
  const tabsId = useId();
  const [tab, setTab] = useState<ManageTab>('management');
  const [editing, setEditing] = useState<ContentDto | null>(null);
  const [deletion, setDeletion] = useState<Deletion | null>(null);

  // Every opening starts on the first tab with a fresh list (kept on screen while it reloads).
  useEffect(() => {
    if (!open) return;
    setTab('management');
    setEditing(null);
    setDeletion(null);
    void refreshOwnContents({ joinRunning: true });
  }, [open]);

  const confirmDeletion = async () => {
    if (!deletion || deletion.busy) return;
    const { content } = deletion;
    setDeletion({ content, busy: true, error: null });
    try {
      await deleteContent(content.id);
      toast.success(M.deleted, { toastId: `content-deleted-${content.id}` });
      forgetOwnContent(content.id);
      onContentChanged?.();
      setDeletion(null);
      void refreshOwnContents();
    } catch (error) {
      setDeletion({ content, busy: false, error: errorMessage(error, M.deleteFailed) });
    }
  };

  return (
    <>
      <Modal open={open} onClose={onClose} title={M.manageTitle} className="modal-wide">
        <div className="manage-tabs">
          <TabList label={M.manageTitle} tabs={scheduledPanel ? [...TABS, SCHEDULED_TAB] : TABS} selected={tab} onSelect={setTab} idPrefix={tabsId} tabClassName="tab manage-tab" />
          <TabPanel idPrefix={tabsId} id="management" hidden={tab !== 'management'}>
            {tab === 'management' ? (
              <ContentManagementPanel
                contents={contents}
                status={status}
                isPremium={isPremium}
                onEdit={setEditing}
                onDelete={(content) => setDeletion({ content, busy: false, error: null })}
                onRetry={retry}
                onUpgrade={onUpgrade}
                renderItemActions={renderItemActions}
                onContentChanged={onContentChanged}
              />
            ) : null}
          </TabPanel>
          <TabPanel idPrefix={tabsId} id="analytics" hidden={tab !== 'analytics'}>
            {tab === 'analytics' ? <ContentAnalyticsPanel contents={contents} status={status} isPremium={isPremium} onUpgrade={onUpgrade} /> : null}
          </TabPanel>
          {scheduledPanel ? (
            <TabPanel idPrefix={tabsId} id="scheduled" hidden={tab !== 'scheduled'}>
              {tab === 'scheduled' ? scheduledPanel : null}
            </TabPanel>
          ) : null}
        </div>
      </Modal>
      <EditContentModal
        open={open && editing !== null}
        content={editing}
        onClose={() => setEditing(null)}
        onSaved={(updated) => {
          if (updated && typeof updated === 'object' && updated.id) {
            replaceOwnContent(updated);
            onContentChanged?.();
          }
          void refreshOwnContents();
        }}
      />
      <ConfirmDialog
        open={open && deletion !== null}
        title={M.deleteTitle}
        confirmLabel={M.deleteConfirm}
        danger
        busyLabel={M.deleting}
        message={deletion ? M.deleteQuestion(deletion.content.title) : ''}
        busy={deletion?.busy ?? false}
        error={deletion?.error ?? null}
        onConfirm={() => void confirmDeletion()}
        onCancel={() => setDeletion(null)}
      />
    </>
  );
}
