import 'i18next';
import type enUS from './locales/en-US.json';
import type enUSApp from './locales/en-US.app.json';
import type enUSLegal from './locales/en-US.legal.json';
import type enUSMessages from './locales/en-US.messages.json';
import type enUSMoney from './locales/en-US.money.json';
import type enUSCampaigns from './locales/en-US.campaigns.json';
import type enUSCpi from './locales/en-US.cpi.json';
import type enUSStatistics from './locales/en-US.statistics.json';
import type enUSAdmin from './locales/en-US.admin.json';
import type enUSAccess from './locales/en-US.access.json';
import type enUSStaffMoney from './locales/en-US.staffmoney.json';
import type enUSMarketing from './locales/en-US.marketing.json';
import type enUSUsers from './locales/en-US.users.json';
import type enUSSettings from './locales/en-US.settings.json';
import type enUSSecurity from './locales/en-US.security.json';
import type enUSOperations from './locales/en-US.operations.json';
import type enUSPages from './locales/en-US.pages.json';
import type enUSProfile from './locales/en-US.profile.json';
import type enUSWebhooks from './locales/en-US.webhooks.json';
import type enUSNav from './locales/en-US.nav.json';
import type enUSNotices from './locales/en-US.notices.json';
import type enUSBlog from './locales/en-US.blog.json';
import type enUSSales from './locales/en-US.sales.json';
import type enUSStaffDesk from './locales/en-US.staffdesk.json';

// en-US is the reference locale: `t()` keys are checked against it at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof enUS;
      messages: typeof enUSMessages;
      app: typeof enUSApp;
      legal: typeof enUSLegal;
      money: typeof enUSMoney;
      campaigns: typeof enUSCampaigns;
      cpi: typeof enUSCpi;
      statistics: typeof enUSStatistics;
      admin: typeof enUSAdmin;
      access: typeof enUSAccess;
      staffmoney: typeof enUSStaffMoney;
      marketing: typeof enUSMarketing;
      users: typeof enUSUsers;
      settings: typeof enUSSettings;
      security: typeof enUSSecurity;
      operations: typeof enUSOperations;
      pages: typeof enUSPages;
      profile: typeof enUSProfile;
      webhooks: typeof enUSWebhooks;
      nav: typeof enUSNav;
      notices: typeof enUSNotices;
      blog: typeof enUSBlog;
      sales: typeof enUSSales;
      staffdesk: typeof enUSStaffDesk;
    };
    returnNull: false;
  }
}
