import { and, eq } from 'drizzle-orm';
import { APP_STORES, DELIVERY_TYPES, PRODUCT_TYPES, createCampaignBodySchema } from '@storelift/shared';
import { campaigns } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { findUserByEmail } from '../users/users.repo.js';
import { createCampaign } from './campaigns.service.js';

/**
 * A running campaign for the demo customer, so the dashboard and My campaigns show delivery moving from the
 * first start. It is a real order: priced, charged through the ledger and delivered by the sandbox vendor's
 * clock. Ordered once, when the customer has no campaign but the imported (legacy) history.
 */
export async function seedDemoOrder(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const [ordered] = await deps.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.user_id, user.id), eq(campaigns.is_legacy, false)))
    .limit(1);
  if (ordered) return;
  const body = createCampaignBodySchema.parse({
    productType: PRODUCT_TYPES.package,
    packageId: DEMO_APPS.googlePlay.fitness,
    appstore: APP_STORES.GOOGLE_PLAY,
    country: 'US',
    days: 7,
    installs: 40,
    deliveryType: DELIVERY_TYPES.SPREAD,
    distribution: 'increase',
  });
  await createCampaign(deps, user.id, body);
}
