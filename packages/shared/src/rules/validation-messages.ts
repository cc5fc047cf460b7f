/**
 * The English texts of the generic validation rules (a number's range, a text's length, a choice): every
 * refused field names its rule. The zod error map (`rules/validation.ts`) writes them for any rule whose
 * schema gives no message of its own; the web app translates them under `validation.` of the messages
 * namespace.
 */
export const VALIDATION_MESSAGES = {
  numberExpected: 'Enter a number',
  wholeNumberExpected: 'Enter a whole number',
  numberMin: 'Must be at least {{min}}',
  numberAbove: 'Must be more than {{min}}',
  numberMax: 'Must be at most {{max}}',
  numberBelow: 'Must be less than {{max}}',
  numberRange: 'Must be from {{min}} to {{max}}',
  textMin: 'Must be at least {{min}} characters',
  textMax: 'Must be at most {{max}} characters',
  itemsMin: 'Choose at least {{min}}',
  itemsMax: 'Choose at most {{max}}',
  choiceInvalid: 'Choose one of the offered values',
  dateInvalid: 'Enter a valid date',
  linkInvalid: 'Enter a valid link',
  formatInvalid: 'The format is not valid',
  multipleOf: 'Must be a multiple of {{step}}',
  yesOrNo: 'Choose yes or no',
  textExpected: 'Enter a text',
  unknownField: 'This field is not accepted here',
  valueTooLarge: 'The value is too large',
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
