import { z } from 'zod';
import type { Locale } from '../constants/locales.js';
import { VALIDATION_MESSAGES } from '../rules/validation-messages.js';
import { text } from '../rules/text.js';
import { NOTICE_MESSAGES } from '../rules/notices-messages.js';
import { NOTICE_TEXT_MAX, NOTICE_TYPES, NOTICE_TYPE_VALUES, type NoticeType } from '../constants/notices.js';
import { idParamsSchema, pageMetaSchema, pageQuerySchema } from './common.js';

/** A notice type (NOTICE_TYPES) as a query or body value. */
export const noticeTypeSchema = z.coerce
  .number({ error: VALIDATION_MESSAGES.choiceInvalid })
  .int()
  .refine(
    (value): value is NoticeType => (NOTICE_TYPE_VALUES as number[]).includes(value),
    VALIDATION_MESSAGES.choiceInvalid,
  )
  .transform((value) => value as NoticeType);

/** The notices the system writes on events, by key; their text is rendered in the reader's language. */
export const NOTICE_KEYS = [
  'paymentCredited',
  'campaignCompleted',
  'campaignCompletedRanks',
  'campaignFailed',
  'campaignPaused',
  'reviewsApproved',
  'reviewsRejected',
  'payoutCompleted',
  'resellerApproved',
  'resellerRejected',
  'campaignMessage',
  'managerAssigned',
  'guaranteeRefilled',
  'guaranteeRefunded',
  'vendorBalanceLow',
  'guaranteeUnmonitored',
  'transferSent',
  'transferReceived',
  'transferReversedSender',
  'transferReversedReceiver',
  'cpiAdRefused',
  'cpiBudgetRefused',
  'cpiTargetRefused',
  'googleAdsAccessLost',
] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];

