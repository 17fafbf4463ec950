/**
 * Hash routes with the spec's exact paths (spec §2). No route parameters: screens that need
 * one read the hash query (`#/information/aboutInfo?kind=privacy`). Every screen is loaded on
 * demand; a chunk that does not arrive within 120 s fails (spec §9).
 */
import {
  Component,
  createElement,
  isValidElement,
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { Language } from '@brokerage/contract';
import { RouteError } from './components/RouteError';
import { ScreenLoading } from './components/ScreenLoading';
import { i18n, isLanguageLoaded, loadLanguage } from './i18n';
import { FIRST_PART_PATHS } from './i18n/parts';

export const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(loading: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Screen chunk load timed out')), CHUNK_TIMEOUT_MS);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A screen loaded on demand, with `preload` to start its chunk early (see `preloadRoute`). */
type Page<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

function page<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>): Page<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () => {
    loading ??= withTimeout<{ default: ComponentType<P> }>(loader()).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(load);
  // A chunk that is already in renders at once, without a suspended frame showing the spinner.
  const Screen = ((props: P) =>
    loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props)) as Page<P>;
  Screen.preload = load;
  return Screen;
}

/** The frame of the tab pages is a chunk of its own: the login screens do not need it. */
const AppShell = page<object>(() =>
  import('./components/AppShell').then((m) => ({ default: m.AppShell as ComponentType<object> })),
);

const StartPage = page(() => import('./features/login/StartPage'));
const LoginPage = page(() => import('./features/login/LoginPage'));
const RegisterPage = page(() => import('./features/login/RegisterPage'));
const HomePage = page(() => import('./features/home/HomePage'));
const MinePage = page(() => import('./features/account/MinePage'));
const ReturnsPage = page(() => import('./features/returns/ReturnsPage'));
const SettingPage = page(() => import('./features/account/SettingPage'));
const LoginPassPage = page(() => import('./features/account/LoginPassPage'));
const FundPassPage = page(() => import('./features/account/FundPassPage'));
const SecurityPage = page(() => import('./features/security/SecurityPage'));
const ChangeLangPage = page(() => import('./features/account/ChangeLangPage'));
const AboutUsPage = page(() => import('./features/account/AboutUsPage'));
const AboutInfoPage = page(() => import('./features/account/AboutInfoPage'));
const UserInfoPage = page(() => import('./features/account/UserInfoPage'));
const MsgInfoPage = page(() => import('./features/account/MsgInfoPage'));
const MarketPage = page(() => import('./features/market/MarketPage'));
const StockDetailPage = page(() => import('./features/market/StockDetailPage'));
const IndexDetailPage = page(() => import('./features/market/IndexDetailPage'));
const IndexListPage = page(() => import('./features/market/IndexListPage'));
const FavoritePage = page(() => import('./features/favorite/FavoritePage'));
const SearchPage = page(() => import('./features/favorite/SearchPage'));
const ExtendedHoursPage = page(() => import('./features/home/ExtendedHoursPage'));
const NewsListPage = page(() => import('./features/home/NewsListPage'));
const NewsDetailPage = page(() => import('./features/home/NewsDetailPage'));
const AuthInfoPage = page(() => import('./features/funds/AuthInfoPage'));
const BankListPage = page(() => import('./features/funds/BankListPage'));
const AddBankCardPage = page(() => import('./features/funds/AddBankCardPage'));
const RechargePage = page(() => import('./features/funds/RechargePage'));
const RechargeChannelPage = page(() => import('./features/funds/RechargeChannelPage'));
const CashOutPage = page(() => import('./features/funds/CashOutPage'));
const FundRecordPage = page(() => import('./features/funds/FundRecordPage'));
const StatementsPage = page(() => import('./features/funds/StatementsPage'));
const ExchangePage = page(() => import('./features/funds/ExchangePage'));
const WalletPage = page(() => import('./features/funds/WalletPage'));
const BuyStockPage = page(() => import('./features/trade/BuyStockPage'));
const TradePage = page(() => import('./features/trade/TradePage'));
const PositionDetailPage = page(() => import('./features/trade/PositionDetailPage'));
const DayTradingPage = page(() => import('./features/day-trading/DayTradingPage'));
const LendingPage = page(() => import('./features/lending/LendingPage'));
const LendingRecordPage = page(() => import('./features/lending/LendingRecordPage'));
const NewSharesPage = page(() => import('./features/new-shares/NewSharesPage'));
const NewShareDetailPage = page(() => import('./features/new-shares/NewShareDetailPage'));
const BlockTradesPage = page(() => import('./features/block-trades/BlockTradesPage'));
const BlockApplyPage = page(() => import('./features/block-trades/BlockApplyPage'));
const CheckInPage = page(() => import('./features/engagement/CheckInPage'));
const InviteFriendsPage = page(() => import('./features/engagement/InviteFriendsPage'));
const PremiumPage = page(() => import('./features/engagement/PremiumPage'));
const CustomerServicePage = page(() => import('./features/engagement/CustomerServicePage'));
const LoanRatingPage = page(() => import('./features/loans/LoanRatingPage'));
const LoanRecordPage = page(() => import('./features/loans/LoanRecordPage'));
const CopyFundsPage = page(() => import('./features/copy-funds/CopyFundsPage'));
const AlertsPage = page(() => import('./features/alerts/AlertsPage'));
const NotificationSettingsPage = page(() => import('./features/alerts/NotificationSettingsPage'));
const ProofPage = page(() => import('./features/proof/ProofPage'));
const Placeholder = page<{ titleKey: string }>(() =>
  import('./features/placeholder/PlaceholderPage').then((m) => ({ default: m.PlaceholderPage })),
);
const NotFoundPage = page(() => import('./features/placeholder/NotFoundPage'));
const TabPlaceholder = page<{ titleKey: string }>(() =>
  import('./features/placeholder/PlaceholderPage').then((m) => ({ default: m.TabPlaceholderPage })),
);

