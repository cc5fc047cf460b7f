import type { ProfileResponse } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { apiInfoOf } from '../api-credits/api-credits.service.js';
import { balancesOf } from '../billing/ledger.js';
import { billingProfileOf } from '../billing/profiles.repo.js';
import { findPlan } from '../plans/plans.repo.js';
import { referralLink } from '../referrals/referrals.service.js';
import type { UserRow } from '../users/users.repo.js';

/** `GET users/profile`: who the user is, the plan, the balances, the API key and the referral link. */
export async function profileOf(deps: Deps, user: UserRow): Promise<ProfileResponse> {
  const profile = await billingProfileOf(deps.db, user.id);
  const [balances, plan] = await Promise.all([
    balancesOf(deps.db, user.id),
    findPlan(deps.db, profile.price_plan_id),
  ]);
  return {
    data: {
      id: user.id,
      nickname: user.nickname,
      email: user.email,
      full_name: user.full_name,
      country: user.country,
      avatar: user.avatar,
      priceplan: { id: profile.price_plan_id, name: plan?.name ?? '' },
      balances,
      api: apiInfoOf(profile),
      referral: {
        code: profile.referral_code,
        link: referralLink(deps.config.publicUrl, profile.referral_code),
      },
    },
  };
}
