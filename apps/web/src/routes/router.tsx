import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
} from '@tanstack/react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { i18next, type Namespace } from '../lib/i18n';
import { guardNavigation, setGuardedRouter } from './guard';
import { startCampaignsPageCalls } from '../features/campaigns/api/campaign-list-params';
import { loadCampaignTexts } from './campaign-texts';
import { campaignSearch } from './campaign-search';
import { loadMoneyTexts } from './money-texts';
import { keywordsSearch, parseSearch, stringifySearch, stringParams } from './search';
import { signedInPages, type SignedInPage } from './signed-in-pages';

const rootRoute = createRootRoute({
  beforeLoad: guardNavigation,
  component: Outlet,
  // Unknown paths never render: the guard sends them to the dashboard (or sign-in).
  notFoundComponent: () => null,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: stringParams('verified'),
  component: lazyRouteComponent(() => import('./login-page'), 'LoginPage'),
});

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  validateSearch: stringParams('ref', 'email'),
  component: lazyRouteComponent(() => import('./signup-page'), 'SignupPage'),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('./forgot-password-page'), 'ForgotPasswordPage'),
});

const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/password-reset',
  validateSearch: stringParams('token', 'email'),
  component: lazyRouteComponent(() => import('./password-reset-page'), 'PasswordResetPage'),
});

const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  component: lazyRouteComponent(() => import('./legal-pages'), 'TermsPage'),
});

const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('./legal-pages'), 'PrivacyPage'),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  component: lazyRouteComponent(() => import('./error-pages'), 'NotFoundPage'),
});

const serverErrorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/500',
  component: lazyRouteComponent(() => import('./error-pages'), 'ServerErrorPage'),
});

const maintenanceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/503',
  component: lazyRouteComponent(() => import('./error-pages'), 'MaintenancePage'),
});

/** The new tab of "Log in as user": exchanges its one-time code, then opens the user's dashboard. */
const loginAsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login-as',
  loader: () => i18next.loadNamespaces(['security']),
  component: lazyRouteComponent(() => import('./login-as-page'), 'LoginAsPage'),
});

/** A component of the signed-in area (routes/signed-in-pages.ts). */
const signedInPage = (page: SignedInPage) =>
  lazyRouteComponent(async () => ({ default: await signedInPages[page]() }));

/** The signed-in area: the AppShell with the side menu and header. */
const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: signedInPage('layout'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard',
  // The widgets' texts (the personal-manager card's among them).
  loader: () => i18next.loadNamespaces(['pages', 'sales']),
  component: signedInPage('dashboard'),
});

const appsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/apps',
  validateSearch: stringParams('search', 'openModal'),
  component: signedInPage('apps'),
});

const keywordsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/keywords',
  validateSearch: keywordsSearch,
  component: signedInPage('keywords'),
});

const addCampaignsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/add-campaigns',
  validateSearch: stringParams(
    'productType',
    'campaignId',
    'repeat',
    'packageId',
    'appstore',
    'country',
    'isAdvancedMode',
    'omitAdvancedMode',
  ),
  // The campaign texts and the personal-manager dialog's.
  loader: () => Promise.all([loadCampaignTexts(), i18next.loadNamespaces(['sales'])]),
  component: signedInPage('addCampaigns'),
});

const campaignsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/campaigns',
  validateSearch: stringParams('productType', 'packageId', 'appstore', 'country', 'search', 'status'),
  loader: loadCampaignTexts,
  staticData: {
    startCalls: (search) => startCampaignsPageCalls(campaignSearch(search)),
    texts: ['campaigns'],
  },
  component: signedInPage('campaigns'),
});

/** User lists and user details: their texts (the details' audit trail speaks the log viewer's). */
const loadUserTexts = () => i18next.loadNamespaces(['users', 'access', 'money', 'pages']);

const adminUserListsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/user-lists',
  loader: loadUserTexts,
  component: signedInPage('adminUserLists'),
});

const adminUserDetailsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/user-details/$id',
  validateSearch: stringParams('tab'),
  loader: loadUserTexts,
  component: signedInPage('adminUserDetails'),
});

/** Staff pages of campaigns and vendors: their texts, and the campaign statuses and types they show. */
const loadAdminTexts = () => i18next.loadNamespaces(['admin', 'campaigns']);

const adminUserOrdersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/user-orders',
  validateSearch: stringParams('userId', 'view', 'campaign', 'unread'),
  loader: loadAdminTexts,
  component: signedInPage('adminUserOrders'),
});

const adminVendorsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/vendors',
  loader: loadAdminTexts,
  component: signedInPage('adminVendors'),
});

