import { Outlet } from 'react-router-dom';
import { AppSidebar } from '@/app/layouts/app-sidebar';

/** The signed-in area: sidebar (a bottom bar on mobile) and the current workspace page. */
export default function AppRoot() {
  return (
    <div className="app-layout">
      <AppSidebar />
      <div className="app-content">
        <Outlet />
      </div>
    </div>
  );
}