/** The texts of system notices per locale, with `{{param}}` placeholders. */
export const NOTICE_TEXTS: Record<Locale, Record<NoticeKey, string>> = {
  'en-US': {
    paymentCredited: 'Your top-up of {{amount}} USD was credited to your balance.',
    campaignCompleted: 'Campaign #{{id}} is completed.',
    campaignCompletedRanks:
      'Campaign #{{id}} is completed. Average rank the week before → during it: {{ranks}}. Its details show what it did and what the figures cannot say.',
    campaignFailed: 'Campaign #{{id}} failed; the undelivered part was refunded.',
    campaignPaused: 'Campaign #{{id}} was paused: the balance cannot cover its spend. Top up and resume it.',
    reviewsApproved: 'The reviews of campaign #{{id}} passed moderation.',
    reviewsRejected: 'The reviews of campaign #{{id}} were rejected in moderation; the price was refunded.',
    payoutCompleted: 'Your referral payout of {{amount}} USD is done.',
    resellerApproved: 'Your reseller request was approved: your plan is now {{plan}}.',
    resellerRejected: 'Your reseller request was not approved.',
    campaignMessage: 'Support answered about campaign #{{id}}.',
    managerAssigned: '{{name}} is now your personal manager: see their contacts on your dashboard.',
    guaranteeRefilled:
      '{{count}} reviews of campaign #{{id}} disappeared; we re-ordered them at no charge (review guarantee).',
    guaranteeRefunded:
      '{{count}} reviews of campaign #{{id}} disappeared and could not be replaced; {{amount}} USD was refunded (review guarantee).',
    guaranteeUnmonitored:
      'The store’s reviews cannot be read for the review guarantee of {{count}} campaigns ({{ids}}): customers see it as not monitored until the reads work again.',
    vendorBalanceLow:
      'The balance of vendor {{vendor}} is {{balance}} {{currency}}, below its threshold of {{threshold}}: top it up so it keeps taking orders.',
    transferSent: 'You sent {{amount}} USD to {{name}} (transfer #{{id}}).',
    transferReceived: 'You received {{amount}} USD from {{name}} (transfer #{{id}}).',
    transferReversedSender:
      'Transfer #{{id}} of {{amount}} USD was reversed by support: the money is back on your balance.',
    transferReversedReceiver:
      'Transfer #{{id}} of {{amount}} USD you received was reversed by support: it left your balance.',
    cpiAdRefused:
      'Google Ads refused the ad of campaign #{{id}} under its policies: cancel it and order again with other headlines and description.',
    cpiBudgetRefused:
      'Google Ads refused the daily budget of campaign #{{id}}: cancel it and order again with a higher daily budget.',
    cpiTargetRefused:
      'Google Ads refused the target cost per install of campaign #{{id}}: cancel it and order again with a higher target.',
    googleAdsAccessLost:
      'Google Ads refuses our access ({{detail}}): CPI campaigns are neither reported nor billed until GOOGLE_ADS_REFRESH_TOKEN is renewed.',
  },
  'es-ES': {
    paymentCredited: 'Tu recarga de {{amount}} USD se abonó a tu saldo.',
    campaignCompleted: 'La campaña #{{id}} se ha completado.',
    campaignCompletedRanks:
      'La campaña #{{id}} se ha completado. Posición media la semana anterior → durante la campaña: {{ranks}}. Sus detalles muestran qué hizo y lo que las cifras no pueden decir.',
    campaignFailed: 'La campaña #{{id}} falló; se reembolsó la parte no entregada.',
    campaignPaused: 'La campaña #{{id}} se pausó: el saldo no cubre su gasto. Recarga el saldo y reanúdala.',
    reviewsApproved: 'Las reseñas de la campaña #{{id}} pasaron la moderación.',
    reviewsRejected:
      'Las reseñas de la campaña #{{id}} fueron rechazadas en moderación; se reembolsó el precio.',
    payoutCompleted: 'Tu pago de referidos de {{amount}} USD está hecho.',
    resellerApproved: 'Tu solicitud de revendedor fue aprobada: tu plan ahora es {{plan}}.',
    resellerRejected: 'Tu solicitud de revendedor no fue aprobada.',
    campaignMessage: 'El soporte respondió sobre la campaña #{{id}}.',
    managerAssigned: '{{name}} es ahora tu gestor personal: sus contactos están en tu panel.',
    guaranteeRefilled:
      'Desaparecieron {{count}} reseñas de la campaña #{{id}}; las volvimos a pedir sin coste (garantía de reseñas).',
    guaranteeRefunded:
      'Desaparecieron {{count}} reseñas de la campaña #{{id}} y no se pudieron reponer; se reembolsaron {{amount}} USD (garantía de reseñas).',
    guaranteeUnmonitored:
      'No se pueden leer las reseñas de la tienda para la garantía de {{count}} campañas ({{ids}}): los clientes la ven como no supervisada hasta que la lectura vuelva a funcionar.',
    vendorBalanceLow:
      'El saldo del proveedor {{vendor}} es {{balance}} {{currency}}, por debajo de su umbral de {{threshold}}: recárgalo para que siga aceptando pedidos.',
    transferSent: 'Enviaste {{amount}} USD a {{name}} (transferencia #{{id}}).',
    transferReceived: 'Recibiste {{amount}} USD de {{name}} (transferencia #{{id}}).',
    transferReversedSender:
      'El soporte revirtió la transferencia #{{id}} de {{amount}} USD: el dinero volvió a tu saldo.',
    transferReversedReceiver:
      'El soporte revirtió la transferencia #{{id}} de {{amount}} USD que recibiste: salió de tu saldo.',
    cpiAdRefused:
      'Google Ads rechazó el anuncio de la campaña #{{id}} por sus políticas: cancélala y pídela de nuevo con otros titulares y descripción.',
    cpiBudgetRefused:
      'Google Ads rechazó el presupuesto diario de la campaña #{{id}}: cancélala y pídela de nuevo con un presupuesto diario mayor.',
    cpiTargetRefused:
      'Google Ads rechazó el coste por instalación objetivo de la campaña #{{id}}: cancélala y pídela de nuevo con un objetivo mayor.',
    googleAdsAccessLost:
      'Google Ads rechaza nuestro acceso ({{detail}}): las campañas CPI no se informan ni se cobran hasta renovar GOOGLE_ADS_REFRESH_TOKEN.',
  },
  'uk-UA': {
    paymentCredited: 'Ваше поповнення на {{amount}} USD зараховано на баланс.',
    campaignCompleted: 'Кампанію #{{id}} завершено.',
    campaignCompletedRanks:
      'Кампанію #{{id}} завершено. Середня позиція за тиждень до → під час неї: {{ranks}}. Її деталі показують, що вона зробила і чого цифри сказати не можуть.',
    campaignFailed: 'Кампанія #{{id}} не вдалася; невиконану частину повернено.',
    campaignPaused: 'Кампанію #{{id}} призупинено: балансу не вистачає на витрати. Поповніть і відновіть її.',
    reviewsApproved: 'Відгуки кампанії #{{id}} пройшли модерацію.',
    reviewsRejected: 'Відгуки кампанії #{{id}} відхилено на модерації; ціну повернено.',
    payoutCompleted: 'Вашу реферальну виплату {{amount}} USD виконано.',
    resellerApproved: 'Вашу заявку реселера схвалено: тепер ваш план {{plan}}.',
    resellerRejected: 'Вашу заявку реселера не схвалено.',
    campaignMessage: 'Підтримка відповіла щодо кампанії #{{id}}.',
    managerAssigned: '{{name}} тепер ваш персональний менеджер: контакти на вашій панелі.',
    guaranteeRefilled:
      'Зникло відгуків кампанії #{{id}}: {{count}}; ми замовили їх повторно безкоштовно (гарантія відгуків).',
    guaranteeRefunded:
      'Зникло відгуків кампанії #{{id}}: {{count}}, замінити їх не вдалося; повернено {{amount}} USD (гарантія відгуків).',
    guaranteeUnmonitored:
      'Не вдається прочитати відгуки в магазині для гарантії кампаній ({{count}}: {{ids}}): клієнти бачать її як таку, що не відстежується, доки читання не відновиться.',
    vendorBalanceLow:
      'Баланс постачальника {{vendor}} — {{balance}} {{currency}}, нижче порогу {{threshold}}: поповніть його, щоб він і далі приймав замовлення.',
    transferSent: 'Ви надіслали {{amount}} USD користувачу {{name}} (переказ #{{id}}).',
    transferReceived: 'Ви отримали {{amount}} USD від {{name}} (переказ #{{id}}).',
    transferReversedSender:
      'Підтримка скасувала переказ #{{id}} на {{amount}} USD: гроші повернулися на ваш баланс.',
    transferReversedReceiver:
      'Підтримка скасувала отриманий вами переказ #{{id}} на {{amount}} USD: його списано з вашого балансу.',
    cpiAdRefused:
      'Google Ads відхилив оголошення кампанії #{{id}} за своїми правилами: скасуйте її та замовте знову з іншими заголовками й описом.',
    cpiBudgetRefused:
      'Google Ads відхилив денний бюджет кампанії #{{id}}: скасуйте її та замовте знову з більшим денним бюджетом.',
    cpiTargetRefused:
      'Google Ads відхилив цільову ціну встановлення кампанії #{{id}}: скасуйте її та замовте знову з вищою ціллю.',
    googleAdsAccessLost:
      'Google Ads відмовляє нам у доступі ({{detail}}): CPI-кампанії не звітуються й не оплачуються, доки GOOGLE_ADS_REFRESH_TOKEN не оновлено.',
  },
  'ru-RU': {
    paymentCredited: 'Ваше пополнение на {{amount}} USD зачислено на баланс.',
    campaignCompleted: 'Кампания #{{id}} завершена.',
    campaignCompletedRanks:
      'Кампания #{{id}} завершена. Средняя позиция за неделю до → во время неё: {{ranks}}. Её детали показывают, что она сделала и чего цифры сказать не могут.',
    campaignFailed: 'Кампания #{{id}} не удалась; невыполненная часть возвращена.',
    campaignPaused:
      'Кампания #{{id}} приостановлена: баланса не хватает на расходы. Пополните и возобновите её.',
    reviewsApproved: 'Отзывы кампании #{{id}} прошли модерацию.',
    reviewsRejected: 'Отзывы кампании #{{id}} отклонены на модерации; цена возвращена.',
    payoutCompleted: 'Ваша реферальная выплата {{amount}} USD выполнена.',
    resellerApproved: 'Ваша заявка реселлера одобрена: теперь ваш план {{plan}}.',
    resellerRejected: 'Ваша заявка реселлера не одобрена.',
    campaignMessage: 'Поддержка ответила по кампании #{{id}}.',
    managerAssigned: '{{name}} теперь ваш персональный менеджер: контакты на вашей панели.',
    guaranteeRefilled:
      'Пропало отзывов кампании #{{id}}: {{count}}; мы заказали их повторно бесплатно (гарантия отзывов).',
    guaranteeRefunded:
      'Пропало отзывов кампании #{{id}}: {{count}}, заменить их не удалось; возвращено {{amount}} USD (гарантия отзывов).',
    guaranteeUnmonitored:
      'Не удаётся прочитать отзывы в магазине для гарантии кампаний ({{count}}: {{ids}}): клиенты видят её как неотслеживаемую, пока чтение не восстановится.',
    vendorBalanceLow:
      'Баланс поставщика {{vendor}} — {{balance}} {{currency}}, ниже порога {{threshold}}: пополните его, чтобы он продолжал принимать заказы.',
    transferSent: 'Вы отправили {{amount}} USD пользователю {{name}} (перевод #{{id}}).',
    transferReceived: 'Вы получили {{amount}} USD от {{name}} (перевод #{{id}}).',
    transferReversedSender:
      'Поддержка отменила перевод #{{id}} на {{amount}} USD: деньги вернулись на ваш баланс.',
    transferReversedReceiver:
      'Поддержка отменила полученный вами перевод #{{id}} на {{amount}} USD: он списан с вашего баланса.',
    cpiAdRefused:
      'Google Ads отклонил объявление кампании #{{id}} по своим правилам: отмените её и закажите снова с другими заголовками и описанием.',
    cpiBudgetRefused:
      'Google Ads отклонил дневной бюджет кампании #{{id}}: отмените её и закажите снова с большим дневным бюджетом.',
    cpiTargetRefused:
      'Google Ads отклонил целевую цену установки кампании #{{id}}: отмените её и закажите снова с более высокой целью.',
    googleAdsAccessLost:
      'Google Ads отказывает нам в доступе ({{detail}}): CPI-кампании не отчитываются и не оплачиваются, пока GOOGLE_ADS_REFRESH_TOKEN не обновлён.',
  },
};

