import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  sandboxGoogleAdsAdGroups,
  sandboxGoogleAdsAds,
  sandboxGoogleAdsBudgets,
  sandboxGoogleAdsCampaigns,
  sandboxGoogleAdsCriteria,
} from '../../db/schema/index.js';

/** The queries of the sandbox Google Ads (sandbox-google-ads.mutate.ts and .search.ts), per customer id. */

export type BudgetRow = typeof sandboxGoogleAdsBudgets.$inferSelect;
export type CampaignRow = typeof sandboxGoogleAdsCampaigns.$inferSelect;
export type CriterionRow = typeof sandboxGoogleAdsCriteria.$inferSelect;
export type AdGroupRow = typeof sandboxGoogleAdsAdGroups.$inferSelect;
export type AdRow = typeof sandboxGoogleAdsAds.$inferSelect;

export async function insertBudget(tx: Queryable, row: typeof sandboxGoogleAdsBudgets.$inferInsert) {
  const [inserted] = await tx.insert(sandboxGoogleAdsBudgets).values(row).returning();
  return inserted!;
}

export async function findBudget(tx: Queryable, customerId: string, id: number) {
  const [row] = await tx
    .select()
    .from(sandboxGoogleAdsBudgets)
    .where(and(eq(sandboxGoogleAdsBudgets.customer_id, customerId), eq(sandboxGoogleAdsBudgets.id, id)))
    .for('update');
  return row;
}

export async function findBudgetByName(tx: Queryable, customerId: string, name: string) {
  const [row] = await tx
    .select({ id: sandboxGoogleAdsBudgets.id })
    .from(sandboxGoogleAdsBudgets)
    .where(
      and(
        eq(sandboxGoogleAdsBudgets.customer_id, customerId),
        eq(sandboxGoogleAdsBudgets.name, name),
        ne(sandboxGoogleAdsBudgets.status, 'REMOVED'),
      ),
    );
  return row;
}

/** Every budget of a customer (removed ones too, as Google lists them). */
export function listBudgets(db: Queryable, customerId: string) {
  return db
    .select()
    .from(sandboxGoogleAdsBudgets)
    .where(eq(sandboxGoogleAdsBudgets.customer_id, customerId))
    .orderBy(sandboxGoogleAdsBudgets.id);
}

export async function setBudget(tx: Queryable, id: number, patch: Partial<BudgetRow>) {
  await tx
    .update(sandboxGoogleAdsBudgets)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(sandboxGoogleAdsBudgets.id, id));
}

export async function insertCampaign(tx: Queryable, row: typeof sandboxGoogleAdsCampaigns.$inferInsert) {
  const [inserted] = await tx.insert(sandboxGoogleAdsCampaigns).values(row).returning();
  return inserted!;
}

/** A campaign of the customer, locked: its clock and terms change under the lock. */
export async function findCampaign(tx: Queryable, customerId: string, id: number) {
  const [row] = await tx
    .select()
    .from(sandboxGoogleAdsCampaigns)
    .where(and(eq(sandboxGoogleAdsCampaigns.customer_id, customerId), eq(sandboxGoogleAdsCampaigns.id, id)))
    .for('update');
  return row;
}

export async function findCampaignByName(tx: Queryable, customerId: string, name: string) {
  const [row] = await tx
    .select({ id: sandboxGoogleAdsCampaigns.id })
    .from(sandboxGoogleAdsCampaigns)
    .where(
      and(
        eq(sandboxGoogleAdsCampaigns.customer_id, customerId),
        eq(sandboxGoogleAdsCampaigns.name, name),
        ne(sandboxGoogleAdsCampaigns.status, 'REMOVED'),
      ),
    );
  return row;
}

/** The campaigns (not removed) that spend from a budget, locked. */
export function campaignsOfBudget(tx: Queryable, budgetId: number) {
  return tx
    .select()
    .from(sandboxGoogleAdsCampaigns)
    .where(
      and(eq(sandboxGoogleAdsCampaigns.budget_id, budgetId), ne(sandboxGoogleAdsCampaigns.status, 'REMOVED')),
    )
    .for('update');
}

export async function setCampaign(tx: Queryable, id: number, patch: Partial<CampaignRow>) {
  await tx
    .update(sandboxGoogleAdsCampaigns)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(sandboxGoogleAdsCampaigns.id, id));
}

/** Every campaign of a customer (removed ones too, as Google lists them) with its budget. */
export function listCampaigns(db: Queryable, customerId: string) {
  return db
    .select({ campaign: sandboxGoogleAdsCampaigns, budget: sandboxGoogleAdsBudgets })
    .from(sandboxGoogleAdsCampaigns)
    .innerJoin(sandboxGoogleAdsBudgets, eq(sandboxGoogleAdsBudgets.id, sandboxGoogleAdsCampaigns.budget_id))
    .where(eq(sandboxGoogleAdsCampaigns.customer_id, customerId))
    .orderBy(sandboxGoogleAdsCampaigns.id);
}