function Loadable({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoading />}>{children}</Suspense>;
}

/** Routes that are placeholders for now, with the key of their title (kept in step with PLACEHOLDERS.md). */
export const placeholderRoutes: { path: string; titleKey: string }[] = [];

/** Tab pages that are still placeholders inside the shell. */
export const tabPlaceholderRoutes: { path: string; titleKey: string }[] = [];

function screen(path: string, element: ReactNode): RouteObject {
  return { path, element: <Loadable>{element}</Loadable> };
}

export const routes: RouteObject[] = [
  {
    children: [
      { path: '/', element: <Navigate to="/login/start" replace /> },
      screen('/login/start', <StartPage />),
      screen('/login/login', <LoginPage />),
      screen('/login/register', <RegisterPage />),
      {
        element: (
          <Loadable>
            <AppShell />
          </Loadable>
        ),
        children: [
          { path: '/home/index', element: <HomePage /> },
          { path: '/market/index', element: <MarketPage /> },
          { path: '/favorite/index', element: <FavoritePage /> },
          { path: '/information/wallet', element: <WalletPage /> },
          { path: '/trade/index', element: <TradePage /> },
          ...tabPlaceholderRoutes.map(({ path, titleKey }) => ({
            path,
            element: <TabPlaceholder titleKey={titleKey} />,
          })),
        ],
      },
      screen('/information/index', <MinePage />),
      screen('/information/returns', <ReturnsPage />),
      screen('/information/setting', <SettingPage />),
      screen('/information/loginPass', <LoginPassPage />),
      screen('/information/fundPass', <FundPassPage />),
      screen('/information/security', <SecurityPage />),
      screen('/information/changeLang', <ChangeLangPage />),
      screen('/information/aboutUs', <AboutUsPage />),
      screen('/information/aboutInfo', <AboutInfoPage />),
      screen('/information/userInfo', <UserInfoPage />),
      screen('/information/msgInfo', <MsgInfoPage />),
      screen('/home/market', <ExtendedHoursPage />),
      screen('/home/newsList', <NewsListPage />),
      screen('/home/newsDetail', <NewsDetailPage />),
      screen('/market/stockDetail', <StockDetailPage />),
      screen('/market/stockDetailzs', <IndexDetailPage />),
      screen('/market/zhiShu', <IndexListPage />),
      screen('/favorite/search', <SearchPage />),
      screen('/information/authInfo', <AuthInfoPage />),
      screen('/information/bankList', <BankListPage />),
      screen('/information/addBankCard', <AddBankCardPage />),
      screen('/information/recharge', <RechargePage />),
      screen('/information/rechargeChannel', <RechargeChannelPage />),
      screen('/information/cashOut', <CashOutPage />),
      screen('/information/fundRecord', <FundRecordPage />),
      screen('/information/statements', <StatementsPage />),
      screen('/information/exChange', <ExchangePage />),
      screen('/market/buyStockDetail', <BuyStockPage />),
      screen('/trade/positionDetail', <PositionDetailPage />),
      screen('/home/dayTrading', <DayTradingPage />),
      screen('/home/lending', <LendingPage />),
      screen('/home/lendingRecord', <LendingRecordPage />),
      screen('/home/newStock', <NewSharesPage />),
      screen('/home/newStockBuy', <NewShareDetailPage />),
      screen('/home/blockTrade', <BlockTradesPage />),
      screen('/home/blockTrade2', <BlockApplyPage />),
      // check-in, invitation, premium explainer, customer service (spec §2; paths for check-in, premium and service are ours)
      screen('/information/checkIn', <CheckInPage />),
      screen('/information/inviteFriends', <InviteFriendsPage />),
      screen('/information/premium', <PremiumPage />),
      screen('/information/service', <CustomerServicePage />),
      screen('/information/loanRating', <LoanRatingPage />),
      screen('/information/loanRecord', <LoanRecordPage />),
      screen('/home/fllow', <CopyFundsPage />),
      // price alerts and push notifications (docs/api.md §22; paths are ours)
      screen('/information/alerts', <AlertsPage />),
      screen('/information/notifications', <NotificationSettingsPage />),
      // proof of liabilities (docs/api.md §25; the path is ours)
      screen('/information/proof', <ProofPage />),
      ...placeholderRoutes.map(({ path, titleKey }) => screen(path, <Placeholder titleKey={titleKey} />)),
      screen('*', <NotFoundPage />),
    ],
  },
];

