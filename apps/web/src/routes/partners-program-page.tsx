import { useQuery } from '@tanstack/react-query';
import { PartnersProgram } from '../features/pages/components/partners-program';
import { referralsQueryOptions } from '../features/referrals/api/referrals';

/** /partners-program: the partner terms with the caller's referral link and earnings (the referral program's). */
export function PartnersProgramPage() {
  const { data, error } = useQuery(
    referralsQueryOptions({ page: 1, sortBy: 'spendings_new', sortType: 'desc' }),
  );
  return <PartnersProgram summary={data?.summary} error={error} />;
}
