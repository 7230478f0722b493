import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { FlagReview } from './flag-review';
import { ModeratedContent } from './moderated-content';
import '../admin-report.css';

type View = 'flags' | 'moderated';

const VIEWS: readonly TabItem<View>[] = [
  { id: 'flags', label: 'Flags' },
  { id: 'moderated', label: 'Moderated content' },
];

const ID_PREFIX = 'admin-report';

/**
 * SPEC §2 Admin report: "Flags" (the open reports and their actions) and "Moderated content" (every item
 * with a moderation status, reachable once its flags are gone). A view mounts when first opened and stays
 * mounted, so switching back keeps its list and its place.
 */
export function AdminReport() {
  const [view, setView] = useState<View>('flags');
  const [opened, setOpened] = useState<ReadonlySet<View>>(new Set(['flags']));
  const select = (next: View) => {
    setView(next);
    setOpened((current) => (current.has(next) ? current : new Set(current).add(next)));
  };

  return (
    <div className="admin-report">
      <nav className="admin-links" aria-label="Admin pages">
        <Link to="/admin-analytics">Founder analytics</Link>
      </nav>
      <TabList label="Admin report views" tabs={VIEWS} selected={view} onSelect={select} idPrefix={ID_PREFIX} />
      {VIEWS.map((tab) => (
        <TabPanel key={tab.id} idPrefix={ID_PREFIX} id={tab.id} hidden={view !== tab.id} className="admin-panel">
          {opened.has(tab.id) ? tab.id === 'flags' ? <FlagReview /> : <ModeratedContent /> : null}
        </TabPanel>
      ))}
    </div>
  );
}
