/** The desktop frame: side menu (filtered by the role's rights), header with role and logout. */
import { Button, Layout, Menu, Space, Tag, Typography, type MenuProps } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCall } from '../api/client';
import { roleHasRight } from '../api/rights';
import { clearSession, useSession } from '../api/session';
import {
  reviewQueueLabels,
  reviewsGroup,
  sectionOfPath,
  sections,
  upcomingQueueNote,
  upcomingReviewQueues,
  type Section,
} from '../sections';

type MenuItems = NonNullable<MenuProps['items']>;

/** A queue the server does not decide yet: listed, disabled, saying when it comes. */
function upcomingQueueItem(queue: (typeof upcomingReviewQueues)[number]): MenuItems[number] {
  return {
    key: `upcoming-${queue}`,
    disabled: true,
    title: `${reviewQueueLabels[queue]}: ${upcomingQueueNote}`,
    style: { height: 'auto', lineHeight: 1.35, paddingBlock: 6 },
    label: (
      <span data-testid={`menu-upcoming-${queue}`} style={{ display: 'block', whiteSpace: 'normal' }}>
        {reviewQueueLabels[queue]}
        <span style={{ display: 'block', fontSize: 12, opacity: 0.75 }}>{upcomingQueueNote}</span>
      </span>
    ),
  };
}

/**
 * The menu: ungrouped sections as items, grouped ones under their heading (at the place of the group's
 * first section). The review group also lists the queues that arrive later, disabled.
 */
export function menuItems(visible: readonly Section[]): MenuItems {
  const items: MenuItems = [];
  const groups = new Map<string, MenuItems>();
  for (const section of visible) {
    const item = { key: section.path, label: section.label };
    if (!section.group) {
      items.push(item);
      continue;
    }
    let children = groups.get(section.group);
    if (!children) {
      children = [];
      groups.set(section.group, children);
      items.push({ type: 'group', key: `group-${section.group}`, label: section.group, children });
    }
    children.push(item);
  }
  groups.get(reviewsGroup)?.push(...upcomingReviewQueues.map(upcomingQueueItem));
  return items;
}

export function AppLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const items = menuItems(sections.filter((section) => roleHasRight(session?.role, section.right)));
  const selected = sectionOfPath(location.pathname)?.path;

  async function logout() {
    setIsLoggingOut(true);
    try {
      // The session ends on this side whatever the server answers; an expired token is already gone there.
      await adminCall('logout', {}, { notify: false });
    } catch {
      // Nothing to do: see above.
    } finally {
      clearSession();
      queryClient.clear();
      setIsLoggingOut(false);
      navigate('/login', { replace: true });
    }
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div style={{ color: '#fff', fontWeight: 600, padding: '20px 24px', whiteSpace: 'nowrap' }}>Back office</div>
        <nav aria-label="Main">
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={selected ? [selected] : []}
            onClick={({ key }) => {
              navigate(key);
            }}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            paddingInline: 24,
          }}
        >
          <Space size="middle">
            {session?.username ? (
              <Typography.Text data-testid="header-username">{session.username}</Typography.Text>
            ) : null}
            <Tag color="blue" data-testid="header-role" aria-label={`Role: ${session?.role ?? ''}`}>
              {session?.role}
            </Tag>
            <Button onClick={() => void logout()} loading={isLoggingOut} data-testid="logout">
              Log out
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
