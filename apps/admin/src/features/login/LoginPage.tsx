/**
 * Back-office login (docs/api.md §19.1): username, password and, when TOTP is enrolled (by operations,
 * `npm run admin -- totp-enrol`), the authenticator's 6-digit code, sent as `otp` only when filled.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { adminCall, type ApiError } from '../../api/client';
import type { AdminRole } from '@brokerage/contract';
import { roleHasRight } from '../../api/rights';
import { setSession, useSession } from '../../api/session';
import { homePath, sectionOfPath } from '../../sections';

interface LoginValues {
  username: string;
  password: string;
  otp?: string;
}

/**
 * Where to go after login: back to the page that sent us here, if the (possibly different) role that
 * just logged in may open it; else the users list.
 */
function targetAfterLogin(state: unknown, role: AdminRole | undefined): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as { from: unknown }).from;
    const section = typeof from === 'string' ? sectionOfPath(from) : undefined;
    if (typeof from === 'string' && section && roleHasRight(role, section.right)) return from;
  }
  return homePath;
}

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isRefused, setIsRefused] = useState(false);
  if (session) return <Navigate to={targetAfterLogin(location.state, session.role)} replace />;

  async function submit(values: LoginValues) {
    setIsSubmitting(true);
    setIsRefused(false);
    try {
      const otp = values.otp?.trim();
      const { data } = await adminCall(
        'login',
        { username: values.username.trim(), password: values.password, ...(otp ? { otp } : {}) },
        // The server does not say which factor failed; the page names all three instead of a toast.
        { notify: (error: ApiError) => error.code !== 'auth.wrong_credentials' },
      );
      setSession({ token: data.token, role: data.role, username: values.username.trim(), expiresAt: data.expiresAt });
      navigate(targetAfterLogin(location.state, data.role), { replace: true });
    } catch (error) {
      // Wrong credentials are shown on the page; the client has toasted anything else (disabled,
      // too many attempts). A code is single-use and short-lived, so it is cleared with the password.
      setIsRefused((error as ApiError).code === 'auth.wrong_credentials');
      form.setFieldsValue({ password: '', otp: '' });
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Back office sign in
        </Typography.Title>
        {isRefused ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title="Wrong username, password or one-time code."
            data-testid="admin-login-refused"
          />
        ) : null}
        <Form
          form={form}
          layout="vertical"
          name="admin-login"
          onFinish={(values) => void submit(values)}
          requiredMark={false}
        >
          <Form.Item
            label="Username"
            name="username"
            rules={[{ required: true, whitespace: true, message: 'Enter your username' }, { max: 64 }]}
          >
            <Input autoComplete="username" autoFocus data-testid="admin-login-username" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Enter your password' }, { max: 128 }]}
          >
            <Input.Password autoComplete="current-password" data-testid="admin-login-password" />
          </Form.Item>
          <Form.Item
            label="One-time code"
            name="otp"
            extra="The 6 digits your authenticator app shows, if your account has one."
            rules={[{ pattern: /^\d{6}$/, message: 'The code has 6 digits' }]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="admin-login-otp" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isSubmitting} data-testid="admin-login-submit">
            Sign in
          </Button>
        </Form>
      </Card>
    </main>
  );
}
