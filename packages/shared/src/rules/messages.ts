/**
 * The English texts of validation and error messages. The server answers with these (the spec's
 * contract); the web translates them by their key through `messageKey`.
 */
export const MESSAGES = {
  required: 'This field is required',
  emailMin: 'E-mail must be at least 4 characters',
  emailInvalid: 'E-mail is not valid',
  usernameMin: 'Username must be at least 3 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordsMustMatch: 'Passwords must match',
  termsRequired: 'You must accept the terms',
  adultRequired: 'You must confirm that you are 18 or older',
  nicknameInvalid: 'Nickname is not valid',
  fullNameInvalid: 'Full name is not valid',
  phoneInvalid: 'Phone must contain digits only',
  messengerIdInvalid: 'Messenger id is not valid',
  phoneOrMessenger: 'Give a phone or a messenger',
  countryInvalid: 'Country is not valid',
  businessTypeInvalid: 'Business type is not valid',
  localeInvalid: 'Language is not supported',
  emailTaken: 'This e-mail is already registered',
  nicknameTaken: 'This nickname is already taken',
  badCredentials: 'These credentials do not match our records',
  notActivated:
    'Your account is not activated. Please check your email for verification instructions or click re-send.',
  tokenInvalid: 'This link is invalid or has expired',
  maintenance: 'Maintenance is in progress',
  dataNotValid: 'Data is not valid',
  textInvalid: 'Text must not contain control characters',
  errorsDetected: 'Sorry, looks like there are some errors detected, please try again',
  somethingWrong: 'Something went wrong, please try again later',
  unauthenticated: 'Unauthenticated',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  tooManyRequests: 'Too many attempts, please try again later',
  imageTooLarge: 'Image too large',
  accountCreated: 'Your account has been created. Check your e-mail to activate it.',
  verificationSent: 'If the account exists and is not activated, a verification e-mail is on its way.',
  resetLinkSent: 'If the account exists, a password reset link is on its way.',
  passwordReset: 'Your password has been reset. Sign in with the new one.',
  loggedOut: 'Signed out',
  localeChanged: 'Language saved',
  actionSaved: 'Action saved',
  actionDeleted: 'Action deleted',
  recordsAdded: 'All records added',
  appNotFoundInStore: 'App not found in the store',
  appNotFree: 'Only free apps can be promoted',
  appNotInCountry: 'The app is not available in this country',
  appRemoved: 'App removed from the store',
  appForbiddenCategory: 'Apps about crypto, binary options or loans cannot be promoted',
  appAlreadyAdded: 'This app is already added for this country',
  storeUnavailable: 'The app store cannot be reached, please try again later',
  keywordInvalid: 'Keyword must not contain quotes, slashes, hashtags or special symbols',
  keywordTooLong: 'Keyword must be at most 100 characters',
  keywordDuplicate: 'This keyword is already added',
  keywordsLimit: 'An app can track at most 2000 keywords per country',
  keywordsNotSelected: 'Select at least one keyword',
  keywordsLoadFailed: "Can't load keywords",
  cloneSameTarget: 'Choose another country or app to copy the keywords to',
  amountInvalid: 'Enter a positive amount with at most 2 decimals',
  amountBelowMin: 'The amount is below the minimum of this payment method',
  amountAboveMax: 'The amount is above the maximum of this payment method',
  amountNotZero: 'The amount must not be zero',
  amountTooLarge: 'The amount is too large',
  paysystemUnavailable: 'This payment method is not available',
  paymentCanceled: 'Payment is canceled',
  paymentIdTaken: 'This payment id is already used',
  paysystemForPaymentId: 'Choose the payment system of this payment',
  accountDeactivated: 'Your account is deactivated. Please contact support',
  paymentNotRefundable: 'Only a credited payment can be refunded',
  paymentCredited: 'A credited payment cannot be deleted',
  insufficientBalance: 'Not enough money on the balance, please top up',
  signatureInvalid: 'The signature is not valid',
  downloadFailed: 'Download failed',
  accountInvalid: 'Choose the main or the bonus balance',
  marketingActionNone: 'There is no current marketing action',
  payoutRequested: 'Your payout request has been sent',
  payoutCanceled: 'Your payout request has been canceled. Please contact support',
  payoutCompleted: 'The payout has been completed',
  payoutMin: 'The minimum payout is 50',
  payoutDetailsRequired: 'Tell us where to send the payout',
  payoutProcessed: 'This payout request has already been processed',
  referralBalanceLow: 'Not enough money on the referral balance',
  formSent: 'Form sent',
  bonusAlreadySubmitted: 'You have already sent a submission of this type',
  bonusLinkInvalid: 'Enter a link that starts with https://',
  bonusVideoSpend: 'A video review needs at least 100 spent on orders',
  bonusStoryNoPayment: 'A success story needs a credited payment',
  bonusReviewed: 'This submission has already been reviewed',
  bonusOwnSubmission: 'You cannot review your own submission',
  bonusRewardAboveCap: 'The reward can be at most twice the reward of its rule',
  apiTokenCreated: 'A new API token has been created. Copy it now: it is shown only once.',
  apiPackInvalid: 'Choose one of the token packs',
  apiTokensBought: 'Tokens added to your account',
} as const;
export type MessageKey = keyof typeof MESSAGES;

const keyByText = new Map<string, MessageKey>(
  Object.entries(MESSAGES).map(([key, text]) => [text, key as MessageKey]),
);

/** A message template with its `{{name}}` placeholders filled in. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The key of a known message text, so a client can show it in the user's language. */
export function messageKey(text: string): MessageKey | undefined {
  return keyByText.get(text);
}
