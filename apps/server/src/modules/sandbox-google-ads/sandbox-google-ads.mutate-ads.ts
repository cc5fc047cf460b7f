import { countryOfGeoTarget } from '@storelift/shared';
import { badRequest, fieldPath } from './sandbox-google-ads.errors.js';
import type { Fields } from './sandbox-google-ads.fields.js';
import {
  STATUSES,
  maskOf,
  removedCampaign,
  updatable,
  type Context,
  type Handler,
} from './sandbox-google-ads.mutate-common.js';
import { adGroupName, adName, criterionName, idsOf, notFound } from './sandbox-google-ads.names.js';
import * as repo from './sandbox-google-ads.repo.js';
import { policyTopicsOf } from './sandbox-google-ads.state.js';

/*
 * The mutate handlers of campaignCriteria (countries and languages), adGroups and adGroupAds (app ads with up to
 * five headlines of 30 characters and five descriptions of 90; their texts decide the ad review).
 */

/** The campaign a criterion or ad group names: this customer's and not removed. */
async function campaignFor(ctx: Context, fields: Fields) {
  if (!fields.has('campaign')) fields.required('campaign');
  const [id] = idsOf('campaigns', fields.value.campaign, ctx.cid, fields.at('campaign'));
  const campaign = await repo.findCampaign(ctx.tx, ctx.cid, id!);
  if (!campaign) throw notFound(fields.at('campaign'), String(fields.value.campaign));
  if (campaign.status === 'REMOVED') throw removedCampaign(fields.at('campaign'));
  return campaign;
}

const immutable = (update: Fields) =>
  badRequest(
    'fieldError',
    'IMMUTABLE_FIELD',
    'The field cannot be modified.',
    fieldPath(...update.path.slice(0, -1), 'update_mask'),
  );

/** Google's language constants: ids 1000-1099 (English 1000, Spanish 1003, Russian 1031, ...). */
const LANGUAGE_IDS = { min: 1000, max: 1099 };

/** The criterion's constant: a country's geo target constant (LOCATION) or a language constant (LANGUAGE). */
function constantOf(create: Fields): { type: 'LOCATION' | 'LANGUAGE'; id: number; at: Fields; text: string } {
  const location = create.message('location', 'LocationInfo');
  const language = create.message('language', 'LanguageInfo');
  if (location && language)
    throw badRequest(
      'criterionError',
      'INVALID_CRITERION_TYPE',
      'A criterion is one thing.',
      create.at('language'),
    );
  if (language) {
    const text = language.only(['languageConstant']).text('languageConstant', { required: true })!;
    const id = Number(/^languageConstants\/(\d{1,10})$/.exec(text)?.[1]);
    if (!(id >= LANGUAGE_IDS.min && id <= LANGUAGE_IDS.max))
      throw notFound(language.at('languageConstant'), text);
    return { type: 'LANGUAGE', id, at: language, text };
  }
  if (!location) return create.required('location');
  const text = location.only(['geoTargetConstant']).text('geoTargetConstant', { required: true })!;
  const id = Number(/^geoTargetConstants\/(\d{1,10})$/.exec(text)?.[1]);
  if (!id || !countryOfGeoTarget(id)) throw notFound(location.at('geoTargetConstant'), text);
  return { type: 'LOCATION', id, at: location, text };
}

export const criteria: Handler = {
  async create(ctx, create) {
    create.only(['resourceName', 'campaign', 'location', 'language', 'negative', 'status', 'bidModifier']);
    const campaign = await campaignFor(ctx, create);
    const constant = constantOf(create);
    const { id } = constant;
    const inserted = await repo.insertCriterion(ctx.tx, {
      campaign_id: campaign.id,
      criterion_id: id,
      type: constant.type,
      negative: create.bool('negative') ?? false,
    });
    if (!inserted)
      throw badRequest(
        'mutateError',
        'RESOURCE_ALREADY_EXISTS',
        'The resource already exists.',
        constant.at.at(constant.type === 'LOCATION' ? 'geoTargetConstant' : 'languageConstant'),
        constant.text,
      );
    return criterionName(ctx.cid, campaign.id, id);
  },
  async update(_ctx, update) {
    throw immutable(update);
  },
  async remove(ctx, name, path) {
    const location = fieldPath(...path);
    const [campaignId, criterionId] = idsOf('campaignCriteria', name, ctx.cid, location);
    const campaign = await repo.findCampaign(ctx.tx, ctx.cid, campaignId!);
    if (!campaign || !(await repo.deleteCriterion(ctx.tx, campaignId!, criterionId!)))
      throw notFound(location, String(name));
    return criterionName(ctx.cid, campaignId!, criterionId!);
  },
};

