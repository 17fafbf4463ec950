import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { Spinner } from './States';
import { TabBar } from './TabBar';
import { UserPanel } from './UserPanel';

/** The frame of the five tab pages: top header, the page, bottom tab bar, left user panel. */
export function AppShell() {
  const [panelOpen, setPanelOpen] = useState(false);
  return (
    <div className="shell">
      <Header onOpenPanel={() => setPanelOpen(true)} />
      <main>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <TabBar />
      <UserPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
    </div>
  );
}