export async function insertCriterion(tx: Queryable, row: typeof sandboxGoogleAdsCriteria.$inferInsert) {
  const [inserted] = await tx.insert(sandboxGoogleAdsCriteria).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Removes a criterion; whether it existed. */
export async function deleteCriterion(tx: Queryable, campaignId: number, criterionId: number) {
  const deleted = await tx
    .delete(sandboxGoogleAdsCriteria)
    .where(
      and(
        eq(sandboxGoogleAdsCriteria.campaign_id, campaignId),
        eq(sandboxGoogleAdsCriteria.criterion_id, criterionId),
      ),
    )
    .returning({ id: sandboxGoogleAdsCriteria.campaign_id });
  return deleted.length > 0;
}

export function criteriaOf(db: Queryable, campaignIds: number[]) {
  if (!campaignIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(sandboxGoogleAdsCriteria)
    .where(inArray(sandboxGoogleAdsCriteria.campaign_id, campaignIds))
    .orderBy(sandboxGoogleAdsCriteria.campaign_id, sandboxGoogleAdsCriteria.criterion_id);
}

export async function insertAdGroup(tx: Queryable, row: typeof sandboxGoogleAdsAdGroups.$inferInsert) {
  const [inserted] = await tx.insert(sandboxGoogleAdsAdGroups).values(row).returning();
  return inserted!;
}

/** An ad group of the customer (through its campaign), locked. */
export async function findAdGroup(tx: Queryable, customerId: string, id: number) {
  const [row] = await tx
    .select({ adGroup: sandboxGoogleAdsAdGroups })
    .from(sandboxGoogleAdsAdGroups)
    .innerJoin(
      sandboxGoogleAdsCampaigns,
      eq(sandboxGoogleAdsCampaigns.id, sandboxGoogleAdsAdGroups.campaign_id),
    )
    .where(and(eq(sandboxGoogleAdsAdGroups.id, id), eq(sandboxGoogleAdsCampaigns.customer_id, customerId)))
    .for('update', { of: sandboxGoogleAdsAdGroups });
  return row?.adGroup;
}

export async function findAdGroupByName(tx: Queryable, campaignId: number, name: string) {
  const [row] = await tx
    .select({ id: sandboxGoogleAdsAdGroups.id })
    .from(sandboxGoogleAdsAdGroups)
    .where(
      and(
        eq(sandboxGoogleAdsAdGroups.campaign_id, campaignId),
        eq(sandboxGoogleAdsAdGroups.name, name),
        ne(sandboxGoogleAdsAdGroups.status, 'REMOVED'),
      ),
    );
  return row;
}

export async function setAdGroup(tx: Queryable, id: number, patch: Partial<AdGroupRow>) {
  await tx
    .update(sandboxGoogleAdsAdGroups)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(sandboxGoogleAdsAdGroups.id, id));
}

export function adGroupsOf(db: Queryable, campaignIds: number[]) {
  if (!campaignIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(sandboxGoogleAdsAdGroups)
    .where(inArray(sandboxGoogleAdsAdGroups.campaign_id, campaignIds))
    .orderBy(sandboxGoogleAdsAdGroups.id);
}

export async function insertAd(tx: Queryable, row: typeof sandboxGoogleAdsAds.$inferInsert) {
  const [inserted] = await tx.insert(sandboxGoogleAdsAds).values(row).returning();
  return inserted!;
}

/** An ad of the customer in an ad group (through its campaign), locked. */
export async function findAd(tx: Queryable, customerId: string, adGroupId: number, id: number) {
  const [row] = await tx
    .select({ ad: sandboxGoogleAdsAds })
    .from(sandboxGoogleAdsAds)
    .innerJoin(sandboxGoogleAdsAdGroups, eq(sandboxGoogleAdsAdGroups.id, sandboxGoogleAdsAds.ad_group_id))
    .innerJoin(
      sandboxGoogleAdsCampaigns,
      eq(sandboxGoogleAdsCampaigns.id, sandboxGoogleAdsAdGroups.campaign_id),
    )
    .where(
      and(
        eq(sandboxGoogleAdsAds.id, id),
        eq(sandboxGoogleAdsAds.ad_group_id, adGroupId),
        eq(sandboxGoogleAdsCampaigns.customer_id, customerId),
      ),
    )
    .for('update', { of: sandboxGoogleAdsAds });
  return row?.ad;
}

export async function setAd(tx: Queryable, id: number, patch: Partial<AdRow>) {
  await tx
    .update(sandboxGoogleAdsAds)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(sandboxGoogleAdsAds.id, id));
}

export function adsOf(db: Queryable, adGroupIds: number[]) {
  if (!adGroupIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(sandboxGoogleAdsAds)
    .where(inArray(sandboxGoogleAdsAds.ad_group_id, adGroupIds))
    .orderBy(sandboxGoogleAdsAds.id);
}
