import 'mantine-datatable/styles.css';
import { BonusSubmissionsTable } from '../features/staff-desk/components/bonus-submissions-table';
import { ContactMessagesTable } from '../features/staff-desk/components/contact-messages-table';
import { PayoutsTable } from '../features/staff-desk/components/payouts-table';
import { StaffHome } from '../features/staff-desk/components/staff-home';

/** /admin/home (the staff-home module; every staff member): what needs them today. */
export function AdminStaffHomePage() {
  return <StaffHome />;
}

/** /admin/referral-payouts (the referral-payouts module; all staff by default). */
export function AdminReferralPayoutsPage() {
  return <PayoutsTable />;
}

/** /admin/bonus-submissions (the bonus-submissions module; admin, manager, support, marketer by default). */
export function AdminBonusSubmissionsPage() {
  return <BonusSubmissionsTable />;
}

/** /admin/contact-messages (the contact-messages module; admin, manager and support by default). */
export function AdminContactMessagesPage() {
  return <ContactMessagesTable />;
}
