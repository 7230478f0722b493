import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { useAppStore } from '@/stores/app-store';

type ConfirmLogoutModalProps = { open: boolean; onClose: () => void };

/** SPEC §2 Confirm Logout: Logout clears the token and user (SPEC §4) and returns to /login. */
export function ConfirmLogoutModal({ open, onClose }: ConfirmLogoutModalProps) {
  const logout = useAppStore((state) => state.logout);
  const navigate = useNavigate();
  // Cancel first: the harmless choice is the one Enter hits.
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = () => {
    onClose();
    logout();
    void navigate('/login', { replace: true });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Confirm Logout"
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={confirm}>
            Logout
          </button>
        </>
      }
    >
      <p>Are you sure you want to log out?</p>
    </Modal>
  );
}
