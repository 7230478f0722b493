import { useEffect } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { Modal } from '@/components/ui/modal';
import { markAllNotificationsRead as markAllRead, markNotificationRead as markRead, NOTIFICATIONS_FETCH_FAILED, refreshNotifications, useNotifications } from '../api/notifications-query';

type NotificationsModalProps = { open: boolean; onClose: () => void };

const formatTimestamp = (timestamp: string) => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date.toLocaleString();
};

/** SPEC §2 Notifications: messages with timestamps, unread ones highlighted with 'Mark as read'. */
export function NotificationsModal({ open, onClose }: NotificationsModalProps) {
  const list = useNotifications();
  const { items: notifications, total, unreadCount, failed, loadingMore, loadMoreFailed } = list;
  const loading = list.status === 'loading';

  // Fresh on every opening; pushes keep it current while open.
  useEffect(() => {
    if (open) void refreshNotifications();
  }, [open]);

  let body;
  if (failed) {
    body = (
      <p className="form-message form-message-error" role="alert">
        {NOTIFICATIONS_FETCH_FAILED}
      </p>
    );
  } else if (loading && notifications.length === 0) {
    body = <p role="status">Loading notifications...</p>;
  } else if (notifications.length === 0) {
    body = <p className="modal-empty">No notifications.</p>;
  } else {
    body = (
      <>
        <ul className="scroll-list" aria-label="Notifications">
          {notifications.map((notification) => (
            <li
              key={notification.id}
              className={notification.is_read ? 'notification-item' : 'notification-item notification-unread'}
            >
              <div className="notification-text">
                <p className="notification-message">
                  {notification.is_read ? null : <span className="visually-hidden">Unread: </span>}
                  {notification.message}
                </p>
                <time className="notification-time" dateTime={notification.timestamp}>
                  {formatTimestamp(notification.timestamp)}
                </time>
              </div>
              {notification.is_read ? null : (
                <button type="button" className="button button-ghost button-small" onClick={() => void markRead(notification.id)}>
                  Mark as read
                </button>
              )}
            </li>
          ))}
        </ul>
        {loadMoreFailed ? (
          <p className="form-message form-message-error" role="alert">
            {NOTIFICATIONS_FETCH_FAILED}
          </p>
        ) : null}
        <LoadMore shown={notifications.length} total={total} loading={loadingMore} onLoadMore={() => void list.loadMore().catch(() => {})} what="notifications" />
      </>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Notifications"
      className="modal-wide"
      footer={
        <button
          type="button"
          className="button button-primary"
          // Older pages not loaded yet may hold unread ones: the server marks those too.
          disabled={unreadCount === 0 && notifications.length >= total}
          onClick={() => void markAllRead()}
        >
          Mark All as Read
        </button>
      }
    >
      {body}
    </Modal>
  );
}
