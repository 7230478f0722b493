import { Outlet } from 'react-router-dom';

/** The signed-in area: sidebar (a bottom bar on mobile) and the current workspace page. */
export default function AppRoot() {
  return (
    <div className="app-layout">
      <aside className="app-sidebar" aria-label="Workspace">
        {/* Sidebar entries arrive with the workspace features (SPEC.md section 2, App layout). */}
      </aside>
      <div className="app-content">
        <Outlet />
      </div>
    </div>
  );
}
