/** The back office's screens and the right each needs (API.md §19.2); the menu and login use it. */
import type { AdminRight } from '@brokerage/contract';

export interface Section {
  path: string;
  label: string;
  right: AdminRight;
}

export const sections: readonly Section[] = [
  { path: '/users', label: 'Users', right: 'user.read' },
  { path: '/news', label: 'News', right: 'product.manage' },
  { path: '/notices', label: 'Notices', right: 'product.manage' },
  { path: '/config', label: 'Config', right: 'config.manage' },
  { path: '/audit', label: 'Audit log', right: 'audit.read' },
];

export const homePath = '/users';

export function sectionOfPath(path: string): Section | undefined {
  return sections.find((section) => path === section.path || path.startsWith(`${section.path}/`) || path.startsWith(`${section.path}?`));
}
