import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useAppStore } from '@/stores/app-store';

const MENU_LINKS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

/** Admins also reach their pages from the menu, where narrow screens keep them (the bar hides them). */
const ADMIN_LINKS = [
  { to: '/admin-report', label: 'Admin report' },
  { to: '/admin-analytics', label: 'Founder analytics' },
] as const;

/** The navigation bar's menu (a disclosure): Pricing, About and Contact (SPEC §1), plus the admin pages for admins. */
export function NavMenu() {
  const [open, setOpen] = useState(false);
  const isAdmin = useAppStore((state) => state.user?.is_admin === true);
  const links = isAdmin ? [...MENU_LINKS, ...ADMIN_LINKS] : MENU_LINKS;
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="nav-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button button-ghost nav-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="nav-menu-label">Menu</span>
      </button>
      <ul id={menuId} className="nav-menu-list" hidden={!open}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="nav-menu-link" onClick={() => setOpen(false)}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
