/** Providers and routes. Hash routes, because the server serves only index.html at /admin/. */
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from './components/AppLayout';
import { NotifierBridge } from './components/NotifierBridge';
import { RequireAuth, RequireRight } from './components/RequireAuth';
import { AuditPage } from './features/audit';
import { ConfigPage, DepositChannelsPage } from './features/config';
import { LendingProductsPage } from './features/lending';
import { NewSharesPage } from './features/new-shares';
import { BlockTradesPage } from './features/block-trades';
import { CopyFundsPage } from './features/copy-funds';
import { LoginPage } from './features/login';
import { NewsPage } from './features/news';
import { ProofsPage } from './features/proofs';
import { NoticesPage } from './features/notices';
import { ReviewQueueRoute } from './features/reviews';
import { UsersPage } from './features/users';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The client already toasted the failure; retrying a refusal gives the same answer. Reading a
        // user's detail is audit-logged, so nothing refetches behind the operator's back either.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export function Root({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ConfigProvider locale={enUS}>
      <AntApp>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route
                element={
                  <RequireAuth>
                    <AppLayout />
                  </RequireAuth>
                }
              >
                <Route index element={<Navigate to="/users" replace />} />
                <Route
                  path="/users"
                  element={
                    <RequireRight right="user.read">
                      <UsersPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/reviews/:queue"
                  element={
                    <RequireRight right="review.read">
                      <ReviewQueueRoute />
                    </RequireRight>
                  }
                />
                <Route path="/reviews" element={<Navigate to="/reviews/kyc" replace />} />
                <Route
                  path="/products/lending"
                  element={
                    <RequireRight right="product.manage">
                      <LendingProductsPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/products/new-shares"
                  element={
                    <RequireRight right="product.manage">
                      <NewSharesPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/products/block-trades"
                  element={
                    <RequireRight right="product.manage">
                      <BlockTradesPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/products/copy-funds"
                  element={
                    <RequireRight right="product.manage">
                      <CopyFundsPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/news"
                  element={
                    <RequireRight right="product.manage">
                      <NewsPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/proofs"
                  element={
                    <RequireRight right="product.manage">
                      <ProofsPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/notices"
                  element={
                    <RequireRight right="product.manage">
                      <NoticesPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/config"
                  element={
                    <RequireRight right="config.manage">
                      <ConfigPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/config/deposit-channels"
                  element={
                    <RequireRight right="config.manage">
                      <DepositChannelsPage />
                    </RequireRight>
                  }
                />
                <Route
                  path="/audit"
                  element={
                    <RequireRight right="audit.read">
                      <AuditPage />
                    </RequireRight>
                  }
                />
                <Route path="*" element={<Navigate to="/users" replace />} />
              </Route>
            </Routes>
          </HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