export const adGroups: Handler = {
  async create(ctx, create) {
    create.only(['resourceName', 'name', 'campaign', 'status', 'type']);
    const name = create.text('name', { required: true, max: 255 })!;
    const campaign = await campaignFor(ctx, create);
    const status = create.enumOf('status', STATUSES, 'AdGroupStatusEnum.AdGroupStatus') ?? 'ENABLED';
    if (await repo.findAdGroupByName(ctx.tx, campaign.id, name))
      throw badRequest(
        'adGroupError',
        'DUPLICATE_ADGROUP_NAME',
        'AdGroup with the same name already exists for the campaign.',
        create.at('name'),
        name,
      );
    const row = await repo.insertAdGroup(ctx.tx, { campaign_id: campaign.id, name, status });
    return adGroupName(ctx.cid, row.id);
  },
  async update(ctx, update, mask) {
    const [id] = idsOf('adGroups', update.value.resourceName, ctx.cid, update.at('resourceName'));
    const adGroup = updatable(await repo.findAdGroup(ctx.tx, ctx.cid, id!), update);
    const paths = maskOf(update, mask, ['status', 'name'], ['campaign', 'type']);
    const patch: Partial<repo.AdGroupRow> = {};
    if (paths.includes('status'))
      patch.status = update.enumOf('status', STATUSES, 'AdGroupStatusEnum.AdGroupStatus', {
        required: true,
      })!;
    if (paths.includes('name')) {
      patch.name = update.text('name', { required: true, max: 255 })!;
      const taken = await repo.findAdGroupByName(ctx.tx, adGroup.campaign_id, patch.name);
      if (taken && taken.id !== adGroup.id)
        throw badRequest(
          'adGroupError',
          'DUPLICATE_ADGROUP_NAME',
          'AdGroup with the same name already exists for the campaign.',
          update.at('name'),
        );
    }
    await repo.setAdGroup(ctx.tx, adGroup.id, patch);
    return adGroupName(ctx.cid, adGroup.id);
  },
  async remove(ctx, name, path) {
    const location = fieldPath(...path);
    const [id] = idsOf('adGroups', name, ctx.cid, location);
    const adGroup = await repo.findAdGroup(ctx.tx, ctx.cid, id!);
    if (!adGroup || adGroup.status === 'REMOVED') throw notFound(location, String(name));
    await repo.setAdGroup(ctx.tx, adGroup.id, { status: 'REMOVED' });
    return adGroupName(ctx.cid, adGroup.id);
  },
};

/** An app ad's texts (`headlines` up to 30 characters, `descriptions` up to 90; 1 to 5 of each). */
function appAdTexts(appAd: Fields, name: 'headlines' | 'descriptions', max: number): string[] {
  const assets = appAd.messages(name, 'AdTextAsset');
  if (!assets.length) throw badRequest('collectionSizeError', 'TOO_FEW', 'Too few.', appAd.at(name));
  if (assets.length > 5) throw badRequest('collectionSizeError', 'TOO_MANY', 'Too many.', appAd.at(name));
  return assets.map((asset) => asset.only(['text', 'pinnedField']).text('text', { required: true, max })!);
}

export const adGroupAds: Handler = {
  async create(ctx, create) {
    create.only(['resourceName', 'adGroup', 'status', 'ad']);
    if (!create.has('adGroup')) create.required('adGroup');
    const [adGroupId] = idsOf('adGroups', create.value.adGroup, ctx.cid, create.at('adGroup'));
    const adGroup = await repo.findAdGroup(ctx.tx, ctx.cid, adGroupId!);
    if (!adGroup || adGroup.status === 'REMOVED')
      throw notFound(create.at('adGroup'), String(create.value.adGroup));
    const status = create.enumOf('status', STATUSES, 'AdGroupAdStatusEnum.AdGroupAdStatus') ?? 'ENABLED';
    const ad = create.message('ad', 'Ad', { required: true })!.only(['name', 'finalUrls', 'appAd']);
    const appAd = ad.message('appAd', 'AppAdInfo', { required: true })!;
    appAd.only([
      'headlines',
      'descriptions',
      'mandatoryAdText',
      'images',
      'youtubeVideos',
      'html5MediaBundles',
    ]);
    const headlines = appAdTexts(appAd, 'headlines', 30);
    const descriptions = appAdTexts(appAd, 'descriptions', 90);
    const row = await repo.insertAd(ctx.tx, {
      ad_group_id: adGroup.id,
      status,
      headlines,
      descriptions,
      policy_topics: policyTopicsOf([...headlines, ...descriptions]),
    });
    return adName(ctx.cid, adGroup.id, row.id);
  },
  async update(ctx, update, mask) {
    const [adGroupId, id] = idsOf(
      'adGroupAds',
      update.value.resourceName,
      ctx.cid,
      update.at('resourceName'),
    );
    const ad = updatable(await repo.findAd(ctx.tx, ctx.cid, adGroupId!, id!), update);
    maskOf(update, mask, ['status'], ['ad', 'adGroup']);
    const status = update.enumOf('status', STATUSES, 'AdGroupAdStatusEnum.AdGroupAdStatus', {
      required: true,
    })!;
    await repo.setAd(ctx.tx, ad.id, { status });
    return adName(ctx.cid, adGroupId!, ad.id);
  },
  async remove(ctx, name, path) {
    const location = fieldPath(...path);
    const [adGroupId, id] = idsOf('adGroupAds', name, ctx.cid, location);
    const ad = await repo.findAd(ctx.tx, ctx.cid, adGroupId!, id!);
    if (!ad || ad.status === 'REMOVED') throw notFound(location, String(name));
    await repo.setAd(ctx.tx, ad.id, { status: 'REMOVED' });
    return adName(ctx.cid, adGroupId!, ad.id);
  },
};