/** Roles, modules, functions and the log viewer: the texts of who may do what, and what they did. */
const loadAccessTexts = () => i18next.loadNamespaces(['access']);

const adminRolesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/role',
  loader: loadAccessTexts,
  component: signedInPage('adminRoles'),
});

const adminModulesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/modules',
  loader: loadAccessTexts,
  component: signedInPage('adminModules'),
});

const adminFunctionsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/functions',
  loader: loadAccessTexts,
  component: signedInPage('adminFunctions'),
});

const adminLogViewerRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/log-viewer',
  // The audit log's texts and the server error log's (its second tab).
  loader: () => i18next.loadNamespaces(['access', 'operations']),
  component: signedInPage('adminLogViewer'),
});

/** The staff money pages: user payments, user apps, reflinks and CPI accounts. */
const loadStaffMoneyTexts = () => i18next.loadNamespaces(['staffmoney', 'money']);

const adminUserPaymentsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/user-payments',
  validateSearch: stringParams('status'),
  loader: loadStaffMoneyTexts,
  component: signedInPage('adminUserPayments'),
});

const adminUserAppsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/user-apps',
  loader: loadStaffMoneyTexts,
  component: signedInPage('adminUserApps'),
});

const adminReflinksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/reflinks',
  loader: loadStaffMoneyTexts,
  component: signedInPage('adminReflinks'),
});

const adminNoticeTemplatesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/notice-templates',
  component: signedInPage('adminNoticeTemplates'),
});

const adminBlogRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/blog',
  loader: () => i18next.loadNamespaces(['blog']),
  component: signedInPage('adminBlog'),
});

/** Marketing pages: their texts, and the product types the actions name. */
const loadMarketingTexts = () => i18next.loadNamespaces(['marketing', 'campaigns']);

const adminMarketingActionsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/marketing-actions',
  loader: loadMarketingTexts,
  component: signedInPage('adminMarketingActions'),
});

const adminAdsReportRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/google-ads-report',
  loader: loadMarketingTexts,
  component: signedInPage('adminAdsReport'),
});

const adminCpiAccountsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/cpi-accounts',
  loader: loadStaffMoneyTexts,
  component: signedInPage('adminCpiAccounts'),
});

/** The sales and clients reports. */
const loadSalesTexts = () => i18next.loadNamespaces(['sales']);

const adminSalesReportRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/sales-report',
  validateSearch: stringParams('tab'),
  loader: loadSalesTexts,
  component: signedInPage('adminSalesReport'),
});

const adminClientsReportRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/clients-report',
  loader: loadSalesTexts,
  component: signedInPage('adminClientsReport'),
});

/** Core settings: its texts, and the product types of the price list. */
const loadSettingsTexts = () => i18next.loadNamespaces(['settings', 'campaigns']);

const adminCoreSettingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/core-settings',
  loader: loadSettingsTexts,
  component: signedInPage('adminCoreSettings'),
});

/** Access lists, log in as a user and operations: the texts of the staff's security and operations tools. */
const loadSecurityTexts = () => i18next.loadNamespaces(['security']);

const adminAccessListsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/access-lists',
  loader: loadSecurityTexts,
  component: signedInPage('adminAccessLists'),
});

const adminOperationsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/operations',
  loader: () => i18next.loadNamespaces(['operations']),
  component: signedInPage('adminOperations'),
});

/** The staff home and the staff desk pages (payouts, bonus submissions, contact messages). */
const loadStaffDeskTexts = () => i18next.loadNamespaces(['staffdesk', 'money']);

const adminStaffHomeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/home',
  loader: loadStaffDeskTexts,
  component: signedInPage('adminStaffHome'),
});

const adminReferralPayoutsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/referral-payouts',
  loader: loadStaffDeskTexts,
  component: signedInPage('adminReferralPayouts'),
});

const adminBonusSubmissionsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/bonus-submissions',
  loader: loadStaffDeskTexts,
  component: signedInPage('adminBonusSubmissions'),
});

const adminContactMessagesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin/contact-messages',
  loader: loadStaffDeskTexts,
  component: signedInPage('adminContactMessages'),
});

const topUpRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/top-up-balance',
  loader: loadMoneyTexts,
  component: signedInPage('topUp'),
});

/** Where the payment providers send the browser back (the sandbox's and Stripe's return path). */
const topUpResultRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/top-up-balance/result',
  validateSearch: stringParams('payment'),
  loader: loadMoneyTexts,
  component: signedInPage('topUpResult'),
});

const transactionsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/my-transactions',
  loader: loadMoneyTexts,
  component: signedInPage('transactions'),
});

const pricePlansRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/priceplans',
  loader: loadMoneyTexts,
  component: signedInPage('pricePlans'),
});

const referralProgramRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/referral-program',
  loader: loadMoneyTexts,
  component: signedInPage('referralProgram'),
});

const bonusProgramRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/bonus-program',
  loader: loadMoneyTexts,
  component: signedInPage('bonusProgram'),
});

const statisticsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/statistics',
  validateSearch: stringParams(
    'tab',
    'view',
    'period',
    'from',
    'to',
    'packageId',
    'appstore',
    'country',
    'productType',
  ),
  // Its texts, and the campaign texts it shows (product types, statuses).
  loader: () => i18next.loadNamespaces(['statistics', 'campaigns']),
  component: signedInPage('statistics'),
});

/** The programs and information pages: their texts (customer-area §2). */
const loadPagesTexts = () => i18next.loadNamespaces(['pages']);

const resellersProgramRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/resellers-program',
  loader: loadPagesTexts,
  component: signedInPage('resellersProgram'),
});

const partnersProgramRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/partners-program',
  loader: loadPagesTexts,
  component: signedInPage('partnersProgram'),
});

const contactsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/contacts',
  loader: loadPagesTexts,
  component: signedInPage('contacts'),
});

const startingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/starting',
  loader: loadPagesTexts,
  component: signedInPage('starting'),
});

const apiSupportRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/api-support',
  // The page's texts and its webhooks section's.
  loader: () => i18next.loadNamespaces(['pages', 'webhooks']),
  component: signedInPage('apiSupport'),
});

const myProfileRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/my-profile',
  validateSearch: stringParams('tab'),
  loader: () => i18next.loadNamespaces(['profile']),
  component: signedInPage('myProfile'),
});

// '/' and '/api/password-reset' exist only to be redirected by the guard.
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/' });
const apiPasswordResetRoute = createRoute({ getParentRoute: () => rootRoute, path: '/api/password-reset' });

const routeTree = rootRoute.addChildren([
  indexRoute,
  apiPasswordResetRoute,
  loginRoute,
  signupRoute,
  forgotPasswordRoute,
  passwordResetRoute,
  termsRoute,
  privacyRoute,
  notFoundRoute,
  serverErrorRoute,
  maintenanceRoute,
  loginAsRoute,
  appLayoutRoute.addChildren([
    dashboardRoute,
    appsRoute,
    keywordsRoute,
    addCampaignsRoute,
    campaignsRoute,
    topUpRoute,
    topUpResultRoute,
    transactionsRoute,
    pricePlansRoute,
    referralProgramRoute,
    bonusProgramRoute,
    statisticsRoute,
    adminUserListsRoute,
    adminUserDetailsRoute,
    adminUserOrdersRoute,
    adminVendorsRoute,
    adminRolesRoute,
    adminModulesRoute,
    adminFunctionsRoute,
    adminLogViewerRoute,
    adminUserPaymentsRoute,
    adminUserAppsRoute,
    adminReflinksRoute,
    adminNoticeTemplatesRoute,
    adminBlogRoute,
    adminSalesReportRoute,
    adminClientsReportRoute,
    adminCpiAccountsRoute,
    adminMarketingActionsRoute,
    adminAdsReportRoute,
    adminCoreSettingsRoute,
    adminAccessListsRoute,
    adminOperationsRoute,
    adminStaffHomeRoute,
    adminReferralPayoutsRoute,
    adminBonusSubmissionsRoute,
    adminContactMessagesRoute,
    resellersProgramRoute,
    partnersProgramRoute,
    contactsRoute,
    startingRoute,
    apiSupportRoute,
    myProfileRoute,
  ]),
]);

/** The app's router: code-based routes, every page a lazy chunk. */
export const router = createRouter({
  routeTree,
  parseSearch,
  stringifySearch,
  defaultPreload: false,
  defaultPendingComponent: PageLoader,
  defaultPendingMs: 300,
  defaultErrorComponent: RouteError,
  notFoundMode: 'root',
});
setGuardedRouter(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /**
     * Starts the page's first API calls (lib/api.ts, startEarly); with a stored session the entry calls it
     * (main.tsx), so the data does not wait for the user check, the layout and the page's code in turn.
     */
    startCalls?: (search: Record<string, unknown>) => void;
    /** The page's namespaces: loaded beside the session check (guard.ts), preloaded by the entry (main.tsx). */
    texts?: readonly Namespace[];
  }
}