/** The screens an element renders (`<Loadable><LoginPage /></Loadable>` → LoginPage). */
function preloadsOf(node: ReactNode): Array<() => Promise<unknown>> {
  if (!isValidElement(node)) return [];
  const own = (node.type as Partial<Page<object>>).preload;
  const children = (node.props as { children?: ReactNode }).children;
  return [...(own ? [own] : []), ...preloadsOf(children)];
}

/**
 * Starts loading the chunks of the screens `path` shows (layout and page), so that the first
 * screen's code comes in parallel with the language strings rather than after them. Resolves
 * when they are in (or failed: the screen's own error handling shows that).
 */
export function preloadRoute(path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  const redirect = matches
    .map((match) => match.route.element)
    .find((element) => isValidElement(element) && element.type === Navigate);
  if (isValidElement<{ to: string }>(redirect) && redirect.props.to !== path) return preloadRoute(redirect.props.to);
  const loads = matches.flatMap((match) => preloadsOf(match.route.element));
  return Promise.allSettled(loads.map((load) => load())).then(() => undefined);
}

/** Runs `then` once the browser is idle (within `timeout` ms at the latest); answers a function that cancels it. */
export function whenIdle(then: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(then, 200);
  return () => clearTimeout(id);
}

/**
 * Loads the code of the screens the page's in-app links lead to (the tab bar, the home screen's
 * quick entries, the wallet's actions, …), one screen at a time whenever the browser is idle
 * (issue 30): a tap then shows its screen without waiting for chunks, and the data it needs is
 * asked for on the tap itself (`api/prefetch.ts`). Code only: no request reaches the API. The
 * service worker downloads every file of the build after the first screen anyway; this also
 * evaluates the screens' modules. Stops when `stopped` answers true (the user moved on).
 */
export async function preloadLinkedScreens(root: ParentNode, current: string, stopped: () => boolean): Promise<void> {
  const paths = new Set<string>();
  for (const link of root.querySelectorAll('a[href^="#/"]')) {
    const path = hashPath(link.getAttribute('href') ?? '');
    if (path !== current && !FIRST_PART_PATHS.includes(path)) paths.add(path);
  }
  for (const path of paths) {
    if (stopped()) return;
    await preloadRoute(path);
    await new Promise<void>((resolve) => whenIdle(resolve));
  }
}

/** After a screen has rendered and the browser is idle, the code of the screens its links lead to (not on the login screens). */
function usePreloadLinkedScreens(pathname: string): void {
  useEffect(() => {
    if (FIRST_PART_PATHS.includes(pathname)) return;
    let stopped = false;
    let cancel = () => {};
    // once the screen's own code is in (it renders right after), so its links are on the page
    void preloadRoute(pathname).then(() => {
      if (!stopped) cancel = whenIdle(() => void preloadLinkedScreens(document, pathname, () => stopped));
    });
    return () => {
      stopped = true;
      cancel();
    };
  }, [pathname]);
}

/**
 * A screen that fails (its chunk did not load, or it threw while rendering) shows `RouteError`
 * instead of a blank page (spec §8); moving to another path tries again.
 */
class ScreenErrorBoundary extends Component<{ path: string; children: ReactNode }, { error: unknown; path: string }> {
  override state: { error: unknown; path: string } = { error: null, path: this.props.path };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { path: string }, state: { error: unknown; path: string }) {
    return props.path === state.path ? null : { error: null, path: props.path };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

const stringsFailed = new Set<Language>();

/**
 * Holds a screen whose strings are not all in yet (the login screens render with the first part
 * of the dictionary, `i18n/parts.ts`): the loading ring until the rest arrives, so no screen shows
 * keys and nothing re-renders when it does. If the rest cannot be loaded (offline), the screen
 * renders anyway and shows keys where words are missing.
 */
function WithStrings({ path, children }: { path: string; children: ReactNode }) {
  const language = i18n.language as Language;
  if (!FIRST_PART_PATHS.includes(path) && !isLanguageLoaded(language) && !stringsFailed.has(language)) {
    // Suspense waits for a thrown promise.
    throw loadLanguage(language).catch(() => {
      stringsFailed.add(language);
    });
  }
  return <>{children}</>;
}

/**
 * The app's screens for the current location. A plain `HashRouter` around this, not the data
 * router (`createHashRouter`): the app loads no data through the router, and the data router's
 * code was about 16 KB gzip of the first screen's JavaScript (issue 16).
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  usePreloadLinkedScreens(pathname);
  return (
    <ScreenErrorBoundary path={pathname}>
      <Suspense fallback={<ScreenLoading />}>
        <WithStrings path={pathname}>{element}</WithStrings>
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** The path the hash names (`#/login/login?x=1` → `/login/login`), as `HashRouter` reads it. */
export function hashPath(hash: string = window.location.hash): string {
  const path = hash.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}
