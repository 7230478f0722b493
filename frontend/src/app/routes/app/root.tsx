import { Outlet } from 'react-router-dom';
import { AppSidebar } from '@/app/layouts/app-sidebar';
import { GuidedTour } from '@/features/tour/components/guided-tour';

/** The signed-in area: sidebar (a bottom bar on mobile), the current workspace page and the guided tour. */
export default function AppRoot() {
  return (
    <div className="app-layout">
      <AppSidebar />
      <div className="app-content">
        <Outlet />
      </div>
      <GuidedTour />
    </div>
  );
}
