import { isSafeText } from '@storelift/shared';
import { badRequest, fieldPath, invalidValue, unknownField } from './sandbox-google-ads.errors.js';

/*
 * Reading a mutate body's messages as Google's JSON layer and validators do: keys in camelCase or snake_case
 * (both are the proto's JSON names), an unknown key or a value of the wrong type refused by the JSON layer, a
 * missing required field or a bad length by Google Ads with the field's location (snake_case names).
 */

type Json = Record<string, unknown>;
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** A JSON value with every object key in camelCase. */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, each]) => [camel(key), camelKeys(each)]));
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The fields of one JSON message at a path of the request (`['operations', 0, 'create']`). */
export class Fields {
  private constructor(
    readonly value: Json,
    readonly path: (string | number)[],
    /** The API version of the request (enum types name it). */
    readonly version: string,
  ) {}

  /** A message at `path`; anything but an object is refused as the JSON layer does. */
  static of(value: unknown, path: (string | number)[], type: string, version: string): Fields {
    if (!isObject(value)) throw invalidValue(pathText(path), type, value);
    return new Fields(value, path, version);
  }

  /** Refuses a key the message does not have. */
  only(names: readonly string[]): this {
    const unknown = Object.keys(this.value).find((key) => !names.includes(key));
    if (unknown !== undefined) throw unknownField(snake(unknown), pathText(this.path));
    return this;
  }

  has(name: string): boolean {
    return this.value[name] !== undefined && this.value[name] !== null;
  }

  /** The location of one of its fields (`index` inside a list). */
  at(name: string, index?: number) {
    return fieldPath(...this.path, snake(name), ...(index === undefined ? [] : [index]));
  }

  required(name: string): never {
    throw badRequest('fieldError', 'REQUIRED', 'The required field was not present.', this.at(name));
  }

  text(name: string, rule: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.value[name];
    if (value === undefined || value === null) return rule.required ? this.required(name) : undefined;
    if (typeof value !== 'string')
      throw invalidValue(pathText([...this.path, snake(name)]), 'TYPE_STRING', value);
    if (!value.trim()) throw badRequest('stringLengthError', 'EMPTY', 'Empty.', this.at(name));
    // Control characters and lone surrogates: Google refuses them (and the database could not store them).
    if (!isSafeText(value))
      throw badRequest(
        'stringFormatError',
        'ILLEGAL_CHARS',
        'The input string value contains disallowed characters.',
        this.at(name),
      );
    if (rule.max !== undefined && [...value].length > rule.max)
      throw badRequest('stringLengthError', 'TOO_LONG', 'Too long.', this.at(name), value);
    return value;
  }

  /** An int64: a decimal string or an integer number, as proto JSON takes it. */
  int64(name: string, rule: { required?: boolean } = {}): bigint | undefined {
    const value = this.value[name];
    if (value === undefined || value === null) return rule.required ? this.required(name) : undefined;
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    if (typeof text !== 'string' || !/^-?\d{1,19}$/.test(text))
      throw invalidValue(pathText([...this.path, snake(name)]), 'TYPE_INT64', value);
    return BigInt(text);
  }

  bool(name: string): boolean | undefined {
    const value = this.value[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean')
      throw invalidValue(pathText([...this.path, snake(name)]), 'TYPE_BOOL', value);
    return value;
  }

  /** One of an enum's names (`type` as `CampaignStatusEnum.CampaignStatus`, for the JSON layer's refusal). */
  enumOf<T extends string>(
    name: string,
    values: readonly T[],
    type: string,
    rule: { required?: boolean } = {},
  ): T | undefined {
    const value = this.value[name];
    if (value === undefined || value === null) return rule.required ? this.required(name) : undefined;
    if (!values.includes(value as T))
      throw invalidValue(
        pathText([...this.path, snake(name)]),
        `type.googleapis.com/google.ads.googleads.${this.version}.enums.${type}`,
        value,
      );
    return value as T;
  }

  message(name: string, type: string, rule: { required?: boolean } = {}): Fields | undefined {
    const value = this.value[name];
    if (value === undefined || value === null) return rule.required ? this.required(name) : undefined;
    return Fields.of(value, [...this.path, snake(name)], type, this.version);
  }

  /** A repeated message field (its entries at `name[i]`). */
  messages(name: string, type: string): Fields[] {
    const value = this.value[name];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw invalidValue(pathText([...this.path, snake(name)]), type, value);
    return value.map((each, index) =>
      Fields.of(each, [...this.path, snake(name), index], type, this.version),
    );
  }
}

/** A path as the JSON layer writes it: `operations[0].create.app_ad`. */
export function pathText(path: (string | number)[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
}
