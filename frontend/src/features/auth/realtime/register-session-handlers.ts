import type { RegisterHandlers } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';

/** `user:updated` replaces the signed-in user; after a reconnect the user is reloaded from the API. */
export const registerSessionHandlers: RegisterHandlers = (socket, onReconnect) => {
  socket.on('user:updated', (user) => {
    const { user: current, setUser } = useAppStore.getState();
    // A push for another account (a stale socket racing a re-login) must not replace this session's user.
    if (current && current.id !== user.id) return;
    setUser(user);
  });
  onReconnect(() => {
    void useAppStore.getState().refreshUser();
  });
};
