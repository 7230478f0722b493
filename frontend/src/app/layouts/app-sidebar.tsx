import { useState, type ReactElement } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmLogoutModal } from '@/features/auth/components/confirm-logout-modal';
import { lazyWhenOpen } from '@/components/ui/lazy-when-open';
import { useNotifications } from '@/features/notifications/api/notifications-query';
import { useAppStore } from '@/stores/app-store';
import type { PanelId } from '@/stores/panels-slice';
import {
  AddContentIcon,
  ContactsIcon,
  HelpIcon,
  LogoutIcon,
  NotificationsIcon,
  PremiumIcon,
  ProfileIcon,
} from './sidebar-icons';

// The panels load once the page is idle or when first opened: they are most of the /app shell's code.
const ContactsModal = lazyWhenOpen(() =>
  import('@/features/contacts/components/contacts-modal').then((module) => module.ContactsModal),
);
const AddContentModal = lazyWhenOpen(() =>
  import('@/features/content-submission/components/add-content-modal').then((module) => module.AddContentModal),
);
const NotificationsModal = lazyWhenOpen(() =>
  import('@/features/notifications/components/notifications-modal').then((module) => module.NotificationsModal),
);
const ProfileInformationModal = lazyWhenOpen(() =>
  import('@/features/account/components/profile-information-modal').then((module) => module.ProfileInformationModal),
);
const PremiumPlanModal = lazyWhenOpen(() =>
  import('@/features/subscription/components/premium-plan-modal').then((module) => module.PremiumPlanModal),
);
// Opened from Profile Information's footer, in its place (issue 26).
const ApiTokensModal = lazyWhenOpen(() =>
  import('@/features/developer/components/api-tokens-modal').then((module) => module.ApiTokensModal),
);
const WebhooksModal = lazyWhenOpen(() => import('@/features/developer/components/webhooks-modal').then((module) => module.WebhooksModal));

/** SPEC §4 Tour. */
export const TOUR_RESET = 'Tour has been reset. You can retake the tour.';

type Entry = { id: PanelId | 'help-tour'; label: string; Icon: () => ReactElement };

// `data-tour` names are the guided tour's targets (SPEC §2 Guided tour).
const ENTRIES: Entry[] = [
  { id: 'profile', label: 'Profile', Icon: ProfileIcon },
  { id: 'contacts', label: 'Contacts', Icon: ContactsIcon },
  { id: 'add-content', label: 'Add content', Icon: AddContentIcon },
  { id: 'notifications', label: 'Notifications', Icon: NotificationsIcon },
  { id: 'premium', label: 'Premium', Icon: PremiumIcon },
  { id: 'help-tour', label: 'Help/Tour', Icon: HelpIcon },
  { id: 'logout', label: 'Logout', Icon: LogoutIcon },
];

/**
 * SPEC §2 App layout: the workspace sidebar (a bottom bar on narrow screens). Shown only once the user
 * has completed their profile.
 */
export function AppSidebar() {
  const profileCompleted = useAppStore((state) => state.user?.has_profile_completed === true);
  if (!profileCompleted) return null;
  return <SidebarNav />;
}

function SidebarNav() {
  // The badge needs the list before the modal is ever opened.
  const { unreadCount, failed: notificationsFailed } = useNotifications();
  const setTourCompleted = useAppStore((state) => state.setTourCompleted);
  // In the store, so an empty state elsewhere can open the same panel ('Add contacts', 'Add content').
  const panel = useAppStore((state) => state.openPanel);
  const setPanel = useAppStore((state) => state.showPanel);
  const close = useAppStore((state) => state.closePanel);
  // The developer window Profile Information's footer opened in its place; any panel opened after it replaces it.
  const [developer, setDeveloper] = useState<'api-tokens' | 'webhooks' | null>(null);
  if (developer !== null && panel !== null) setDeveloper(null);
  const openDeveloper = (window: 'api-tokens' | 'webhooks') => {
    close();
    setDeveloper(window);
  };

  const select = (id: Entry['id']) => {
    if (id === 'help-tour') {
      // Help restarts the tour (SPEC §2): marking it not completed lets it start again.
      setTourCompleted(false);
      toast.info(TOUR_RESET, { toastId: 'tour-reset' });
      return;
    }
    setPanel(id);
  };

  return (
    <>
      <nav className="app-sidebar" aria-label="Workspace">
        <ul className="sidebar-list">
          {ENTRIES.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                className="sidebar-entry"
                data-tour={entry.id}
                aria-haspopup="dialog"
                onClick={() => select(entry.id)}
              >
                <span className="sidebar-icon" aria-hidden="true">
                  <entry.Icon />
                </span>
                <span className="sidebar-label">{entry.label}</span>
                {entry.id === 'notifications' && unreadCount > 0 ? (
                  <span className="sidebar-badge" data-testid="unread-badge">
                    <span aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</span>
                    <span className="visually-hidden">, {unreadCount} unread</span>
                  </span>
                ) : null}
                {entry.id === 'notifications' && notificationsFailed ? (
                  <span className="sidebar-alert" title="Failed to fetch notifications">
                    <span aria-hidden="true">!</span>
                    <span className="visually-hidden">, Failed to fetch notifications</span>
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>

      <NotificationsModal open={panel === 'notifications'} onClose={close} />
      <ProfileInformationModal
        open={panel === 'profile'}
        onClose={close}
        onOpenApiTokens={() => openDeveloper('api-tokens')}
        onOpenWebhooks={() => openDeveloper('webhooks')}
      />
      <ApiTokensModal open={developer === 'api-tokens'} onClose={() => setDeveloper(null)} />
      <WebhooksModal open={developer === 'webhooks'} onClose={() => setDeveloper(null)} onUpgrade={() => setPanel('premium')} />
      <ContactsModal open={panel === 'contacts'} onClose={close} onUpgrade={() => setPanel('premium')} />
      <AddContentModal open={panel === 'add-content'} onClose={close} onUpgrade={() => setPanel('premium')} />
      <PremiumPlanModal open={panel === 'premium'} onClose={close} />
      <ConfirmLogoutModal open={panel === 'logout'} onClose={close} />
    </>
  );
}