/** A system notice's text in a locale, its placeholders filled. */
export function noticeText(locale: Locale, key: NoticeKey, params: Record<string, string>): string {
  const template = NOTICE_TEXTS[locale]?.[key] ?? NOTICE_TEXTS['en-US'][key];
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

const noticeTextRule = text({ max: NOTICE_TEXT_MAX, min: 1, multiline: true });

/** A notice as its reader sees it (customer-area §3 Notice). */
export const noticeSchema = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  user_id: z.number().int(),
  type: z.number().int(),
  text: z.string(),
  /** The campaign it is about, when it is about one (a link to its details). */
  campaign_id: z.number().int().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListQuerySchema = pageQuerySchema.extend({
  unread: z.enum(['0', '1']).optional(),
});
export type NoticeListQuery = z.input<typeof noticeListQuerySchema>;
/** A page of notices, newest first, and how many of all the reader has not viewed. */
export const noticeListResponseSchema = z.object({
  data: z.array(noticeSchema),
  meta: pageMetaSchema,
  unread: z.number().int(),
});
export type NoticeListResponse = z.infer<typeof noticeListResponseSchema>;
export const noticeResponseSchema = z.object({ data: noticeSchema });
export type NoticeResponse = z.infer<typeof noticeResponseSchema>;

/** A pinned notification on the dashboard (customer-area §3). */
export const notificationSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListResponseSchema = z.object({ data: z.array(notificationSchema) });
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** The notice types a customer also receives by e-mail. */
export const noticeEmailPreferencesSchema = z.object({
  types: z.array(noticeTypeSchema).max(NOTICE_TYPE_VALUES.length),
});
export type NoticeEmailPreferences = z.input<typeof noticeEmailPreferencesSchema>;
export const noticeEmailPreferencesResponseSchema = z.object({
  data: z.object({ types: z.array(z.number().int()) }),
  message: z.string().optional(),
});
export type NoticeEmailPreferencesResponse = z.infer<typeof noticeEmailPreferencesResponseSchema>;

// ---------------------------------------------------------------- staff

/**
 * `POST notices` (staff-admin §7): to one user, with a text or from a template (its text is copied);
 * `pinned` also shows it on the user's dashboard until dismissed.
 */
export const sendNoticeBodySchema = z
  .object({
    external_id: text({ max: 100 }).optional(),
    user_id: idParamsSchema.shape.id,
    type: noticeTypeSchema.default(NOTICE_TYPES.message),
    text: text({ max: NOTICE_TEXT_MAX, multiline: true }).optional(),
    template_id: idParamsSchema.shape.id.optional(),
    pinned: z.boolean().default(false),
  })
  .refine((body) => Boolean(body.text) || body.template_id !== undefined, {
    message: NOTICE_MESSAGES.textOrTemplate,
    path: ['text'],
  });
export type SendNoticeBody = z.input<typeof sendNoticeBodySchema>;
export const adminNoticeListQuerySchema = pageQuerySchema.extend({ user_id: idParamsSchema.shape.id });
export type AdminNoticeListQuery = z.input<typeof adminNoticeListQuerySchema>;
export const adminNoticeListResponseSchema = z.object({ data: z.array(noticeSchema), meta: pageMetaSchema });
export type AdminNoticeListResponse = z.infer<typeof adminNoticeListResponseSchema>;
export const sendNoticeResponseSchema = z.object({ data: noticeSchema, message: z.string() });
export type SendNoticeResponse = z.infer<typeof sendNoticeResponseSchema>;

export const noticeTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  text: z.string(),
  updated_at: z.string(),
});
export type NoticeTemplate = z.infer<typeof noticeTemplateSchema>;
export const noticeTemplateBodySchema = z.object({ name: text({ max: 100, min: 1 }), text: noticeTextRule });
export type NoticeTemplateBody = z.input<typeof noticeTemplateBodySchema>;
export const noticeTemplateListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  limit: z.coerce.number().int().min(0).max(100).default(10),
});
export type NoticeTemplateListQuery = z.input<typeof noticeTemplateListQuerySchema>;
export const noticeTemplateListResponseSchema = z.object({
  data: z.array(noticeTemplateSchema),
  meta: pageMetaSchema,
});
export type NoticeTemplateListResponse = z.infer<typeof noticeTemplateListResponseSchema>;
export const noticeTemplateResponseSchema = z.object({ data: noticeTemplateSchema, message: z.string() });
export type NoticeTemplateResponse = z.infer<typeof noticeTemplateResponseSchema>;

// ---------------------------------------------------------------- campaign messages

/** A message of a campaign's thread between its customer and staff. */
export const campaignMessageSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  /** Who wrote it: the customer or staff. */
  from: z.enum(['customer', 'staff']),
  author: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type CampaignMessage = z.infer<typeof campaignMessageSchema>;
export const campaignMessageBodySchema = z.object({ text: noticeTextRule });
export type CampaignMessageBody = z.input<typeof campaignMessageBodySchema>;
export const campaignMessageListResponseSchema = z.object({
  data: z.array(campaignMessageSchema),
  meta: pageMetaSchema,
});
export type CampaignMessageListResponse = z.infer<typeof campaignMessageListResponseSchema>;
export const campaignMessageResponseSchema = z.object({ data: campaignMessageSchema, message: z.string() });
export type CampaignMessageResponse = z.infer<typeof campaignMessageResponseSchema>;
/** Staff: campaigns whose customer wrote messages staff have not read, with how many. */
export const unreadCampaignMessagesResponseSchema = z.object({
  data: z.array(z.object({ campaign_id: z.number().int(), unread: z.number().int() })),
});
export type UnreadCampaignMessages = z.infer<typeof unreadCampaignMessagesResponseSchema>;
