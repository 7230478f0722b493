import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { FlagReview } from './flag-review';
import { ModeratedContent } from './moderated-content';
import '../admin-report.css';

/** A view another feature adds to the report (the route composes it: features do not import each other). */
export type AdminReportView = { id: string; label: string; content: ReactNode };

const OWN_VIEWS: readonly TabItem<string>[] = [
  { id: 'flags', label: 'Flags' },
  { id: 'moderated', label: 'Moderated content' },
];

const ID_PREFIX = 'admin-report';

/**
 * SPEC §2 Admin report: "Flags" (the open reports and their actions), "Moderated content" (every item
 * with a moderation status, reachable once its flags are gone), then any `extraViews` the route adds
 * ("Payments"). A view mounts when first opened and stays mounted, so switching back keeps its list and
 * its place.
 */
export function AdminReport({ extraViews = [] }: { extraViews?: readonly AdminReportView[] }) {
  const [view, setView] = useState('flags');
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set(['flags']));
  const select = (next: string) => {
    setView(next);
    setOpened((current) => (current.has(next) ? current : new Set(current).add(next)));
  };
  const tabs = [...OWN_VIEWS, ...extraViews.map(({ id, label }) => ({ id, label }))];
  const contentOf = (id: string): ReactNode =>
    id === 'flags' ? <FlagReview /> : id === 'moderated' ? <ModeratedContent /> : extraViews.find((extra) => extra.id === id)?.content;

  return (
    <div className="admin-report">
      <nav className="admin-links" aria-label="Admin pages">
        <Link to="/admin-analytics">Founder analytics</Link>
      </nav>
      <TabList label="Admin report views" tabs={tabs} selected={view} onSelect={select} idPrefix={ID_PREFIX} />
      {tabs.map((tab) => (
        <TabPanel key={tab.id} idPrefix={ID_PREFIX} id={tab.id} hidden={view !== tab.id} className="admin-panel">
          {opened.has(tab.id) ? contentOf(tab.id) : null}
        </TabPanel>
      ))}
    </div>
  );
}
