/** The desktop frame: side menu (filtered by the role's rights), header with role and logout. */
import { Button, Layout, Menu, Space, Tag, Typography, type MenuProps } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCall } from '../api/client';
import { roleHasRight } from '../api/rights';
import { clearSession, useSession } from '../api/session';
import { sectionOfPath, sections } from '../sections';

export function AppLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const items: MenuProps['items'] = sections
    .filter((section) => roleHasRight(session?.role, section.right))
    .map((section) => ({ key: section.path, label: section.label }));
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
      <Layout.Sider width={200} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div style={{ color: '#fff', fontWeight: 600, padding: '20px 24px', whiteSpace: 'nowrap' }}>Back office</div>
        <nav aria-label="Main">
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={selected ? [selected] : []}
            onClick={({ key }) => navigate(key)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', paddingInline: 24 }}
        >
          <Space size="middle">
            {session?.username ? <Typography.Text data-testid="header-username">{session.username}</Typography.Text> : null}
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
