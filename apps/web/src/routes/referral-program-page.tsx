import 'mantine-datatable/styles.css';
import { ReferralProgram } from '../features/referrals/components/referral-program';

/** /referral-program: the referral link, referred users, earnings and payouts. */
export function ReferralProgramPage() {
  return <ReferralProgram />;
}
